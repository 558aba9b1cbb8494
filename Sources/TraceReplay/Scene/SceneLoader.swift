import GestureEngine
import TraceReading

/// Builds a `Scene` from its JSON description (`docs/trace-format.md`, "Scenes"):
///
/// ```json
/// {"views": [{"name": "square1", "parent": "root", "frame": [20, 20, 100, 100]}],
///  "recognizers": [{"name": "single", "kind": "tap", "view": "root", "requireToFail": ["double"],
///                   "simultaneousWith": ["pan"], "numberOfTapsRequired": 1}]}
/// ```
/// Every problem (unknown key, kind, parameter, view or recognizer name, wrong type, duplicate
/// name, a view that would contain itself) is an error at the offending value's line and column.
/// Kinds come from `catalog`: a kind registered there is loaded, and its parameters checked,
/// exactly as a built-in one.
public struct SceneLoader: Sendable {
    /// Screen size, points, when known (bounds the root view and feeds screen-edge pans).
    public var screen: Size?
    /// The velocity estimator for pans that do not choose one.
    public var velocityEstimator: VelocityEstimatorKind
    /// The kinds a scene may name.
    public var catalog: RecognizerCatalog

    public init(screen: Size?, velocityEstimator: VelocityEstimatorKind = .uikit, catalog: RecognizerCatalog = .builtIn) {
        self.screen = screen
        self.velocityEstimator = velocityEstimator
        self.catalog = catalog
    }

    /// Parses and builds the scene in `text` (`path` names it in errors).
    public func load(text: String, path: String = "<scene>") throws(TraceError) -> Scene {
        try load(try JSONParser().parse(text, path: path))
    }

    /// Reads and builds the scene file at `path`.
    public func load(contentsOf path: String) throws(TraceError) -> Scene {
        try load(try JSONParser().parse(contentsOf: path))
    }

    /// Builds the scene described by `json`.
    public func load(_ json: JSONValue) throws(TraceError) -> Scene {
        guard let members = json.objectValue else {
            throw json.error("a scene must be an object with \"views\" and \"recognizers\", not \(json.typeDescription)")
        }
        var screen = self.screen
        for m in members {
            switch m.key {
            case "views", "recognizers", "expect": continue
            case "notes": _ = try SceneNotes.read(m.value)
            case "screen" where self.screen == nil: screen = try TraceScreen(m.value).size
            case "screen": continue
            default:
                throw .invalidTrace("unknown scene key '\(m.key)'; expected views, recognizers, screen, expect or notes", at: m.keyLocation)
            }
        }
        let scene = Scene(screen: screen)
        let views = try buildViews(json["views"], root: scene.rootView)
        scene.attachBuiltInRecognizers()
        try buildRecognizers(json["recognizers"], views: views, scene: scene)
        return scene
    }

