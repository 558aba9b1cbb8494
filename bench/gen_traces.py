#!/usr/bin/env python3
"""Deterministic synthetic touch traces for `make bench` (bench/run.sh).

Every trace is generated from a fixed seed, so the same command writes byte-identical files on every
machine. Rows are written at 120 Hz in window points (a 390 x 844 pt screen); an *event* is one row
(one touch at one instant), as in the trace formats (docs/trace-format.md).

    gen_traces.py mix EVENTS [--repeat=N] OUT.csv [OUT.jsonl] [OUT.json]
        a seeded mix of taps, double taps, pans, pinches, rotations and swipes with 1-3 fingers,
        gestures separated by pauses (so timers fire); exactly EVENTS rows; the same rows in every
        format given (CSV, JSON Lines, and a JSON bare array), chosen by extension. With --repeat=N
        the EVENTS rows are written N times, each copy a second after the previous one ends.
    gen_traces.py heavy EVENTS OUT.csv [OUT.jsonl] [OUT.json]
        the output-heavy mix of issue 45: one-finger taps of 6 steps, one-finger pans of 90 steps at
        2 pt per step, two-finger pinches of 60 steps and one-finger swipes of 15 steps, weights
        3:3:1:3, 0.05-0.6 s between gestures (about 1.6 gesture lines per event with the default
        scene); exactly EVENTS rows, the same rows in every format given.
    gen_traces.py heavy-KIND EVENTS OUT.csv [OUT.jsonl] [OUT.json]
        one kind of the output-heavy mix alone (KIND: tap, pan, pinch or swipe), the same gestures
        and pauses: what each kind costs per event (docs/performance.md, "Per gesture kind").
    gen_traces.py hour SECONDS OUT.csv
        the mix, cut after SECONDS of trace time (3600: a one-hour recording).
    gen_traces.py tiny OUT.csv
        a 10-event trace (a one-finger swipe), for start-up time.
    gen_traces.py tenfingers EVENTS OUT.csv
        10 fingers touch down in one frame and wander together; lifted and put down again every
        2000 frames.
    gen_traces.py manyids EVENTS OUT.csv
        short one-finger gestures, each finger with a new string id (f1, f2, ...): EVENTS / 20
        distinct touch ids.
    gen_traces.py manyintids EVENTS OUT.csv
        the same gestures with integer ids (1, 2, ...): the string-id cost, side by side.
    gen_traces.py corpus COUNT DIR
        COUNT small JSON traces (taps, double taps and drags in the default scene with a 390 x 844
        screen, 10 to 80 rows each, every one different) in DIR/tNN/trace-NNNNN.json, 50 folders:
        the corpus for `gesturereplay test` throughput (bench.py records their goldens).
    gen_traces.py getevent BYTES OUT.txt
        the mix as an Android `getevent -lp` header and a `getevent -lt` capture (multi-touch protocol B
        on a 1080 x 2340 panel, 2.77 raw units per point, with the `/dev/input/event3:` prefix and
        BTN_TOUCH), at least BYTES long, ending with every finger up. Replay with --screen 390x844.
    gen_traces.py scene100 OUT.scene.json
        a scene with 100 recognizers: a 3 x 3 grid of views covering the screen with 10 recognizers
        each (every kind), plus 10 on the root view.
"""

import json
import math
import os
import random
import sys

HZ = 120
SCREEN_W, SCREEN_H = 390.0, 844.0
SEED = 20240611


def fmt_t(frame):
    # Times with 6 decimals, trailing zeros dropped (as recorders write them).
    s = "%.6f" % (frame / HZ)
    s = s.rstrip("0").rstrip(".")
    return s or "0"


def fmt_p(v):
    s = "%.2f" % v
    if s == "-0.00":
        s = "0.00"
    return s


