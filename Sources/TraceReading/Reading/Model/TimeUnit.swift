/// The unit of the time column of a trace (`--time-unit`).
public enum TimeUnit: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Seconds (the default).
    case seconds = "s"
    /// Milliseconds.
    case milliseconds = "ms"
    /// Microseconds.
    case microseconds = "us"
    /// Nanoseconds.
    case nanoseconds = "ns"

    /// Parses `s`, `ms`, `us` (also `µs`) or `ns`.
    public init?(name: String) {
        switch name {
        case "s", "sec", "seconds": self = .seconds
        case "ms": self = .milliseconds
        case "us", "\u{00B5}s", "\u{03BC}s": self = .microseconds
        case "ns": self = .nanoseconds
        default: return nil
        }
    }

    /// How many of this unit make one second.
    @inlinable public var perSecond: Double {
        switch self {
        case .seconds: 1
        case .milliseconds: 1e3
        case .microseconds: 1e6
        case .nanoseconds: 1e9
        }
    }

    /// `value` (in this unit) in seconds. Division (not multiplication by
    /// 0.001) keeps the result correctly rounded.
    @inlinable public func seconds(_ value: Double) -> Double {
        self == .seconds ? value : value / perSecond
    }

    /// The command-line spelling (`--input-format` / `--time-unit` value).
    public var name: String { rawValue }

    /// The short name (`s`, `ms`, `us`, `ns`).
    public var description: String { rawValue }
}
