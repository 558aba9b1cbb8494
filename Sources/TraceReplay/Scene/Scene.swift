import GestureEngine
import TraceReading

/// A ready-to-run scene: a view tree with recognizers attached, their failure requirements, and
/// the delegate that carries the scene's simultaneous-recognition permissions.
///
/// Load one from a file (`SceneLoader`) or build one in code:
///
/// ```swift
/// let scene = Scene(screen: Size(width: 390, height: 844))
/// let square = try scene.addView("square", frame: Rect(x: 20, y: 20, width: 100, height: 100))
/// let single = try scene.add(TapGestureRecognizer(name: "single"), to: square)
/// let double = try scene.add(TapGestureRecognizer(name: "double", taps: 2), to: square)
/// try scene.require(single, toFail: double)
/// try scene.allowSimultaneous(single, try scene.add(PanGestureRecognizer(name: "pan")))
/// ```
///
/// The scene keeps its recognizers' delegates alive (a recognizer holds its delegate weakly, as in
/// UIKit), and so does its root view: keeping only `rootView` never loses `simultaneousWith`.
/// A recognizer that already has a delegate when added keeps it: the scene's delegate asks it
/// first and adds the scene's own permissions.
public final class Scene {
    /// The root view, named `root`: the screen's size when known, unbounded otherwise.
    public let rootView: View
    /// Every recognizer, in the scene's order.
    public private(set) var recognizers: [GestureRecognizer]
    /// Holds the `simultaneousWith` permissions (recognizers hold their delegate weakly).
    public let delegate: SceneDelegate
    /// The screen size, points, when known.
    public let screen: Size?

    /// The scene's `requireToFail` and `simultaneousWith` links, by name (the default scene has none).
    struct Relation {
        enum Kind { case requireToFail, simultaneousWith }
        var kind: Kind
        var from: String
        var to: String
    }
    private(set) var relations: [Relation]
    /// After `keepOnly`: a warning per link from a kept recognizer to one that was removed (its
    /// output can then differ from the full scene's: `single` no longer waits for `doubleTap`).
    public var brokenRelations: [String] { brokenRelationTexts.map(\.description) }
    /// ``brokenRelations`` with the option they name kept apart (``DiagnosticText``).
    public private(set) var brokenRelationTexts: [DiagnosticText] = []

    init(rootView: View, recognizers: [GestureRecognizer], delegate: SceneDelegate, screen: Size?, relations: [Relation] = []) {
        self.rootView = rootView
        self.recognizers = recognizers
        self.delegate = delegate
        self.screen = screen
        self.relations = relations
        if !rootView.retainedObjects.contains(where: { $0 === delegate }) { rootView.retainedObjects.append(delegate) }
    }

    /// An empty scene: a root view named `root` (the screen's size when known, unbounded
    /// otherwise) without recognizers. Add views and recognizers with `addView` and `add`.
    public convenience init(screen: Size? = nil) {
        self.init(
            rootView: Self.makeRoot(screen: screen), recognizers: [], delegate: SceneDelegate(allowsEverySimultaneousPair: false),
            screen: screen)
    }

    /// A scene around a view tree built elsewhere: the recognizers already attached in the tree
    /// join it (the root's first, then each subview's, depth first). Throws when two recognizers or
    /// two views share a name (output, filters and expectations name them).
    public convenience init(rootView: View, screen: Size? = nil) throws(TraceError) {
        self.init(rootView: rootView, recognizers: [], delegate: SceneDelegate(allowsEverySimultaneousPair: false), screen: screen)
        var names: Set<String> = []
        var stack = [rootView]
        var order: [View] = []
        while let view = stack.popLast() {
            guard names.insert(view.name).inserted else {
                throw Self.error("two views are named '\(view.name)'; give each view a unique name")
            }
            order.append(view)
            stack.append(contentsOf: view.subviews.reversed())
        }
        for view in order {
            for r in view.gestureRecognizers { try adopt(r) }
        }
    }

    /// The name of the root view.
    public static let rootName = "root"

    static func makeRoot(screen: Size?) -> View {
        if let screen { return View(name: rootName, frame: Rect(origin: .zero, size: screen)) }
        return View(unboundedNamed: rootName)
    }