class Mix:
    """Rows of a seeded gesture mix, as (frame, id, phase, x, y) tuples, gesture after gesture."""

    def __init__(self, seed=SEED):
        self.rng = random.Random(seed)
        self.frame = 0
        self.next_id = 1

    def ids(self, n):
        # Touch ids cycle through 1...1000 (recorders reuse small ids).
        out = []
        for _ in range(n):
            out.append(self.next_id)
            self.next_id = self.next_id % 1000 + 1
        return out

    def gestures(self):
        rng = self.rng
        kinds = ["tap", "doubletap", "pan", "pan", "pinch", "rotation", "swipe"]
        while True:
            kind = rng.choice(kinds)
            yield from getattr(self, kind)()
            self.frame += rng.randint(12, 60)  # 0.1 - 0.5 s pause

    def center(self, margin=80):
        r = self.rng
        return r.uniform(margin, SCREEN_W - margin), r.uniform(margin, SCREEN_H - margin)

    def fingers(self, n, cx, cy, spread=40):
        r = self.rng
        return [(cx + r.uniform(-spread, spread), cy + r.uniform(-spread, spread)) for _ in range(n)]

    def path(self, ids, starts, frames, step, jitter=0.4):
        """began, then `frames` moves by `step(i, k) -> (dx, dy)` per finger, then ended."""
        r = self.rng
        pos = [list(p) for p in starts]
        for tid, p in zip(ids, pos):
            yield (self.frame, tid, "began", p[0], p[1])
        for k in range(frames):
            self.frame += 1
            for i, (tid, p) in enumerate(zip(ids, pos)):
                dx, dy = step(i, k)
                p[0] += dx + r.uniform(-jitter, jitter)
                p[1] += dy + r.uniform(-jitter, jitter)
                yield (self.frame, tid, "moved", p[0], p[1])
        self.frame += 1
        for tid, p in zip(ids, pos):
            yield (self.frame, tid, "ended", p[0], p[1])

    def tap(self):
        n = self.rng.randint(1, 3)
        cx, cy = self.center()
        yield from self.path(self.ids(n), self.fingers(n, cx, cy), self.rng.randint(3, 9), lambda i, k: (0, 0))

    def doubletap(self):
        n = self.rng.randint(1, 2)
        cx, cy = self.center()
        starts = self.fingers(n, cx, cy)
        yield from self.path(self.ids(n), starts, self.rng.randint(3, 7), lambda i, k: (0, 0))
        self.frame += self.rng.randint(8, 20)
        yield from self.path(self.ids(n), starts, self.rng.randint(3, 7), lambda i, k: (0, 0))

    def pan(self):
        r = self.rng
        n = r.randint(1, 3)
        cx, cy = self.center()
        a = r.uniform(0, 2 * math.pi)
        speed = r.uniform(1, 6)
        frames = r.randint(30, 150)
        dx, dy = speed * math.cos(a), speed * math.sin(a)
        yield from self.path(self.ids(n), self.fingers(n, cx, cy), frames, lambda i, k: (dx, dy))

    def two_finger(self, frames, angle_step, dist_step):
        r = self.rng
        cx, cy = self.center(120)
        radius = r.uniform(40, 90)
        a0 = r.uniform(0, math.pi)
        ids = self.ids(2)
        state = {"a": a0, "r": radius}

        def where(i):
            a = state["a"] + (math.pi if i else 0)
            return cx + state["r"] * math.cos(a), cy + state["r"] * math.sin(a)

        starts = [where(0), where(1)]
        last = [list(s) for s in starts]

        def step(i, k):
            if i == 0:
                state["a"] += angle_step
                state["r"] += dist_step
            x, y = where(i)
            d = (x - last[i][0], y - last[i][1])
            last[i] = [x, y]
            return d

        yield from self.path(ids, starts, frames, step, jitter=0.2)

    def pinch(self):
        r = self.rng
        yield from self.two_finger(r.randint(30, 90), 0.0, r.choice([-1, 1]) * r.uniform(0.3, 1.2))

    def rotation(self):
        r = self.rng
        yield from self.two_finger(r.randint(30, 90), r.choice([-1, 1]) * r.uniform(0.01, 0.04), 0.0)

    def swipe(self):
        r = self.rng
        n = r.randint(1, 3)
        cx, cy = self.center(100)
        dx, dy = r.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
        speed = r.uniform(12, 25)
        yield from self.path(self.ids(n), self.fingers(n, cx, cy, 30), r.randint(6, 14),
                             lambda i, k: (dx * speed, dy * speed))


