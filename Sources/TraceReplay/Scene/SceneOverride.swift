import GestureEngine
import TraceReading

/// `--set NAME.PROPERTY=VALUE` (or `KIND.PROPERTY=VALUE`): a parameter of the scene's recognizers
/// changed after the scene is loaded (a scene file, the trace's own scene, or the default one), to ask
/// "what if this threshold were different" without editing scenes.
///
/// - `NAME` is a recognizer of the scene: only it changes. Otherwise `KIND` is a kind of the catalog
///   (built-in or registered): every recognizer of that kind changes (none, when the scene has none:
///   the value is still checked on a new recognizer of the kind, so a bad one never passes silently).
/// - The property and value are checked by the scene loader's own code (`SceneLoader.setParameter`):
///   the same properties, ranges and messages as a scene file's keys.
/// - VALUE is a number, `true`/`false`, or a name; `a,b` is a list of names (`direction=left,right`).
/// - Overrides apply in order (a later one wins), those of a trace's `NAME.args` before the command
///   line's.
public struct SceneOverride: Sendable, Hashable, CustomStringConvertible {
    /// A recognizer name or a kind.
    public var target: String
    public var property: String
    /// The value as written.
    public var value: String
    /// Where it was written: a `NAME.args` file's line and column; nil on the command line.
    public var location: SourceLocation?
    /// A `NAME` that is neither a recognizer of the scene nor a kind is skipped instead of an error:
    /// the corpus commands' (`stats`, `compare`) command line, where another trace's scene may have
    /// it; `checkTargets` then checks the corpus as a whole.
    public var skipsUnknownName = false
    /// The option it came from, as its messages name it (`--set`, or `compare`'s `--a-set`/`--b-set`).
    public var option: String

    /// Parses `NAME.PROPERTY=VALUE` of `option`. Throws (a message without position) when it has
    /// another shape.
    public init(parsing text: String, location: SourceLocation? = nil, option: String = "--set") throws(TraceError) {
        // The last dot: NAME may hold dots (`seed.tickle`, a scroll view's `scroll.pan`), a property does not.
        guard let eq = text.firstIndex(of: "="), let dot = text[..<eq].lastIndex(of: ".") else {
            throw Self.error(
                "expected NAME.PROPERTY=VALUE (NAME a recognizer or a kind), e.g. tap.allowableMovement=15", text, location, option: option)
        }
        target = String(text[..<dot])
        property = String(text[text.index(after: dot)..<eq])
        value = String(text[text.index(after: eq)...])
        self.location = location
        self.option = option
        if target.isEmpty || property.isEmpty || value.isEmpty {
            throw Self.error(
                "expected NAME.PROPERTY=VALUE with none of the three empty, e.g. tap.allowableMovement=15", text, location, option: option)
        }
    }

    /// `NAME.PROPERTY=VALUE`.
    public var description: String { target + "." + property + "=" + value }

    static func error(_ message: String, _ text: String, _ location: SourceLocation?, option: String) -> TraceError {
        if let location { return .invalidTrace("\(option) \(text): \(message)", at: location) }
        return .usage("invalid value '\(text)' for \(option): \(message)")
    }

    /// The value as a scene file would hold it, located at the override (the command line: no place).
    var json: JSONValue {
        let at = location ?? .file("")
        if value == "true" { return JSONValue(.bool(true), at: at) }
        if value == "false" { return JSONValue(.bool(false), at: at) }
        if let d = decimalNumber(value) { return JSONValue(.number(d), at: at) }
        if value.contains(",") {
            return JSONValue(
                .array(value.split(separator: ",", omittingEmptySubsequences: false).map { JSONValue(.string(String($0)), at: at) }), at: at
            )
        }
        return JSONValue(.string(value), at: at)
    }

    /// Applies `overrides` in order to `scene`'s recognizers; errors as described on the type (on the
    /// command line a usage error naming its option, in a `NAME.args` file at the override's place).
    public static func apply(_ overrides: [SceneOverride], to scene: Scene, catalog: RecognizerCatalog) throws(TraceError) {
        for o in overrides {
            do throws(TraceError) {
                try o.apply(to: scene, catalog: catalog)
            } catch {
                // Positioned at the override; on the command line, a usage error that quotes it.
                if o.location != nil {
                    throw error.category == .usage
                        ? .invalidTrace(error.diagnostic.text, at: o.location!) : error
                }
                throw error.category == .usage ? error : .usage("invalid value '\(o)' for \(o.option): \(error.diagnostic.text)")
            }
        }
    }

    /// The corpus commands' check of the overrides that skip unknown names (`skipsUnknownName`): a
    /// usage error for the first whose `NAME` is not a kind and no recognizer of any scene replayed
    /// (`names`, every trace's scene's recognizers), naming it and listing `names`.
    public static func checkTargets(_ overrides: [SceneOverride], names: Set<String>, catalog: RecognizerCatalog) throws(TraceError) {
        for o in overrides where o.skipsUnknownName && catalog.kind(named: o.target) == nil && !names.contains(o.target) {
            throw error(
                "no trace's scene has a recognizer '\(o.target)' and no kind is named so; recognizers: \(names.sorted().joined(separator: ", ")); kinds: \(catalog.kindNames.joined(separator: ", "))",
                o.description, o.location, option: o.option)
        }
    }

    private func apply(to scene: Scene, catalog: RecognizerCatalog) throws(TraceError) {
        let at = location ?? .file("")
        if let r = scene.recognizer(named: target) {
            guard let kind = catalog.kind(of: r) else {
                throw .invalidTrace(
                    "recognizer '\(target)' is of kind '\(r.kind)', which the catalog does not list: its properties cannot be set", at: at)
            }
            try SceneLoader.setParameter(property, at: at, json, on: r, kind: kind, otherKeys: [])
            return
        }
        guard let kind = catalog.kind(named: target) else {
            if skipsUnknownName { return }
            throw .invalidTrace(
                "unknown recognizer or kind '\(target)'; recognizers: \(scene.recognizers.map(\.name).joined(separator: ", ")); kinds: \(catalog.kindNames.joined(separator: ", "))",
                at: at)
        }
        var matched = false
        for r in scene.recognizers where catalog.kind(of: r)?.sceneName == kind.sceneName {
            try SceneLoader.setParameter(property, at: at, json, on: r, kind: kind, otherKeys: [])
            matched = true
        }
        if !matched {
            // No recognizer of the kind here (another trace's scene may have one): still check it.
            let probe = try catalog.makeRecognizer(kind: target, name: target)
            try SceneLoader.setParameter(property, at: at, json, on: probe, kind: kind, otherKeys: [])
        }
    }
}
