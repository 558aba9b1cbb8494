/// An option a diagnostic points to ("`--sort` orders them by time"), named by what it does rather
/// than by how a front end spells it: the library's messages keep it as data (``DiagnosticText``)
/// and each reader of a message spells it (``OptionSpelling``): a library user reads the
/// ``ReplayOptions`` or ``RecordingImportOptions`` property (``OptionSpelling/library``), the
/// command line its flag (the spelling it passes to ``DiagnosticFormatter``).
///
/// One case per option concept the library's messages name; a case added here needs a spelling in
/// every ``OptionSpelling`` (the library's is a switch, so it does not compile without one; the
/// command line's is pinned by a test).
public enum OptionHint: String, Hashable, Sendable, CaseIterable {
    /// The unit of the trace's timestamps (``ReplayOptions/Reading/timeUnit``).
    case timeUnit
    /// The unit chosen from the first rows' intervals (``ReplayOptions/Reading/detectsTimeUnit``).
    case timeUnitDetection
    /// Rows ordered by time before the replay (``ReplayOptions/Reading/sortsByTime``).
    case sort
    /// Sequence problems repaired with warnings (``ReplayOptions/Reading/lenient``).
    case lenient
    /// Only some recognizers of the scene run (``ReplayOptions/SceneSetup/recognizerFilter``).
    case recognizerFilter
    /// Only some recognizers' lines are printed (``ReplayOptions/Output/shownRecognizers``).
    case shownRecognizers
    /// A scene file (``ReplayOptions/SceneSetup/path``).
    case scene
    /// The screen size in points (``ReplayOptions/Reading/screen``).
    case screen
    /// Timers fire on the wall clock while a live input waits (``ReplayOptions/LiveInput/live``).
    case live
    /// The raw axis extent of a recording without ranges (``RecordingImportOptions/rawSize``).
    case rawSize
    /// Raw units per point (``RecordingImportOptions/density``).
    case density
    /// The panel's rotation (``RecordingImportOptions/rotation``).
    case rotation
    /// Either mirror of the raw axes (``RecordingImportOptions/flipX``, ``RecordingImportOptions/flipY``).
    case flip
    /// The mirror of the raw x axis (``RecordingImportOptions/flipX``).
    case flipX
    /// The mirror of the raw y axis (``RecordingImportOptions/flipY``).
    case flipY
    /// The device of a recording to read (``RecordingImportOptions/device``).
    case device
    /// An evemu device description (``RecordingImportOptions/descPath``).
    case deviceDescription
    /// How often a UI-test description's moves are sampled (``UITestImportOptions/moveInterval``).
    case moveInterval
    /// A UI-test element's rectangle (``UITestImportOptions/elements``).
    case element
    /// The screen's pixels per point, for XCTest's velocities (``UITestImportOptions/pixelScale``).
    case pixelScale
    // The tools' own options (GestureReplayTools).
    /// Golden files (re)written rather than compared (`TraceCheck.run(update:)`).
    case updateGolden
    /// A trace declared to fail, its golden file holding the error (`TraceCheck.run(expectsError:)`).
    case expectError
    /// Where a picture's window starts, in trace seconds (`PictureWindow.from`).
    case pictureFrom
    /// Where a picture's window ends, in trace seconds (`PictureWindow.to`).
    case pictureTo
    /// A picture lists every outcome, a scroll view's own recognizers too (`Picture.svg(listsEveryOutcome:)`).
    case everyOutcome
    /// The recognizer and state a shrunk trace must still reach (`ShrinkProperty.reaches`).
    case shrinkUntil
    /// The second configuration of a disagreement to shrink (`ShrinkOracle.make(b:)`).
    case shrinkConfigurations
    /// Corpus statistics as JSON (`CorpusStats.json()`).
    case statsJSON
}