class HeavyMix(Mix):
    """The output-heavy mix (issue 45): most rows are moves of a pan or a pinch, each of which prints
    a `changed` line from several recognizers. A *step* is one frame of motion (`Mix.path`'s frames)."""

    KINDS = ["tap"] * 3 + ["pan"] * 3 + ["pinch"] + ["swipe"] * 3

    def __init__(self, seed=SEED + 45, only=None):
        super().__init__(seed)
        self.only = only

    def gestures(self):
        rng = self.rng
        while True:
            kind = self.only or rng.choice(self.KINDS)
            yield from getattr(self, kind)()
            self.frame += rng.randint(6, 72)  # 0.05 - 0.6 s pause at 120 Hz

    def tap(self):
        cx, cy = self.center()
        yield from self.path(self.ids(1), [(cx, cy)], 6, lambda i, k: (0, 0), jitter=0.3)

    def pan(self):
        r = self.rng
        cx, cy = self.center()
        a = r.uniform(0, 2 * math.pi)
        dx, dy = 2 * math.cos(a), 2 * math.sin(a)
        yield from self.path(self.ids(1), [(cx, cy)], 90, lambda i, k: (dx, dy), jitter=0.2)

    def pinch(self):
        r = self.rng
        yield from self.two_finger(60, 0.0, r.choice([-1, 1]) * r.uniform(0.3, 1.2))

    def swipe(self):
        r = self.rng
        cx, cy = self.center(100)
        dx, dy = r.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
        speed = r.uniform(12, 25)
        yield from self.path(self.ids(1), [(cx, cy)], 15, lambda i, k: (dx * speed, dy * speed))


def take(rows, count):
    """The first rows of `rows`, then `ended` rows for the touches still down (so every touch ends):
    exactly `count` rows in all (at most one fewer in the unlikely case that cannot be done)."""
    out = []
    down = {}
    for row in rows:
        frame, tid, phase, x, y = row
        out.append(row)
        if phase == "ended":
            down.pop(tid, None)
        else:
            down[tid] = (x, y)
        total = len(out) + len(down)
        if total > count:
            # A touch-down needs two more rows and there is room for one: drop it, and if a finger
            # is down let it move once more instead.
            out.pop()
            down.pop(tid)
            if down:
                other, (ox, oy) = next(iter(down.items()))
                out.append((frame + 1, other, "moved", ox, oy))
            break
        if total == count:
            break
    last = out[-1][0] + 1
    for tid, (x, y) in down.items():
        out.append((last, tid, "ended", x, y))
    return out


def write(path, rows, repeat=1):
    """Writes `rows` to `path` in the format of its extension. With `repeat`, the rows are written
    that many times, each copy later than the one before (its frames shifted), ids unchanged."""
    ids = {}
    rest = []
    fmt = "csv" if path.endswith(".csv") else "jsonl" if path.endswith(".jsonl") else "json" if path.endswith(".json") else None
    if fmt is None:
        sys.exit("unknown extension: " + path)
    for fr, tid, ph, x, y in rows:
        if fmt == "csv":
            rest.append(",%s,%s,%s,%s\n" % (tid, ph, fmt_p(x), fmt_p(y)))
        else:
            s = ids.get(tid)
            if s is None:
                s = ids[tid] = json.dumps(tid)
            rest.append(',"id":%s,"phase":"%s","x":%s,"y":%s}' % (s, ph, fmt_p(x), fmt_p(y)))
    span = rows[-1][0] + HZ  # one second after the last row
    times = {}
    with open(path, "w", buffering=1 << 20) as f:
        if fmt == "csv":
            f.write("t,id,phase,x,y\n")
        elif fmt == "json":
            f.write("[\n")
        total = len(rows) * repeat
        written = 0
        for k in range(repeat):
            offset = k * span
            chunk = []
            for (fr, _, _, _, _), r in zip(rows, rest):
                t = times.get(fr)
                if t is None:
                    times.clear() if len(times) > 4096 else None
                    t = times[fr] = fmt_t(fr + offset)
                if fmt == "csv":
                    chunk.append(t + r)
                else:
                    written += 1
                    chunk.append('{"t":' + t + r + (",\n" if fmt == "json" and written < total else "\n"))
            f.write("".join(chunk))
        if fmt == "json":
            f.write("]\n")


def mix_rows(count):
    return take(Mix().gestures(), count)


def heavy_rows(count):
    return take(HeavyMix().gestures(), count)


def heavy_kind_rows(kind, count):
    if kind not in set(HeavyMix.KINDS):
        sys.exit("heavy-KIND: KIND is one of tap, pan, pinch, swipe; got " + repr(kind))
    return take(HeavyMix(only=kind).gestures(), count)


def mix_duration(seconds):
    """The mix until `seconds` of trace time, every touch ended."""
    rows = []
    down = set()
    limit = int(seconds * HZ)
    for row in Mix().gestures():
        if row[0] >= limit and not down:
            break
        rows.append(row)
        if row[2] == "ended":
            down.discard(row[1])
        else:
            down.add(row[1])
    return rows


def tiny(_):
    rows = [(0, 1, "began", 60.0, 400.0)]
    for k in range(1, 9):
        rows.append((k, 1, "moved", 60.0 + 18 * k, 400.0 - k * 0.5))
    rows.append((9, 1, "ended", 60.0 + 18 * 8, 396.0))
    return rows


