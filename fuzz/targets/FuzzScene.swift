// libFuzzer target: the scene loader (a `--scene` file: JSON parser, views, recognizers, failure
// requirements, expectations), then a fixed, valid multi-gesture trace replayed through that scene.
// Every error must be about the scene file and positioned in it.
#if canImport(Glibc)
import Glibc
#endif
import GestureEngine
import TraceReplay
import TraceReading

private let scratch = Fuzz.ScratchFile("scene")

/// A valid trace touching most of a 390 x 844 screen: a tap, a double tap, a pan, a two-finger
/// pinch and rotation, a long press, a left-edge pan and a three-finger swipe.
private let trace: Fuzz.ScratchFile = {
    var rows = ["t,id,phase,x,y"]
    func add(_ t: Double, _ id: Int, _ phase: String, _ x: Double, _ y: Double) {
        rows.append("\(t),\(id),\(phase),\(x),\(y)")
    }
    add(0, 1, "began", 100, 100); add(0.08, 1, "ended", 101, 100)
    add(0.5, 1, "began", 100, 100); add(0.56, 1, "ended", 100, 101)
    add(0.7, 1, "began", 102, 100); add(0.76, 1, "ended", 102, 100)
    add(1.2, 1, "began", 50, 400)
    for k in 1...10 { add(1.2 + 0.016 * Double(k), 1, "moved", 50 + 12 * Double(k), 400 - 3 * Double(k)) }
    add(1.4, 1, "ended", 170, 370)
    add(2.0, 2, "began", 150, 300); add(2.0, 3, "began", 250, 300)
    for k in 1...8 {
        let t = 2.0 + 0.02 * Double(k), d = 50 + 8 * Double(k), a = 0.1 * Double(k)
        add(t, 2, "moved", 200 - d * cos(a), 300 - d * sin(a)); add(t, 3, "moved", 200 + d * cos(a), 300 + d * sin(a))
    }
    add(2.3, 2, "ended", 120, 280); add(2.3, 3, "ended", 280, 320)
    add(3.0, 4, "began", 200, 600); add(3.4, 4, "moved", 202, 601); add(3.9, 4, "ended", 202, 601)
    add(4.5, 5, "began", 1, 500)
    for k in 1...6 { add(4.5 + 0.02 * Double(k), 5, "moved", 1 + 25 * Double(k), 500) }
    add(4.7, 5, "ended", 151, 500)
    for f in 6...8 { add(5.0, f, "began", 100 + 40 * Double(f), 700) }
    for k in 1...4 { for f in 6...8 { add(5.0 + 0.015 * Double(k), f, "moved", 100 + 40 * Double(f), 700 - 40 * Double(k)) } }
    for f in 6...8 { add(5.1, f, "ended", 100 + 40 * Double(f), 540) }
    let file = Fuzz.ScratchFile("scene-trace")
    file.write(rows.joined(separator: "\n") + "\n")
    return file
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    scratch.write(UnsafeBufferPointer(start: data, count: size))
    let screen = size % 2 == 0 ? nil : Size(width: 390, height: 844)
    Fuzz.replay(trace: trace.path, format: .csv, scene: scratch.path, screen: screen, errorPath: scratch.path)
    return 0
}
