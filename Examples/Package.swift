// swift-tools-version:6.2
import PackageDescription

// A user's package: a custom recognizer written against gesturereplay's public API only, its tests
// (replaying recorded traces through it, with expectations), and "gesturereplay plus my kinds" as
// an executable of a few lines. It depends on the root package by path, as a user's would by URL.
let package = Package(
    name: "WiggleExample",
    platforms: [.macOS(.v26)],
    products: [
        .library(name: "Wiggle", targets: ["Wiggle"]),
        .library(name: "SwipeUIKit", targets: ["SwipeUIKit"]),
        .library(name: "AppGestures", targets: ["AppGestures"]),
        .executable(name: "wiggle-replay", targets: ["wiggle-replay"]),
    ],
    dependencies: [
        .package(name: "gesturereplay", path: "..")
    ],
    targets: [
        // The recognizer and its catalog entry: GestureEngine and TraceReplay, nothing internal.
        .target(
            name: "Wiggle",
            dependencies: [
                .product(name: "GestureEngine", package: "gesturereplay"),
                .product(name: "TraceReplay", package: "gesturereplay"),
                .product(name: "GestureUIKit", package: "gesturereplay"),
                "SwipeUIKit", "AppGestures",
            ]),
        // A recognizer written for UIKit, one file that builds unchanged for iOS (`import UIKit`) and,
        // here, against GestureUIKit (docs/uikit-compat.md).
        .target(name: "SwipeUIKit", dependencies: [.product(name: "GestureUIKit", package: "gesturereplay")]),
        // An app's recognizer files as they ship for iOS, listed in UIKitSources.txt and compiled through
        // the derivative path (the UIKitDerivatives plugin), with their catalog entries (AppKinds.swift).
        .target(
            name: "AppGestures",
            dependencies: [
                .product(name: "GestureUIKit", package: "gesturereplay"), .product(name: "TraceReplay", package: "gesturereplay"),
                .product(name: "GestureEngine", package: "gesturereplay"),
            ],
            exclude: ["UIKitSources.txt"], plugins: [.plugin(name: "UIKitDerivatives", package: "gesturereplay")]),
        // The engine's own seed recognizers, compiled here from their sources (symbolic links into
        // ../Sources/GestureEngine/Recognizers) against the public API only: the compiler checks
        // their claim to use nothing else.
        .target(
            name: "EngineSeeds", dependencies: [.product(name: "GestureEngine", package: "gesturereplay")],
            swiftSettings: [.define("GESTURE_ENGINE_OUTSIDE")]),
        // gesturereplay plus the wiggle kind: main.swift is two lines.
        .executableTarget(
            name: "wiggle-replay",
            dependencies: [
                "Wiggle",
                .product(name: "GestureReplayCLI", package: "gesturereplay"),
            ]),
        .testTarget(
            name: "WiggleTests",
            dependencies: [
                "Wiggle", "EngineSeeds", "SwipeUIKit", "AppGestures",
                .product(name: "TraceReplay", package: "gesturereplay"),
                .product(name: "GestureReplayCLI", package: "gesturereplay"),
                .product(name: "GestureUIKit", package: "gesturereplay"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
