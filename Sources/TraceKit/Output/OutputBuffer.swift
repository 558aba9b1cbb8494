#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A byte buffer that output is built in and written to a file descriptor in large blocks.
/// Numbers are formatted straight into it, without Foundation or intermediate strings.
public struct OutputBuffer {
    public internal(set) var bytes: [UInt8] = []
    /// The file descriptor written to on `flush()`; nil keeps everything in memory (tests, golden checks).
    let fileDescriptor: Int32?
    let flushThreshold: Int

    /// A buffer that writes to `fileDescriptor` whenever more than `flushThreshold` bytes are pending.
    public init(fileDescriptor: Int32?, flushThreshold: Int = 1 << 16) {
        self.fileDescriptor = fileDescriptor
        self.flushThreshold = flushThreshold
        bytes.reserveCapacity(fileDescriptor == nil ? 4096 : flushThreshold + 4096)
    }

    /// Everything written so far, as text (in-memory buffers only).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    @inline(__always) public mutating func append(_ byte: UInt8) { bytes.append(byte) }

    @inline(__always) public mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func append(_ s: String) {
        var s = s
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends `n` spaces.
    public mutating func pad(_ n: Int) {
        if n > 0 { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: n)) }
    }

    public mutating func append(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            appendUnsigned(value.magnitude)
        } else {
            appendUnsigned(UInt(value))
        }
    }

    mutating func appendUnsigned(_ value: UInt) {
        var v = value
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[n] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                n += 1
            } while v > 0
            for i in stride(from: n - 1, through: 0, by: -1) { bytes.append(buffer[i]) }
        }
    }

    /// Appends a finite number with exactly `decimals` digits after the point (rounded half away from
    /// zero), or `null` when it is not finite: output never contains `nan` or `inf`.
    /// With `trim`, trailing zeros (and a bare point) are dropped: `1.5`, `2`, `-0.25`.
    public mutating func appendNumber(_ value: Double, decimals: Int, trim: Bool = false) {
        guard value.isFinite else {
            append("null" as StaticString)
            return
        }
        var scale: UInt64 = 1
        for _ in 0..<decimals { scale &*= 10 }
        let magnitude = value.magnitude * Double(scale)
        guard magnitude < 9.0e18 else {
            // Beyond 64-bit fixed point: fall back to the shortest round-trip form.
            append(value.description)
            return
        }
        let scaled = UInt64(magnitude.rounded(.toNearestOrAwayFromZero))
        if value < 0 && scaled != 0 { bytes.append(UInt8(ascii: "-")) }
        appendUnsigned(UInt(scaled / scale))
        guard decimals > 0 else { return }
        var fraction = scaled % scale
        var digits = decimals
        if trim {
            if fraction == 0 { return }
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
        }
        bytes.append(UInt8(ascii: "."))
        var divisor: UInt64 = 1
        for _ in 1..<max(digits, 1) { divisor &*= 10 }
        for _ in 0..<digits {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends `s` as a JSON string literal, quoted and escaped (RFC 8259: quote, backslash and
    /// control characters; everything else as UTF-8).
    public mutating func appendJSONString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"" as StaticString)
            case UInt8(ascii: "\\"): append("\\\\" as StaticString)
            case 0x0A: append("\\n" as StaticString)
            case 0x0D: append("\\r" as StaticString)
            case 0x09: append("\\t" as StaticString)
            case 0..<0x20, 0x7F:
                append("\\u00" as StaticString)
                let hex: StaticString = "0123456789abcdef"
                hex.withUTF8Buffer { h in
                    bytes.append(h[Int(byte >> 4)])
                    bytes.append(h[Int(byte & 0xF)])
                }
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes out pending bytes when more than the threshold are waiting.
    @inline(__always) public mutating func flushIfNeeded() {
        if bytes.count >= flushThreshold { flush() }
    }

    /// Writes every pending byte to the file descriptor (retrying short writes).
    public mutating func flush() {
        guard let fd = fileDescriptor, !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += n
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }
}