def ten_fingers(count):
    rng = random.Random(SEED + 1)
    rows = []
    frame = 0
    tid = 0
    while len(rows) < count:
        ids = list(range(tid + 1, tid + 11))
        tid += 10
        pos = [[rng.uniform(40, SCREEN_W - 40), rng.uniform(80, SCREEN_H - 80)] for _ in ids]
        for i, p in zip(ids, pos):
            rows.append((frame, i, "began", p[0], p[1]))
        for k in range(2000):
            frame += 1
            a = k / 40.0
            for i, p in zip(ids, pos):
                p[0] += 2 * math.cos(a) + rng.uniform(-0.3, 0.3)
                p[1] += 2 * math.sin(a) + rng.uniform(-0.3, 0.3)
                rows.append((frame, i, "moved", p[0], p[1]))
            if len(rows) + 10 >= count:
                break
        frame += 1
        for i, p in zip(ids, pos):
            rows.append((frame, i, "ended", p[0], p[1]))
        frame += 30
    return rows


def many_int_ids(count):
    return [(f, int(tid[1:]), phase, x, y) for (f, tid, phase, x, y) in many_ids(count)]


def many_ids(count):
    rng = random.Random(SEED + 2)
    rows = []
    frame = 0
    n = 0
    while len(rows) + 20 <= count:
        n += 1
        tid = "f%d" % n
        x, y = rng.uniform(60, SCREEN_W - 60), rng.uniform(60, SCREEN_H - 60)
        dx, dy = rng.uniform(-3, 3), rng.uniform(-3, 3)
        rows.append((frame, tid, "began", x, y))
        for _ in range(18):
            frame += 1
            x += dx
            y += dy
            rows.append((frame, tid, "moved", x, y))
        frame += 1
        rows.append((frame, tid, "ended", x, y))
        frame += 10
    return rows


def scene100():
    kinds = ["tap", "longPress", "pan", "pinch", "rotation", "swipe", "twoFingerSwipe", "marquee", "tickle", "tap"]
    views = []
    recognizers = []
    w, h = SCREEN_W / 3, SCREEN_H / 3
    for gy in range(3):
        for gx in range(3):
            name = "cell%d%d" % (gx, gy)
            views.append({"name": name, "frame": [round(gx * w, 2), round(gy * h, 2), round(w, 2), round(h, 2)]})
    for view in [None] + [v["name"] for v in views]:
        prefix = view or "root"
        for i, kind in enumerate(kinds):
            r = {"name": "%s_%s%d" % (prefix, kind, i), "kind": kind}
            if view:
                r["view"] = view
            if kind == "tap" and i == 9:
                r["numberOfTapsRequired"] = 2
            if kind == "swipe":
                r["direction"] = ["left", "right"] if i % 2 == 0 else ["up", "down"]
            recognizers.append(r)
    # Half the recognizers of each group may recognize together (the other half exclude each other).
    for group in range(10):
        names = [r["name"] for r in recognizers[group * 10:group * 10 + 10]]
        for r in recognizers[group * 10:group * 10 + 5]:
            r["simultaneousWith"] = [n for n in names if n != r["name"]]
    return {"screen": {"width": SCREEN_W, "height": SCREEN_H}, "views": views, "recognizers": recognizers}


GETEVENT_HEADER = """add device 1: /dev/input/event3
  name:     "bench_ts"
  events:
    KEY (0001): BTN_TOUCH
    ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                ABS_MT_POSITION_Y     : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 0
                ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
  input props:
    INPUT_PROP_DIRECT
"""


