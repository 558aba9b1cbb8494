import Dispatch
import Foundation
import GestureEngine

/// Who is running UIKit-style code right now, on this thread: the recognizer or view whose method
/// GestureUIKit called (a touch method, an action, a delegate question, a timer's block), so that
/// `print`, `Timer`, `DispatchQueue.main.asyncAfter` and `CACurrentMediaTime()` in that code reach
/// the replay and run in its trace time. Set only while GestureUIKit calls into user code; engine
/// code never reads it (a replay without GestureUIKit pays nothing).
enum ReplayContext {
    /// One entry: a recognizer (its `replayPrint`, its environment's timers) or a view.
    enum Source {
        case recognizer(GestureRecognizer)
        case view(View)
        case environment(GestureEnvironment)
    }

    /// This thread's sources, innermost last (one list per thread, kept in a POSIX thread-specific
    /// slot: a read is a load, a call an append and a removal, no allocation once the list grew).
    final class Stack {
        @exclusivity(unchecked) var sources: [Source] = []
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<Stack>.fromOpaque(pointer).release() }
        }
        return key
    }()

    /// This thread's stack, made on first use.
    @inline(__always) static var stack: Stack {
        if let pointer = pthread_getspecific(key) { return Unmanaged<Stack>.fromOpaque(pointer).takeUnretainedValue() }
        let stack = Stack()
        pthread_setspecific(key, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }

    /// The innermost source on this thread, if any.
    static var current: Source? { stack.sources.last }

    /// Runs `body` with `source` as the current source (restoring the previous one after).
    @inline(__always)
    static func with<T>(_ source: Source, _ body: () throws -> T) rethrows -> T {
        let stack = self.stack
        stack.sources.append(source)
        defer { stack.sources.removeLast() }
        return try body()
    }

    /// The environment replaying the current source, if any.
    static var environment: GestureEnvironment? {
        switch current {
        case .recognizer(let r)?: r.view?.environment
        case .view(let v)?: v.environment
        case .environment(let e)?: e
        case nil: nil
        }
    }
}

extension ReplayContext.Source {
    /// Prints into the replay, attributed to the source.
    func replayPrint(_ text: String) {
        switch self {
        case .recognizer(let r): r.replayPrint(text)
        case .view(let v): v.replayPrint(text)
        case .environment(let e): e.replayPrint(text)
        }
    }
}

/// `print(_:separator:terminator:)` as UIKit code calls it. Inside a replay (code that GestureUIKit
/// called: a touch method, an action, a delegate, a timer's block) the text goes into the replay's
/// output at the current trace time, attributed to the recognizer or view, as `replayPrint(_:)`
/// (one message per call, the terminator dropped); elsewhere it is `Swift.print`.
public func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    var text = ""
    for (i, item) in items.enumerated() {
        if i > 0 { text += separator }
        text += String(describing: item)
    }
    if let source = ReplayContext.current {
        source.replayPrint(text)
    } else {
        Swift.print(text, terminator: terminator)
    }
}

/// `debugPrint` as `print` (into the replay inside it), with each item's debug description.
public func debugPrint(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { String(reflecting: $0) }.joined(separator: separator)
    if let source = ReplayContext.current {
        source.replayPrint(text)
    } else {
        Swift.print(text, terminator: terminator)
    }
}

/// `CACurrentMediaTime()`: inside a replay, the trace time (seconds); elsewhere the process's
/// monotonic clock, as on a device.
public func CACurrentMediaTime() -> Double {
    if let environment = ReplayContext.environment { return environment.currentTime }
    return Double(Dispatch.DispatchTime.now().uptimeNanoseconds) / 1e9
}
