import TraceReplay

extension OptionSpelling {
    /// The command line's spelling of the options the library's messages name: each
    /// ``OptionHint`` as the flag that sets it, the suggested value after a space
    /// (`--time-unit ms`, `--device PATH|NAME`). The command line formats every diagnostic with it
    /// (``formatter``, golden files, reports), so its messages read as they always did; the one
    /// place that knows the flags behind the library's hints.
    public static let commandLine = OptionSpelling { hint, value in
        let flag = commandLineFlag(hint)
        guard let value else { return flag }
        return flag + " " + value
    }

    /// The flag that sets `hint` (`--flip` names both `--flip-x` and `--flip-y`; `--time-unit
    /// auto` is the value that asks for detection). A tool's option found where another command
    /// may show it is named with its command (`render --all` in `check`'s report), or as the
    /// command that writes the file (`gesturereplay stats --format json`).
    public static func commandLineFlag(_ hint: OptionHint) -> String {
        switch hint {
        case .timeUnit: "--time-unit"
        case .timeUnitDetection: "--time-unit auto"
        case .sort: "--sort"
        case .lenient: "--lenient"
        case .recognizerFilter: "--recognizers"
        case .shownRecognizers: "--show"
        case .scene: "--scene"
        case .screen: "--screen"
        case .live: "--live"
        case .rawSize: "--raw-size"
        case .density: "--density"
        case .rotation: "--rotate"
        case .flip: "--flip"
        case .flipX: "--flip-x"
        case .flipY: "--flip-y"
        case .device: "--device"
        case .deviceDescription: "--desc"
        case .moveInterval: "--move-interval"
        case .element: "--element"
        case .pixelScale: "--pixel-scale"
        case .updateGolden: "--update"
        case .expectError: "--expect-error"
        case .pictureFrom: "--from"
        case .pictureTo: "--to"
        case .everyOutcome: "render --all"
        case .shrinkUntil: "--until"
        case .shrinkConfigurations: "--a-.../--b-..."
        case .statsJSON: "gesturereplay stats --format json"
        }
    }
}
