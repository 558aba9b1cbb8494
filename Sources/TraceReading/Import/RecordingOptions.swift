import GestureEngine

/// How a device recording (getevent, evemu, libinput record, evtest, MotionEvent dump) becomes a
/// trace in points: which device, and how raw panel units map onto the screen.
///
/// Raw units map linearly onto the screen: the axis range `min...max` of the device (from the
/// recording's header, or ``rawSize``) spans `max - min + 1` units (as Android's
/// `TouchInputMapper` scales, `scale = displaySize / rawSize`), and covers ``screen`` in points;
/// or, with ``density``, one point is `density` raw units (Android pixels: pt = px / density).
/// ``rotation`` (clockwise, the panel's x axis pointing down the screen at 90) and the flips apply
/// to panels mounted otherwise. With none of that, raw units are used as points, with one warning.
public struct RecordingImportOptions: Hashable, Sendable {
    /// The screen in points (as displayed, after rotation); the `--screen` option.
    public var screen: Size?
    /// The raw axis extent `width x height` when the recording has no ranges (`--raw-size`).
    public var rawSize: Size?
    /// Raw units per point (`--density`).
    public var density: Double?
    /// 0, 90, 180 or 270 degrees clockwise (`--rotate`).
    public var rotation: Int = 0
    /// Mirror the raw x axis (`--flip-x`), before rotation.
    public var flipX = false
    /// Mirror the raw y axis (`--flip-y`), before rotation.
    public var flipY = false
    /// The device to read, by path (`/dev/input/event2`) or name (`--device`); nil picks the only
    /// touchscreen-like one.
    public var device: String?
    /// An evemu device description (`evemu-describe` output, `--desc`) giving the axis ranges of an
    /// `evemu-record` recording that has none. Without it, `DEVICE.desc` beside a recording named
    /// `DEVICE.GESTURE.events` (how whot/evemu-devices stores them) is used, with a note.
    public var descPath: String?
    /// Report the mapping used as a one-line note (`--summary`); not a mapping option.
    public var reportsMapping = false
    /// How a UI-test description (W3C actions, Appium, WebKit event stream) is read: `--move-interval`,
    /// `--element` (docs/ui-tests.md). Appium also reads ``density`` (pixels per point).
    public var uiTests = UITestImportOptions()

    public init() {}

    /// Whether any mapping or device option is set (they only apply to recordings).
    public var isDefault: Bool {
        var plain = self
        plain.reportsMapping = false
        return plain == RecordingImportOptions()
    }
}

/// A device's axis ranges and where they were read (a header line, or a `.desc` file's).
struct DeviceRanges {
    var x: ClosedRange<Int64>, y: ClosedRange<Int64>
    var location: SourceLocation
}

/// The linear raw-to-points mapping of one device, fixed before the first row.
struct RawMapping {
    var minX = 0.0, minY = 0.0
    /// Raw extent (max - min + 1); 0 when unknown (identity or density-only mapping).
    var spanX = 0.0, spanY = 0.0
    /// The screen in points, as displayed.
    var width = 0.0, height = 0.0
    /// Raw units per point when the recording has no ranges (`--density` alone); 0 otherwise.
    var density = 0.0
    var rotation = 0
    var flipX = false, flipY = false
    var identity = true

    /// The screen size in points, when the mapping knows it (not for the identity mapping, nor for
    /// `--density` without axis ranges).
    var screen: Size? { identity || density > 0 ? nil : Size(width: width, height: height) }

    /// What ``make(_:ranges:format:at:)`` decided: the mapping, the warnings to report once, and
    /// a one-line summary of the mapping (`--summary`).
    struct Decision {
        var mapping: RawMapping
        var warnings: [Diagnostic]
        var summary: DiagnosticText
    }

    /// How a recording of `format` can get the axis ranges it lacks (its grammar's
    /// ``RecordingGrammar/rangesRemedy``).
    static func rangesRemedy(_ format: TraceFormat) -> DiagnosticText {
        format.isRecording ? format.recordingGrammar.rangesRemedy : defaultRangesRemedy
    }

