#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an evemu recording's device description (`evemu-describe` output: the axis ranges) is
/// read from: `--desc FILE` (``RecordingImportOptions/descPath``), else `DEVICE.desc` beside a
/// recording named `DEVICE.GESTURE.events`, as whot/evemu-devices stores them. The one rule, for
/// the reader and for the run's list of files (``RunFiles``).
package enum DeviceDescriptionFile {
    /// `DEVICE.desc` beside the recording `DEVICE.GESTURE.events`, when one can be read; nil
    /// otherwise (and for a recording not named `.events`). `N-Trig MultiTouch.2-fingers-touch-release.events`
    /// -> `N-Trig MultiTouch.desc`; device names may hold dots (`QEMU 0.12.1 QEMU USB Tablet`): the
    /// longest existing prefix wins.
    package static func beside(recording path: String) -> String? {
        guard path.hasSuffix(".events") else { return nil }
        var stem = Substring(path.dropLast(".events".count))
        let dirEnd = stem.lastIndex(of: "/").map { stem.index(after: $0) } ?? stem.startIndex
        while true {
            let candidate = String(stem + ".desc")
            if access(candidate, R_OK) == 0 { return candidate }
            guard let dot = stem[dirEnd...].lastIndex(of: "."), dot > dirEnd else { return nil }
            stem = stem[..<dot]
        }
    }

    /// The description reading the trace at `path` may read: `--desc`'s file, or for a recording
    /// that may be read as evemu (`format` evemu, or not forced) the one beside it; nil when none.
    package static func path(forTrace path: String, format: TraceFormat?, options: RecordingImportOptions) -> String? {
        if let given = options.descPath { return given }
        guard format == nil || format == .evemu else { return nil }
        return beside(recording: path)
    }
}
