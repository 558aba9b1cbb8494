import GestureEngine
import TraceKit

/// What the user asked for on the command line.
enum Command {
    /// Replay one trace and print what was recognized.
    case replay(ReplayOptions)
    /// Compare a replay with its golden file (`--update` rewrites it).
    case check(ReplayOptions, expectPath: String?, update: Bool)
    /// Run every trace under the given folders/files as a regression suite.
    case test(SuiteOptions)
    case help
    case version
}

/// A usage error: printed with the usage line, exit code 2.
struct UsageError: Error {
    let message: String
}

/// Parses `arguments` (without the program name). The first `fileArgumentCount` arguments after the
/// subcommand come from a NAME.args file: an option given there and again on the command line
/// takes the command line's value; an option that takes one value given twice in the same place is
/// a usage error (list options, `--recognizers`, `--show`, `--states`, combine).
func parseCommandLine(_ arguments: [String], fileArgumentCount: Int = 0) throws(UsageError) -> Command {
    var args = arguments[...]
    var subcommand = "replay"
    if let first = args.first, ["replay", "check", "test"].contains(first) {
        subcommand = first
        args = args.dropFirst()
    }
    var options = ReplayOptions(inputPath: "")
    var suite = SuiteOptions()
    var paths: [String] = []
    var expectPath: String?
    var update = false
    var optionsEnded = false
    // Options that take one value, as given so far: (from the .args file?, canonical name).
    var given: Set<String> = []
    let argumentCount = args.count
    // List options, from the .args file and from the command line (index 0, 1): repeats in one
    // place combine; the command line's list replaces the file's.
    var recognizers: [[String]?] = [nil, nil]
    var shown: [[String]?] = [nil, nil]
    var states: [Set<GestureRecognizerState>?] = [nil, nil]

    func value(_ name: String) throws(UsageError) -> String {
        guard let v = args.popFirst() else { throw UsageError(message: "option \(name) needs a value") }
        return v
    }
    func list(_ name: String, _ raw: String) throws(UsageError) -> [String] {
        switch parseNameList(raw, option: name) {
        case .success(let names): return names
        case .failure(let e): throw UsageError(message: e.message)
        }
    }
    func choice<T>(_ name: String, _ raw: String, _ make: (String) -> T?, _ valid: [String]) throws(UsageError) -> T {
        guard let v = make(raw) else {
            throw UsageError(message: "invalid value '\(raw)' for \(name) (expected one of: \(valid.joined(separator: ", ")))")
        }
        return v
    }

    while let arg = args.popFirst() {
        let fromFile = argumentCount - args.count - 1 < fileArgumentCount
        if optionsEnded || arg == "-" || !arg.hasPrefix("-") {
            paths.append(arg)
            continue
        }
        // Accept --name=value as well as --name value.
        var name = arg
        if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
            name = String(arg[..<eq])
            args.insert(String(arg[arg.index(after: eq)...]), at: args.startIndex)
        }
        let canonical = ["-f": "--format", "-j": "--jobs"][name] ?? name
        if singleValueOptions.contains(canonical), !given.insert((fromFile ? "file " : "") + canonical).inserted {
            throw UsageError(message: "option \(canonical) given twice\(fromFile ? " in the .args file" : ""); give it once")
        }
        switch name {
        case "--": optionsEnded = true
        case "-h", "--help": return .help
        case "--version": return .version
        case "--format", "-f":
            options.outputFormat = try choice(name, try value(name), OutputFormat.init(rawValue:), OutputFormat.allCases.map(\.rawValue))
        case "--input-format":
            options.inputFormat = try choice(name, try value(name), TraceFormat.init(name:), TraceFormat.allCases.map(\.name))
        case "--time-unit":
            options.timeUnit = try choice(name, try value(name), TimeUnit.init(name:), TimeUnit.allCases.map(\.name))
        case "--scene": options.scenePath = try value(name)
        case "--recognizers":
            let place = fromFile ? 0 : 1
            recognizers[place] = (recognizers[place] ?? []) + (try list(name, try value(name)))
        case "--show":
            let place = fromFile ? 0 : 1
            shown[place] = (shown[place] ?? []) + (try list(name, try value(name)))
        case "--states":
            let raw = try value(name)
            switch StateNames.parse(raw) {
            case .success(let set): states[fromFile ? 0 : 1] = (states[fromFile ? 0 : 1] ?? []).union(set)
            case .failure(let e): throw UsageError(message: "invalid value '\(raw)' for --states: \(e.message)")
            }
        case "--summary": options.summary = true
        case "--color" where subcommand != "replay":
            options.color = try choice(name, try value(name), ColorChoice.init(rawValue:), ColorChoice.allCases.map(\.rawValue))
        case "--touches": options.reportTouches = true
        case "--views": options.reportViews = true
        case "--velocity":
            options.velocityEstimator = try choice(name, try value(name), VelocityEstimatorKind.init(rawValue:), VelocityEstimatorKind.allCases.map(\.rawValue))
        case "--lenient": options.lenient = true
        case "--screen":
            let raw = try value(name)
            let parts = raw.split(separator: "x")
            guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0, w.isFinite, h.isFinite else {
                throw UsageError(message: "invalid value '\(raw)' for --screen (expected WIDTHxHEIGHT in points, e.g. 390x844)")
            }
            options.screen = Size(width: w, height: h)
        case "--expect" where subcommand == "check": expectPath = try value(name)
        case "--update" where subcommand != "replay": update = true
        case "--junit" where subcommand == "test": suite.junitPath = try value(name)
        case "--shard" where subcommand == "test":
            let raw = try value(name)
            let parts = raw.split(separator: "/")
            guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, i >= 1, i <= n else {
                throw UsageError(message: "invalid value '\(raw)' for --shard (expected I/N with 1 <= I <= N, e.g. 2/4)")
            }
            suite.shard = (i, n)
        case "--jobs" where subcommand == "test", "-j" where subcommand == "test":
            let raw = try value(name)
            guard let n = Int(raw), n >= 1 else { throw UsageError(message: "invalid value '\(raw)' for \(name) (expected a positive whole number)") }
            suite.jobs = n
        default:
            throw UsageError(message: "unknown option '\(arg)'" + (subcommand == "replay" ? "" : " for '\(subcommand)'"))
        }
    }

    options.recognizerFilter = recognizers[1] ?? recognizers[0]
    options.shownRecognizers = shown[1] ?? shown[0]
    options.shownStates = states[1] ?? states[0]

    switch subcommand {
    case "test":
        suite.paths = paths.isEmpty ? ["Traces"] : paths
        suite.update = update
        suite.replay = options
        return .test(suite)
    default:
        guard paths.count == 1 else {
            throw UsageError(message: paths.isEmpty ? "missing trace file (use - for standard input)" : "expected one trace file, got \(paths.count)")
        }
        options.inputPath = paths[0]
        return subcommand == "check" ? .check(options, expectPath: expectPath, update: update) : .replay(options)
    }
}

/// Options that take one value: given twice (in one place) is a usage error, never "the last wins".
let singleValueOptions: Set<String> = [
    "--format", "--input-format", "--time-unit", "--scene", "--velocity", "--screen", "--color",
    "--expect", "--junit", "--shard", "--jobs",
]

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
