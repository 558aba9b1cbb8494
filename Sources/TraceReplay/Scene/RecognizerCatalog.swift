import GestureEngine
import TraceReading

/// The recognizer kinds a scene can name, how each is made, and the parameters it takes.
///
/// `RecognizerCatalog.builtIn` holds the engine's kinds (UIKit's property names; defaults are the
/// recognizers' own, `docs/recognizers.md`). A catalog of your own adds kinds to it, each
/// parameter declared once, by key path, with its type, range and (optionally) default; the scene
/// loader then validates a user kind exactly as a built-in one, with the same positioned errors:
///
/// ```swift
/// var catalog = RecognizerCatalog.builtIn
/// try catalog.register(kind: "wiggle", factory: { WiggleGestureRecognizer(name: $0) }, parameters: [
///     .integer("requiredWiggles", \.requiredWiggles, minimum: 1, default: 3),
///     .number("minimumDistance", \.minimumDistance, minimum: 0),
/// ])
/// let scene = try SceneLoader(screen: nil, catalog: catalog).load(contentsOf: "wiggle.scene.json")
/// ```
public struct RecognizerCatalog: Sendable {
    /// Sets one parameter from its scene value, failing with a positioned error.
    typealias Setter = @Sendable (GestureRecognizer, JSONValue) throws(TraceError) -> Void

    /// One kind: its name, its parameters (without the common ones every kind takes) and its factory.
    public struct Kind: Sendable {
        /// The name a scene's `"kind"` uses.
        public let name: String
        /// The seed kinds' qualified name (`seed.tickle`), which always names the built-in, also when
        /// a user's kind replaced its short name (``RecognizerCatalog/replace(builtInKind:factory:parameters:)``);
        /// nil for the other kinds.
        public let qualifiedName: String?
        /// True when a registered kind took this built-in kind's short name: scenes reach it by its
        /// qualified name only.
        public internal(set) var isReplaced = false
        /// The name that reaches this kind in its catalog: its qualified name once replaced, else its name.
        public var sceneName: String { isReplaced ? (qualifiedName ?? name) : name }
        /// The kind's own parameters, in declaration order.
        public var parameters: [ParameterInfo] { entries.map(\.info) }
        let entries: [Entry]
        let make: @Sendable (String) throws -> GestureRecognizer
        /// Applies the declared defaults (none for the built-ins: their defaults are their own).
        let applyDefaults: @Sendable (GestureRecognizer) -> Void
        /// Whether `r` is of the factory's class (this kind's parameters apply to it).
        let accepts: @Sendable (GestureRecognizer) -> Bool
        /// The names a scene's `"report"` list may give (a UIKit kind's parameters and values, in
        /// order), and how to report them; empty for the engine's kinds.
        public var reportableNames: [String] { reportable.map(\.name) }
        let reportable: [(name: String, install: @Sendable (GestureRecognizer) -> Void)]
    }

    /// A parameter as the loader uses it: what it is, and how it is set.
    struct Entry: Sendable {
        let info: ParameterInfo
        let set: Setter
    }

    /// What a parameter is: its scene key, the type of value it takes, its range and default.
    public struct ParameterInfo: Sendable, Equatable, CustomStringConvertible {
        /// The scene key.
        public let name: String
        /// `integer`, `number`, `bool`, or `one of: a, b` / `names of: a, b` for named values.
        public let type: String
        /// The smallest and largest values accepted (numbers only).
        public let minimum: Double?
        public let maximum: Double?
        /// The declared default, as written in a scene; nil when the recognizer's own applies.
        public let defaultValue: String?

        /// `requiredTickles: integer 1...1000000, default 3`.
        public var description: String {
            var s = name + ": " + type
            if let minimum {
                s += " " + formatShort(minimum, decimals: 6) + "..." + (maximum.map { formatShort($0, decimals: 6) } ?? "")
            } else if let maximum {
                s += " ..." + formatShort(maximum, decimals: 6)
            }
            if let defaultValue { s += ", default " + defaultValue }
            return s
        }
    }

    /// A parameter of recognizers of type `R`, declared once: its name (the scene key), the key path
    /// it sets, the values it accepts, and optionally a default that every new recognizer of the
    /// kind gets before the scene's values are applied.
    public struct Parameter<R>: Sendable {
        let info: ParameterInfo
        let set: @Sendable (R, JSONValue) throws(TraceError) -> Void
        let applyDefault: (@Sendable (R) -> Void)?
        /// Reads the parameter's value, for a scene's `"report"` list (UIKit kinds).
        var get: (@Sendable (R) -> GestureValue)?

