import GestureReplayCLI

GestureReplayCLI.main()
