import Foundation
import Testing
import TestSupport
@testable import TraceKit

/// The picture in a real browser: headless Chromium renders the SVG to a PNG, and the pixels are
/// checked where things must be (the touch path's colour along its samples, the failure marker at
/// the failing point). Runs when Chromium (Debian package `chromium`) and python3 (which decodes
/// the PNG with zlib) are installed; `.ci/run` installs Chromium so CI always runs it.
enum Browser {
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var isAvailable: Bool { chromium != nil && python != nil }
    static let missing: Comment = "Chromium (Debian package chromium; .ci/run installs it) or python3 is not installed"

    /// Decodes an 8-bit RGB/RGBA PNG (non-interlaced) and prints `r g b` for each `x,y` argument.
    static let pixelScript = """
        import sys, zlib, struct
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
        pos, idat = 8, b''
        while pos < len(data):
            n, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + n]
            if kind == b'IHDR':
                w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
            elif kind == b'IDAT':
                idat += body
            pos += 12 + n
        assert depth == 8 and ctype in (2, 6) and interlace == 0, (depth, ctype, interlace)
        bpp = 3 if ctype == 2 else 4
        raw = zlib.decompress(idat)
        stride = w * bpp
        rows, prev, i = [], bytearray(stride), 0
        for y in range(h):
            f = raw[i]; line = bytearray(raw[i + 1:i + 1 + stride]); i += 1 + stride
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b = prev[x]
                c = prev[x - bpp] if x >= bpp else 0
                if f == 1: line[x] = (line[x] + a) & 255
                elif f == 2: line[x] = (line[x] + b) & 255
                elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
                elif f == 4:
                    p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            rows.append(line); prev = line
        print(w, h)
        for arg in sys.argv[2:]:
            if arg.startswith('#'):
                # How many pixels are within 60 (summed over r, g, b) of the colour #rrggbb.
                want = [int(arg[i:i + 2], 16) for i in (1, 3, 5)]
                n = sum(1 for row in rows for x in range(0, len(row), bpp)
                        if abs(row[x] - want[0]) + abs(row[x + 1] - want[1]) + abs(row[x + 2] - want[2]) <= 60)
                print(n, 0, 0)
                continue
            if arg.startswith('near:'):
                # near:x,y,r,#rrggbb: 1 if a pixel within r of (x, y) is within 60 of the colour, else 0
                # (a check of where a thing is drawn that holds when a browser's anti-aliasing moves an edge).
                x, y, r, colour = arg[5:].split(',')
                x, y, r = int(x), int(y), int(r)
                want = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
                hit = any(abs(rows[yy][xx * bpp] - want[0]) + abs(rows[yy][xx * bpp + 1] - want[1])
                          + abs(rows[yy][xx * bpp + 2] - want[2]) <= 60
                          for yy in range(max(0, y - r), min(h, y + r + 1))
                          for xx in range(max(0, x - r), min(w, x + r + 1)))
                print(1 if hit else 0, 0, 0)
                continue
            x, y = (int(v) for v in arg.split(','))
            if 0 <= x < w and 0 <= y < h:
                print(*rows[y][x * bpp:x * bpp + 3])
            else:
                print(-1, -1, -1)
        """

    /// `probes`: `x,y` for a pixel's colour, `#rrggbb` for how many pixels are near that colour,
    /// `near:x,y,r,#rrggbb` for whether that colour is drawn within `r` pixels of `x,y` (1 or 0).
    static func render(
        _ page: String, named name: String, width: Int, height: Int, probes: [String]
    ) throws -> (size: (Int, Int), pixels: [(Int, Int, Int)]) {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let svgPath = try folder.write(name, page)
        let png = folder.path + "/picture.png"
        let (shot, timedOut) = try ProcessRunner.run(
            chromium!,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                "--host-resolver-rules=MAP * ~NOTFOUND",  // offline: nothing may be fetched
                "--window-size=\(width),\(height)", "--screenshot=\(png)", "file://" + svgPath,
            ], in: folder.url, seconds: 120, environment: ["HOME": folder.path])
        guard !timedOut, FileManager.default.fileExists(atPath: png) else {
            throw HarnessError(description: "chromium made no screenshot: \(shot)")
        }
        let script = try folder.write("pixels.py", pixelScript)
        let (read, _) = try ProcessRunner.run(python!, [script, png] + probes, in: folder.url)
        guard read.status == 0 else { throw HarnessError(description: "decoding the PNG failed: \(read)") }
        let lines = read.stdout.split(separator: "\n").map { $0.split(separator: " ").compactMap { Int($0) } }
        guard lines.count == probes.count + 1, lines[0].count == 2 else { throw HarnessError(description: "unexpected output: \(read)") }
        return ((lines[0][0], lines[0][1]), lines.dropFirst().map { ($0[0], $0[1], $0[2]) })
    }
}

