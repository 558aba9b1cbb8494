// Writes Sources/GestureUIKit/Bridges+Generated.swift from the table in UIKitBridgeGenerator
// (run from the package root: `swift run generate-uikit-bridges`).
import Foundation
import UIKitBridgeGenerator

let url = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(BridgeRenderer.path)
do {
    try BridgeRenderer.render().write(to: url, atomically: true, encoding: .utf8)
    print("wrote \(BridgeRenderer.path)")
} catch {
    FileHandle.standardError.write(Data("generate-uikit-bridges: cannot write \(url.path): \(error)\n".utf8))
    exit(74)
}
