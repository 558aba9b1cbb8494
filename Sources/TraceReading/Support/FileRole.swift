/// What a file is to one run of the tool: one it reads, or one it writes. Every command declares
/// its files with their roles (``RunFiles``), and the one rule of ``RunFiles/check()`` decides
/// whether the run may start (docs/robustness.md, "What a run reads, it never writes").
package enum FileRole: String, CaseIterable, Sendable {
    // Read.
    /// A trace or recording replayed, converted, rendered or shrunk (an operand).
    case trace
    /// A trace's golden file, compared (`NAME.expected`, or `check --expect FILE`; `compare --goldens`).
    case golden
    /// A trace's `NAME.args`.
    case argsFile
    /// A trace's `NAME.expect`.
    case expectFile
    /// `--scene FILE`.
    case scene
    /// `--a-scene FILE` (compare, shrink).
    case aScene
    /// `--b-scene FILE` (compare, shrink).
    case bScene
    /// A scene named by `--scene` in a trace's `NAME.args`.
    case argsScene
    /// An evemu device description: `--desc FILE`, or `DEVICE.desc` found beside `DEVICE.GESTURE.events`.
    case deviceDescription
    /// A synth script (`synth SCRIPT`).
    case script
    /// A stats file merged (`stats --merge FILE...`).
    case statsFile

    // Written.
    /// `-o FILE` (convert, render, synth, shrink).
    case output
    /// One trace of a synth sweep (`-o FILE` makes `FILE-VALUE.EXT`).
    case sweepOutput
    /// A golden file (re)written by `--update` (`NAME.expected`, or `check --update --expect FILE`).
    case updatedGolden
    /// `--junit FILE` (test).
    case junitReport
    /// `--html FILE` (check, test).
    case htmlReport

    /// Whether the run writes files of this role (else it reads them).
    package var isOutput: Bool {
        switch self {
        case .output, .sweepOutput, .updatedGolden, .junitReport, .htmlReport: true
        default: false
        }
    }

    /// How messages name the role: what the file is to the run, with the option that made it one
    /// where the library has one (``OptionHint``).
    package var label: DiagnosticText {
        switch self {
        case .trace: "the trace"
        case .golden: "the golden file"
        case .argsFile: "the trace's .args file"
        case .expectFile: "the trace's .expect file"
        case .scene: "the scene (\(option: .scene))"
        case .aScene: "side A's scene"
        case .bScene: "side B's scene"
        case .argsScene: "the scene named in the trace's .args file"
        case .deviceDescription: "the device description (\(option: .deviceDescription), or DEVICE.desc beside the recording)"
        case .script: "the synth script"
        case .statsFile: "a stats file merged"
        case .output: "the output file (-o)"
        case .sweepOutput: "a sweep trace (-o)"
        case .updatedGolden: "the golden file the update writes"
        case .junitReport: "the JUnit report"
        case .htmlReport: "the HTML report"
        }
    }
}
