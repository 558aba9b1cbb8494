extension Touch: Hashable {
    /// Touches are equal when they are the same object (`UITouch` is an `NSObject`: identity), so
    /// `Set<Touch>` holds each finger once for its whole life (GestureUIKit's `Set<UITouch>`).
    public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