    private func buildViews(_ json: JSONValue?, root: View) throws(TraceError) -> [String: View] {
        var views: [String: View] = [Scene.rootName: root]
        guard let json else { return views }
        let items = try json.array(at: "\"views\"")
        var parents: [(View, String, JSONValue?)] = []
        for item in items {
            let members = try item.object(at: "a view")
            var name: String?
            var frame: Rect?
            var parent = Scene.rootName
            var parentValue: JSONValue?
            var interactive = true
            var multipleTouch = false
            var exclusiveTouch = false
            var viewClass: (String, JSONValue)?
            var scrollViewObject: (JSONValue, SourceLocation)?
            var controlObject: (JSONValue, SourceLocation)?
            for m in members {
                switch m.key {
                case "name": name = try m.value.name(at: "a view's name")
                case "parent":
                    parent = try m.value.string(at: "a view's parent")
                    parentValue = m.value
                case "frame": frame = try Self.frame(m.value)
                case "isUserInteractionEnabled": interactive = try m.value.bool(at: "isUserInteractionEnabled")
                case "isMultipleTouchEnabled": multipleTouch = try m.value.bool(at: "isMultipleTouchEnabled")
                case "isExclusiveTouch": exclusiveTouch = try m.value.bool(at: "isExclusiveTouch")
                case "class": viewClass = (try m.value.string(at: "a view's class"), m.value)
                case "scrollView": scrollViewObject = (m.value, m.keyLocation)
                case "control": controlObject = (m.value, m.keyLocation)
                default:
                    throw .invalidTrace(
                        "unknown view key '\(m.key)'; expected name, parent, frame, class, isUserInteractionEnabled, "
                            + "isMultipleTouchEnabled, isExclusiveTouch, scrollView or control", at: m.keyLocation)
                }
            }
            guard let name else { throw item.error("a view needs a \"name\"") }
            guard let frame else { throw item.error("view '\(name)' needs a \"frame\": [x, y, width, height]") }
            guard views[name] == nil else {
                throw (item["name"] ?? item).error(
                    name == Scene.rootName
                        ? "the view name 'root' is reserved for the root view" : "a view named '\(name)' is already defined")
            }
            let view: View
            if let uikit = try UIKitViewClass.make(
                viewClass?.0 ?? "", name: name, frame: frame, scrollView: scrollViewObject, control: controlObject)
            {
                view = uikit
            } else if let (className, value) = viewClass {
                do {
                    view = try catalog.makeView(viewClass: className, name: name, frame: frame)
                } catch {
                    throw .invalidTrace(error.diagnostic.text, at: value.location)
                }
            } else {
                view = View(name: name, frame: frame)
            }
            view.isUserInteractionEnabled = interactive
            view.isMultipleTouchEnabled = multipleTouch
            view.isExclusiveTouch = exclusiveTouch
            views[name] = view
            parents.append((view, parent, parentValue))
        }
        // Parents may be listed after their children; subviews are added in listing order.
        for (view, parentName, value) in parents {
            guard let parent = views[parentName] else {
                throw (value ?? JSONValue(.null, at: .file(""))).error(
                    "unknown parent view '\(parentName)'; views: \(views.keys.sorted().joined(separator: ", "))")
            }
            guard !parent.isDescendant(of: view) else {
                throw (value ?? JSONValue(.null, at: .file(""))).error("view '\(view.name)' cannot be inside itself")
            }
            parent.addSubview(view)
        }
        return views
    }

    static func frame(_ v: JSONValue) throws(TraceError) -> Rect {
        guard let items = v.arrayValue, items.count == 4 else {
            throw v.error("a frame must be an array [x, y, width, height]")
        }
        let x = try items[0].number(at: "frame x")
        let y = try items[1].number(at: "frame y")
        let w = try items[2].number(at: "frame width", in: 0 ... .infinity)
        let h = try items[3].number(at: "frame height", in: 0 ... .infinity)
        return Rect(x: x, y: y, width: w, height: h)
    }