def getevent(size, path):
    """Writes the mix as a getevent capture of at least `size` bytes (see the module doc)."""
    scale = 1080 / SCREEN_W
    prefix = "/dev/input/event3: "
    slots = {}          # touch id -> slot
    free = list(range(10))
    tracking = [0]
    cur = [0]
    written = 0

    def raw(v, limit):
        return max(0, min(limit, int(round(v * scale))))

    def line(stamp, kind, code, value):
        return "%s %sEV_%-9s %-20s %s\n" % (stamp, prefix, kind, code, value)

    with open(path, "w", buffering=1 << 20) as f:
        f.write(GETEVENT_HEADER)
        frame, out = None, []
        rows = Mix().gestures()
        while True:
            fr, tid, ph, x, y = next(rows)
            if frame is not None and fr != frame:
                stamp = "[%15.6f]" % (1000 + frame / HZ)
                out.append(line(stamp, "SYN", "SYN_REPORT", "00000000"))
                chunk = "".join(out).replace("@", stamp)
                f.write(chunk)
                written += len(chunk)
                out = []
                if written >= size and not slots:
                    break
            frame = fr
            if ph == "began":
                slot = free.pop(0)
                slots[tid] = slot
            else:
                slot = slots[tid]
            if slot != cur[0]:
                out.append(line("@", "ABS", "ABS_MT_SLOT", "%08x" % slot))
                cur[0] = slot
            if ph == "began":
                tracking[0] = (tracking[0] + 1) & 0xffff
                out.append(line("@", "ABS", "ABS_MT_TRACKING_ID", "%08x" % tracking[0]))
                if len(slots) == 1:
                    out.append(line("@", "KEY", "BTN_TOUCH", "DOWN"))
            if ph == "ended":
                out.append(line("@", "ABS", "ABS_MT_TRACKING_ID", "ffffffff"))
                del slots[tid]
                free.append(slot)
                free.sort()
                if not slots:
                    out.append(line("@", "KEY", "BTN_TOUCH", "UP"))
            else:
                out.append(line("@", "ABS", "ABS_MT_POSITION_X", "%08x" % raw(x, 1079)))
                out.append(line("@", "ABS", "ABS_MT_POSITION_Y", "%08x" % raw(y, 2339)))
        if out:
            stamp = "[%15.6f]" % (1000 + frame / HZ)
            f.write("".join(out).replace("@", stamp) + line(stamp, "SYN", "SYN_REPORT", "00000000"))


def corpus(count, folder):
    """The suite-bench corpus (what bench/suite-bench.sh writes with awk): trace i is a tap (i % 3 == 0),
    a double tap (1) or a drag (2), its place and timing varied by i."""
    def ev(t, tid, phase, px, py):
        return '{"t": %.6f, "id": %d, "phase": "%s", "x": %.2f, "y": %.2f}' % (t, tid, phase, px, py)
    for i in range(count):
        sub = os.path.join(folder, "t%02d" % (i % 50))
        os.makedirs(sub, exist_ok=True)
        x, y = 40 + (i * 37) % 300, 100 + (i * 53) % 600
        events, t, kind = [], 0.0, i % 3
        if kind in (0, 1):
            for k in range(kind + 1):
                events.append(ev(t, k + 1, "began", x, y))
                t += 0.008
                for m in range(4 + i % 5):
                    events.append(ev(t, k + 1, "moved", x + (m % 2) * 0.4, y - (m % 3) * 0.3))
                    t += 0.008
                events.append(ev(t, k + 1, "ended", x + 0.2, y + 0.1))
                t += 0.12 + (i % 7) * 0.01
        else:
            rows, vx, vy = 40 + i % 40, 200 + (i * 13) % 900, -300 + (i * 29) % 600
            events.append(ev(t, 1, "began", x, y))
            for m in range(1, rows):
                t += 1 / 120
                events.append(ev(t, 1, "moved", x + vx * t, y + vy * t))
            t += 1 / 120
            events.append(ev(t, 1, "ended", x + vx * t, y + vy * t))
        with open(os.path.join(sub, "trace-%05d.json" % i), "w") as f:
            f.write('{"screen": {"width": 390, "height": 844}, "events": [\n' + ",\n".join(events) + "\n]}\n")


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    what = argv[1]
    if what == "tiny":
        write(argv[2], tiny(0))
        return
    if what == "hour":
        write(argv[3], mix_duration(float(argv[2])))
        return
    if what == "getevent":
        getevent(int(argv[2]), argv[3])
        return
    if what == "corpus":
        corpus(int(argv[2]), argv[3])
        return
    if what == "scene100":
        with open(argv[2], "w") as f:
            json.dump(scene100(), f, indent=1)
            f.write("\n")
        return
    count = int(argv[2])
    generators = {"mix": mix_rows, "heavy": heavy_rows, "tenfingers": ten_fingers, "manyids": many_ids, "manyintids": many_int_ids}
    if what.startswith("heavy-"):
        rows = heavy_kind_rows(what[len("heavy-"):], count)
    else:
        rows = generators[what](count)
    repeat = 1
    paths = argv[3:]
    if paths and paths[0].startswith("--repeat="):
        repeat = int(paths[0].split("=", 1)[1])
        paths = paths[1:]
    for path in paths:
        write(path, rows, repeat)


if __name__ == "__main__":
    main(sys.argv)
