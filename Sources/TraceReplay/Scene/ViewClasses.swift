import GestureEngine
import TraceReading

/// View classes a scene can name (`"class": "LectureView"`), registered in the same catalog and the
/// same style as recognizer kinds:
///
/// ```swift
/// var catalog = RecognizerCatalog.builtIn
/// try catalog.register(viewClass: "LectureView") { name, frame in LectureView(name: name, frame: frame) }
/// GestureReplayCLI.main(catalog: catalog)   // a user's executable: scenes may name LectureView
/// ```
///
/// A view without `"class"` is a plain `View` (`"class": "View"` says so explicitly).
extension RecognizerCatalog {
    /// One view class: the name a scene's `"class"` uses and how a view of it is made.
    public struct ViewClass: Sendable {
        /// The name a scene's `"class"` uses.
        public let name: String
        let make: @Sendable (String, Rect) throws -> View
    }

    /// The name of the plain view class, always known.
    public static let plainViewClass = "View"

    /// The names of the view classes a scene may name, `View` first, then the registered ones in order.
    public var viewClassNames: [String] { [Self.plainViewClass] + viewClasses.map(\.name) }

    /// Adds a view class named `name`: `factory` makes a view from the scene's name and frame (it may
    /// throw; the scene then fails to load with that error at the view's `"class"`). Throws (and
    /// changes nothing) when the name is empty, `View`, or already registered.
    public mutating func register<V: View>(
        viewClass name: String, factory: @escaping @Sendable (_ name: String, _ frame: Rect) throws -> V
    ) throws(RegistrationError) {
        if name.isEmpty { throw RegistrationError(message: "a view class needs a non-empty name") }
        if name == Self.plainViewClass { throw RegistrationError(message: "cannot register view class 'View': it is the plain view class") }
        if viewClasses.contains(where: { $0.name == name }) {
            throw RegistrationError(message: "cannot register view class '\(name)' twice")
        }
        viewClasses.append(ViewClass(name: name, make: factory))
    }

    /// A new view of class `viewClass` named `name` with `frame`, as a scene file would make it.
    /// Throws for an unknown class and with the factory's error.
    public func makeView(viewClass: String, name: String, frame: Rect) throws(TraceError) -> View {
        if viewClass == Self.plainViewClass { return View(name: name, frame: frame) }
        guard let c = viewClasses.first(where: { $0.name == viewClass }) else {
            throw TraceError(
                .invalidTrace,
                .error("unknown view class '\(viewClass)'; expected one of: \(viewClassNames.joined(separator: ", "))", at: nil))
        }
        do {
            return try c.make(name, frame)
        } catch {
            throw TraceError(
                .invalidTrace, .error("the factory of view class '\(viewClass)' could not make view '\(name)': \(error)", at: nil))
        }
    }
}