        typealias Set = @Sendable (R, JSONValue) throws(TraceError) -> Void

        /// Sets `value` through `keyPath` (nil: no default declared).
        private static func defaulting<V>(_ keyPath: ReferenceWritableKeyPath<R, V>, _ value: V?) -> (@Sendable (R) -> Void)? {
            guard let value else { return nil }
            nonisolated(unsafe) let path = keyPath
            nonisolated(unsafe) let chosen = value
            return { r in r[keyPath: path] = chosen }
        }

        /// A whole number (written `3` or `3.0`), from `minimum` to `maximum`.
        public static func integer(
            _ name: String, _ keyPath: ReferenceWritableKeyPath<R, Int>,
            minimum: Int = 0, maximum: Int = 1_000_000, default value: Int? = nil
        ) -> Parameter {
            nonisolated(unsafe) let path = keyPath
            let set: Set = { r, v throws(TraceError) in
                r[keyPath: path] = try v.integer(at: JSONPath(name), in: minimum...maximum)
            }
            let info = ParameterInfo(
                name: name, type: "integer", minimum: Double(minimum), maximum: Double(maximum), defaultValue: value.map { "\($0)" })
            return Parameter(info: info, set: set, applyDefault: defaulting(keyPath, value), get: { r in .integer(r[keyPath: path]) })
        }

        /// A whole number of another integer type (a UIKit class's property), from `minimum` to `maximum`.
        public static func integer<V: BinaryInteger & SendableMetatype>(
            _ name: String, _ keyPath: ReferenceWritableKeyPath<R, V>,
            minimum: Int = 0, maximum: Int = 1_000_000, default value: V? = nil
        ) -> Parameter {
            nonisolated(unsafe) let path = keyPath
            let set: Set = { r, v throws(TraceError) in
                r[keyPath: path] = V(try v.integer(at: JSONPath(name), in: minimum...maximum))
            }
            let info = ParameterInfo(
                name: name, type: "integer", minimum: Double(minimum), maximum: Double(maximum), defaultValue: value.map { "\($0)" })
            return Parameter(
                info: info, set: set, applyDefault: defaulting(keyPath, value), get: { r in .integer(Int(r[keyPath: path])) })
        }

        /// A finite number, from `minimum` to `maximum`.
        public static func number(
            _ name: String, _ keyPath: ReferenceWritableKeyPath<R, Double>,
            minimum: Double = -.infinity, maximum: Double = .infinity, default value: Double? = nil
        ) -> Parameter {
            nonisolated(unsafe) let path = keyPath
            let set: Set = { r, v throws(TraceError) in
                r[keyPath: path] = try v.number(at: JSONPath(name), in: minimum...maximum)
            }
            let info = ParameterInfo(
                name: name, type: "number", minimum: minimum.isFinite ? minimum : nil,
                maximum: maximum.isFinite ? maximum : nil, defaultValue: value.map { formatShort($0, decimals: 6) })
            return Parameter(info: info, set: set, applyDefault: defaulting(keyPath, value), get: { r in .number(r[keyPath: path]) })
        }

        /// A finite number of another floating-point type (a UIKit class's `CGFloat` or
        /// `TimeInterval` property), from `minimum` to `maximum`.
        public static func number<V: BinaryFloatingPoint & SendableMetatype>(
            _ name: String, _ keyPath: ReferenceWritableKeyPath<R, V>,
            minimum: Double = -.infinity, maximum: Double = .infinity, default value: V? = nil
        ) -> Parameter {
            nonisolated(unsafe) let path = keyPath
            let set: Set = { r, v throws(TraceError) in
                r[keyPath: path] = V(try v.number(at: JSONPath(name), in: minimum...maximum))
            }
            let info = ParameterInfo(
                name: name, type: "number", minimum: minimum.isFinite ? minimum : nil,
                maximum: maximum.isFinite ? maximum : nil, defaultValue: value.map { formatShort(Double($0), decimals: 6) })
            return Parameter(
                info: info, set: set, applyDefault: defaulting(keyPath, value), get: { r in .number(Double(r[keyPath: path])) })
        }

