import TraceReplay

/// A usage error: printed with the usage line, exit code 2.
struct UsageError: Error {
    let message: String
    /// Where, when the option came from a `NAME.args` file (`--set`); nil: the command line.
    var location: SourceLocation? = nil
    /// The argument it is about: its index in the arguments scanned, and how many characters into
    /// it (a value attached as `--screen=abc` starts after `--screen=`); a `NAME.args` file's
    /// error is reported there (`t.args:LINE:COLUMN`). Nil: the arguments as a whole.
    var argument: (index: Int, offset: Int)? = nil
}
