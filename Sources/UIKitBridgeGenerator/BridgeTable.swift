/// The table `Bridges+Generated.swift` (GestureUIKit) is generated from: one row per UIKit class
/// that GestureUIKit pairs with an engine class (docs/uikit-compat.md, "How it works"). Adding a
/// UIKit face is one row here, then `swift run generate-uikit-bridges`; forwarding one more engine
/// hook is one line in `BridgeRenderer` (every bridge gets it). `GeneratedBridgesTests` fails while
/// the file differs from what this table renders.
public enum BridgeTable {
    /// A property of the UIKit class read and written through the engine class's property of the
    /// same name (the types convert implicitly: `CGFloat` and `Double`, SE-0307).
    public struct Property: Sendable {
        public let name: String
        public let type: String
        public let readOnly: Bool
        /// The UIKit documentation of the property (its unit and default source).
        public let doc: String

        public init(_ name: String, _ type: String, readOnly: Bool = false, doc: String) {
            self.name = name
            self.type = type
            self.readOnly = readOnly
            self.doc = doc
        }
    }

    /// A UIKit recognizer class and the engine class that runs its rules.
    public struct Recognizer: Sendable {
        /// `UITapGestureRecognizer`.
        public let uikit: String
        /// Its UIKit superclass (`UIGestureRecognizer`, or `UIPanGestureRecognizer` for the edge pan).
        public let uikitSuperclass: String
        /// `TapGestureRecognizer`.
        public let engine: String
        /// The engine class GestureUIKit makes for a subclass of `uikit` (`UIKitTapBridge`).
        public let bridgeName: String
        /// The accessor that reads the engine recognizer as its class (`tap`).
        public let accessor: String?
        public let properties: [Property]
    }

    /// A UIKit view class and the engine view class that runs its rules.
    public struct ViewClass: Sendable {
        /// `UIButton`.
        public let uikit: String
        /// Its UIKit superclass (`UIControl`).
        public let uikitSuperclass: String
        /// `Button`.
        public let engine: String
        /// The engine view GestureUIKit makes for a subclass of `uikit` (`UIKitButtonBridge`).
        public let bridgeName: String
        /// The engine hooks this class has beyond a view's (`control`, `scrollView`).
        public let hooks: [ViewHook]
    }

    /// Groups of engine view methods a bridge hands to its UIKit view.
    public enum ViewHook: Sendable {
        case control, scrollView
    }

