// GestureUIKit gives gesture and touch code UIKit's names over the engine, so that a file written
// for iOS compiles on Linux with only its import replaced (docs/uikit-compat.md):
//
//     #if canImport(UIKit)
//     import UIKit
//     #else
//     import GestureUIKit
//     #endif
//
// As `import UIKit` does, it brings Foundation in. Its own declarations shadow Foundation's where
// Foundation's would lie during a replay (`Timer`, `RunLoop`, `DispatchQueue`, `DispatchTime`,
// `print`, and the Core Graphics geometry, which is the engine's, in points).
@_exported import Foundation
@_exported import GestureEngine
