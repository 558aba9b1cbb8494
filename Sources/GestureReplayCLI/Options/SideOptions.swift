import TraceReplay

/// Two configurations of one corpus or trace: side A's and side B's scene and `--set`s (compare,
/// and shrink's disagreement oracle).
enum SideOptions {
    static let aScene = Option<CorpusOptions>(
        OptionSpec(long: "a-scene", valueName: "FILE", isPath: true, help: "side A's scene")
    ) { p, v in
        p.aScene = v
    }

    static let bScene = Option<CorpusOptions>(
        OptionSpec(long: "b-scene", valueName: "FILE", isPath: true, help: "side B's scene")
    ) { p, v in
        p.bScene = v
    }

    static let aSet = Option<CorpusOptions>(
        OptionSpec(
            long: "a-set", valueName: "NAME.PROP=V", help: "a --set for side A only (repeatable)", isList: true
        )
    ) { p, v throws(UsageError) in
        _ = try parseOverride(v, option: "a-set")
        p.aSet.append(v)
    }

    static let bSet = Option<CorpusOptions>(
        OptionSpec(
            long: "b-set", valueName: "NAME.PROP=V", help: "a --set for side B only (repeatable)", isList: true
        )
    ) { p, v throws(UsageError) in
        _ = try parseOverride(v, option: "b-set")
        p.bSet.append(v)
    }

    /// The group, as commands list it.
    static let all: [Option<CorpusOptions>] = [aScene, bScene, aSet, bSet]
}

/// `NAME.PROPERTY=VALUE` of `--OPTION`, or a usage error.
func parseOverride(_ text: String, option: String) throws(UsageError) -> SceneOverride {
    do throws(TraceError) {
        return try SceneOverride(parsing: text, option: "--" + option)
    } catch {
        throw UsageError(message: error.diagnostic.message)
    }
}
