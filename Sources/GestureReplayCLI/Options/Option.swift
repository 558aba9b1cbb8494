import TraceReplay

/// One option and what it does: its ``OptionSpec`` (names, value, help) and how its value is
/// written into `Values`, the value type of the group or command that declares it
/// (swift-argument-parser's `@Option` and `@OptionGroup`, by hand). A group's options are declared
/// for the group's value (`ReadingOptions` for `ReplayOptions`, `SuiteRunOptions` for
/// `SuiteOptions`); a command takes them into its own stored property with ``embedded(at:)``, so
/// a command's options are `[Option<Command>]` and parsing fills the command itself.
struct Option<Values>: Sendable {
    /// Its names, value and help.
    let spec: OptionSpec
    /// Stores the value (`""` for a flag; a list option appends); `location` is where a `NAME.args`
    /// file holds the value (nil on the command line).
    let write: @Sendable (inout Values, _ value: String, _ location: SourceLocation?) throws(UsageError) -> Void
    /// A list option's: empties its list (before a place's first use: ``apply(_:to:options:place:)``).
    let emptyList: (@Sendable (inout Values) -> Void)?

    /// An option whose value does not need to know where it was written.
    init(
        _ spec: OptionSpec, emptyList: (@Sendable (inout Values) -> Void)? = nil,
        write: @escaping @Sendable (inout Values, String) throws(UsageError) -> Void
    ) {
        self.spec = spec
        self.emptyList = emptyList
        self.write = { values, value, _ throws(UsageError) in try write(&values, value) }
    }

    /// An option whose value keeps where a `NAME.args` file wrote it (`--set`, `--recognizers`,
    /// `--show`: a name the scene lacks is reported there).
    init(
        _ spec: OptionSpec, emptyList: (@Sendable (inout Values) -> Void)? = nil,
        writeAt: @escaping @Sendable (inout Values, String, SourceLocation?) throws(UsageError) -> Void
    ) {
        self.spec = spec
        self.emptyList = emptyList
        self.write = writeAt
    }

    /// An option that writes nothing (`--help`, `--version`: the command line acts on them first).
    static func inert(_ spec: OptionSpec) -> Option { Option(spec) { _, _ in } }

    /// The same option writing into the `Values` at `path` of `Outer` (a command's group property).
    func embedded<Outer>(at path: WritableKeyPath<Outer, Values>) -> Option<Outer> {
        nonisolated(unsafe) let path = path
        let write = self.write
        let empty = self.emptyList.map { empty in { @Sendable (outer: inout Outer) in empty(&outer[keyPath: path]) } }
        return Option<Outer>(spec, emptyList: empty) { outer, value, location throws(UsageError) in
            try write(&outer[keyPath: path], value, location)
        }
    }
}

extension Array {
    /// Each option of a group, writing into the group's value at `path` of `Outer`.
    func embedded<Values, Outer>(at path: WritableKeyPath<Outer, Values>) -> [Option<Outer>] where Element == Option<Values> {
        map { $0.embedded(at: path) }
    }

    /// The options' specs (help, the scanner).
    func specs<Values>() -> [OptionSpec] where Element == Option<Values> { map(\.spec) }
}

/// Applies the options of one place (`NAME.args`, or the command line), in order, to `values`
/// through `options` (an option of `uses` that `options` lacks is skipped: a command line's
/// `check` options over a trace's `NAME.args` values). This is the one rule of places: applied
/// after `NAME.args`, the command line's values win over the file's, and its lists replace the
/// file's. In one place, a list option's repeats combine, a flag may repeat, and an option with
/// one value given twice is a usage error (never silently last-wins).
func apply<Values>(_ uses: [OptionUse], to values: inout Values, options: [Option<Values>], place: String = "") throws(UsageError) {
    var seen: Set<String> = []
    for use in uses {
        guard let option = options.first(where: { $0.spec.isSame(as: use.spec) }) else { continue }
        let first = seen.insert(use.spec.long).inserted
        if use.spec.isList {
            if first { option.emptyList?(&values) }
        } else if use.spec.takesValue && !first {
            throw UsageError(
                message: "option \(use.spec.longFlag) given twice\(place); give it once", argument: use.argument.map { ($0, 0) })
        }
        do throws(UsageError) {
            try option.write(&values, use.value, use.valueLocation)
        } catch {
            // A value's error is about the value.
            var e = error
            if e.location == nil && e.argument == nil { e.argument = use.valueArgument ?? use.argument.map { ($0, 0) } }
            throw e
        }
    }
}
