import GestureEngine

/// The grammar of one recording format: how its lines read. ``RecordingCore`` owns the rest (the
/// lines, the devices and the choice of one, the mapping, the frames, every warning), so a format
/// is one conforming type in a file named after it, plus its line in ``TraceFormat/recordingGrammar``.
///
/// A grammar reads the core's current line, `core.base[core.ls..<core.le]` (line `core.line`), and
/// yields to the core:
/// - for a header line, nil, after describing the devices in `core.devices` (``RecordingCore/addDevice(path:_:)``,
///   ``RecordingCore/ensureDevice()``, names, capabilities, axis ranges by ``RecordingCore/setRange(_:_:_:)``);
/// - for an event line, its ``EvdevEvent`` (the core picks the device, decodes and frames it), or nil
///   when its type or code is unknown (counted by ``RecordingCore/countUnknown(at:)``, said at the end);
/// - for a line it cannot read, a ``TraceError`` positioned in the line (``RecordingCore/error(_:at:)``).
///
/// Grammars are stateless types (their header state, such as the current section, is the core's):
/// each call is a static call on the core in place, no copy, no allocation.
protocol RecordingGrammar {
    /// Reads `core`'s current line.
    static func parseLine(_ core: inout RecordingCore) throws(TraceError) -> EvdevEvent?
    /// Reads what the header needs before the recording's first line (evemu: a device description
    /// file). By default nothing.
    static func readBeforeHeader(_ core: inout RecordingCore) throws(TraceError)
    /// How a recording in this format gets the axis ranges it lacks, in a message that says they
    /// are missing (default: record the device's header, or give the raw size).
    static var rangesRemedy: DiagnosticText { get }
    /// Completes the header once the first event line is read and held in `core.pending` (getevent:
    /// a `-lp` block after the events). By default nothing.
    static func readAfterHeader(_ core: inout RecordingCore) throws(TraceError)
}

extension RecordingGrammar {
    static func readBeforeHeader(_ core: inout RecordingCore) throws(TraceError) {}
    static func readAfterHeader(_ core: inout RecordingCore) throws(TraceError) {}
    static var rangesRemedy: DiagnosticText { RawMapping.defaultRangesRemedy }
}

extension TraceFormat {
    /// The grammar of a recording format (``isRecording``).
    var recordingGrammar: any RecordingGrammar.Type {
        switch self {
        case .getevent: GeteventGrammar.self
        case .evemu: EvemuGrammar.self
        case .libinput: LibinputGrammar.self
        case .evtest: EvtestGrammar.self
        case .motionevent: MotionEventGrammar.self
        default: preconditionFailure("not a recording format: \(self)")
        }
    }
}
