/// The file formats a trace can be read from.
public enum TraceFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// One JSON document: `{"events": [...], "screen": ..., "scene": ...}` or a bare array of events.
    case json
    /// JSON Lines / NDJSON: one event object per line.
    case jsonl
    /// Comma-separated values with a header row.
    case csv
    /// Android `getevent -lt` / `getevent -t` output (optionally after `getevent -lp` / `-p`).
    case getevent
    /// Linux `evemu-record` output.
    case evemu
    /// Linux `libinput record` YAML.
    case libinput
    /// Linux `evtest` output.
    case evtest
    /// Android `MotionEvent.toString()` lines from logcat.
    case motionevent
    // UI-test gesture descriptions (UITestTraceReader, docs/ui-tests.md).
    /// W3C WebDriver Perform Actions body: `{"actions": [{"type": "pointer", ...}]}`.
    case w3cActions = "w3c-actions"
    /// Appium TouchAction / MultiTouchAction chains and `mobile:` gestures.
    case appium
    /// WebKit `sendEventStream` JSON (HIDEventGenerator).
    case webkitEvents = "webkit-events"

    /// What reads a format.
    public enum Family: Sendable {
        /// The canonical trace in points (`json`, `jsonl`, `csv`): the formats gesturereplay writes.
        case canonical
        /// A device recording in raw device units (``RecordingTraceReader``, one grammar per format).
        case recording
        /// A UI-test gesture description (``UITestTraceReader``).
        case uiTest
    }

    /// Everything the reading side knows about a format but how its content is sniffed and read.
    struct Descriptor {
        /// The `--input-format` values that name it (any letter case), its name first.
        var names: [String]
        /// The file-name extensions that name it, without the dot, the first the one written.
        var pathExtensions: [String] = []
        var family: Family
    }

    /// The table of formats: one row per format (its grammar, for a recording, is
    /// `TraceFormat.recordingGrammar`). A new format is its case, its row, its sniffing and its reader.
    var descriptor: Descriptor {
        switch self {
        case .json: Descriptor(names: ["json"], pathExtensions: ["json"], family: .canonical)
        case .jsonl: Descriptor(names: ["jsonl", "ndjson", "jsonlines"], pathExtensions: ["jsonl", "ndjson"], family: .canonical)
        case .csv: Descriptor(names: ["csv"], pathExtensions: ["csv"], family: .canonical)
        case .getevent: Descriptor(names: ["getevent"], pathExtensions: ["getevent"], family: .recording)
        case .evemu: Descriptor(names: ["evemu", "evemu-record"], pathExtensions: ["evemu"], family: .recording)
        case .libinput: Descriptor(names: ["libinput", "libinput-record"], family: .recording)
        case .evtest: Descriptor(names: ["evtest"], pathExtensions: ["evtest"], family: .recording)
        case .motionevent: Descriptor(names: ["motionevent"], family: .recording)
        case .w3cActions: Descriptor(names: ["w3c-actions"], family: .uiTest)
        case .appium: Descriptor(names: ["appium"], family: .uiTest)
        case .webkitEvents: Descriptor(names: ["webkit-events"], family: .uiTest)
        }
    }

    /// What reads it: the canonical readers, a recording's grammar, or the UI-test reader.
    public var family: Family { descriptor.family }

    /// The device-recording formats (read by ``RecordingTraceReader``).
    public var isRecording: Bool { family == .recording }

    /// The UI-test gesture descriptions (read by ``UITestTraceReader``).
    public var isUITest: Bool { family == .uiTest }

    /// Parses a `--input-format` value: a format's name (``name``), or another name of it
    /// (`ndjson` and `jsonlines` for `jsonl`, `evemu-record`, `libinput-record`); any letter case.
    public init?(name: String) {
        let name = traceASCIILowercased(name)
        guard let format = Self.allCases.first(where: { $0.descriptor.names.contains(name) }) else { return nil }
        self = format
    }

    /// The file-name extensions that name this format, without the dot, the first the one written
    /// (`gesturereplay convert -o x.csv`): `json`; `jsonl`, `ndjson`; `csv`; `evemu`; `getevent`;
    /// `evtest`. Empty for the formats only sniffed or given (`--input-format`). The one list of
    /// trace extensions: reading (``init(pathExtensionOf:)``), suite discovery and golden names
    /// (``TracePath``) all use it.
    public var pathExtensions: [String] { descriptor.pathExtensions }

    /// Extensions under which the capture docs tell users to save device recordings whose format
    /// the name does not say (`phone.txt`, `motion.txt`, `drag.yml`; evemu-devices' `.events`), no
    /// dot: such a file is read by sniffing its content, and is a trace in a suite only when that
    /// content is a recording (``TraceSuite/isRecordingByContent(_:)``).
    public static let sniffedPathExtensions = ["txt", "yml", "yaml", "log", "events"]

    /// The format an extension names (``pathExtensions``, any letter case; no dot), or nil.
    public init?(pathExtension: some StringProtocol) {
        let ext = traceASCIILowercased(String(pathExtension))
        guard let format = Self.allCases.first(where: { $0.pathExtensions.contains(ext) }) else { return nil }
        self = format
    }

    /// The format implied by a path's extension (`.json`, `.jsonl`, `.ndjson`,
    /// `.csv`; `.evemu`, `.getevent`, `.evtest`; any letter case: ``pathExtensions``, the extension
    /// as ``TracePath`` finds it), or `nil` for another extension (`.txt`, `.yml`, `.log`:
    /// sniffed), no extension or `-`.
    public init?(pathExtensionOf path: String) {
        guard let format = TracePath(path).format else { return nil }
        self = format
    }

    /// Guesses the format from the first bytes of an input (after an optional
    /// UTF-8 BOM and whitespace):
    /// - a device recording's first lines (getevent, evemu, libinput record, evtest, MotionEvent)
    ///   → that recording's format;
    /// - `[` → ``json``;
    /// - `{` → ``json`` if the first object has a top-level `"events"`,
    ///   `"screen"`, `"scene"` or `"expect"` key, or does not end on its first line;
    ///   otherwise ``jsonl`` (a one-line event object);
    /// - anything else (a header name, `#` comment, quote) → ``csv``.
    ///
    /// `bytes` may be a prefix of the input; an object cut off by the end of the
    /// prefix counts as multi-line (``json``), unless one of its top-level keys
    /// so far is an event field (`t`, `phase`, ...): that is a JSON Lines event
    /// whose line is longer than the prefix (``jsonl``).
    public static func sniff(_ bytes: UnsafeBufferPointer<UInt8>) -> TraceFormat {
        var i = 0
        let n = bytes.count
        if n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
        while i < n, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        guard i < n else { return .csv }
        if let recording = sniffRecording(UnsafeBufferPointer(rebasing: bytes[i...])) { return recording }
        if bytes[i] == UInt8(ascii: "[") { return .json }
        guard bytes[i] == UInt8(ascii: "{") else { return .csv }
        if let uiTest = UITestSniffer.sniff(UnsafeBufferPointer(rebasing: bytes[i...])) { return uiTest }
        // Walk the first object: note its depth-1 keys and whether it closes on this line.
        var depth = 0
        var expectingKey = false
        var sawEventField = false
        while i < n {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                expectingKey = c == UInt8(ascii: "{") && depth == 1
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                i += 1
                if depth == 0 { return .jsonl }
            case UInt8(ascii: ","):
                expectingKey = depth == 1
                i += 1
            case UInt8(ascii: "\""):
                let start = i + 1
                i += 1
                while i < n && bytes[i] != UInt8(ascii: "\"") {
                    if bytes[i] == UInt8(ascii: "\\") { i += 1 }
                    i += 1
                }
                if expectingKey && i <= n {
                    let key = Array(bytes[start..<min(i, n)])
                    if key == Array("events".utf8) || key == Array("screen".utf8) || key == Array("scene".utf8)
                        || key == Array("expect".utf8)
                    {
                        return .json
                    }
                    if i < n, !key.isEmpty, key.withUnsafeBufferPointer({ TraceField.match($0.baseAddress!, $0.count) }) != nil {
                        sawEventField = true
                    }
                }
                expectingKey = false
                i += 1
            case 0x0A:
                return .json
            default:
                i += 1
            }
        }
        // Cut off by the end of the prefix, still on the first line.
        return sawEventField ? .jsonl : .json
    }

    /// A device recording, recognized by its first lines: a getevent timestamp `[   123.456789]` or
    /// `add device 1: /dev/input/...`; evemu's `# EVEMU` / `N:` / `E:` lines; libinput record's
    /// first line `# libinput record`, or a `version:` line followed by `ndevices:` or `libinput:`; evtest's `Input driver version` or
    /// `Event: time`; a `MotionEvent { action=` anywhere in the prefix.
    static func sniffRecording(_ b: UnsafeBufferPointer<UInt8>) -> TraceFormat? {
        func starts(_ s: String, at k: Int = 0) -> Bool {
            let u = Array(s.utf8)
            guard b.count - k >= u.count else { return false }
            for j in 0..<u.count where b[k + j] != u[j] { return false }
            return true
        }
        func contains(_ s: String) -> Bool {
            let u = Array(s.utf8)
            guard b.count >= u.count, let first = u.first else { return false }
            var k = 0
            while k + u.count <= b.count {
                if b[k] == first {
                    var ok = true
                    for j in 1..<u.count where b[k + j] != u[j] { ok = false; break }
                    if ok { return true }
                }
                k += 1
            }
            return false
        }
        if starts("[") {
            // `[   51442.155212] ...`: a number with a point after the bracket (a bad one too, so
            // its error is a getevent one), then `] `; a JSON trace is an array of objects, and a
            // build log's `[ 12%] ...` has no point.
            var k = 1
            while k < b.count && b[k] == 0x20 { k += 1 }
            guard k < b.count, b[k] &- UInt8(ascii: "0") < 10 else { return nil }
            var point = false
            while k < b.count && b[k] != 0x20 && b[k] != UInt8(ascii: "]") && b[k] != 0x0A {
                if b[k] == UInt8(ascii: ".") { point = true }
                k += 1
            }
            while k < b.count && b[k] == 0x20 { k += 1 }
            return point && k + 1 < b.count && b[k] == UInt8(ascii: "]") && b[k + 1] == 0x20 ? .getevent : nil
        }
        if starts("add device ") || starts("could not get driver version") { return .getevent }
        if starts("# EVEMU") || starts("N: ") || starts("E: ") { return .evemu }
        // `libinput record` writes `# libinput record` first; older or hand-trimmed files start at `version:`.
        if starts("# libinput record") || starts("version:") && (contains("\nndevices:") || contains("\nlibinput:")) {
            return .libinput
        }
        if starts("Input driver version") || starts("Event: time ") || starts("Input device ID:") { return .evtest }
        if contains("MotionEvent { action=") { return .motionevent }
        return nil
    }

    /// Guesses the format of `bytes` (see ``sniff(_:)-(UnsafeBufferPointer<UInt8>)``).
    public static func sniff(_ bytes: [UInt8]) -> TraceFormat {
        bytes.withUnsafeBufferPointer { sniff($0) }
    }

    /// The command-line spelling (`--input-format` / `--time-unit` value).
    public var name: String { rawValue }

    /// `json`, `jsonl`, `csv` or a recording format's name.
    public var description: String { rawValue }
}
