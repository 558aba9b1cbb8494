// swift-tools-version:6.2
import PackageDescription

// Dependencies point one way: gesturereplay (main.swift) -> GestureReplayCLI (the command line) ->
// GestureReplayTools (the tool's features: live input and its signal handling, convert, pictures,
// suites, stats, shrink) -> TraceReplay (the replay library: renderers, scenes, expectations, replay,
// synth; it re-exports TraceReading) -> TraceReading (diagnostics, readers and importers: the fast,
// unsafe code, with its oracles and fuzz targets) -> GestureEngine (stdlib only);
// GestureTesting -> TraceReplay, GestureEngine; GestureUIKit (UIKit names, with Foundation) -> GestureEngine;
// TraceRecorder depends on nothing on iOS (on GestureUIKit on Linux and macOS, where its truth
// recorder is tested). Inside the three trace modules the folders are layered too
// (docs/architecture.md, checked by FolderLayeringTests); what one module uses of another that is
// not public API is `package`.
// Swift 6.2 or later: the engine's velocity ring uses InlineArray (Swift 6.2; on Apple platforms its
// runtime support ships with macOS 26). Linux needs no platform entry.
let package = Package(
    name: "gesturereplay",
    platforms: [.macOS(.v26)],
    products: [
        .library(name: "GestureEngine", targets: ["GestureEngine"]),
        // Readers and importers alone (TraceReplay re-exports them: `import TraceReplay` is enough).
        .library(name: "TraceReading", targets: ["TraceReading"]),
        .library(name: "TraceReplay", targets: ["TraceReplay"]),
        // Suites, stats, pictures, live input and convert, for a tool of one's own (docs/library.md).
        .library(name: "GestureReplayTools", targets: ["GestureReplayTools"]),
        .library(name: "TraceRecorder", targets: ["TraceRecorder"]),
        .library(name: "GestureTesting", targets: ["GestureTesting"]),
        // UIKit's names over the engine: a UIKit gesture file compiles with its import replaced (docs/uikit-compat.md).
        .library(name: "GestureUIKit", targets: ["GestureUIKit"]),
        // The derivative path: a Linux-ready copy of each listed iOS file, written on every build and
        // never committed (imports, Objective-C attributes and #selector changed; docs/uikit-compat.md).
        .executable(name: "uikit-derive", targets: ["uikit-derive"]),
        .plugin(name: "UIKitDerivatives", targets: ["UIKitDerivatives"]),
        // The command line as a library: a user's executable runs it with its own recognizer kinds.
        .library(name: "GestureReplayCLI", targets: ["GestureReplayCLI"]),
        .executable(name: "gesturereplay", targets: ["gesturereplay"]),
    ],
    targets: [
        // The engine imports nothing but the Swift standard library. On Linux the stdlib's own
        // rounding and square-root shims resolve to libm, which is linked explicitly here because no
        // Glibc/Foundation import brings it in.
        .target(name: "GestureEngine", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        .target(name: "TraceReading", dependencies: ["GestureEngine"]),
        .target(name: "TraceReplay", dependencies: ["GestureEngine", "TraceReading"]),
        .target(name: "GestureReplayTools", dependencies: ["GestureEngine", "TraceReplay"]),
        // UIKit's names and signatures over the engine, with Foundation (as `import UIKit` brings it);
        // the engine itself stays stdlib-only and knows nothing of it (docs/uikit-compat.md).
        .target(name: "GestureUIKit", dependencies: ["GestureEngine"]),
        // GestureUIKit's bridge classes are generated from one table (Sources/GestureUIKit/Bridges+Generated.swift:
        // `swift run generate-uikit-bridges`; GeneratedBridgesTests fails while the file is out of date).
        .target(name: "UIKitBridgeGenerator"),
        .executableTarget(name: "generate-uikit-bridges", dependencies: ["UIKitBridgeGenerator"]),
        // The derivative path: the translator (stdlib only), its command and the build-tool plugin
        // that runs it on the files a target's UIKitSources.txt lists.
        .target(name: "UIKitSourceTranslation"),
        .executableTarget(name: "uikit-derive", dependencies: ["UIKitSourceTranslation"]),
        .plugin(name: "UIKitDerivatives", capability: .buildTool(), dependencies: ["uikit-derive"]),
        // The testing kit (docs/custom-recognizers.md): fingers in virtual time and checks that throw
        // descriptive failures, so it depends on neither Swift Testing nor XCTest.
        .target(name: "GestureTesting", dependencies: ["GestureEngine", "TraceReplay"]),
        // The option table (help, man page, completions) and every command: replay, check, test, render,
        // convert, synth (Sources/gesturereplay/main.swift is one line).
        .target(name: "GestureReplayCLI", dependencies: ["GestureReplayTools"]),
        .executableTarget(name: "gesturereplay", dependencies: ["GestureReplayCLI"]),
        // Records traces on iOS (docs/recording.md); no dependencies there, its UIKit part compiled only
        // where UIKit exists, its line writer tested on Linux against TraceReplay's reader. The truth
        // recorder (scene and transitions) compiles against GestureUIKit on Linux and macOS, so that
        // it is tested inside a GestureUIKit replay (issue 46).
        .target(name: "TraceRecorder", dependencies: [.target(name: "GestureUIKit", condition: .when(platforms: [.linux, .macOS]))]),
        // Test-only: counts heap allocations so a test can show that dispatch allocates nothing
        // (glibc only: elsewhere it is a stub and the allocation suites are disabled, saying why).
        .target(name: "AllocationCounter", path: "Tests/AllocationCounter"),
        // Test-only: what several test targets share (a seeded random number generator, the package's
        // files and the reference fixtures in Tests/Fixtures/, which belong to no target).
        .target(name: "TestSupport", dependencies: ["TraceReplay", "GestureReplayTools"], path: "Tests/TestSupport"),
        .testTarget(name: "GestureEngineTests", dependencies: ["GestureEngine", "GestureTesting", "AllocationCounter", "TestSupport"]),
        .testTarget(name: "GestureTestingTests", dependencies: ["GestureEngine", "GestureTesting"]),
        // UIKit-style recognizers (Tests/GestureUIKitTests/UIKitSources) compiled with only their import replaced.
        .testTarget(
            name: "GestureUIKitTests",
            dependencies: [
                "GestureUIKit", "GestureTesting", "TraceReplay", "UIKitBridgeGenerator", "UIKitSourceTranslation", "TestSupport",
            ]),
        // An app's recognizer files as they ship for iOS (App/, never edited), compiled through the
        // derivative path (UIKitSources.txt lists them) and replayed (issue 48's acceptance test).
        .testTarget(
            name: "UIKitAppTests", dependencies: ["GestureUIKit", "GestureTesting", "TraceReplay"], exclude: ["App", "UIKitSources.txt"],
            plugins: ["UIKitDerivatives"]),
        // The tests mirror the three trace modules. Malformed/corpus holds broken trace files that the
        // tests read from disk; Scene/scenes the scenes of the scene loader's tests.
        .testTarget(
            name: "TraceReadingTests", dependencies: ["GestureEngine", "TraceReading", "TraceReplay", "TestSupport", "GestureReplayTools"],
            exclude: ["Malformed/corpus"]),
        // Invariants/ and Replay/ drive the engine with TraceReplay's scenes and Replayer (random traces, determinism).
        .testTarget(
            name: "TraceReplayTests", dependencies: ["GestureEngine", "TraceReading", "TraceReplay", "TestSupport", "GestureReplayTools"],
            exclude: ["Scene/scenes"]),
        .testTarget(
            name: "GestureReplayToolsTests",
            dependencies: ["GestureEngine", "TraceReading", "TraceReplay", "GestureReplayTools", "TestSupport"]),
        .testTarget(
            name: "GestureReplayTests",
            dependencies: ["gesturereplay", "GestureReplayCLI", "GestureReplayTools", "TraceReplay", "TestSupport"]),
        .testTarget(
            name: "TraceRecorderTests",
            dependencies: ["TraceRecorder", "TraceReplay", "GestureEngine", "TestSupport", "GestureUIKit", "GestureReplayTools"]),
    ],
    swiftLanguageModes: [.v6]
)
