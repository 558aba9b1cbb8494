/// How a reader of diagnostics spells the options they name (``OptionHint``): the library spells
/// them as the properties a library user sets (``library``); the command line passes its flags to
/// its ``DiagnosticFormatter`` (`--time-unit ms`), so its messages stay those of the command line.
public struct OptionSpelling: Sendable {
    private let spelling: @Sendable (OptionHint, String?) -> String

    /// A spelling: `spell(hint, value)` is the text for `hint` with the value the message suggests
    /// for it (`ms`, `PATH|NAME`), or nil when it suggests none.
    public init(_ spell: @escaping @Sendable (_ hint: OptionHint, _ value: String?) -> String) {
        spelling = spell
    }

    /// The text for `hint` with `value`.
    public func spell(_ hint: OptionHint, value: String? = nil) -> String { spelling(hint, value) }

    /// The library's spelling: the property of ``ReplayOptions``, ``RecordingImportOptions`` or
    /// ``UITestImportOptions`` that sets the option (for the tools' options, the GestureReplayTools
    /// parameter or property), with the suggested value as `= value`
    /// (`ReplayOptions.reading.timeUnit = ms`, `RecordingImportOptions.device = PATH|NAME`,
    /// `UITestImportOptions.elements["tap"] = X,Y,W,H`). Values are written as the messages give
    /// them (a time unit by its short name), not as Swift expressions.
    public static let library = OptionSpelling { hint, value in
        let name = libraryName(hint)
        guard let value else { return name }
        if hint == .element, let eq = value.firstIndex(of: "=") {
            return "\(name)[\"\(value[..<eq])\"] = \(value[value.index(after: eq)...])"
        }
        return "\(name) = \(value)"
    }

    /// The property that sets `hint`, qualified by its type: the one table of library names (when a
    /// property moves, change it here).
    public static func libraryName(_ hint: OptionHint) -> String {
        switch hint {
        case .timeUnit: "ReplayOptions.reading.timeUnit"
        case .timeUnitDetection: "ReplayOptions.reading.detectsTimeUnit"
        case .sort: "ReplayOptions.reading.sortsByTime"
        case .lenient: "ReplayOptions.reading.lenient"
        case .recognizerFilter: "ReplayOptions.scene.recognizerFilter"
        case .shownRecognizers: "ReplayOptions.output.shownRecognizers"
        case .scene: "ReplayOptions.scene.path"
        case .screen: "ReplayOptions.reading.screen"
        case .live: "ReplayOptions.liveInput.live"
        case .rawSize: "RecordingImportOptions.rawSize"
        case .density: "RecordingImportOptions.density"
        case .rotation: "RecordingImportOptions.rotation"
        case .flip: "RecordingImportOptions.flipX/flipY"
        case .flipX: "RecordingImportOptions.flipX"
        case .flipY: "RecordingImportOptions.flipY"
        case .device: "RecordingImportOptions.device"
        case .deviceDescription: "RecordingImportOptions.descPath"
        case .moveInterval: "UITestImportOptions.moveInterval"
        case .element: "UITestImportOptions.elements"
        case .pixelScale: "UITestImportOptions.pixelScale"
        case .updateGolden: "TraceCheck.run(update:)"
        case .expectError: "TraceCheck.run(expectsError:)"
        case .pictureFrom: "PictureWindow.from"
        case .pictureTo: "PictureWindow.to"
        case .everyOutcome: "Picture.svg(listsEveryOutcome:)"
        case .shrinkUntil: "ShrinkProperty.reaches"
        case .shrinkConfigurations: "ShrinkOracle.make(b:)"
        case .statsJSON: "CorpusStats.json()"
        }
    }
}
