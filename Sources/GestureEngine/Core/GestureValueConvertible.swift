/// A value that can be reported with a transition (`GestureValues.extra`): whole numbers, numbers,
/// text and points. GestureUIKit adds Core Graphics' `CGFloat`, `CGPoint` and `CGVector`.
public protocol GestureValueConvertible {
    /// The value as reported.
    var gestureValue: GestureValue { get }
}

extension Int: GestureValueConvertible {
    public var gestureValue: GestureValue { .integer(self) }
}

extension Double: GestureValueConvertible {
    public var gestureValue: GestureValue { .number(self) }
}

extension Bool: GestureValueConvertible {
    /// `true` or `false`, as text.
    public var gestureValue: GestureValue { .text(self ? "true" : "false") }
}

extension String: GestureValueConvertible {
    public var gestureValue: GestureValue { .text(self) }
}

extension Point: GestureValueConvertible {
    public var gestureValue: GestureValue { .point(self) }
}

extension Vector: GestureValueConvertible {
    /// As a point (`dx`, `dy`).
    public var gestureValue: GestureValue { .point(Point(x: dx, y: dy)) }
}
