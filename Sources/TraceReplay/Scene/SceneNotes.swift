import TraceReading

/// A scene's `"notes"`: sentences a recorder wrote about what the replay cannot model or compare (a
/// recognizer class with no registered kind, a view replayed as its UIKit superclass, a value the
/// device reported as not a number; docs/recording.md). Each is printed as a note at its place on
/// every replay of the scene, so nothing recorded is dropped without a word.
enum SceneNotes {
    /// The notes in `json` (the value of `"notes"`): an array of strings, else an error at the value.
    static func read(_ json: JSONValue) throws(TraceError) -> [Diagnostic] {
        var notes: [Diagnostic] = []
        for item in try json.array(at: "\"notes\"") {
            notes.append(.note(try item.string(at: "a note"), at: item.location))
        }
        return notes
    }
}
