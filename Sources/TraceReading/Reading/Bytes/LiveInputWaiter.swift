/// What a ``ByteSource`` on a live input (a pipe, terminal, socket or FIFO read by a live replay or
/// `convert`, docs/live.md) asks before each `read`. The implementation, `LiveWaiter` (a `poll(2)`
/// loop on the input and on the signal pipe, waking the replay at its idle and timer deadlines), is
/// a tool feature in GestureReplayTools; the readers only see this protocol. Files and bytes in
/// memory are never given one and read exactly as without it.
package protocol LiveInputWaiter: AnyObject {
    /// Blocks until `fd` has bytes (or end of input, or an error) and returns true; returns false
    /// when the input is to end now (a signal, or the output was closed).
    func waitForInput(_ fd: Int32) -> Bool
    /// Whether more bytes arrive on `fd` within the idle time (the sniffing of a live input stops
    /// after the first complete line once the input pauses). False once the input is to end.
    func moreArrivesSoon(_ fd: Int32) -> Bool
    /// True when no byte can be read from `fd` now (a poll without waiting).
    func isIdleNow(_ fd: Int32) -> Bool
}
