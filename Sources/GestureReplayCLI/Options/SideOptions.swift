import TraceReplay

/// Two configurations of one corpus or trace: side A's and side B's scene and `--set`s (compare,
/// and shrink's disagreement oracle).
enum SideOptions {
    static let aScene = OptionSpec(long: "a-scene", valueName: "FILE", isPath: true, help: "side A's scene") { p, v in
        p.corpus.aScene = v
    }

    static let bScene = OptionSpec(long: "b-scene", valueName: "FILE", isPath: true, help: "side B's scene") { p, v in
        p.corpus.bScene = v
    }

    static let aSet = OptionSpec(
        long: "a-set", valueName: "NAME.PROP=V", help: "a --set for side A only (repeatable)",
        resetList: { _ in }
    ) { p, v throws(UsageError) in
        _ = try parseOverride(v, option: "a-set")
        p.corpus.aSet.append(v)
    }

    static let bSet = OptionSpec(
        long: "b-set", valueName: "NAME.PROP=V", help: "a --set for side B only (repeatable)",
        resetList: { _ in }
    ) { p, v throws(UsageError) in
        _ = try parseOverride(v, option: "b-set")
        p.corpus.bSet.append(v)
    }

    /// The group, as commands list it.
    static let all: [OptionSpec] = [aScene, bScene, aSet, bSet]
}