        /// `true` or `false`.
        public static func bool(_ name: String, _ keyPath: ReferenceWritableKeyPath<R, Bool>, default value: Bool? = nil) -> Parameter {
            nonisolated(unsafe) let path = keyPath
            let set: Set = { r, v throws(TraceError) in r[keyPath: path] = try v.bool(at: JSONPath(name)) }
            let info = ParameterInfo(name: name, type: "bool", minimum: nil, maximum: nil, defaultValue: value.map { "\($0)" })
            return Parameter(
                info: info, set: set, applyDefault: defaulting(keyPath, value), get: { r in .text(r[keyPath: path] ? "true" : "false") })
        }

        /// One name of `choices` (a string); `default` names one of them.
        public static func choice<V>(
            _ name: String, _ keyPath: ReferenceWritableKeyPath<R, V>,
            _ choices: [(name: String, value: V)], default value: String? = nil
        ) -> Parameter {
            nonisolated(unsafe) let path = keyPath
            nonisolated(unsafe) let choices = choices
            let set: Set = { r, v throws(TraceError) in
                r[keyPath: path] = try v.choice(at: JSONPath(name), from: choices)
            }
            let chosen = value.flatMap { d in choices.first { $0.name == d }?.value }
            let info = ParameterInfo(
                name: name, type: "one of: " + choices.map(\.name).joined(separator: ", "), minimum: nil, maximum: nil, defaultValue: value)
            return Parameter(info: info, set: set, applyDefault: defaulting(keyPath, chosen))
        }

        /// An option set: one name of `options`, or an array of them (combined).
        public static func options<V: OptionSet & Sendable>(
            _ name: String, _ keyPath: ReferenceWritableKeyPath<R, V>,
            _ options: [(name: String, value: V)]
        ) -> Parameter {
            nonisolated(unsafe) let path = keyPath
            let set: Set = { r, v throws(TraceError) in r[keyPath: path] = try v.options(at: JSONPath(name), from: options) }
            let info = ParameterInfo(
                name: name, type: "names of: " + options.map(\.name).joined(separator: ", "), minimum: nil, maximum: nil, defaultValue: nil)
            return Parameter(info: info, set: set, applyDefault: nil)
        }

        /// The same parameter for a subclass (the built-in marquee takes the pan's parameters).
        func cast<S>(to: S.Type) -> Parameter<S> {
            let base = self.set
            let set: Parameter<S>.Set = { r, v throws(TraceError) in
                guard let typed = r as? R else { return }
                try base(typed, v)
            }
            var apply: (@Sendable (S) -> Void)?
            if let baseDefault = applyDefault {
                apply = { r in if let typed = r as? R { baseDefault(typed) } }
            }
            var getter: (@Sendable (S) -> GestureValue)?
            if let baseGet = get { getter = { r in (r as? R).map(baseGet) ?? .text("") } }
            return Parameter<S>(info: info, set: set, applyDefault: apply, get: getter)
        }
    }

    /// A value of a UIKit kind's object reported with each transition of its recognizer (text and
    /// JSON Lines output, goldens, expectations, `stats`), under its Swift name: the value the
    /// object holds when the transition is reported, after every recognizer handled the event
    /// (what its targets read).
    public struct ReportedValue<R: AnyObject & SendableMetatype>: Sendable {
        @usableFromInline let name: String
        @usableFromInline let read: @Sendable (R) -> GestureValue?

        @usableFromInline init(name: String, read: @escaping @Sendable (R) -> GestureValue?) {
            self.name = name
            self.read = read
        }

        /// `name` read through `keyPath` (a number, a whole number, a point, a string: any
        /// `GestureValueConvertible`). Inlinable, so that the registering module reads the property
        /// directly instead of projecting the key path at run time for every transition.
        @inlinable public static func value<V: GestureValueConvertible & SendableMetatype>(
            _ name: String, _ keyPath: KeyPath<R, V>
        ) -> ReportedValue {
            nonisolated(unsafe) let path = keyPath
            return ReportedValue(name: name) { r in r[keyPath: path].gestureValue }
        }

        /// `name` read through `keyPath`; nil reports nothing for that transition.
        @inlinable public static func value<V: GestureValueConvertible & SendableMetatype>(
            _ name: String, _ keyPath: KeyPath<R, V?>
        ) -> ReportedValue {
            nonisolated(unsafe) let path = keyPath
            return ReportedValue(name: name) { r in r[keyPath: path]?.gestureValue }
        }

