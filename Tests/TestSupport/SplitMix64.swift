import TraceReplay

/// A small seeded random number generator (SplitMix64, Steele, Lea and Flood, "Fast splittable
/// pseudorandom number generators", OOPSLA 2014): the same seed gives the same sequence on every
/// machine and run, so generated test inputs are reproducible from a seed. It is `synth`'s jitter
/// generator (`SynthRandom`), one implementation for both.
public typealias SplitMix64 = SynthRandom
