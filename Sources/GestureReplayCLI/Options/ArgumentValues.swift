import TraceReplay

/// Numbers given as option values, in the one grammar a scene file holds them in: JSON's
/// (``decimalNumber``; RFC 8259 §6). `Double(String)` and `Int(String)` would also take `0x1`,
/// `0x1p3`, `+2`, `inf`, `1.` and leading zeros, which a scene file cannot hold (issue 30).

/// A number as JSON writes it; nil otherwise (or when it overflows).
func numberArgument(_ raw: some StringProtocol) -> Double? {
    decimalNumber(raw)
}

/// A number as JSON writes it, without a minus sign: `-0` is refused where a negative value is
/// invalid (it would pass a `>= 0` check).
func unsignedNumberArgument(_ raw: some StringProtocol) -> Double? {
    raw.first == "-" ? nil : decimalNumber(raw)
}

/// A whole number as JSON writes an integer: decimal digits, no sign, no leading zero, no fraction
/// or exponent (`--jobs`, `--shard`, `--raw-size`, `--max-replays`); nil when it does not fit `Int`.
func wholeNumberArgument(_ raw: some StringProtocol) -> Int? {
    let bytes = Array(raw.utf8)
    guard let first = bytes.first, bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
        first != UInt8(ascii: "0") || bytes.count == 1
    else { return nil }
    return Int(String(decoding: bytes, as: UTF8.self))
}

/// A value checked against a list of choices.
func choice<T>(_ option: String, _ raw: String, _ make: (String) -> T?, _ valid: [String]) throws(UsageError) -> T {
    guard let v = make(raw) else {
        throw UsageError(
            message: "invalid value \(QuotedValue.text(raw)) for --\(option) (expected one of: \(valid.joined(separator: ", ")))")
    }
    return v
}

/// A comma-separated list of recognizer names (`--recognizers`, `--show`); an empty one is an error.
func nameList(_ option: String, _ raw: String) throws(UsageError) -> [String] {
    switch parseNameList(raw, option: "--" + option) {
    case .success(let names): return names
    case .failure(let e): throw UsageError(message: e.message)
    }
}
