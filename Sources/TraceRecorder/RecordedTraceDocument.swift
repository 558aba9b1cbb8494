// The file a truth recorder writes: a regular JSON trace (docs/trace-format.md, object form) whose
// `scene` is the snapshot and whose `expect` holds the device's transitions (docs/recording.md).
// Platform independent.

/// A recording as a JSON trace: the screen, the scene, the device's transitions as expectations,
/// the touch rows.
public struct RecordedTraceDocument: Sendable {
    public var scene: RecordedScene
    /// The device's transitions, in the order the actions ran.
    public var transitions: [RecordedTransition]
    /// The touch rows, one JSON object each (``TraceLineWriter`` lines, no line break).
    public var events: [String]
    public var tolerance: RecordingTolerance

    public init(
        scene: RecordedScene, transitions: [RecordedTransition], events: [String], tolerance: RecordingTolerance = RecordingTolerance()
    ) {
        self.scene = scene
        self.transitions = transitions
        self.events = events
        self.tolerance = tolerance
    }

    /// The names whose transitions are compared: the scene's recognizers and the scroll views' pans.
    var compared: [RecordedRecognizer] { scene.recognizers }

    /// The notes of the file: the scene's, then one per transition value the device reported as
    /// not a number (that value is not compared).
    public var notes: [String] {
        var notes = scene.notes
        for t in transitions {
            var dropped: [String] = []
            _ = t.expectation(tolerance, dropped: &dropped)
            if !dropped.isEmpty {
                notes.append(
                    "the device reported \(dropped.joined(separator: ", ")) of \(t.recognizer) \(t.state.rawValue) at "
                        + "\(RecordingJSON.fixed(t.time, decimals: 3)) s as not a number: not compared")
            }
        }
        return notes
    }

    /// The expectations, one JSON object each: every transition, then per recognizer how many
    /// times it went to each state an action sees (`never` for none).
    public var expectations: [String] {
        var result: [String] = []
        var dropped: [String] = []
        for t in transitions { result.append(t.expectation(tolerance, dropped: &dropped)) }
        for r in compared {
            for state in RecordedState.allCases {
                let n = transitions.filter { $0.recognizer == r.name && $0.state == state }.count
                let name = RecordingJSON.string(r.name), s = RecordingJSON.string(state.rawValue)
                if n == 0 {
                    result.append(
                        RecordingJSON.object([
                            ("recognizer", name), ("never", s), ("device", RecordingJSON.string("\(r.name) never \(state.rawValue)")),
                        ]))
                } else {
                    let times = n == 1 ? "1 time" : "\(n) times"
                    result.append(
                        RecordingJSON.object([
                            ("recognizer", name), ("state", s), ("count", String(n)),
                            ("device", RecordingJSON.string("\(r.name) \(state.rawValue) \(times)")),
                        ]))
                }
            }
        }
        return result
    }

    /// The whole file, ending in a line break. The same recording gives the same bytes.
    public var text: String {
        func list(_ items: [String], indent: String) -> String {
            items.isEmpty ? "[]" : "[\n" + items.map { indent + $0 }.joined(separator: ",\n") + "\n" + indent.dropLast(2) + "]"
        }
        let w = RecordingJSON.number(scene.screen.width, decimals: 3) ?? "0"
        let h = RecordingJSON.number(scene.screen.height, decimals: 3) ?? "0"
        var sceneMembers = [
            "    \"views\": " + list(scene.views.map(\.json), indent: "      "),
            "    \"recognizers\": " + list(scene.recognizers.filter(\.listed).map(\.json), indent: "      "),
        ]
        let notes = self.notes
        if !notes.isEmpty { sceneMembers.append("    \"notes\": " + list(notes.map(RecordingJSON.string), indent: "      ")) }
        return "{\n"
            + "  \"screen\": {\"width\": \(w), \"height\": \(h)},\n"
            + "  \"scene\": {\n" + sceneMembers.joined(separator: ",\n") + "\n  },\n"
            + "  \"expect\": " + list(expectations, indent: "    ") + ",\n"
            + "  \"events\": " + list(events, indent: "    ") + "\n"
            + "}\n"
    }
}