    /// How a recording whose grammar says nothing more can get its axis ranges.
    static var defaultRangesRemedy: DiagnosticText { "record the device's header with it, or give \(option: .rawSize, "WxH")" }

    private static func text(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }

    /// Builds the mapping from the options and the device's axis ranges (`nil` when the recording
    /// has none). Throws when the options cannot apply or contradict each other.
    static func make(
        _ options: RecordingImportOptions, ranges: DeviceRanges?, format: TraceFormat, at location: SourceLocation
    ) throws(TraceError) -> Decision {
        var m = RawMapping()
        m.rotation = options.rotation
        m.flipX = options.flipX
        m.flipY = options.flipY
        var warnings: [Diagnostic] = []
        var rangeText: DiagnosticText = ""
        var rangeLocation = location
        var zeroWidth: String?
        if let raw = options.rawSize {
            m.spanX = raw.width
            m.spanY = raw.height
            rangeText = "raw \(text(raw.width)) x \(text(raw.height)) (\(option: .rawSize))"
            if let r = ranges {
                // Spans in Double: a range wider than 64 bits must not overflow.
                let sx = Double(r.x.upperBound) - Double(r.x.lowerBound) + 1
                let sy = Double(r.y.upperBound) - Double(r.y.lowerBound) + 1
                if sx != raw.width || sy != raw.height {
                    warnings.append(
                        .warning(
                            "\(option: .rawSize, "\(text(raw.width))x\(text(raw.height))") overrides the device's axis ranges (x \(r.x.lowerBound)...\(r.x.upperBound), y \(r.y.lowerBound)...\(r.y.upperBound): \(text(sx)) x \(text(sy)) units); drop \(option: .rawSize) to use them",
                            at: r.location))
                }
            }
        } else if let r = ranges {
            let sx = Double(r.x.upperBound) - Double(r.x.lowerBound) + 1
            let sy = Double(r.y.upperBound) - Double(r.y.lowerBound) + 1
            rangeLocation = r.location
            if sx <= 1 || sy <= 1 {
                let axis = sx <= 1 ? "x \(r.x.lowerBound)...\(r.x.upperBound)" : "y \(r.y.lowerBound)...\(r.y.upperBound)"
                zeroWidth = axis
                warnings.append(
                    .warning(
                        "the device's axis range \(axis) has zero width: the ranges are ignored (\(rangesRemedy(format)))",
                        at: r.location))
            } else {
                m.minX = Double(r.x.lowerBound)
                m.minY = Double(r.y.lowerBound)
                m.spanX = sx
                m.spanY = sy
                rangeText =
                    "raw x \(r.x.lowerBound)...\(r.x.upperBound), y \(r.y.lowerBound)...\(r.y.upperBound) (\(r.location.path):\(r.location.line))"
            }
        }
        let transformed = options.rotation != 0 || options.flipX || options.flipY
        if m.spanX == 0 {
            let none = zeroWidth.map { "the recording's axis range \($0) has zero width" } ?? "this recording has none"
            if options.screen != nil {
                throw .invalidTrace(
                    "\(option: .screen) needs the touchscreen's axis ranges, and \(none): \(rangesRemedy(format))", at: rangeLocation)
            }
            if transformed {
                throw .invalidTrace(
                    "\(option: .rotation) and \(option: .flip) need the touchscreen's axis ranges, and \(none): \(rangesRemedy(format))",
                    at: rangeLocation)
            }
            if let d = options.density {
                m.identity = false
                m.density = d
                warnings.append(
                    .warning(
                        "no axis ranges in the recording: \(option: .density, text(d)) takes its raw units as pixels (pt = raw / \(text(d))), and the screen size stays unknown; if the panel's units are not the display's pixels, give \(option: .screen, "WxH") with the ranges (\(rangesRemedy(format)))",
                        at: rangeLocation))
                return Decision(
                    mapping: m, warnings: warnings,
                    summary: "mapping: no axis ranges; pt = raw / \(text(d)) (\(option: .density)); screen unknown")
            }
            warnings.append(
                .warning(
                    "no screen mapping (\(option: .screen, "WxH") with the recording's axis ranges or \(option: .rawSize), or \(option: .density)): raw device units are used as points",
                    at: location))
            return Decision(mapping: m, warnings: warnings, summary: "mapping: none; raw device units are used as points")
        }
        let quarter = options.rotation == 90 || options.rotation == 270
        let shownW = quarter ? m.spanY : m.spanX
        let shownH = quarter ? m.spanX : m.spanY
        var screenText: DiagnosticText
        if let screen = options.screen {
            m.width = screen.width
            m.height = screen.height
            screenText = "\(text(screen.width)) x \(text(screen.height)) pt (\(option: .screen))"
            if let d = options.density {
                // Two ways to the same screen: they must agree (within 1 %), not one silently win.
                let w = shownW / d, h = shownH / d
                if abs(w - screen.width) > 0.01 * screen.width || abs(h - screen.height) > 0.01 * screen.height {
                    throw .invalidTrace(
                        "\(option: .screen, "\(text(screen.width))x\(text(screen.height))") and \(option: .density, text(d)) disagree: \(text(shownW)) x \(text(shownH)) raw units at density \(text(d)) make \(String(format2: w)) x \(String(format2: h)) points; give only one of them",
                        at: rangeLocation)
                }
                screenText.append(" (\(option: .density, text(d)) agrees)")
            }
            let panel = shownW / shownH, shown = screen.width / screen.height
            if abs(panel / shown - 1) > 0.1 {
                let turned = abs((1 / panel) / shown - 1) <= 0.1
                let hint: DiagnosticText =
                    turned
                    ? "the panel looks mounted turned: give \(option: .rotation, "90") (or 270) if so"
                    : "touches are stretched; check \(option: .screen), or \(option: .rotation) if the panel is mounted turned"
                warnings.append(
                    .warning(
                        "the panel's aspect ratio (\(text(shownW)) x \(text(shownH)) raw units, \(String(format2: panel))) differs from the screen's (\(text(screen.width)) x \(text(screen.height)) pt, \(String(format2: shown))): \(hint)",
                        at: rangeLocation))
            }
        } else if let d = options.density {
            m.width = shownW / d
            m.height = shownH / d
            screenText = "\(String(format2: m.width)) x \(String(format2: m.height)) pt (\(option: .density, text(d)))"
        } else {
            m.width = shownW
            m.height = shownH
            screenText = "\(text(shownW)) x \(text(shownH)) pt (raw units as points)"
            warnings.append(
                .warning(
                    "no \(option: .screen) or \(option: .density): raw device units are used as points (\(text(shownW)) x \(text(shownH)))",
                    at: location))
        }
        m.identity = false
        var summary: DiagnosticText = "mapping: \(rangeText) -> \(screenText)"
        if options.rotation != 0 { summary.append(", rotated \(options.rotation)") }
        if options.flipX { summary.append(", x flipped") }
        if options.flipY { summary.append(", y flipped") }
        return Decision(mapping: m, warnings: warnings, summary: summary)
    }

    /// Raw (x, y) to points.
    @inline(__always)
    func map(_ rawX: Double, _ rawY: Double) -> (Double, Double) {
        if identity { return (rawX, rawY) }
        if density > 0 { return (rawX / density, rawY / density) }  // density only
        var a = rawX - minX
        var b = rawY - minY
        if flipX { a = spanX - 1 - a }
        if flipY { b = spanY - 1 - b }
        switch rotation {
        case 90: return ((spanY - 1 - b) * width / spanY, a * height / spanX)
        case 180: return ((spanX - 1 - a) * width / spanX, (spanY - 1 - b) * height / spanY)
        case 270: return (b * width / spanY, (spanX - 1 - a) * height / spanX)
        default: return (a * width / spanX, b * height / spanY)
        }
    }
}

extension String {
    /// `v` with two decimals (`392.73`), for messages.
    init(format2 v: Double) {
        guard v.isFinite else { self = String(v); return }
        let scaled = (v * 100).rounded()
        guard abs(scaled) < 9e15 else { self = String(v); return }
        let i = Int64(scaled)
        let whole = i / 100, frac = abs(i % 100)
        self = "\(i < 0 && whole == 0 ? "-" : "")\(whole).\(frac < 10 ? "0" : "")\(frac)"
    }
}
