import GestureEngine

/// `UITapGestureRecognizer`: the engine's tap rules (`TapGestureRecognizer`, docs/recognizers.md).
open class UITapGestureRecognizer: UIGestureRecognizer {
    override func makeEngineRecognizer() -> GestureRecognizer { UIKitTapBridge(link: link) }
    /// The engine recognizer with its class's properties.
    var engine: TapGestureRecognizer { engineRecognizer as! TapGestureRecognizer }
    /// `numberOfTapsRequired`.
    public var numberOfTapsRequired: Int {
        get { engine.numberOfTapsRequired }
        set { engine.numberOfTapsRequired = newValue }
    }
    /// `numberOfTouchesRequired`.
    public var numberOfTouchesRequired: Int {
        get { engine.numberOfTouchesRequired }
        set { engine.numberOfTouchesRequired = newValue }
    }
}

/// `UIPanGestureRecognizer`: the engine's pan rules (`PanGestureRecognizer`). Subclass it and call
/// `super` in the touch methods to keep them.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    override func makeEngineRecognizer() -> GestureRecognizer { UIKitPanBridge(link: link) }
    /// The engine recognizer with its class's properties.
    var pan: PanGestureRecognizer { engineRecognizer as! PanGestureRecognizer }
    /// `minimumNumberOfTouches`.
    public var minimumNumberOfTouches: Int {
        get { pan.minimumNumberOfTouches }
        set { pan.minimumNumberOfTouches = newValue }
    }
    /// `maximumNumberOfTouches`.
    public var maximumNumberOfTouches: Int {
        get { pan.maximumNumberOfTouches }
        set { pan.maximumNumberOfTouches = newValue }
    }

    /// `translation(in:)`: points in `view`'s coordinates (window's when nil), as a `CGPoint`.
    open func translation(in view: View?) -> CGPoint {
        let v = pan.translation(in: view)
        return CGPoint(x: v.dx, y: v.dy)
    }
    /// `setTranslation(_:in:)`.
    open func setTranslation(_ translation: CGPoint, in view: View?) {
        pan.setTranslation(Vector(dx: translation.x, dy: translation.y), in: view)
    }
    /// `velocity(in:)`: points per second, as a `CGPoint`.
    open func velocity(in view: View?) -> CGPoint {
        let v = pan.velocity(in: view)
        return CGPoint(x: v.dx, y: v.dy)
    }
}

/// `UIScreenEdgePanGestureRecognizer`: a pan subclass, as in UIKit, with the engine's edge rules
/// (`ScreenEdgePanGestureRecognizer`).
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    override func makeEngineRecognizer() -> GestureRecognizer { UIKitScreenEdgePanBridge(link: link) }
    /// The engine recognizer with its class's properties.
    var edgePan: ScreenEdgePanGestureRecognizer { engineRecognizer as! ScreenEdgePanGestureRecognizer }
    /// `edges`.
    public var edges: UIRectEdge {
        get { edgePan.edges }
        set { edgePan.edges = newValue }
    }
}

/// `UILongPressGestureRecognizer`: the engine's long-press rules (`LongPressGestureRecognizer`).
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    override func makeEngineRecognizer() -> GestureRecognizer { UIKitLongPressBridge(link: link) }
    /// The engine recognizer with its class's properties.
    var engine: LongPressGestureRecognizer { engineRecognizer as! LongPressGestureRecognizer }
    /// `minimumPressDuration`.
    public var minimumPressDuration: TimeInterval {
        get { engine.minimumPressDuration }
        set { engine.minimumPressDuration = newValue }
    }
    /// `allowableMovement`.
    public var allowableMovement: CGFloat {
        get { engine.allowableMovement }
        set { engine.allowableMovement = newValue }
    }
    /// `numberOfTouchesRequired`.
    public var numberOfTouchesRequired: Int {
        get { engine.numberOfTouchesRequired }
        set { engine.numberOfTouchesRequired = newValue }
    }
    /// `numberOfTapsRequired`.
    public var numberOfTapsRequired: Int {
        get { engine.numberOfTapsRequired }
        set { engine.numberOfTapsRequired = newValue }
    }
}

/// `UISwipeGestureRecognizer`: the engine's swipe rules (`SwipeGestureRecognizer`).
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    override func makeEngineRecognizer() -> GestureRecognizer { UIKitSwipeBridge(link: link) }
    /// The engine recognizer with its class's properties.
    var engine: SwipeGestureRecognizer { engineRecognizer as! SwipeGestureRecognizer }
    /// `direction`.
    public var direction: Direction {
        get { engine.direction }
        set { engine.direction = newValue }
    }
    /// `numberOfTouchesRequired`.
    public var numberOfTouchesRequired: Int {
        get { engine.numberOfTouchesRequired }
        set { engine.numberOfTouchesRequired = newValue }
    }

    /// `UISwipeGestureRecognizer.Direction`.
    public typealias Direction = SwipeDirection
}

/// `UIPinchGestureRecognizer`: the engine's pinch rules (`PinchGestureRecognizer`).
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    override func makeEngineRecognizer() -> GestureRecognizer { UIKitPinchBridge(link: link) }
    /// The engine recognizer with its class's properties.
    var engine: PinchGestureRecognizer { engineRecognizer as! PinchGestureRecognizer }
    /// `scale`.
    public var scale: CGFloat {
        get { engine.scale }
        set { engine.scale = newValue }
    }

    /// `velocity`: scale per second.
    public var velocity: CGFloat { engine.velocity }
}

/// `UIRotationGestureRecognizer`: the engine's rotation rules (`RotationGestureRecognizer`).
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    override func makeEngineRecognizer() -> GestureRecognizer { UIKitRotationBridge(link: link) }
    /// The engine recognizer with its class's properties.
    var engine: RotationGestureRecognizer { engineRecognizer as! RotationGestureRecognizer }
    /// `rotation`.
    public var rotation: CGFloat {
        get { engine.rotation }
        set { engine.rotation = newValue }
    }

    /// `velocity`: radians per second.
    public var velocity: CGFloat { engine.velocity }
}

/// `UIRectEdge`: the engine's `ScreenEdges`.
public typealias UIRectEdge = ScreenEdges
