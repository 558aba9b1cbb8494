/// `Selector` without the Objective-C runtime: a method's name and, bound to it, the method itself.
///
/// `#selector(handlePan(_:))` needs the Objective-C runtime and does not compile on Linux; write
/// the name and the method instead (docs/uikit-compat.md, "Selectors"):
///
/// ```swift
/// #if canImport(UIKit)
/// let action = #selector(handlePan(_:))
/// #else
/// let action = Selector("handlePan:", ViewController.handlePan)
/// #endif
/// ```
///
/// A selector made from a name alone (`Selector("handlePan:")`, a string literal) names no method
/// here: a target-action using it reports an error into the replay at its first action, and a
/// recognizer's `unboundActions` lists it as soon as it is added. Never a crash.
public struct Selector: Hashable, ExpressibleByStringLiteral, CustomStringConvertible, @unchecked Sendable {
    /// The Objective-C name (`handlePan:`).
    public let name: String
    /// Calls the method on a target with a sender; false when the target or sender has the wrong type.
    let method: ((AnyObject, Any) -> Bool)?

    /// A name alone: it binds to no method on Linux (see the type's documentation).
    public init(_ name: String) {
        self.name = name
        self.method = nil
    }

    public init(stringLiteral name: String) { self.init(name) }

    /// A name and the method it names, taking its sender (`Selector("handlePan:", ViewController.handlePan)`
    /// for `func handlePan(_ sender: UIPanGestureRecognizer)`).
    public init<Target: AnyObject, Sender>(_ name: String, _ method: @escaping (Target) -> (Sender) -> Void) {
        self.name = name
        self.method = { target, sender in
            guard let target = target as? Target, let sender = sender as? Sender else { return false }
            method(target)(sender)
            return true
        }
    }

    /// A name and the method it names, taking no argument (`Selector("handleTap", ViewController.handleTap)`).
    public init<Target: AnyObject>(_ name: String, _ method: @escaping (Target) -> () -> Void) {
        self.name = name
        self.method = { target, _ in
            guard let target = target as? Target else { return false }
            method(target)()
            return true
        }
    }

    /// True when the selector is bound to a method that `target` has.
    public func isBound(for target: AnyObject) -> Bool {
        method != nil
    }

    /// Calls the bound method on `target` with `sender`; false when there is none (or the types differ).
    @discardableResult
    public func perform(on target: AnyObject, with sender: Any) -> Bool {
        method?(target, sender) ?? false
    }

    public var description: String { name }

    public static func == (a: Selector, b: Selector) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
