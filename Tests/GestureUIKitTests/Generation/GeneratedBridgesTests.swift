import Testing
import TestSupport
import UIKitBridgeGenerator

/// `Sources/GestureUIKit/Bridges+Generated.swift` is what the bridge table renders: a change to the
/// table (a UIKit class, a forwarded property) or to the renderer (one more engine hook for every
/// bridge) must be followed by `swift run generate-uikit-bridges`.
@Suite struct GeneratedBridgesTests {
    @Test func theGeneratedFileIsUpToDate() throws {
        let onDisk = String(decoding: try PackageFiles.bytes(atPath: PackageFiles.path(BridgeRenderer.path)), as: UTF8.self)
        #expect(
            onDisk == BridgeRenderer.render(),
            "\(BridgeRenderer.path) is out of date. Please run 'swift run generate-uikit-bridges' from the package root.")
    }

    @Test func typeTestsComeMostDerivedFirst() {
        // `is UIPanGestureRecognizer.Type` also matches an edge pan: the edge pan must be tested first.
        let text = BridgeRenderer.render()
        let edge = text.range(of: "if type is UIScreenEdgePanGestureRecognizer.Type")
        let pan = text.range(of: "if type is UIPanGestureRecognizer.Type")
        let button = text.range(of: "case is Button:")
        let control = text.range(of: "case is Control:")
        #expect(edge != nil && pan != nil && edge!.lowerBound < pan!.lowerBound)
        #expect(button != nil && control != nil && button!.lowerBound < control!.lowerBound)
    }

    @Test func everyRowHasABridgeAndAFaceCase() {
        let text = BridgeRenderer.render()
        for r in BridgeTable.recognizers {
            #expect(text.contains("final class \(r.bridgeName): \(r.engine), RecognizerBridge"))
            #expect(text.contains("PendingPair.face(of: recognizer) { \(r.uikit)() }"))
        }
        for v in BridgeTable.views {
            #expect(text.contains("final class \(v.bridgeName): \(v.engine), ViewBridge"))
        }
    }
}