        /// `name` computed by `read` from the object.
        public static func value(_ name: String, _ read: @escaping @Sendable (R) -> GestureValue?) -> ReportedValue {
            ReportedValue(name: name, read: read)
        }
    }

    /// Adds a kind made of objects of another API (GestureUIKit's UIKit recognizers): `factory` makes
    /// the object for the scene's name (`TipTapGestureRecognizer()`), its engine recognizer is what
    /// the scene attaches (`replayRecognizer(kind:name:)`, the kind column printing `kind`), and
    /// `parameters` are the object's own properties a scene or `--set` sets by their Swift names
    /// (`.number("maximumTapDuration", \.maximumTapDuration)`), checked as a built-in kind's. `values`
    /// are reported with each of its transitions; a scene's `"report": [...]` adds parameters or
    /// values by name. Throws as ``register(kind:factory:parameters:)`` does, and for a value name
    /// that is empty, repeated, or a parameter's.
    ///
    /// ```swift
    /// try catalog.register(
    ///     kind: "tipTap", factory: { _ in TipTapGestureRecognizer() },
    ///     parameters: [.number("maximumTapDuration", \.maximumTapDuration, minimum: 0)],
    ///     values: [.value("tapCount", \.tapCount)])
    /// ```
    public mutating func register<U: GestureRecognizerFacade & SendableMetatype>(
        kind name: String, factory: @escaping @Sendable (String) throws -> U, parameters: [Parameter<U>] = [],
        values: [ReportedValue<U>] = []
    ) throws(RegistrationError) {
        try checkNewName(name)
        try Self.checkParameters(of: name, parameters)
        var seen = Swift.Set(parameters.map(\.info.name))
        if seen.contains("report") {
            throw RegistrationError(
                message: "kind '\(name)': parameter 'report' clashes with the scene key 'report' (the values a scene reports)")
        }
        for v in values {
            if v.name.isEmpty { throw RegistrationError(message: "kind '\(name)': a value needs a non-empty name") }
            if !seen.insert(v.name).inserted {
                throw RegistrationError(message: "kind '\(name)': value '\(v.name)' is declared twice (or is a parameter's name)")
            }
        }
        kinds.append(Self.makeFacadeKind(name, factory, parameters, values))
    }

    private static func makeFacadeKind<U: GestureRecognizerFacade & SendableMetatype>(
        _ name: String, _ factory: @escaping @Sendable (String) throws -> U, _ parameters: [Parameter<U>],
        _ values: [ReportedValue<U>]
    ) -> Kind {
        let entries = parameters.map { p in
            let set = p.set
            return Entry(
                info: p.info,
                set: { r, v throws(TraceError) in
                    guard let object = U.facade(of: r) else { return }
                    try set(object, v)
                })
        }
        let defaults = parameters.compactMap(\.applyDefault)
        var reportable: [(name: String, install: @Sendable (GestureRecognizer) -> Void)] = []
        for p in parameters {
            guard let get = p.get else { continue }
            reportable.append((p.info.name, { r in Self.report(p.info.name, on: r, as: U.self) { get($0) } }))
        }
        for v in values {
            let read = v.read
            reportable.append((v.name, { r in Self.report(v.name, on: r, as: U.self, read) }))
        }
        return Kind(
            name: name, qualifiedName: nil, entries: entries,
            make: { sceneName in
                let object = try factory(sceneName)
                let r = object.replayRecognizer(kind: name, name: sceneName)
                for v in values {
                    let read = v.read
                    Self.report(v.name, on: r, as: U.self, read)
                }
                return r
            },
            applyDefaults: { r in
                guard !defaults.isEmpty, let object = U.facade(of: r) else { return }
                for apply in defaults { apply(object) }
            },
            accepts: { U.facade(of: $0) != nil },
            reportable: reportable)
    }

    /// Reports `read(object)` under `name` with each transition of `r`'s object.
    private static func report<U: GestureRecognizerFacade & SendableMetatype>(
        _ name: String, on r: GestureRecognizer, as: U.Type, _ read: @escaping @Sendable (U) -> GestureValue?
    ) {
        guard let object = U.facade(of: r) else { return }
        object.reportValue(named: name) { [unowned object] in read(object) }
    }

