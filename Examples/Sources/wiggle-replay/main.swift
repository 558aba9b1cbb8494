// gesturereplay plus this package's kinds and view classes: every command, option and format of
// gesturereplay, with scenes that may name "wiggle" and the lecture's "FirstAttemptView" and
// "SecondAttemptView" (`wiggle-replay test Traces/`, `wiggle-replay Traces/wiggle-shake.json`).
import GestureReplayCLI
import Wiggle

GestureReplayCLI.main(catalog: .examples)
