import GestureEngine
import TraceReading

/// The UIKit view classes a scene names without registering them (docs/trace-format.md, "Scenes";
/// docs/scroll-and-controls.md): `"class": "UIView"` (a plain view), `"UIScrollView"` with an
/// optional `"scrollView"` object, `"UIButton"` and `"UIControl"` with an optional `"control"`
/// object. Omitted keys take UIKit's defaults (`ScrollView`, `Control`). The same names are the
/// UIKit-compatibility layer's.
enum UIKitViewClass {
    /// The class names, in the order error messages list them.
    static let names = ["UIView", "UIScrollView", "UIButton", "UIControl"]

    /// The keys of a `"scrollView"` object.
    static let scrollViewKeys = [
        "contentSize", "contentOffset", "isPagingEnabled", "delaysContentTouches", "canCancelContentTouches", "bounces",
        "alwaysBounceVertical", "alwaysBounceHorizontal", "isDirectionalLockEnabled", "decelerationRate",
    ]
    /// The keys of a `"control"` object.
    static let controlKeys = ["isEnabled", "trackingSlop"]

    /// A view of UIKit class `className`, or nil when the name is not one of `names`. `scrollView`
    /// and `control` are the view's objects of those names (each an error on another class).
    static func make(
        _ className: String, name: String, frame: Rect, scrollView: (JSONValue, SourceLocation)?, control: (JSONValue, SourceLocation)?
    ) throws(TraceError) -> View? {
        guard names.contains(className) else {
            if let (_, at) = scrollView { throw .invalidTrace("\"scrollView\" needs \"class\": \"UIScrollView\"", at: at) }
            if let (_, at) = control { throw .invalidTrace("\"control\" needs \"class\": \"UIButton\" or \"UIControl\"", at: at) }
            return nil
        }
        if let (_, at) = scrollView, className != "UIScrollView" {
            throw .invalidTrace("\"scrollView\" is for \"class\": \"UIScrollView\", not \(className)", at: at)
        }
        if let (_, at) = control, className != "UIButton" && className != "UIControl" {
            throw .invalidTrace("\"control\" is for \"class\": \"UIButton\" or \"UIControl\", not \(className)", at: at)
        }
        switch className {
        case "UIScrollView":
            let view = ScrollView(name: name, frame: frame)
            if let (json, _) = scrollView { try configure(view, json) }
            return view
        case "UIButton", "UIControl":
            let view = className == "UIButton" ? Button(name: name, frame: frame) : Control(name: name, frame: frame)
            if let (json, _) = control { try configure(view, json) }
            return view
        default:
            return View(name: name, frame: frame)
        }
    }

    private static func configure(_ view: ScrollView, _ json: JSONValue) throws(TraceError) {
        let members = try json.object(at: "\"scrollView\"")
        for m in members {
            switch m.key {
            case "contentSize":
                let (w, h) = try pair(m.value, "contentSize", "width", "height", minimum: 0)
                view.contentSize = Size(width: w, height: h)
            case "contentOffset":
                let (x, y) = try pair(m.value, "contentOffset", "x", "y", minimum: -.infinity)
                view.contentOffset = Point(x: x, y: y)
            case "isPagingEnabled": view.isPagingEnabled = try m.value.bool(at: "isPagingEnabled")
            case "delaysContentTouches": view.delaysContentTouches = try m.value.bool(at: "delaysContentTouches")
            case "canCancelContentTouches": view.canCancelContentTouches = try m.value.bool(at: "canCancelContentTouches")
            case "bounces": view.bounces = try m.value.bool(at: "bounces")
            case "alwaysBounceVertical": view.alwaysBounceVertical = try m.value.bool(at: "alwaysBounceVertical")
            case "alwaysBounceHorizontal": view.alwaysBounceHorizontal = try m.value.bool(at: "alwaysBounceHorizontal")
            case "isDirectionalLockEnabled": view.isDirectionalLockEnabled = try m.value.bool(at: "isDirectionalLockEnabled")
            case "decelerationRate":
                switch m.value.stringValue {
                case "normal": view.decelerationRate = ScrollPhysics.normalDecelerationRate
                case "fast": view.decelerationRate = ScrollPhysics.fastDecelerationRate
                case .some(let s):
                    throw m.value.error("decelerationRate must be \"normal\", \"fast\" or a number, not \"\(s)\"")
                case nil: view.decelerationRate = try m.value.number(at: "decelerationRate")
                }
            default:
                throw .invalidTrace(
                    "unknown scrollView key '\(m.key)'; expected one of: \(scrollViewKeys.joined(separator: ", "))", at: m.keyLocation)
            }
        }
    }

    private static func configure(_ view: Control, _ json: JSONValue) throws(TraceError) {
        let members = try json.object(at: "\"control\"")
        for m in members {
            switch m.key {
            case "isEnabled": view.isEnabled = try m.value.bool(at: "isEnabled")
            case "trackingSlop": view.trackingSlop = try m.value.number(at: "trackingSlop", in: 0 ... .infinity)
            default:
                throw .invalidTrace(
                    "unknown control key '\(m.key)'; expected one of: \(controlKeys.joined(separator: ", "))", at: m.keyLocation)
            }
        }
    }

    /// `[a, b]` of two finite numbers, each at least `minimum`.
    private static func pair(
        _ v: JSONValue, _ what: String, _ a: String, _ b: String, minimum: Double
    ) throws(TraceError) -> (Double, Double) {
        guard let items = v.arrayValue, items.count == 2 else { throw v.error("\(what) must be an array [\(a), \(b)]") }
        return (
            try items[0].number(at: JSONPath("\(what) \(a)"), in: minimum ... .infinity),
            try items[1].number(at: JSONPath("\(what) \(b)"), in: minimum ... .infinity)
        )
    }
}
