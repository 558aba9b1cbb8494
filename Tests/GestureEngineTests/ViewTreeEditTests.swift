import GestureEngine
import Testing

/// `View.insertSubview(_:at:)` and `removeFromSuperview()` (UIKit's), and a cycle refused.
@Suite struct ViewTreeEditTests {
    func views() -> (View, View, View, View) {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let a = View(name: "a", frame: .zero)
        let b = View(name: "b", frame: .zero)
        let c = View(name: "c", frame: .zero)
        root.addSubview(a)
        root.addSubview(b)
        return (root, a, b, c)
    }

    @Test func insertPlacesBackToFrontAndMovesFromTheOldSuperview() {
        let (root, a, b, c) = views()
        root.insertSubview(c, at: 0)
        #expect(root.subviews.map(\.name) == ["c", "a", "b"])
        root.insertSubview(c, at: 99)
        #expect(root.subviews.map(\.name) == ["a", "b", "c"])
        a.insertSubview(b, at: -5)
        #expect(root.subviews.map(\.name) == ["a", "c"] && b.superview === a)
        b.removeFromSuperview()
        #expect(a.subviews.isEmpty && b.superview == nil)
        b.removeFromSuperview()
        #expect(b.superview == nil)
    }

    @Test func addingAViewToItselfOrItsDescendantChangesNothing() {
        let (root, a, _, c) = views()
        a.addSubview(c)
        c.addSubview(root)
        c.addSubview(a)
        a.addSubview(a)
        #expect(root.superview == nil && a.superview === root && c.superview === a)
        #expect(c.subviews.isEmpty && a.subviews.map(\.name) == ["c"])
    }
}
