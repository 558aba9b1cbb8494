import GestureEngine

/// A ready-to-run scene: a view tree with recognizers attached, and the delegate that carries the
/// scene's simultaneous-recognition permissions.
public final class Scene {
    /// The root view, named `root`: the screen's size when known, unbounded otherwise.
    public let rootView: View
    /// Every recognizer, in the scene's order.
    public let recognizers: [GestureRecognizer]
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
    let relations: [Relation]
    /// After `keepOnly`: a warning per link from a kept recognizer to one that was removed (its
    /// output can then differ from the full scene's: `single` no longer waits for `doubleTap`).
    public private(set) var brokenRelations: [String] = []

    init(rootView: View, recognizers: [GestureRecognizer], delegate: SceneDelegate, screen: Size?, relations: [Relation] = []) {
        self.rootView = rootView
        self.recognizers = recognizers
        self.delegate = delegate
        self.screen = screen
        self.relations = relations
    }

    /// The name of the root view.
    public static let rootName = "root"

    static func makeRoot(screen: Size?) -> View {
        if let screen { return View(name: rootName, frame: Rect(origin: .zero, size: screen)) }
        return View(unboundedNamed: rootName)
    }

    /// Keeps only the recognizers named in `names` (detaching the others).
    /// Throws a usage error naming an unknown recognizer and listing the scene's.
    public func keepOnly(_ names: [String]) throws(TraceError) -> Scene {
        for name in names where !recognizers.contains(where: { $0.name == name }) {
            throw .usage("--recognizers: no recognizer named '\(name)' in the scene; it has: \(recognizers.map(\.name).joined(separator: ", "))")
        }
        var kept: [GestureRecognizer] = []
        for r in recognizers {
            if names.contains(r.name) { kept.append(r) } else { r.view?.removeGestureRecognizer(r) }
        }
        let scene = Scene(rootView: rootView, recognizers: kept, delegate: delegate, screen: screen, relations: relations)
        var reported: Set<String> = []
        for link in relations where names.contains(link.from) && !names.contains(link.to) {
            let message: String
            switch link.kind {
            case .requireToFail:
                message = "--recognizers: '\(link.from)' requires '\(link.to)' to fail, but '\(link.to)' is not kept: '\(link.from)' no longer waits for it, so its output differs from the full scene's"
            case .simultaneousWith:
                message = "--recognizers: '\(link.from)' recognizes simultaneously with '\(link.to)', which is not kept: arbitration differs from the full scene's"
            }
            if reported.insert(message).inserted { scene.brokenRelations.append(message) }
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
        for kind in RecognizerCatalog.kinds {
            if kind.name == "screenEdgePan" && screen == nil { continue }
            let r = kind.make(kind.name)
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