    /// Most general first; the renderer orders type tests most derived first.
    public static let recognizers: [Recognizer] = [
        Recognizer(
            uikit: "UIGestureRecognizer", uikitSuperclass: "NSObject", engine: "GestureRecognizer", bridgeName: "UIKitCustomBridge",
            accessor: nil, properties: []),
        Recognizer(
            uikit: "UITapGestureRecognizer", uikitSuperclass: "UIGestureRecognizer", engine: "TapGestureRecognizer",
            bridgeName: "UIKitTapBridge", accessor: "tap",
            properties: [
                Property("numberOfTapsRequired", "Int", doc: "Taps needed (`UITapGestureRecognizer.numberOfTapsRequired`, default 1)."),
                Property(
                    "numberOfTouchesRequired", "Int", doc: "Fingers needed (`UITapGestureRecognizer.numberOfTouchesRequired`, default 1)."),
            ]),
        Recognizer(
            uikit: "UIPanGestureRecognizer", uikitSuperclass: "UIGestureRecognizer", engine: "PanGestureRecognizer",
            bridgeName: "UIKitPanBridge", accessor: "pan",
            properties: [
                Property(
                    "minimumNumberOfTouches", "Int", doc: "Fewest fingers (`UIPanGestureRecognizer.minimumNumberOfTouches`, default 1)."),
                Property(
                    "maximumNumberOfTouches", "Int",
                    doc: "Most fingers (`UIPanGestureRecognizer.maximumNumberOfTouches`, default unlimited)."),
            ]),
        Recognizer(
            uikit: "UIScreenEdgePanGestureRecognizer", uikitSuperclass: "UIPanGestureRecognizer",
            engine: "ScreenEdgePanGestureRecognizer", bridgeName: "UIKitScreenEdgePanBridge", accessor: "edgePan",
            properties: [
                Property("edges", "UIRectEdge", doc: "The edges it starts from (`UIScreenEdgePanGestureRecognizer.edges`).")
            ]),
        Recognizer(
            uikit: "UILongPressGestureRecognizer", uikitSuperclass: "UIGestureRecognizer", engine: "LongPressGestureRecognizer",
            bridgeName: "UIKitLongPressBridge", accessor: "longPress",
            properties: [
                Property(
                    "minimumPressDuration", "TimeInterval",
                    doc: "Seconds down before it begins (`UILongPressGestureRecognizer.minimumPressDuration`, default 0.5)."),
                Property(
                    "allowableMovement", "CGFloat",
                    doc: "Points a finger may move before it fails (`UILongPressGestureRecognizer.allowableMovement`, default 10)."),
                Property(
                    "numberOfTouchesRequired", "Int",
                    doc: "Fingers needed (`UILongPressGestureRecognizer.numberOfTouchesRequired`, default 1)."),
                Property(
                    "numberOfTapsRequired", "Int",
                    doc: "Taps before the press (`UILongPressGestureRecognizer.numberOfTapsRequired`, default 0)."),
            ]),
        Recognizer(
            uikit: "UISwipeGestureRecognizer", uikitSuperclass: "UIGestureRecognizer", engine: "SwipeGestureRecognizer",
            bridgeName: "UIKitSwipeBridge", accessor: "swipe",
            properties: [
                Property(
                    "direction", "UISwipeGestureRecognizer.Direction",
                    doc: "The directions it accepts (`UISwipeGestureRecognizer.direction`, default right)."),
                Property(
                    "numberOfTouchesRequired", "Int", doc: "Fingers needed (`UISwipeGestureRecognizer.numberOfTouchesRequired`, default 1)."
                ),
            ]),
        Recognizer(
            uikit: "UIPinchGestureRecognizer", uikitSuperclass: "UIGestureRecognizer", engine: "PinchGestureRecognizer",
            bridgeName: "UIKitPinchBridge", accessor: "pinch",
            properties: [
                Property("scale", "CGFloat", doc: "The scale since it began, 1 at the start (`UIPinchGestureRecognizer.scale`)."),
                Property("velocity", "CGFloat", readOnly: true, doc: "Scale per second (`UIPinchGestureRecognizer.velocity`)."),
            ]),
        Recognizer(
            uikit: "UIRotationGestureRecognizer", uikitSuperclass: "UIGestureRecognizer", engine: "RotationGestureRecognizer",
            bridgeName: "UIKitRotationBridge", accessor: "rotationRecognizer",
            properties: [
                Property("rotation", "CGFloat", doc: "Radians since it began (`UIRotationGestureRecognizer.rotation`)."),
                Property("velocity", "CGFloat", readOnly: true, doc: "Radians per second (`UIRotationGestureRecognizer.velocity`)."),
            ]),
    ]

    /// Most general first (UIKit's `UIView` <- `UIScrollView`, `UIView` <- `UIControl` <- `UIButton`).
    public static let views: [ViewClass] = [
        ViewClass(uikit: "UIView", uikitSuperclass: "UIResponder", engine: "View", bridgeName: "UIKitViewBridge", hooks: []),
        ViewClass(
            uikit: "UIScrollView", uikitSuperclass: "UIView", engine: "ScrollView", bridgeName: "UIKitScrollViewBridge",
            hooks: [.scrollView]),
        ViewClass(uikit: "UIControl", uikitSuperclass: "UIView", engine: "Control", bridgeName: "UIKitControlBridge", hooks: [.control]),
        ViewClass(uikit: "UIButton", uikitSuperclass: "UIControl", engine: "Button", bridgeName: "UIKitButtonBridge", hooks: [.control]),
    ]
}
