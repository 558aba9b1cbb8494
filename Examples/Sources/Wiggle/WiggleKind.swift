import GestureEngine
import TraceKit

extension RecognizerCatalog {
    /// The built-in kinds plus `wiggle`, its parameters declared once: the scene loader checks
    /// them (type, range) and reports errors exactly as for a built-in kind.
    public static var withWiggle: RecognizerCatalog {
        var catalog = RecognizerCatalog.builtIn
        // Registering a new name into the built-in catalog cannot clash.
        try! catalog.register(
            kind: "wiggle", factory: { WiggleGestureRecognizer(name: $0) },
            parameters: [
                .integer("requiredWiggles", \.requiredWiggles, minimum: 1),
                .number("minimumStroke", \.minimumStroke, minimum: 1),
                .choice("axis", \.axis, WiggleGestureRecognizer.Axis.allCases.map { ($0.rawValue, $0) }),
            ])
        return catalog
    }
}
