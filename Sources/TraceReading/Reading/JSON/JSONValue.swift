/// A parsed JSON value with the source location of every node, so that code
/// interpreting it (the scene loader, the trace `screen`) can report
/// `path:line:column` errors.
///
/// Objects keep their members in source order, duplicates included
/// (JSON allows them; ``subscript(_:)`` returns the last, as JavaScript does).
/// Numbers are `Double`s (integers beyond 2^53 lose precision).
public struct JSONValue: Hashable, Sendable {
    /// The value itself.
    public indirect enum Kind: Hashable, Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    /// The value.
    public var kind: Kind
    /// Where the value starts (its first byte: quote, bracket, digit, sign or letter).
    public var location: SourceLocation

    /// Creates a value.
    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// The last member named `key` if this is an object.
    public subscript(key: String) -> JSONValue? {
        member(key)?.value
    }

    /// The last member named `key` if this is an object.
    public func member(_ key: String) -> JSONMember? {
        guard case .object(let members) = kind else { return nil }
        return members.last(where: { $0.key == key })
    }

    /// The element at `index` if this is an array and the index is valid.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = kind, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The number, if this is one.
    public var doubleValue: Double? {
        if case .number(let v) = kind { return v }
        return nil
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let v) = kind { return v }
        return nil
    }

    /// The Boolean, if this is one.
    public var boolValue: Bool? {
        if case .bool(let v) = kind { return v }
        return nil
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let v) = kind { return v }
        return nil
    }

    /// The members, if this is an object.
    public var objectValue: [JSONMember]? {
        if case .object(let v) = kind { return v }
        return nil
    }

    /// True for `null`.
    public var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    /// "null", "a boolean", "a number", "a string", "an array" or "an object" (for messages).
    public var typeDescription: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Hashable, Sendable {
    /// The decoded key.
    public var key: String
    /// Where the key starts (its opening quote).
    public var keyLocation: SourceLocation
    /// The value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, keyLocation: SourceLocation, value: JSONValue) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}
