import TraceReplay

/// The scene a trace runs in and what changes its outcomes (`--scene`, `--recognizers`, `--set`,
/// `--velocity`, `--sort`): the replaying commands, the corpus commands (`stats`, `compare`),
/// `shrink` and `NAME.args` take them.
enum SceneOptions {
    static let scene = Option<ReplayOptions>(
        OptionSpec(
            long: "scene", valueName: "FILE", isPath: true,
            help: "scene (views and recognizers) to use instead of the trace's own"
        )
    ) { p, v in
        p.scene.path = v
    }

    static let recognizers = Option<ReplayOptions>(
        OptionSpec(
            long: "recognizers", valueName: "A,B",
            help:
                "run only these recognizers of the scene (warns when one left out\nis required by, or simultaneous with, one kept); repeats combine",
            isList: true
        ),
        emptyList: {
            $0.scene.recognizerFilter = nil
            $0.scene.recognizerFilterLocations = [:]
        }
    ) { p, v, at throws(UsageError) in
        let names = try nameList("recognizers", v)
        if let at { for name in names { p.scene.recognizerFilterLocations[name] = at } }
        p.scene.recognizerFilter = (p.scene.recognizerFilter ?? []) + names
    }

    static let sort = Option<ReplayOptions>(
        OptionSpec(
            long: "sort",
            help:
                "order the rows by time first (stable), for traces exported\nfinger by finger; reads the whole trace into memory\nbefore replaying (at most about 180 bytes per row)"
        )
    ) { p, _ in
        p.reading.sortsByTime = true
    }

    static let velocity = Option<ReplayOptions>(
        OptionSpec(
            long: "velocity", valueName: "ESTIMATOR", choices: VelocityEstimatorKind.allCases.map(\.rawValue),
            help:
                "velocity estimator (default uikit) for --touches and for the pans,\nmarquees and screen-edge pans of a scene that names none (so stats'\nand compare's pan velocities and outcomes)"
        )
    ) { p, v throws(UsageError) in
        p.scene.velocityEstimator = try choice(
            "velocity", v, VelocityEstimatorKind.init(rawValue:), VelocityEstimatorKind.allCases.map(\.rawValue))
    }

    static let set = Option<ReplayOptions>(
        OptionSpec(
            long: "set", valueName: "NAME.PROP=V",
            help:
                "change a scene parameter after the scene is loaded: recognizer\nNAME's, or every recognizer of kind NAME's (checked as in a\nscene file); repeatable, in order, after NAME.args's",
            isList: true
        )
    ) { p, v, location throws(UsageError) in
        do throws(TraceError) {
            p.scene.overrides.append(try SceneOverride(parsing: v, location: location))
        } catch {
            throw UsageError(message: error.diagnostic.message, location: location)
        }
    }

    /// The group, as commands list it.
    static let all: [Option<ReplayOptions>] = [scene, recognizers, sort, velocity, set]
}
