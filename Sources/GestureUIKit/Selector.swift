/// `Selector` without the Objective-C runtime: a method's Objective-C name and, bound to it, the
/// method itself.
///
/// `#selector(handlePan(_:))` needs the Objective-C runtime and does not compile on Linux. The
/// derivative path (docs/uikit-compat.md, "Objective-C syntax") rewrites it, in a copy of the file
/// that is never committed, to the name and the method:
///
/// ```swift
/// Selector("handlePan:", Self.handlePan(_:))
/// ```
///
/// which is also what code written for Linux spells. A selector made from a name alone
/// (`Selector("handlePan:")`, a string literal, `NSSelectorFromString`) names no method here: a
/// target-action using it reports an error into the replay at its first action, and a recognizer's
/// `unboundActions` lists it as soon as it is added. Never a crash.
public struct Selector: Hashable, ExpressibleByStringLiteral, CustomStringConvertible, @unchecked Sendable {
    /// The Objective-C name (`handlePan:`).
    public let name: String
    /// Calls the method on a target with a sender; false when the target or sender has the wrong type.
    let method: ((AnyObject, Any, UIEvent?) -> Bool)?
    /// Where the selector was made (`File.swift:12`), for messages about its target.
    let place: String?

    /// A name alone: it binds to no method on Linux (see the type's documentation).
    public init(_ name: String) {
        self.name = name
        self.method = nil
        self.place = nil
    }

    public init(stringLiteral name: String) { self.init(name) }

    /// A name and the method it names, taking its sender (`Selector("handlePan:", ViewController.handlePan)`
    /// for `func handlePan(_ sender: UIPanGestureRecognizer)`).
    public init<Target: AnyObject, Sender>(
        _ name: String, _ method: @escaping (Target) -> (Sender) -> Void, file: StaticString = #fileID, line: UInt = #line
    ) {
        self.name = name
        self.place = "\(file):\(line)"
        self.method = { target, sender, _ in
            guard let target = target as? Target, let sender = sender as? Sender else { return false }
            method(target)(sender)
            return true
        }
    }

    /// A name and the method it names, taking no argument (`Selector("handleTap", ViewController.handleTap)`).
    public init<Target: AnyObject>(
        _ name: String, _ method: @escaping (Target) -> () -> Void, file: StaticString = #fileID, line: UInt = #line
    ) {
        self.name = name
        self.place = "\(file):\(line)"
        self.method = { target, _, _ in
            guard let target = target as? Target else { return false }
            method(target)()
            return true
        }
    }

    /// A name and a control action taking its sender and the event (`func tapped(_ sender: UIButton, forEvent event: UIEvent)`).
    public init<Target: AnyObject, Sender>(
        _ name: String, _ method: @escaping (Target) -> (Sender, UIEvent) -> Void, file: StaticString = #fileID, line: UInt = #line
    ) {
        self.name = name
        self.place = "\(file):\(line)"
        self.method = { target, sender, event in
            guard let target = target as? Target, let sender = sender as? Sender else { return false }
            method(target)(sender, event ?? UIEvent())
            return true
        }
    }

    /// True when the selector is bound to a method.
    public var isBound: Bool { method != nil }

    /// True when the selector is bound to a method (the target is not consulted: there is no runtime to ask).
    public func isBound(for target: AnyObject) -> Bool { isBound }

    /// Calls the bound method on `target` with `sender`; false when there is none (or the types differ).
    @discardableResult
    public func perform(on target: AnyObject, with sender: Any) -> Bool {
        method?(target, sender, nil) ?? false
    }

    /// Calls the bound method on `target` with `sender` and `event` (a control's action).
    @discardableResult
    func perform(on target: AnyObject, with sender: Any, event: UIEvent?) -> Bool {
        method?(target, sender, event) ?? false
    }

    /// ` (File.swift:12)`, or nothing for a selector made from a name alone.
    var placeSuffix: String { place.map { " (\($0))" } ?? "" }

    public var description: String { name }

    public static func == (a: Selector, b: Selector) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// `NSSelectorFromString(_:)`: a selector made from a name alone (it names no method on Linux).
public func NSSelectorFromString(_ aSelectorName: String) -> Selector { Selector(aSelectorName) }

/// `NSStringFromSelector(_:)`: the selector's name.
public func NSStringFromSelector(_ aSelector: Selector) -> String { aSelector.name }
