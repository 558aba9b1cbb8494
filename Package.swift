// swift-tools-version:6.0
import PackageDescription

// Dependencies point one way: gesturereplay (CLI) -> TraceKit (I/O) -> GestureEngine (stdlib only).
let package = Package(
    name: "gesturereplay",
    products: [
        .library(name: "GestureEngine", targets: ["GestureEngine"]),
        .library(name: "TraceKit", targets: ["TraceKit"]),
        .executable(name: "gesturereplay", targets: ["gesturereplay"]),
    ],
    targets: [
        .target(name: "GestureEngine"),
        .target(name: "TraceKit", dependencies: ["GestureEngine"]),
        .executableTarget(name: "gesturereplay", dependencies: ["TraceKit"]),
        .testTarget(name: "GestureEngineTests", dependencies: ["GestureEngine"]),
        .testTarget(name: "TraceKitTests", dependencies: ["TraceKit"]),
        .testTarget(name: "GestureReplayTests", dependencies: ["gesturereplay", "TraceKit"]),
    ],
    swiftLanguageModes: [.v6]
)
