// The UIKit part of the recorder (docs/recording.md): a window that hands every touch event to a
// TouchTraceRecorder before dispatching it. Compiled only where UIKit has windows; on Linux this
// file is empty and the module holds the platform-independent TraceLineWriter and
// TraceRecordingSession.
#if canImport(UIKit) && !os(watchOS)
import Darwin
import UIKit

/// Records touches as a gesturereplay trace (JSON Lines) while the app runs.
///
/// Give it every touch event, before or after it is dispatched (``TraceRecordingWindow`` does);
/// it writes one row per touch sample: time since the first row, a small stable touch id, the
/// phase, the location in window coordinates. Rows are buffered and written to the file whenever
/// no recorded finger is down, and by ``flush()`` and ``stop()``.
@MainActor
public final class TouchTraceRecorder {
    /// Which samples of a touch are recorded.
    public enum Samples: Sendable {
        /// One sample per touch per event: the `UITouch` objects UIKit delivers to gesture
        /// recognizers' `touchesBegan/Moved/Ended/Cancelled`, at the event rate (the display's
        /// refresh rate). The replay then sees what the recognizers saw on the device. The default.
        case delivered
        /// Every sample the digitizer took (`UIEvent.coalescedTouches(for:)`, up to 240 Hz):
        /// the full-rate path, for drawing-style analysis or velocity estimators. The replay then
        /// delivers more, finer-grained events than UIKit's recognizers received.
        case coalesced
    }

    /// The file being written, if any.
    public let fileURL: URL?
    /// Which samples are recorded; may change between events.
    public var samples: Samples
    /// Also print every line to standard output (Xcode's console), unprefixed, so that
    /// `grep '^{"t":'` on the console log gives the trace.
    public var printsLines: Bool
    /// The time base, ids and counters (``TraceRecordingSession``).
    public private(set) var session: TraceRecordingSession

    private var pending = ""
    private var descriptor: Int32 = -1

    /// Starts a recording into `fileURL` (created or truncated; `nil`: no file, only
    /// ``printsLines`` or ``takePendingText()``). Throws if the file cannot be created.
    public init(
        fileURL: URL?, samples: Samples = .delivered, printsLines: Bool = false,
        writer: TraceLineWriter = TraceLineWriter()
    ) throws {
        self.fileURL = fileURL
        self.samples = samples
        self.printsLines = printsLines
        self.session = TraceRecordingSession(writer: writer)
        if let fileURL {
            descriptor = open(fileURL.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            if descriptor < 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
    }

    /// `name` in the app's Documents folder (shown in the Files app and in Finder when the app's
    /// Info.plist sets `UIFileSharingEnabled` and `LSSupportsOpeningDocumentsInPlace`).
    public static func documentsFile(named name: String = "trace.jsonl") -> URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].appendingPathComponent(name)
    }

    /// Records the touches of `event` (other events are ignored). Locations are taken in
    /// `window`'s coordinates; `nil` means each touch's own window.
    public func record(_ event: UIEvent, in window: UIWindow?) {
        guard event.type == .touches, let touches = event.allTouches, !touches.isEmpty else { return }
        var batch: [TouchSample] = []
        batch.reserveCapacity(touches.count)
        for touch in touches {
            // Coalesced samples are other UITouch objects: every sample is keyed by the main touch.
            let key = ObjectIdentifier(touch)
            // Predicted touches (event.predictedTouches(for:)) are never read: they are guesses.
            let series = samples == .coalesced ? (event.coalescedTouches(for: touch) ?? [touch]) : [touch]
            for sample in series {
                let p = sample.location(in: window)
                batch.append(
                    TouchSample(
                        touch: key, timestamp: sample.timestamp, phase: sample.phase.rawValue,
                        x: Double(p.x), y: Double(p.y)))
            }
        }
        session.record(batch, into: &pending)
        if session.touchesDown == 0 { flush() }
    }

    /// Writes the buffered lines to the file (and the console, with ``printsLines``).
    public func flush() {
        if pending.isEmpty { return }
        if printsLines { print(pending, terminator: "") }
        if descriptor >= 0 {
            let bytes = Array(pending.utf8)
            var offset = 0
            while offset < bytes.count {
                let n = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if n <= 0 { break }  // The disk is full or the file is gone: the rest is lost.
                offset += n
            }
        }
        pending = ""
    }

    /// The lines not yet flushed, removed from the buffer (for a recorder without a file).
    public func takePendingText() -> String {
        defer { pending = "" }
        return pending
    }

    /// Ends the recording: touches still down are written as cancelled, the rest is flushed and
    /// the file closed. Later events are ignored.
    public func stop() {
        session.cancelTouchesDown(into: &pending)
        flush()
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        stopped = true
    }

    /// Whether ``stop()`` was called.
    public private(set) var stopped = false
}

/// A window that records its touches: use it as the app's window and set ``recorder``.
///
///     let window = TraceRecordingWindow(windowScene: windowScene)
///     window.recorder = try? TouchTraceRecorder(fileURL: TouchTraceRecorder.documentsFile())
open class TraceRecordingWindow: UIWindow {
    /// The recording in progress; `nil` (the default) records nothing.
    public var recorder: TouchTraceRecorder?
    /// A recording of the truth (scene and transitions, docs/recording.md section 6); `nil` (the
    /// default) records none.
    public var truthRecorder: GestureTruthRecorder?

    open override func sendEvent(_ event: UIEvent) {
        // Before dispatch: the rows are in the order the recognizers receive the touches.
        if let recorder, !recorder.stopped { recorder.record(event, in: self) }
        truthRecorder?.record(event, in: self)
        super.sendEvent(event)
    }
}
#endif