    private func buildRecognizers(_ json: JSONValue?, views: [String: View], scene: Scene) throws(TraceError) {
        guard let json else { return }
        let items = try json.array(at: "\"recognizers\"")
        let screen = scene.screen
        // A scroll view's own recognizers (`scroll.pan`...) may be named by the scene's links.
        var byName: [String: GestureRecognizer] = [:]
        for r in scene.recognizers { byName[r.name] = r }
        // The recognizers made so far, to catch a factory returning one twice in constant time.
        var made = Set(scene.recognizers.map(ObjectIdentifier.init))
        var links: [(GestureRecognizer, JSONValue?, JSONValue?)] = []
        for item in items {
            try item.object(at: "a recognizer")
            guard let kindValue = item["kind"] else { throw item.error("a recognizer needs a \"kind\"") }
            let kindName = try kindValue.string(at: "kind")
            guard let kind = catalog.kind(named: kindName) else {
                throw kindValue.error(
                    "unknown recognizer kind '\(kindName)'; expected one of: \(catalog.kindNames.joined(separator: ", "))")
            }
            let name = try item["name"].map { v throws(TraceError) in try v.name(at: "a recognizer's name") } ?? kindName
            guard byName[name] == nil else {
                throw (item["name"] ?? item).error(
                    "a recognizer named '\(name)' is already defined; give each recognizer a unique \"name\"")
            }
            let r: GestureRecognizer
            do {
                r = try kind.make(name)
            } catch {
                throw kindValue.error("the factory of kind '\(kindName)' could not make recognizer '\(name)': \(error)")
            }
            guard made.insert(ObjectIdentifier(r)).inserted else {
                throw kindValue.error(
                    "the factory of kind '\(kindName)' returned the same recognizer twice (for '\(r.name)' and '\(name)'); it must make a new one each time"
                )
            }
            // The scene's name wins over whatever the factory chose.
            if r.name != name { r.name = name }
            kind.applyDefaults(r)
            if let pan = r as? PanGestureRecognizer { pan.velocityEstimator = velocityEstimator }
            if let edge = r as? ScreenEdgePanGestureRecognizer {
                edge.screenSize = screen
                edge.velocityEstimator = velocityEstimator
            }
            var viewName = Scene.rootName
            for m in item.objectValue ?? [] {
                switch m.key {
                case "kind", "name", "requireToFail", "simultaneousWith": continue
                case "view": viewName = try m.value.string(at: "a recognizer's view")
                case "report" where !kind.reportable.isEmpty: try Self.report(m.value, on: r, kind: kind)
                default:
                    try Self.setParameter(
                        m.key, at: m.keyLocation, m.value, on: r, kind: kind,
                        otherKeys: ["name", "view", "requireToFail", "simultaneousWith"] + (kind.reportable.isEmpty ? [] : ["report"]))
                }
            }
            guard let view = views[viewName] else {
                throw (item["view"] ?? item).error("unknown view '\(viewName)'; views: \(views.keys.sorted().joined(separator: ", "))")
            }
            scene.attach(r)
            view.addGestureRecognizer(r)
            byName[name] = r
            links.append((r, item["requireToFail"], item["simultaneousWith"]))
        }
        for (r, requireToFail, simultaneous) in links {
            if let requireToFail {
                for (name, v) in try requireToFail.strings(at: "requireToFail") {
                    scene.link(r, toFail: try Self.recognizer(name, v, byName, self: r))
                }
            }
            if let simultaneous {
                for (name, v) in try simultaneous.strings(at: "simultaneousWith") {
                    scene.link(r, simultaneousWith: try Self.recognizer(name, v, byName, self: r))
                }
            }
        }
    }

    /// Sets the parameter `key` of `r` (of catalog kind `kind`) from `value`: the one code path for a
    /// scene file's recognizer keys and `--set` (``SceneOverride``), so both accept the same values
    /// and say the same things. An unknown key is an error at `keyLocation` listing `otherKeys` (the
    /// scene keys that are not parameters) and every parameter of the kind; a bad value is an error
    /// at the value.
    static func setParameter(
        _ key: String, at keyLocation: SourceLocation, _ value: JSONValue, on r: GestureRecognizer,
        kind: RecognizerCatalog.Kind, otherKeys: [String]
    ) throws(TraceError) {
        if let p = kind.entries.first(where: { $0.info.name == key }) ?? RecognizerCatalog.common.first(where: { $0.info.name == key }) {
            try p.set(r, value)
        } else {
            let valid = otherKeys + kind.entries.map(\.info.name) + RecognizerCatalog.common.map(\.info.name)
            throw .invalidTrace(
                "unknown parameter '\(key)' for a \(kind.name) recognizer; expected one of: \(valid.joined(separator: ", "))",
                at: keyLocation)
        }
    }

    /// A recognizer's `"report"`: names of its kind's parameters or values (a UIKit kind's) reported
    /// with each of its transitions. An unknown name is an error at it, listing the kind's names.
    private static func report(_ json: JSONValue, on r: GestureRecognizer, kind: RecognizerCatalog.Kind) throws(TraceError) {
        for (name, v) in try json.strings(at: "report") {
            guard let entry = kind.reportable.first(where: { $0.name == name }) else {
                throw v.error(
                    "unknown value '\(name)' for a \(kind.name) recognizer; expected one of: \(kind.reportableNames.joined(separator: ", "))"
                )
            }
            entry.install(r)
        }
    }

    private static func recognizer(
        _ name: String, _ v: JSONValue, _ byName: [String: GestureRecognizer], self r: GestureRecognizer
    ) throws(TraceError) -> GestureRecognizer {
        guard let other = byName[name] else {
            throw v.error("unknown recognizer '\(name)'; recognizers: \(byName.keys.sorted().joined(separator: ", "))")
        }
        guard other !== r else { throw v.error("recognizer '\(name)' cannot refer to itself") }
        return other
    }
}