    private static func error(_ message: String) -> TraceError {
        TraceError(.invalidTrace, .error(message, at: nil))
    }

    /// The view named `name` in the scene's tree (`root` for the root view).
    public func view(named name: String) -> View? {
        var stack = [rootView]
        while let view = stack.popLast() {
            if view.name == name { return view }
            stack.append(contentsOf: view.subviews)
        }
        return nil
    }

    /// The recognizer named `name`.
    public func recognizer(named name: String) -> GestureRecognizer? {
        recognizers.first { $0.name == name }
    }

    /// Adds a view named `name` with `frame` (in the parent's coordinates) on top of `parent`'s
    /// subviews (the root view when nil). Throws when the name is taken or `parent` is not in the scene.
    @discardableResult
    public func addView(_ name: String, frame: Rect, in parent: View? = nil) throws(TraceError) -> View {
        let parent = parent ?? rootView
        guard view(named: name) == nil else {
            throw Self.error(
                name == Self.rootName ? "the view name 'root' is reserved for the root view" : "a view named '\(name)' is already defined")
        }
        guard contains(parent) else { throw Self.error("view '\(parent.name)' is not in the scene") }
        let view = View(name: name, frame: frame)
        parent.addSubview(view)
        return view
    }

    /// Attaches `recognizer` to `view` (the root view when nil) and adds it to the scene, after the
    /// others. Throws when its name is taken, it is already in the scene, or `view` is not in the scene.
    @discardableResult
    public func add<R: GestureRecognizer>(_ recognizer: R, to view: View? = nil) throws(TraceError) -> R {
        let view = view ?? rootView
        guard contains(view) else { throw Self.error("view '\(view.name)' is not in the scene") }
        try adopt(recognizer)
        view.addGestureRecognizer(recognizer)
        return recognizer
    }

    /// Makes the scene's delegate the recognizer's (keeping one it already has behind it).
    private func adopt(_ r: GestureRecognizer) throws(TraceError) {
        guard !recognizers.contains(where: { $0 === r }) else { throw Self.error("recognizer '\(r.name)' is already in the scene") }
        guard recognizer(named: r.name) == nil else {
            throw Self.error("a recognizer named '\(r.name)' is already defined; give each recognizer a unique name")
        }
        attach(r)
    }

    /// The loader's path: names were checked, with positions, before.
    /// Attaches the recognizers UIKit views bring (a `ScrollView`'s `NAME.pan`...), depth first in
    /// view order, before the scene's own.
    func attachBuiltInRecognizers() {
        var stack = [rootView]
        while let view = stack.popLast() {
            if view is ScrollView {
                for r in view.gestureRecognizers where !recognizers.contains(where: { $0 === r }) { attach(r) }
            }
            stack.append(contentsOf: view.subviews.reversed())
        }
    }

    func attach(_ r: GestureRecognizer) {
        if let own = r.delegate, own !== delegate { delegate.forward(r, to: own) }
        r.delegate = delegate
        recognizers.append(r)
    }

    private func contains(_ view: View) -> Bool {
        var v: View? = view
        while let current = v {
            if current === rootView { return true }
            v = current.superview
        }
        return false
    }

    private func checkMember(_ r: GestureRecognizer) throws(TraceError) {
        guard recognizers.contains(where: { $0 === r }) else {
            throw Self.error("recognizer '\(r.name)' is not in the scene; add it first")
        }
    }

    /// `recognizer` waits for `other` to fail before it may recognize (`require(toFail:)`).
    public func require(_ recognizer: GestureRecognizer, toFail other: GestureRecognizer) throws(TraceError) {
        try checkMember(recognizer)
        try checkMember(other)
        guard recognizer !== other else { throw Self.error("recognizer '\(recognizer.name)' cannot require itself to fail") }
        link(recognizer, toFail: other)
    }

    func link(_ recognizer: GestureRecognizer, toFail other: GestureRecognizer) {
        recognizer.require(toFail: other)
        relations.append(Relation(kind: .requireToFail, from: recognizer.name, to: other.name))
    }