    /// Why a kind could not be registered.
    public struct RegistrationError: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The kinds, in order: the built-ins first (in the default scene's order), then the registered ones.
    public private(set) var kinds: [Kind]

    /// The registered view classes (`register(viewClass:factory:)`), in order.
    public internal(set) var viewClasses: [ViewClass] = []

    /// Only the built-in kinds.
    public static let builtIn = RecognizerCatalog(kinds: builtInKinds)

    /// The built-in kinds (`RecognizerCatalog.builtIn`).
    public init() {
        self = .builtIn
    }

    private init(kinds: [Kind]) {
        self.kinds = kinds
    }

    /// The kind named `name`, if any: a kind's name, or a seed kind's qualified name (`seed.tickle`,
    /// the built-in even when a registered kind replaced the short name `tickle`).
    public func kind(named name: String) -> Kind? {
        kinds.first { ($0.name == name && !$0.isReplaced) || $0.qualifiedName == name }
    }

    /// The kind recognizer `r` was made by: the one named `r.kind` (short or qualified) whose
    /// factory makes `r`'s class, so that a built-in tickle and a user's kind that replaced the
    /// name `tickle` each get their own parameters.
    public func kind(of r: GestureRecognizer) -> Kind? {
        let name = r.kind
        return kinds.first { ($0.name == name || $0.qualifiedName == name) && $0.accepts(r) }
    }

    /// The names that reach the kinds in a scene, in order (``Kind/sceneName``: `seed.tickle` once
    /// a registered kind replaced `tickle`).
    public var kindNames: [String] { kinds.map(\.sceneName) }

    /// The namespace of the seed kinds' qualified names: `seed.twoFingerSwipe`, `seed.marquee`,
    /// `seed.tickle`. Registered kinds may not use it.
    public static let seedNamespace = "seed."

    /// The seed kinds: the seed articles' recognizers (not UIKit classes), whose short names a
    /// user's own kind may take with ``replace(builtInKind:factory:parameters:)``.
    public static var seedKindNames: [String] { builtInKinds.filter { $0.qualifiedName != nil }.map(\.name) }

    /// A new recognizer of kind `kind` named `name`, with the kind's declared defaults, as a scene
    /// file would make it (for scenes built in code from a catalog). Throws for an unknown kind
    /// and with the factory's error.
    public func makeRecognizer(kind: String, name: String) throws(TraceError) -> GestureRecognizer {
        guard let k = self.kind(named: kind) else {
            throw TraceError(
                .invalidTrace, .error("unknown recognizer kind '\(kind)'; expected one of: \(kindNames.joined(separator: ", "))", at: nil))
        }
        let r: GestureRecognizer
        do {
            r = try k.make(name)
        } catch {
            throw TraceError(.invalidTrace, .error("the factory of kind '\(kind)' could not make recognizer '\(name)': \(error)", at: nil))
        }
        if r.name != name { r.name = name }
        k.applyDefaults(r)
        return r
    }

    /// Scene keys of a recognizer that are not parameters; a parameter may not use them.
    public static let sceneKeys = ["name", "kind", "view", "requireToFail", "simultaneousWith"]

    /// Adds a kind named `kind`: `factory` makes a recognizer from the scene's name for it (it may
    /// throw; the scene then fails to load with that error at the recognizer's `"kind"`), and
    /// `parameters` are the scene keys it takes besides the common ones (`isEnabled`,
    /// `cancelsTouchesInView`, `delaysTouchesBegan`, `delaysTouchesEnded`).
    ///
    /// Throws (and changes nothing) when the name is empty, already a kind (built-in or
    /// registered; a seed kind's name is given to yours with ``replace(builtInKind:factory:parameters:)``),
    /// in the seed kinds' namespace (`seed.`), or a parameter name is empty, repeated, a scene key (`name`, `kind`, `view`,
    /// `requireToFail`, `simultaneousWith`) or a common parameter.
    public mutating func register<R: GestureRecognizer>(
        kind name: String, factory: @escaping @Sendable (String) throws -> R, parameters: [Parameter<R>] = []
    ) throws(RegistrationError) {
        try checkNewName(name)
        try Self.checkParameters(of: name, parameters)
        kinds.append(Self.makeKind(name, factory, parameters))
    }

    /// Throws when `name` cannot name a new kind: empty, in the seed namespace, or already a kind.
    private func checkNewName(_ name: String) throws(RegistrationError) {
        if name.isEmpty { throw RegistrationError(message: "a recognizer kind needs a non-empty name") }
        if name.hasPrefix(Self.seedNamespace) {
            throw RegistrationError(
                message:
                    "cannot register kind '\(name)': names starting with '\(Self.seedNamespace)' are the seed kinds' qualified names (\(Self.builtInKinds.compactMap(\.qualifiedName).joined(separator: ", ")))"
            )
        }
        if let builtIn = kinds.prefix(Self.builtInKinds.count).first(where: { $0.name == name }), !builtIn.isReplaced {
            if let qualified = builtIn.qualifiedName {
                throw RegistrationError(
                    message:
                        "cannot register kind '\(name)': it is a built-in seed kind (also named '\(qualified)'); to make '\(name)' name yours, call replace(builtInKind: \"\(name)\", ...) (the built-in stays '\(qualified)'), or choose another name"
                )
            }
            throw RegistrationError(
                message:
                    "cannot register kind '\(name)': it is a built-in kind (built-in kinds: \(Self.builtInKinds.map(\.name).joined(separator: ", ")))"
            )
        }
        if kinds.dropFirst(Self.builtInKinds.count).contains(where: { $0.name == name }) {
            throw RegistrationError(message: "cannot register kind '\(name)' twice")
        }
    }

    /// Gives the short name of a seed kind (`tickle`, `marquee`, `twoFingerSwipe`) to a kind of your
    /// own, on purpose: scenes then reach yours as `tickle` and the built-in as `seed.tickle`
    /// (``seedNamespace``). `factory` and `parameters` are as for
    /// ``register(kind:factory:parameters:)``.
    ///
    /// Throws (and changes nothing) for a name that is not a seed kind (UIKit's kinds, `tap`,
    /// `pan`..., keep their names; a name that is no built-in kind is registered with `register`),
    /// for a second replacement of the same kind, and for the parameter clashes `register` refuses.
    public mutating func replace<R: GestureRecognizer>(
        builtInKind name: String, factory: @escaping @Sendable (String) throws -> R, parameters: [Parameter<R>] = []
    ) throws(RegistrationError) {
        guard let index = kinds.prefix(Self.builtInKinds.count).firstIndex(where: { $0.name == name }) else {
            throw RegistrationError(
                message:
                    "cannot replace kind '\(name)': it is not a built-in kind (seed kinds: \(Self.seedKindNames.joined(separator: ", "))); register a kind of your own with register(kind:)"
            )
        }
        guard kinds[index].qualifiedName != nil else {
            throw RegistrationError(
                message:
                    "cannot replace kind '\(name)': it is UIKit's, and keeps its name; only the seed kinds can be replaced (\(Self.seedKindNames.joined(separator: ", ")))"
            )
        }
        if kinds[index].isReplaced { throw RegistrationError(message: "cannot replace kind '\(name)' twice") }
        try Self.checkParameters(of: name, parameters)
        kinds[index].isReplaced = true
        kinds.append(Self.makeKind(name, factory, parameters))
    }

    /// Throws when a parameter name is empty, repeated, a scene key or a common parameter.
    private static func checkParameters<R>(
        of name: String, _ parameters: [Parameter<R>]
    ) throws(RegistrationError) {
        var seen: Set<String> = []
        for p in parameters {
            let key = p.info.name
            if key.isEmpty { throw RegistrationError(message: "kind '\(name)': a parameter needs a non-empty name") }
            if Self.sceneKeys.contains(key) {
                throw RegistrationError(
                    message:
                        "kind '\(name)': parameter '\(key)' clashes with the scene key '\(key)' (scene keys: \(Self.sceneKeys.joined(separator: ", ")))"
                )
            }
            if Self.common.contains(where: { $0.info.name == key }) {
                throw RegistrationError(
                    message:
                        "kind '\(name)': parameter '\(key)' clashes with the parameter every kind takes (common parameters: \(Self.common.map(\.info.name).joined(separator: ", ")))"
                )
            }
            if !seen.insert(key).inserted { throw RegistrationError(message: "kind '\(name)': parameter '\(key)' is declared twice") }
        }
    }

    private static func makeKind<R: GestureRecognizer>(
        _ name: String, _ factory: @escaping @Sendable (String) throws -> R, _ parameters: [Parameter<R>],
        qualifiedName: String? = nil
    ) -> Kind {
        let entries = parameters.map { p in
            let set = p.set
            return Entry(
                info: p.info,
                set: { r, v throws(TraceError) in
                    // The loader only pairs a kind's setters with recognizers its factory made.
                    guard let typed = r as? R else { return }
                    try set(typed, v)
                })
        }
        let defaults = parameters.compactMap(\.applyDefault)
        return Kind(
            name: name, qualifiedName: qualifiedName, entries: entries, make: { try factory($0) },
            applyDefaults: { r in
                guard !defaults.isEmpty, let typed = r as? R else { return }
                for apply in defaults { apply(typed) }
            },
            accepts: { $0 is R }, reportable: [])
    }

    /// Every built-in kind, in the order the default scene uses.
    private static let builtInKinds: [Kind] = [
        makeKind(
            "tap", { TapGestureRecognizer(name: $0) },
            [
                .integer("numberOfTapsRequired", \.numberOfTapsRequired, minimum: 1),
                .integer("numberOfTouchesRequired", \.numberOfTouchesRequired, minimum: 1),
                .number("allowableMovement", \.allowableMovement, minimum: 0),
                .number("maximumTapInterval", \.maximumTapInterval, minimum: 0),
                .number("maximumTapDuration", \.maximumTapDuration, minimum: 0),
            ]),
        makeKind(
            "longPress", { LongPressGestureRecognizer(name: $0) },
            [
                .number("minimumPressDuration", \.minimumPressDuration, minimum: 0),
                .number("allowableMovement", \.allowableMovement, minimum: 0),
                .integer("numberOfTouchesRequired", \.numberOfTouchesRequired, minimum: 1),
                .integer("numberOfTapsRequired", \.numberOfTapsRequired, minimum: 0),
            ]),
        makeKind("pan", { PanGestureRecognizer(name: $0) }, panParameters),
        makeKind("pinch", { PinchGestureRecognizer(name: $0) }, []),
        makeKind("rotation", { RotationGestureRecognizer(name: $0) }, []),
        makeKind(
            "swipe", { SwipeGestureRecognizer(name: $0) },
            [
                .options("direction", \.direction, SwipeDirection.named.map { ($0.name, $0.direction) }),
                .integer("numberOfTouchesRequired", \.numberOfTouchesRequired, minimum: 1),
            ]),
        makeKind(
            "screenEdgePan", { ScreenEdgePanGestureRecognizer(name: $0) },
            [
                .options("edges", \.edges, ScreenEdges.named.map { ($0.name, $0.edge) }),
                .bool("failsPastMaxTouches", \.failsPastMaxTouches),
                .choice("velocityEstimator", \.velocityEstimator, estimators),
            ]),
        makeKind(
            "twoFingerSwipe", { TwoFingerSwipeGestureRecognizer(name: $0) },
            [
                .number("minimumVerticalTravel", \.minimumVerticalTravel, minimum: 0)
            ], qualifiedName: seedNamespace + "twoFingerSwipe"),
        makeKind(
            "marquee", { MarqueeGestureRecognizer(name: $0) }, panParameters.map { $0.cast(to: MarqueeGestureRecognizer.self) },
            qualifiedName: seedNamespace + "marquee"),
        makeKind(
            "tickle", { TickleGestureRecognizer(name: $0) },
            [
                .integer("requiredTickles", \.requiredTickles, minimum: 1),
                .number("minimumTickleDistance", \.minimumTickleDistance, minimum: 0),
                .number("maximumTickleDistance", \.maximumTickleDistance, minimum: 0),
            ], qualifiedName: seedNamespace + "tickle"),
    ]

    private static let panParameters: [Parameter<PanGestureRecognizer>] = [
        .integer("minimumNumberOfTouches", \.minimumNumberOfTouches, minimum: 1),
        .integer("maximumNumberOfTouches", \.maximumNumberOfTouches, minimum: 1),
        .bool("failsPastMaxTouches", \.failsPastMaxTouches),
        .choice("velocityEstimator", \.velocityEstimator, estimators),
    ]

    private static let estimators = VelocityEstimatorKind.allCases.map { (name: $0.rawValue, value: $0) }

    /// Parameters every kind takes (the base class's properties).
    static let common: [Entry] = [
        Parameter<GestureRecognizer>.bool("isEnabled", \.isEnabled),
        .bool("cancelsTouchesInView", \.cancelsTouchesInView),
        .bool("delaysTouchesBegan", \.delaysTouchesBegan),
        .bool("delaysTouchesEnded", \.delaysTouchesEnded),
    ].map { p in Entry(info: p.info, set: p.set) }

    /// The parameters every kind takes, besides its own.
    public static var commonParameters: [ParameterInfo] { common.map(\.info) }
}
