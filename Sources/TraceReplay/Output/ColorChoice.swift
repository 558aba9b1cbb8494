#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceReading

/// `--color auto|always|never`: whether diffs are coloured (ANSI escapes). `auto` colours when the
/// output is a terminal and `NO_COLOR` is not set to a non-empty value (https://no-color.org);
/// `always` and `never` decide regardless.
public enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never

    /// Whether to colour output written to `fileDescriptor`, given the environment's `NO_COLOR`.
    public func resolved(fileDescriptor: Int32, noColor: String? = Self.environmentNoColor) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor, !noColor.isEmpty { return false }
            return isatty(fileDescriptor) == 1
        }
    }

    /// `NO_COLOR` as set in the environment (nil when unset).
    public static var environmentNoColor: String? {
        getenv("NO_COLOR").map { String(cString: $0) }
    }
}