    /// `a` and `b` may recognize at the same time (a scene's `simultaneousWith`).
    public func allowSimultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) throws(TraceError) {
        try checkMember(a)
        try checkMember(b)
        guard a !== b else { throw Self.error("recognizer '\(a.name)' cannot be simultaneous with itself") }
        link(a, simultaneousWith: b)
    }

    func link(_ a: GestureRecognizer, simultaneousWith b: GestureRecognizer) {
        delegate.allowSimultaneous(a, b)
        // Either side naming the other is enough, so each side loses the other.
        relations.append(Relation(kind: .simultaneousWith, from: a.name, to: b.name))
        relations.append(Relation(kind: .simultaneousWith, from: b.name, to: a.name))
    }

    /// Keeps only the recognizers named in `names` (detaching the others).
    /// Throws a usage error naming an unknown recognizer and listing the scene's; an invalid-trace
    /// error at its place instead when `locations` says where the name was written (`NAME.args`).
    public func keepOnly(_ names: [String], locations: [String: SourceLocation] = [:]) throws(TraceError) -> Scene {
        for name in names where !recognizers.contains(where: { $0.name == name }) {
            let message: DiagnosticText =
                "\(option: .recognizerFilter): no recognizer named '\(name)' in the scene; it has: \(recognizers.map(\.name).joined(separator: ", "))"
            if let at = locations[name] { throw .invalidTrace(message, at: at) }
            throw .usage(message)
        }
        var kept: [GestureRecognizer] = []
        for r in recognizers {
            if names.contains(r.name) { kept.append(r) } else { r.view?.removeGestureRecognizer(r) }
        }
        let scene = Scene(rootView: rootView, recognizers: kept, delegate: delegate, screen: screen, relations: relations)
        var reported: Set<DiagnosticText> = []
        for link in relations where names.contains(link.from) && !names.contains(link.to) {
            let message: DiagnosticText
            switch link.kind {
            case .requireToFail:
                message =
                    "\(option: .recognizerFilter): '\(link.from)' requires '\(link.to)' to fail, but '\(link.to)' is not kept: '\(link.from)' no longer waits for it, so its output differs from the full scene's"
            case .simultaneousWith:
                message =
                    "\(option: .recognizerFilter): '\(link.from)' recognizes simultaneously with '\(link.to)', which is not kept: arbitration differs from the full scene's"
            }
            if reported.insert(message).inserted { scene.brokenRelationTexts.append(message) }
        }
        return scene
    }

    /// The default scene: every kind in its default configuration on the root view, plus a
    /// `doubleTap` (a tap needing 2 taps), all allowed to recognize simultaneously so the output
    /// shows everything the trace contains. Departures from the kinds' own defaults, so that nothing
    /// is hidden: the swipe listens left and right and a second one, `verticalSwipe`, up and down
    /// (UIKit's default is right only, and one swipe recognizer given both a horizontal and a vertical
    /// direction only ever tests the horizontal one); the screen-edge pan listens on all four edges
    /// (UIKit's default is none) and is only present when the screen size is known.
    public static func makeDefault(screen: Size?, velocityEstimator: VelocityEstimatorKind = .uikit) -> Scene {
        let root = makeRoot(screen: screen)
        let delegate = SceneDelegate(allowsEverySimultaneousPair: true)
        var recognizers: [GestureRecognizer] = []
        for kind in RecognizerCatalog.builtIn.kinds {
            if kind.name == "screenEdgePan" && screen == nil { continue }
            // The built-in factories do not throw.
            guard let r = try? kind.make(kind.name) else { continue }
            recognizers.append(r)
            if kind.name == "tap" {
                recognizers.append(TapGestureRecognizer(name: "doubleTap", taps: 2))
            }
            if kind.name == "swipe" {
                recognizers.append(SwipeGestureRecognizer(name: "verticalSwipe", direction: [.up, .down]))
            }
        }
        for r in recognizers {
            switch r {
            case let swipe as SwipeGestureRecognizer where swipe.name == "swipe": swipe.direction = [.right, .left]
            case let edge as ScreenEdgePanGestureRecognizer:
                edge.edges = .all
                edge.screenSize = screen
                edge.velocityEstimator = velocityEstimator
            case let pan as PanGestureRecognizer: pan.velocityEstimator = velocityEstimator
            default: break
            }
            r.delegate = delegate
            root.addGestureRecognizer(r)
        }
        return Scene(rootView: root, recognizers: recognizers, delegate: delegate, screen: screen)
    }
}
