import Foundation
import Testing
import TestSupport

/// The picture in a real browser, checked as a person looks at it: headless Chromium renders the
/// SVG to a PNG, and the test looks for what must be seen (the failure's reason as ink on the page,
/// the recognized marker over a failure cross, the touch's colour along its path, the report's
/// coloured diff and highlight), by position and colour with tolerances (anti-aliasing and fonts
/// differ between Chromium versions: no exact pixel counts). Runs when Chromium (Debian package `chromium`) and python3 (which decodes
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

        def decode(path):
            # An 8-bit RGB, RGBA or palette PNG, non-interlaced: rows of r, g, b bytes.
            data = open(path, 'rb').read()
            assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
            pos, idat, plte = 8, b'', None
            while pos < len(data):
                n, kind = struct.unpack('>I4s', data[pos:pos + 8])
                body = data[pos + 8:pos + 8 + n]
                if kind == b'IHDR':
                    w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
                elif kind == b'IDAT':
                    idat += body
                elif kind == b'PLTE':
                    plte = body
                pos += 12 + n
            assert depth == 8 and ctype in (2, 3, 6) and interlace == 0, (depth, ctype, interlace)
            bpp = {2: 3, 3: 1, 6: 4}[ctype]
            raw = zlib.decompress(idat)
            stride = w * bpp
            rows, prev, i = [], bytearray(stride), 0
            for y in range(h):
                f = raw[i]; line = bytearray(raw[i + 1:i + 1 + stride]); i += 1 + stride
                if f == 1:
                    for x in range(bpp, stride): line[x] = (line[x] + line[x - bpp]) & 255
                elif f == 2:
                    line = bytearray((a + b) & 255 for a, b in zip(line, prev))
                elif f == 3:
                    for x in range(stride): line[x] = (line[x] + ((line[x - bpp] if x >= bpp else 0) + prev[x]) // 2) & 255
                elif f == 4:
                    for x in range(stride):
                        a = line[x - bpp] if x >= bpp else 0
                        b = prev[x]
                        c = prev[x - bpp] if x >= bpp else 0
                        p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                        line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
                rows.append(line); prev = line
            if ctype == 3:
                rows = [b''.join(plte[3 * v:3 * v + 3] for v in r) for r in rows]
            elif ctype == 6:
                rows = [bytes(v for k, v in enumerate(r) if k % 4 != 3) for r in rows]
            return w, h, rows

        def lum(r, g, b):
            return (299 * r + 587 * g + 114 * b) // 1000

        def blocks(w, h, rows, size=8):
            # The mean r, g, b of each size x size block, row by row.
            out = []
            for by in range(0, h - size + 1, size):
                line = []
                for bx in range(0, w - size + 1, size):
                    s = [0, 0, 0]
                    for y in range(by, by + size):
                        r = rows[y]
                        for x in range(bx * 3, (bx + size) * 3, 3):
                            s[0] += r[x]; s[1] += r[x + 1]; s[2] += r[x + 2]
                    line.append([v // (size * size) for v in s])
                out.append(line)
            return out

        def quantized(w, h, rows):
            # The image as a palette PNG: up to 256 colours, the most frequent first, each unlike
            # those before (a rare flat colour, the amber of a cancellation, keeps its place);
            # every other colour mapped to the nearest (the pictures are flat colours and
            # anti-aliased edges).
            from collections import Counter
            count = Counter(bytes(r[k:k + 3]) for r in rows for k in range(0, len(r), 3))
            def distance(a, b):
                return 3 * (a[0] - b[0]) ** 2 + 4 * (a[1] - b[1]) ** 2 + 2 * (a[2] - b[2]) ** 2
            palette = []
            for c, _ in count.most_common():
                if len(palette) == 256: break
                if all(distance(c, p) > 900 for p in palette): palette.append(c)
            index = {c: i for i, c in enumerate(palette)}
            def nearest(c):
                return min(range(len(palette)), key=lambda i: distance(palette[i], c))
            for c in count:
                if c not in index: index[c] = nearest(c)
            body = b''.join(b'\\x00' + bytes(index[bytes(r[k:k + 3])] for k in range(0, len(r), 3)) for r in rows)
            def chunk(kind, data):
                return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
            return (b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 3, 0, 0, 0))
                    + chunk(b'PLTE', b''.join(palette)) + chunk(b'IDAT', zlib.compress(body, 9)) + chunk(b'IEND', b''))

        w, h, rows = decode(sys.argv[1])
        print(w, h)
        for arg in sys.argv[2:]:
            if arg.startswith('dark:') or arg.startswith('near:'):
                # In the box x0,y0,x1,y1: how many pixels are dark (r+g+b < 360), or (near:#rrggbb,...)
                # within 80 of a colour, and the smallest and largest x of those.
                parts = arg.split(':')[1].split(',')
                want = [int(parts[0][i:i + 2], 16) for i in (1, 3, 5)] if arg.startswith('near:') else None
                if want: parts = parts[1:]
                x0, y0, x1, y1 = (max(0, int(float(v))) for v in parts)
                n, lo, hi = 0, 10**9, -1
                for y in range(y0, min(y1, h)):
                    row = rows[y]
                    for x in range(x0, min(x1, w)):
                        r, g, b = row[x * 3], row[x * 3 + 1], row[x * 3 + 2]
                        hit = (abs(r - want[0]) + abs(g - want[1]) + abs(b - want[2]) <= 80) if want else (r + g + b < 360)
                        if hit:
                            n += 1; lo = min(lo, x); hi = max(hi, x)
                print(n, lo if n else -1, hi)
            elif arg.startswith('rows:'):
                # rows:#rrggbb/tolerance,x0,y0,x1,y1: the rows of the box with at least 50 pixels
                # within the tolerance (summed over r, g, b) of the colour (a band, not specks of
                # anti-aliasing): how many, the first and the last.
                parts = arg[5:].split(',')
                colour, tolerance = parts[0].split('/')
                want = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
                x0, y0, x1, y1 = (max(0, int(float(v))) for v in parts[1:])
                ys = [y for y in range(y0, min(y1, h))
                      if sum(1 for x in range(x0, min(x1, w)) if abs(rows[y][x * 3] - want[0]) + abs(rows[y][x * 3 + 1] - want[1])
                             + abs(rows[y][x * 3 + 2] - want[2]) <= int(tolerance)) >= 50]
                print(len(ys), min(ys) if ys else -1, max(ys) if ys else -1)
            elif arg.startswith('patch:'):
                # In the box: the pixels with ink (luminance below 225), their mean luminance, then
                # the ink mask row by row (1: ink).
                x0, y0, x1, y1 = (max(0, int(float(v))) for v in arg[6:].split(','))
                mask, total = [], 0
                for y in range(y0, min(y1, h)):
                    for x in range(x0, min(x1, w)):
                        l = lum(rows[y][x * 3], rows[y][x * 3 + 1], rows[y][x * 3 + 2])
                        mask.append(1 if l < 225 else 0)
                        total += l if l < 225 else 0
                n = sum(mask)
                print(n, total // n if n else 255, *mask)
            elif arg.startswith('compare:'):
                # Against a golden PNG: both sizes, then in 8 x 8 blocks how many differ by more
                # than 24 in a channel's mean, of how many, and the largest difference.
                gw, gh, grows = decode(arg[8:])
                a, b = blocks(w, h, rows), blocks(gw, gh, grows)
                differ, n, most = 0, 0, 0
                for la, lb in zip(a, b):
                    for ca, cb in zip(la, lb):
                        d = max(abs(ca[k] - cb[k]) for k in range(3))
                        n += 1; most = max(most, d)
                        if d > 24: differ += 1
                print(gw, gh, differ, n, most)
            elif arg.startswith('quantize:'):
                open(arg[9:], 'wb').write(quantized(w, h, rows))
                print(0, 0, 0)
            elif arg.startswith('#'):
                # How many pixels are within 60 (summed over r, g, b) of the colour #rrggbb.
                want = [int(arg[i:i + 2], 16) for i in (1, 3, 5)]
                n = sum(1 for row in rows for x in range(0, len(row), 3)
                        if abs(row[x] - want[0]) + abs(row[x + 1] - want[1]) + abs(row[x + 2] - want[2]) <= 60)
                print(n, 0, 0)
            else:
                x, y = (int(v) for v in arg.split(','))
                if 0 <= x < w and 0 <= y < h:
                    print(*rows[y][x * 3:x * 3 + 3])
                else:
                    print(-1, -1, -1)
        """

    /// The pixels at `points` of `svg` rendered by Chromium at 1 device pixel per SVG pixel.
    static func render(
        _ svg: String, width: Int, height: Int, at points: [(Int, Int)]
    ) throws -> (size: (Int, Int), pixels: [(Int, Int, Int)]) {
        try render(svg, named: "picture.svg", width: width, height: height, probes: points.map { "\($0.0),\($0.1)" })
    }

    /// `probes`: `x,y` for a pixel's colour, `#rrggbb` for how many pixels are near that colour.
    static func render(
        _ page: String, named name: String, width: Int, height: Int, probes: [String]
    ) throws -> (size: (Int, Int), pixels: [(Int, Int, Int)]) {
        let (size, lines) = try probe(page, named: name, width: width, height: height, probes: probes)
        return (size, lines.map { ($0[0], $0[1], $0[2]) })
    }

    /// The screenshot's size and each probe's numbers (`patch:` and `compare:` print more than three).
    static func probe(
        _ page: String, named name: String, width: Int, height: Int, probes: [String]
    ) throws -> (size: (Int, Int), lines: [[Int]]) {
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
        let (read, _) = try ProcessRunner.run(python!, [script, png] + probes, in: folder.url, seconds: 300)
        guard read.status == 0 else { throw HarnessError(description: "decoding the PNG failed: \(read)") }
        let lines = read.stdout.split(separator: "\n").map { $0.split(separator: " ").compactMap { Int($0) } }
        guard lines.count == probes.count + 1, lines[0].count == 2, lines.dropFirst().allSatisfy({ $0.count >= 3 }) else {
            throw HarnessError(description: "unexpected output: \(read)")
        }
        return ((lines[0][0], lines[0][1]), Array(lines.dropFirst()))
    }
}
