import TraceReplay

/// `--help`, which every command takes (it wins over the other arguments).
enum StandardOptions {
    static let help = OptionSpec(long: "help", short: "h", help: "show this help")
}
