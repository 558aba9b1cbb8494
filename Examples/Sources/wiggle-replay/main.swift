// gesturereplay plus the wiggle kind: every command, option and format of gesturereplay, with
// scenes that may name "wiggle" (`wiggle-replay test Traces/`, `wiggle-replay Traces/wiggle-shake.json`).
import GestureReplayCLI
import Wiggle

GestureReplayCLI.main(catalog: .withWiggle)
