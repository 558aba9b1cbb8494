/// How a message names a JSON value: a path from the document (`actions[0].parameters.pointerType`),
/// after an optional label that says what the path addresses (`stats: field 'recognizers[0].kind'`),
/// or the label alone where a reader names the value in words (`frame width`, `a view's name`).
///
/// The typed reads of ``JSONValue`` (``JSONValue/string(at:)`` and its siblings) word every message
/// as "`path` must be ..." with this value's ``description`` as `path`.
package struct JSONPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// One step from a value to a value inside it.
    package enum Component: Hashable, Sendable {
        /// An object's member.
        case key(String)
        /// An array's element (from 0).
        case index(Int)
    }

    /// What the path addresses, in words (`"stats: field"`), or the value's name when there are no
    /// components (`"frame width"`); empty for a bare path.
    package var label: String
    /// The steps from the document, in order.
    package var components: [Component]

    /// A path with `label` and no steps (the document itself, or a value named in words).
    package init(_ label: String = "", _ components: [Component] = []) {
        self.label = label
        self.components = components
    }

    /// A value named in words (`"frame width"`).
    package init(stringLiteral label: String) {
        self.init(label)
    }

    /// The path of the member `key` of the value at this path.
    package func key(_ key: String) -> JSONPath {
        JSONPath(label, components + [.key(key)])
    }

    /// The path of the element `index` of the array at this path.
    package subscript(index: Int) -> JSONPath {
        JSONPath(label, components + [.index(index)])
    }

    /// The steps alone, as JavaScript would write them: `actions[0].parameters.pointerType`.
    package var path: String {
        var out = ""
        for c in components {
            switch c {
            case .key(let k): out += out.isEmpty ? k : "." + k
            case .index(let i): out += "[\(i)]"
            }
        }
        return out
    }

    /// The value's name in messages: the ``path`` (`actions[0].type`), the label followed by the
    /// quoted path (`stats: field 'counted[2]'`), the label alone when there are no steps, or "the
    /// document" for an unlabelled empty path.
    package var description: String {
        if components.isEmpty { return label.isEmpty ? "the document" : label }
        return label.isEmpty ? path : "\(label) '\(path)'"
    }
}