@Suite("The picture in headless Chromium", .enabled(if: Browser.isAvailable, Browser.missing), .serialized)
struct ChromiumPictureTests {
    /// The numbers of the first `<polyline points="...">` after `marker`.
    static func polyline(_ svg: String, after marker: String) -> [(Double, Double)] {
        guard let from = svg.range(of: marker),
            let start = svg.range(of: "points=\"", range: from.upperBound..<svg.endIndex),
            let end = svg.range(of: "\"", range: start.upperBound..<svg.endIndex)
        else { return [] }
        return svg[start.upperBound..<end.lowerBound].split(separator: " ").compactMap { pair in
            let xy = pair.split(separator: ",").compactMap { Double($0) }
            return xy.count == 2 ? (xy[0], xy[1]) : nil
        }
    }

    static func attribute(_ svg: String, _ name: String) -> Int {
        guard let r = svg.range(of: " \(name)=\""), let e = svg.range(of: "\"", range: r.upperBound..<svg.endIndex) else { return 0 }
        return Int(Double(svg[r.upperBound..<e.lowerBound]) ?? 0)
    }

    static func near(_ p: (Int, Int, Int), _ hex: (Int, Int, Int), tolerance: Int = 70) -> Bool {
        abs(p.0 - hex.0) + abs(p.1 - hex.1) + abs(p.2 - hex.2) <= tolerance
    }

    @Test("pinch: the first touch's colour along its samples, the failure marker at the failing point")
    func pinch() throws {
        let svg = try Picture.svg(ReplayOptions(inputPath: PackageFiles.path("Traces/pinch.json")), title: "Traces/pinch.json")
        let width = Self.attribute(svg, "width"), height = Self.attribute(svg, "height")
        // Touch 1 (the first palette colour, #0072b2): its samples, at the dot of each.
        // (Those under the pinch's `ended` marker, drawn over the touch's end, are left out.)
        let all = Self.polyline(svg, after: "<title>touch 1:")
        let last = try #require(all.last)
        let samples = all.filter { ($0.0 - last.0) * ($0.0 - last.0) + ($0.1 - last.1) * ($0.1 - last.1) > 81 }
        #expect(samples.count >= 15)
        // The failure marker: a cross centred on the failing point (`M x-6,y-6 l12,12 ...`).
        let failed = try #require(svg.range(of: "<g class=\"marker failed\">"))
        let d = try #require(svg.range(of: "<path d=\"M", range: failed.upperBound..<svg.endIndex))
        let numbers = svg[d.upperBound...].prefix { $0 != "l" }.split(separator: ",").compactMap { Double($0) }
        let cross = (Int((numbers[0] + 6).rounded()), Int((numbers[1] + 6).rounded()))
        // A point of the scene far from any path (its top-right corner area): the root view's fill.
        let background = (width / 2 - 40, 60)
        // Where things are drawn, with a tolerance that holds across Chromium versions (anti-aliasing and
        // stroke placement move edges by a pixel or two): touch 1's colour within 3 px of each sample,
        // the failure colour within 3 px of the cross's centre, and neither at a background point.
        let blue = "#0072b2", red = "#d62728"
        var probes = samples.map { "near:\(Int($0.0.rounded())),\(Int($0.1.rounded())),3,\(blue)" }
        probes += ["near:\(cross.0),\(cross.1),3,\(red)", "\(background.0),\(background.1)"]
        let (size, pixels) = try Browser.render(svg, named: "picture.svg", width: width, height: height, probes: probes)
        #expect(size.0 == width && size.1 == height)
        let onPath = pixels.prefix(samples.count).filter { $0.0 == 1 }.count
        // A time tick (a white dot) or another marker may cover a sample or two.
        #expect(
            onPath * 5 >= samples.count * 4,
            "touch 1's colour near \(onPath) of \(samples.count) samples")
        #expect(pixels[samples.count].0 == 1, "no failure colour within 3 px of \(cross)")
        let bg = pixels[samples.count + 1]
        #expect(
            !Self.near(bg, (0x00, 0x72, 0xb2)) && !Self.near(bg, (0xd6, 0x27, 0x28)), "background at \(background): \(bg)")
    }

    @Test("the HTML report: the failure's picture is drawn inline, FAIL in red, offline")
    func htmlReport() throws {
        let svg = try Picture.svg(ReplayOptions(inputPath: PackageFiles.path("Traces/pinch.json")), title: "Traces/pinch.json")
        let failing = HTMLReport.Entry(
            tracePath: "Traces/pinch.json", passed: false, message: "output differs",
            details: "-   0.999  bogus\n+   0.100  pinch ...\n", picture: .success(svg))
        let passing = HTMLReport.Entry(tracePath: "Traces/swipe-down.json", passed: true, message: nil, details: "", picture: nil)
        let page = HTMLReport.make([failing, passing], title: "gesturereplay test")
        let (_, counts) = try Browser.render(
            page, named: "report.html", width: 900, height: 1600,
            probes: ["#0072b2", "#d62728", "#c62828", "#f6f6f6"])
        // Touch 1's path (blue), the rotation's cross and failed lane (red), the FAIL labels, the
        // diff's background: all drawn, with nothing fetched.
        #expect(counts[0].0 > 100, "touch 1's colour: \(counts[0].0) pixels")
        #expect(counts[1].0 > 1000, "failed lane and cross: \(counts[1].0) pixels")
        #expect(counts[2].0 > 20, "FAIL in red: \(counts[2].0) pixels")
        #expect(counts[3].0 > 5000, "the diff's background: \(counts[3].0) pixels")
    }
}
