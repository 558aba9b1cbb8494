import TraceReading

extension RunFiles {
    /// Declares the files a replay of the trace at `path` with `options` reads: the trace, an evemu
    /// recording's device description (``DeviceDescriptionFile``), and the scene file as `sceneRole`
    /// (`--scene`; `--a-scene`/`--b-scene` for a side, or one named in the trace's `NAME.args`).
    package mutating func readTrace(_ path: String, options: ReplayOptions, sceneRole: FileRole = .scene) {
        read(path, as: .trace)
        read(
            DeviceDescriptionFile.path(forTrace: path, format: options.reading.inputFormat, options: options.reading.recording),
            as: .deviceDescription)
        read(options.scene.path, as: sceneRole)
    }
}
