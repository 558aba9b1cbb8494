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
    /// How a UI-test description (W3C actions, Appium, WebKit event stream) is read: `--move-interval`,
    /// `--element` (docs/ui-tests.md). Appium also reads ``density`` (pixels per point).
    public var uiTests = UITestImportOptions()

    public init() {}

    /// Whether any mapping or device option is set (they only apply to recordings).
    public var isDefault: Bool { self == RecordingImportOptions() }
}

/// The linear raw-to-points mapping of one device, fixed before the first row.
struct RawMapping {
    var minX = 0.0, minY = 0.0
    /// Raw extent (max - min + 1); 0 when unknown (identity mapping).
    var spanX = 0.0, spanY = 0.0
    /// The screen in points, as displayed.
    var width = 0.0, height = 0.0
    var rotation = 0
    var flipX = false, flipY = false
    var identity = true

    /// The screen size in points, when the mapping knows it.
    var screen: Size? { identity ? nil : Size(width: width, height: height) }

    /// Builds the mapping from the options and the device's axis ranges (`nil` when the recording
    /// has none). Returns a warning to report once, or throws when the options cannot apply.
    static func make(
        _ options: RecordingImportOptions, ranges: (x: ClosedRange<Int64>, y: ClosedRange<Int64>)?,
        at location: SourceLocation
    ) throws(TraceError) -> (RawMapping, String?) {
        var m = RawMapping()
        m.rotation = options.rotation
        m.flipX = options.flipX
        m.flipY = options.flipY
        if let raw = options.rawSize {
            m.spanX = raw.width
            m.spanY = raw.height
        } else if let r = ranges, r.x.upperBound > r.x.lowerBound, r.y.upperBound > r.y.lowerBound {
            m.minX = Double(r.x.lowerBound)
            m.minY = Double(r.y.lowerBound)
            m.spanX = Double(r.x.upperBound - r.x.lowerBound + 1)
            m.spanY = Double(r.y.upperBound - r.y.lowerBound + 1)
        }
        let transformed = options.rotation != 0 || options.flipX || options.flipY
        if m.spanX == 0 {
            if let _ = options.screen {
                throw .invalidTrace(
                    "--screen needs the touchscreen's axis ranges, and this recording has none: record the `getevent -lp` header with it, or give --raw-size WxH",
                    at: location)
            }
            if transformed {
                throw .invalidTrace(
                    "--rotate and --flip need the touchscreen's axis ranges, and this recording has none: record the `getevent -lp` header with it, or give --raw-size WxH",
                    at: location)
            }
            if let d = options.density {
                m.identity = false
                m.spanX = 0
                m.width = d
                return (m, nil)
            }
            return (
                m,
                "no screen mapping (--screen WxH with the recording's axis ranges or --raw-size, or --density): raw device units are used as points"
            )
        }
        let quarter = options.rotation == 90 || options.rotation == 270
        let shownW = quarter ? m.spanY : m.spanX
        let shownH = quarter ? m.spanX : m.spanY
        var warning: String?
        if let screen = options.screen {
            m.width = screen.width
            m.height = screen.height
        } else if let d = options.density {
            m.width = shownW / d
            m.height = shownH / d
        } else {
            m.width = shownW
            m.height = shownH
            warning = "no --screen or --density: raw device units are used as points (\(Int(shownW)) x \(Int(shownH)))"
        }
        m.identity = false
        return (m, warning)
    }

    /// Raw (x, y) to points.
    @inline(__always)
    func map(_ rawX: Double, _ rawY: Double) -> (Double, Double) {
        if identity { return (rawX, rawY) }
        if spanX == 0 { return (rawX / width, rawY / width) }  // density only
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
