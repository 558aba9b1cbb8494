import GestureEngine

// Value checks and counts (issue #31 item 5): what a transition reported, checked by name, with
// failures attributed to the line of the check (and the transcript).
extension GestureHarness {
    /// The values reported with the last transition of `name` to `state`, if any.
    public func values(_ name: String, at state: GestureRecognizerState) -> GestureValues? {
        recorder.transitions(of: name).last(where: { $0.state == state })?.values
    }

    /// How many transitions of `name` went to `state` (`.changed`: how many changes were reported).
    public func count(_ name: String, _ state: GestureRecognizerState) -> Int {
        recorder.transitions(of: name).count { $0.state == state }
    }

    /// Checks the states of `name` with each run of repeated states (`changed, changed, ...`)
    /// counted once: `[.began, .changed, .ended]` matches any number (one or more) of changes.
    public func expect(
        _ name: String, statesCollapsingRepeats expected: [GestureRecognizerState], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var collapsed: [GestureRecognizerState] = []
        for s in states(name) where collapsed.last != s { collapsed.append(s) }
        guard collapsed == expected else {
            throw failure(
                "'\(name)' went through \(collapsed.map { ".\($0)" }) (repeats counted once), expected \(expected.map { ".\($0)" })",
                file: file, line: line)
        }
    }

    /// Checks that `name` reported `state` a number of times within `range` (`count(_:_:)`).
    public func expectCount(
        _ name: String, _ state: GestureRecognizerState, in range: ClosedRange<Int>, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let n = count(name, state)
        guard range.contains(n) else {
            throw failure(
                "'\(name)' reported .\(state) \(n) times, expected \(range.lowerBound)...\(range.upperBound)", file: file, line: line)
        }
    }

    /// The value fields `expectValue` reads: `translation.x`, `translation.y` (points),
    /// `velocity.x`, `velocity.y` (points per second), `scale`, `rotation` (radians),
    /// `scalarVelocity`, `location.x`, `location.y`, `touches`, `taps`, or the name of a custom
    /// value (`GestureValues.extra`, an integer or a number).
    public static let valueFields = [
        "translation.x", "translation.y", "velocity.x", "velocity.y", "scale", "rotation", "scalarVelocity", "location.x",
        "location.y", "touches", "taps",
    ]

    /// Checks that the value `field` (`valueFields`) of the last transition of `name` to `state`
    /// is `expected` within `tolerance`; a missing transition, field or value is a failure saying so.
    public func expectValue(
        _ name: String, at state: GestureRecognizerState = .ended, _ field: String, equals expected: Double,
        within tolerance: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        guard let values = values(name, at: state) else {
            throw failure("'\(name)' never reported .\(state), so it has no \(field)", file: file, line: line)
        }
        let actual: Double?
        switch field {
        case "translation.x": actual = values.translation?.dx
        case "translation.y": actual = values.translation?.dy
        case "velocity.x": actual = values.velocity?.dx
        case "velocity.y": actual = values.velocity?.dy
        case "scale": actual = values.scale
        case "rotation": actual = values.rotation
        case "scalarVelocity": actual = values.scalarVelocity
        case "location.x": actual = values.location.x
        case "location.y": actual = values.location.y
        case "touches": actual = Double(values.numberOfTouches)
        case "taps": actual = values.taps.map(Double.init)
        default:
            guard let extra = values.extra.first(where: { $0.name == field }) else {
                let custom = values.extra.map(\.name)
                throw failure(
                    "'\(name)' at .\(state) has no value '\(field)'; it has: \((Self.valueFields + custom).joined(separator: ", "))",
                    file: file, line: line)
            }
            switch extra.value {
            case .integer(let i): actual = Double(i)
            case .number(let d): actual = d
            default:
                throw failure("'\(name)' value '\(field)' is \(extra.value), not a number", file: file, line: line)
            }
        }
        guard let actual else {
            throw failure("'\(name)' at .\(state) reported no \(field)", file: file, line: line)
        }
        guard abs(actual - expected) <= tolerance else {
            throw failure("'\(name)' \(field) at .\(state) is \(actual), expected \(expected) ± \(tolerance)", file: file, line: line)
        }
    }
}
