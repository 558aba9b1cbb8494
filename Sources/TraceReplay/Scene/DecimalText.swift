import TraceReading

/// A number written as JSON writes it (RFC 8259 §6: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`),
/// the one grammar for numbers given on the command line where a scene file could hold them
/// (`--set`): no hexadecimal (`0x10`, `0x1p-2000`), no `+`, `inf`, `nan` or leading zeros, which
/// `Double(String)` accepts and a scene file cannot hold (issue #30). Nil when `text` is not one
/// or overflows to infinity.
package func decimalNumber(_ text: some StringProtocol) -> Double? {
    let b = Array(text.utf8)
    var i = 0
    func digits() -> Int {
        let s = i
        while i < b.count && b[i] >= UInt8(ascii: "0") && b[i] <= UInt8(ascii: "9") { i += 1 }
        return i - s
    }
    if i < b.count && b[i] == UInt8(ascii: "-") { i += 1 }
    let intStart = i
    let intDigits = digits()
    guard intDigits > 0, intDigits == 1 || b[intStart] != UInt8(ascii: "0") else { return nil }
    if i < b.count && b[i] == UInt8(ascii: ".") {
        i += 1
        guard digits() > 0 else { return nil }
    }
    if i < b.count && (b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E")) {
        i += 1
        if i < b.count && (b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-")) { i += 1 }
        guard digits() > 0 else { return nil }
    }
    guard i == b.count, let value = Double(String(decoding: b, as: UTF8.self)), value.isFinite else { return nil }
    return value
}
