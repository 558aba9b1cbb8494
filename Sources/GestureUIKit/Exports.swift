// GestureUIKit gives gesture and touch code UIKit's names over the engine, so that a file written
// for iOS compiles on Linux (docs/uikit-compat.md):
//
//     #if canImport(UIKit)
//     import UIKit
//     #else
//     import GestureUIKit
//     #endif
//
// or unchanged through the derivative path, which rewrites `import UIKit` (and the Objective-C
// syntax) in a copy that is never committed. As `import UIKit` does, it brings Foundation in, whose
// `CGFloat`, `CGPoint`, `CGSize` and `CGRect` are UIKit code's geometry here too. Its own
// declarations shadow Foundation's where Foundation's would lie during a replay (`Timer`,
// `RunLoop`, `DispatchQueue`, `DispatchTime`, `print`). The engine (`GestureEngine`) is not
// re-exported: UIKit code sees UIKit's names only; a catalog or a test imports the engine itself.
@_exported import Foundation
