"""Writes the generated Go cases (the files of `FILE_NAMES` in `cases/`, named by what they hold). Each family builds a position
whose expectation follows from the article by construction — a stone whose last liberty is
taken is gone (3.2), a point whose every neighbour is an enemy stone with other liberties is
suicide (5.1), walls split the board into counted areas (8-10) — and never from running any
implementation. Run `python3 go/corpus/tools/generate.py` (`--check` only compares)."""
import json
import os
import re
import sys

B, W = "X", "O"
LETTERS = "abcdefghijklmnopqrs"


def pt(x, y):
    return LETTERS[x] + LETTERS[y]


def opp(c):
    return W if c == B else B


def cname(c):
    return "black" if c == B else "white"


def nbrs(n, x, y):
    return [(a, b) for a, b in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)) if 0 <= a < n and 0 <= b < n]


def rows(n, stones):
    return [" ".join(stones.get((x, y), ".") for x in range(n)) for y in range(n)]


def to_move_after(stones, first=B):
    """The side to move after go_spec::diagram_moves plays `stones` (alternating, passes for
    the side without stones left)."""
    nb = sum(1 for c in stones.values() if c == B)
    nw = len(stones) - nb
    q = {B: nb, W: nw}
    c = first
    while q[B] or q[W]:
        if q[c]:
            q[c] -= 1
        c = opp(c)
    return c


def lead_in(stones, mover, first=B):
    """Moves to put `mover` on turn after the diagram: nothing or one pass."""
    return [] if to_move_after(stones, first) == mover else ["pass"]


CASES = {}


def add(family, case):
    CASES.setdefault(family, []).append(case)


# Keys of a case's `setup` (the case language shared with the shogi corpus, INTERPRETING.md);
# every other keyword of `case` is a top-level key (`profile`).
SETUP_KEYS = ("size", "komi", "handicap", "to_move", "board", "moves", "record")
ABBREVIATIONS = ("e.g", "i.e", "cf", "vs", "no", "approx")


def split_description(text):
    """The first sentence of `text` (the case's `title`) and the rest (its `note`, or None),
    such that `title + " " + note` is `text` again: what reports print, word for word."""
    for m in re.finditer(r"\. (?=[A-Z0-9\"'(])", text):
        before = text[:m.start()]
        if before.rsplit(" ", 1)[-1].lower() in ABBREVIATIONS:
            continue
        return before + ".", text[m.end():]
    return text, None


def case(id_, articles, desc, n, stones, moves=(), expect=None, **extra):
    title, note = split_description(desc)
    c = {"id": id_, "title": title}
    if note:
        c["note"] = note
    c["articles"] = articles
    setup = {}
    if n != 9:
        setup["size"] = n
    for key, value in extra.items():
        (setup if key in SETUP_KEYS else c)[key] = value
    if stones:
        # The side the moves below start from: the one the old capture-free opening left on
        # turn, so every family's moves (and their lead-in passes) read as before.
        setup["to_move"] = cname(to_move_after(stones))
        setup["board"] = rows(n, stones)
    if moves:
        setup["moves"] = list(moves)
    if setup:
        c["setup"] = setup
    c["expect"] = expect or {}
    return c


SIZES = (9, 13, 19)


def places(n):
    m = n // 2
    return {"corner": (0, 0), "edge": (m, 0), "centre": (m, m), "far-corner": (n - 1, n - 1)}


# 3.2: a lone stone loses its last liberty.
for n in SIZES:
    for where, (x, y) in places(n).items():
        for c in (B, W):
            o = opp(c)
            ns = nbrs(n, x, y)
            stones = {(x, y): c}
            for p in ns[:-1]:
                stones[p] = o
            last = ns[-1]
            moves = lead_in(stones, o) + [pt(*last)]
            after = dict(stones)
            del after[(x, y)]
            after[last] = o
            prisoners = [1, 0] if o == B else [0, 1]
            add("capture", case(
                f"capture-single-{where}-{n}-{cname(c)}", ["rfg:3.2", "rfg:3.3"],
                f"A {cname(c)} stone at the {where} ({pt(x, y)}) with one liberty left; {cname(o)} fills it at {pt(*last)} and the stone is removed as a prisoner.",
                n, stones, moves, {"board_after": rows(n, after), "prisoners": prisoners}))

# 3.2: a chain of k stones on the top edge, captured at once.
for n in SIZES:
    for k in (2, 3, 5):
        for c in (B, W):
            o = opp(c)
            stones = {}
            for i in range(1, k + 1):
                stones[(i, 0)] = c
                stones[(i, 1)] = o
            stones[(0, 0)] = o
            last = (k + 1, 0)
            moves = lead_in(stones, o) + [pt(*last)]
            after = {p: v for p, v in stones.items() if v == o}
            after[last] = o
            prisoners = [k, 0] if o == B else [0, k]
            add("capture", case(
                f"capture-chain-{k}-{n}-{cname(c)}", ["rfg:3.2"],
                f"{k} {cname(c)} stones joined along the top edge share one liberty at {pt(*last)}; filling it captures all {k}.",
                n, stones, moves, {"board_after": rows(n, after), "prisoners": prisoners}))

# 5.1: a point whose every neighbour is an enemy stone (each with other liberties).
for n in SIZES:
    for where, (x, y) in places(n).items():
        for c in (B, W):
            o = opp(c)
            stones = {p: o for p in nbrs(n, x, y)}
            moves = lead_in(stones, c)
            add("suicide", case(
                f"suicide-single-{where}-{n}-{cname(c)}", ["rfg:5.1"],
                f"{cname(c).capitalize()} to play at {pt(x, y)}, every neighbour a {cname(o)} stone with liberties elsewhere: the stone would have no liberty and capture nothing.",
                n, stones, moves, {"legal": [{"move": pt(x, y), "legal": False, "article": "rfg:5.1"}]}))

# 5.1: the same point is legal once one surrounding stone is in atari — the capture comes first.
for n in SIZES:
    for c in (B, W):
        o = opp(c)
        # Corner aa: enemy ba and ab, whose other liberties ca, bb, ac are the mover's.
        stones = {(1, 0): o, (0, 1): o, (2, 0): c, (1, 1): c, (0, 2): c}
        moves = lead_in(stones, c) + ["aa"]
        after = {(2, 0): c, (1, 1): c, (0, 2): c, (0, 0): c}
        prisoners = [2, 0] if c == B else [0, 2]
        add("suicide", case(
            f"suicide-lookalike-corner-{n}-{cname(c)}", ["rfg:5.1", "rfg:3.2"],
            f"{cname(c).capitalize()} plays the corner aa with no empty neighbour, but both {cname(o)} stones next to it lose their last liberty: they are captured first, so the move is legal.",
            n, stones, moves, {"board_after": rows(n, after), "prisoners": prisoners}))
        # Multi-stone suicide: the mover's ab joins aa; the enemy keeps a liberty.
        stones = {(0, 1): c, (1, 1): o, (0, 2): o, (1, 0): o}
        moves = lead_in(stones, c)
        add("suicide", case(
            f"suicide-group-corner-{n}-{cname(c)}", ["rfg:5.1"],
            f"{cname(c).capitalize()} at aa would join ab into a two-stone group without liberties while {cname(o)}'s ba keeps ca: suicide of a group, forbidden.",
            n, stones, moves, {"legal": [{"move": "aa", "legal": False, "article": "rfg:5.1"}]}))

# 3.1a: occupied points.
for n in SIZES:
    for c in (B, W):
        stones = {(3, 3): B, (4, 4): W}
        moves = lead_in(stones, c)
        add("moves", case(
            f"occupied-{n}-{cname(c)}", ["rfg:3.1a"],
            f"{cname(c).capitalize()} may not play on dd or ee, which hold stones; an empty point next to them is legal.",
            n, stones, moves, {"legal": [
                {"move": "dd", "legal": False, "article": "rfg:3.1a"},
                {"move": "ee", "legal": False, "article": "rfg:3.1a"},
                {"move": "de", "legal": True}]}))


def ko_shape(ox, oy, taker):
    """The ko of rfg 5.2: `taker` captures at (ox+2, oy+1); returns stones, take, retake."""
    t, o = taker, opp(taker)
    stones = {(ox + 1, oy): t, (ox, oy + 1): t, (ox + 1, oy + 2): t,
              (ox + 2, oy): o, (ox + 1, oy + 1): o, (ox + 3, oy + 1): o, (ox + 2, oy + 2): o}
    return stones, pt(ox + 2, oy + 1), pt(ox + 1, oy + 1)


for n in SIZES:
    for where, (ox, oy) in {"top": (0, 0), "middle": (n // 2 - 2, n // 2 - 1)}.items():
        for t in (B, W):
            stones, take, retake = ko_shape(ox, oy, t)
            lead = lead_in(stones, t)
            tag = f"{where}-{n}-{cname(t)}"
            for prof in ("rfg", "rfg-simple-ko"):
                extra = {} if prof == "rfg" else {"profile": prof}
                add("ko", case(
                    f"ko-retake-at-once-{tag}-{prof}", ["rfg:5.2"],
                    f"{cname(t).capitalize()} takes the ko at {take}; retaking at {retake} at once would capture the single stone that has just captured a single stone.",
                    n, stones, lead + [take, retake], {"illegal": {"ply": len(lead) + 2, "article": "rfg:5.2"}}, **extra))
            far1, far2 = pt(n - 1, n - 1), pt(n - 3, n - 1)
            add("ko", case(
                f"ko-retake-after-threat-{tag}", ["rfg:5.2"],
                f"{cname(t).capitalize()} takes at {take}; after a move elsewhere and its answer, the retake at {retake} is a new whole-board position and legal.",
                n, stones, lead + [take, far1, far2, retake],
                {"prisoners": [1, 1]}))
            add("ko", case(
                f"superko-pass-cycle-{tag}", ["rfg:5.2"],
                f"{cname(t).capitalize()} takes at {take}, both pass, and the retake at {retake} would bring back the position before the take: forbidden as a repetition of position.",
                n, stones, lead + [take, "pass", "pass", retake],
                {"illegal": {"ply": len(lead) + 4, "article": "rfg:5.2"}}))
            add("ko", case(
                f"simple-ko-pass-cycle-{tag}", ["rfg:5.2", "rfg:6.3"],
                f"Under simple ko the same retake after two passes is allowed (the last move was a pass); the position has come back, which 6.3 leaves to the arbiter.",
                n, stones, lead + [take, "pass", "pass", retake],
                {"prisoners": [1, 1], "arbiter": True}, profile="rfg-simple-ko"))

# 5.2 / 6.3: triple ko. Three separate kos, Black able to take the first two and White the
# third; six captures, none an immediate retake, bring the board back to the start. Under
# positional superko the sixth is illegal; under simple ko it is allowed and the cycle goes to
# the arbiter (6.3 names triple ko).
for n, offsets in ((13, ((0, 0), (5, 0), (9, 0))), (19, ((0, 0), (8, 4), (14, 10)))):
    stones = {}
    takes, retakes = [], []
    for (ox, oy), t in zip(offsets, (B, B, W)):
        st, take, retake = ko_shape(ox, oy, t)
        stones.update(st)
        takes.append(take)
        retakes.append(retake)
    lead = lead_in(stones, B)
    cycle = [takes[0], takes[2], takes[1], retakes[0], retakes[2], retakes[1]]
    add("ko", case(
        f"triple-ko-superko-{n}", ["rfg:5.2", "rfg:6.3"],
        f"Triple ko: Black takes at {takes[0]}, White at {takes[2]}, Black at {takes[1]}, White retakes at {retakes[0]}, Black at {retakes[2]}; White's retake at {retakes[1]} would restore the starting position, which 5.2 forbids.",
        n, stones, lead + cycle, {"illegal": {"ply": len(lead) + 6, "article": "rfg:5.2"}}))
    add("ko", case(
        f"triple-ko-simple-ko-{n}", ["rfg:6.3", "rfg:5.2"],
        "The same triple ko under simple ko: no capture is an immediate retake, so all six moves are allowed; the starting position comes back and the game goes to the arbiter (6.3).",
        n, stones, lead + cycle, {"prisoners": [3, 3], "arbiter": True}, profile="rfg-simple-ko"))

# 7.1: passes.
for n in SIZES:
    for k, ends in ((1, False), (2, False), (3, True)):
        add("end", case(
            f"passes-{k}-{n}", ["rfg:7.1", "rfg:3.1b"],
            f"A stone, then {k} pass(es) in a row: the main game {'ends' if ends else 'goes on'} ({'three' if ends else 'fewer than three'} consecutive passes).",
            n, {}, ["cc"] + ["pass"] * k, {"ended": ends}))
    add("end", case(
        f"passes-broken-{n}", ["rfg:7.1"],
        "Two passes, a stone, two passes: never three in a row, so the main game goes on.",
        n, {}, ["pass", "pass", "cc", "pass", "pass"], {"ended": False}))
    # 7.1 and its commentary: after the third pass the players fill neutral points in turn,
    # under the normal rules; the phase's two passes in a row finish the game (registry).
    add("end", case(
        f"fill-after-end-{n}", ["rfg:7.1"],
        "After three passes (Black, White, Black) the main game is over and the filling phase begins: White's stone is a filling move, legal and recorded, and the game is in the filling phase.",
        n, {}, ["pass", "pass", "pass", "cc"], {"ended": True, "phase": "filling",
                                               "board_after": rows(n, {(2, 2): W})}))
    add("end", case(
        f"filling-keeps-turns-{n}", ["rfg:7.1", "rfg:11d"],
        "The filling phase is played under the normal rules: after White's filling stone, a second White stone is two moves in a row.",
        n, {}, record=[["black", "pass"], ["white", "pass"], ["black", "pass"], ["white", "cc"], ["white", "dd"]],
        expect={"illegal": {"ply": 5, "article": "rfg:11d"}}))
    add("end", case(
        f"game-over-after-filling-{n}", ["rfg:7.1", "rfg:7.2"],
        "Three passes end the main game; White fills, then both pass in the filling phase: nothing is left to fill, the territories stand and the game is finished, so no further stone is played.",
        n, {}, ["pass", "pass", "pass", "cc", "pass", "pass"],
        {"phase": "over", "legal": [{"move": "gg", "legal": False, "article": "rfg:7.2"}]}))

# 8-10: walls. Black wall on column k, White wall on column k+1: Black counts k*n, White
# (n-k-2)*n; komi added to White.
def result(b, w, komi_halves, handicap=False):
    d = 2 * b - 2 * w - komi_halves
    if d == 0:
        return "W+0.5" if handicap else "0"
    who = "B" if d > 0 else "W"
    d = abs(d)
    return f"{who}+{d // 2}" + (".5" if d % 2 else "")


for n in SIZES:
    for k in sorted({n // 2 - 1, n // 2, n // 2 + 1, 3}):
        stones = {}
        for y in range(n):
            stones[(k, y)] = B
            stones[(k + 1, y)] = W
        b, w = k * n, (n - k - 2) * n
        add("count", case(
            f"count-walls-{n}-col{k}", ["rfg:8.1", "rfg:9.2a", "rfg:9.3", "rfg:10.2"],
            f"Black's wall on column {LETTERS[k]} encloses {b} points, White's on {LETTERS[k+1]} encloses {w}; komi 6.5 goes to White.",
            n, stones, ["pass", "pass", "pass"],
            {"score": {"black": b, "white": w, "result": result(b, w, 13)}, "ended": True}))
        # d dead white stones on Black's first column: each point stays territory (8.2) and
        # each stone is a prisoner (9.2b).
        for d in (1, 3):
            s2 = dict(stones)
            for i in range(d):
                s2[(0, 2 * i)] = W
            add("count", case(
                f"count-dead-{n}-col{k}-{d}", ["rfg:8.2", "rfg:9.2b", "rfg:10.2"],
                f"As the walls on {LETTERS[k]}/{LETTERS[k+1]}, with {d} white stone(s) agreed dead inside Black's area: their points are Black's territory and they are Black's prisoners.",
                n, s2, [], {"score": {"dead": [pt(0, 2 * i) for i in range(d)], "black": b + d, "white": w,
                                      "result": result(b + d, w, 13)}}))
    # Whole-number komi and a draw, an even game: Black's wall one column right of centre
    # gives Black the larger area, and a komi of exactly the difference evens it.
    k = n // 2
    stones = {}
    for y in range(n):
        stones[(k, y)] = B
        stones[(k + 1, y)] = W
    b, w = k * n, (n - k - 2) * n
    komi = b - w
    add("count", case(
        f"count-jigo-{n}", ["rfg:10.2", "rfg:9.3"],
        f"Black {b}, White {w} with a komi of {komi}: equal sums in an even game, no winner (jigo).",
        n, stones, [], {"score": {"black": b, "white": w, "result": result(b, w, 2 * komi)}}, komi=float(komi)))

# 12: clocks, by construction at the boundary and one millisecond past it.
for main, per in ((60, 10), (300, 30), (0, 20)):
    add("clock", case(
        f"clock-per-move-{main}-{per}-in-time", ["rfg:12.2.1", "rfg:12.2b"],
        f"Main time {main}s then {per}s per move: Black uses the main time exactly, then {per}s on each move; every move is in time.",
        9, {}, [], {"clock": {"main": main, "per_move": per, "spent": [main, 1, per, 1, per, 1], "loser": None}}))
    add("clock", case(
        f"clock-per-move-{main}-{per}-over", ["rfg:12.2.1", "rfg:11a", "rfg:12.10", "rfg:12.16"],
        f"Main time {main}s then {per}s per move: Black's third move takes {per}.001s and overruns.",
        9, {}, [], {"clock": {"main": main, "per_move": per, "spent": [main, 1, per, 1, per + 0.001], "loser": "black", "ply": 5}}))
for period, moves in ((60, 3), (300, 10)):
    each = period / moves
    add("clock", case(
        f"clock-period-{period}-{moves}-in-time", ["rfg:12.2.2", "rfg:12.2b"],
        f"No main time, {moves} moves in {period}s: White makes its {moves} moves in exactly {period}s, then starts a fresh period.",
        9, {}, [], {"clock": {"main": 0, "per_period": [period, moves], "spent": [1, each] * moves + [1, period], "loser": None}}))
    add("clock", case(
        f"clock-period-{period}-{moves}-over", ["rfg:12.2.2", "rfg:11a", "rfg:12.15"],
        f"No main time, {moves} moves in {period}s: White's last move of the period ends 1ms late.",
        9, {}, [], {"clock": {"main": 0, "per_period": [period, moves], "spent": [1, each] * (moves - 1) + [1, each + 0.001], "loser": "white", "ply": 2 * moves}}))
    add("clock", case(
        f"clock-period-{period}-{moves}-no-carry", ["rfg:12.2b", "rfg:12.2.2"],
        f"Saved time is not carried: White uses half of one period, then needs the whole of the next period plus 1ms for its next {moves} moves and loses.",
        9, {}, [], {"clock": {"main": 0, "per_period": [period, moves],
                              "spent": [1, each / 2] * moves + [1, each] * (moves - 1) + [1, each + 0.001],
                              "loser": "white", "ply": 4 * moves}}))
for main in (10, 60):
    add("clock", case(
        f"clock-sudden-death-{main}", ["rfg:11a", "rfg:12.10", "rfg:12.1"],
        f"{main}s and no byo-yomi: Black's move ending exactly at zero is in time, White's taking 1ms more than its whole time is not.",
        9, {}, [], {"clock": {"main": main, "spent": [main, main + 0.001], "loser": "white", "ply": 2}}))

for main in (60, 90):
    half = main / 2
    add("late", case(f"late-exactly-half-{main}", ["rfg:11b", "rfg:12.7"],
        f"Black arrives exactly {half:g} minutes late with {main} minutes of main time: not more than half, play on.",
        9, {}, [], {"late": {"main_minutes": main, "black": half, "white": 0, "outcome": "play_on"}}))
    add("late", case(f"late-beyond-half-{main}", ["rfg:11b", "rfg:12.7"],
        f"White arrives {half + 1:g} minutes late with {main} minutes of main time: more than half, White loses.",
        9, {}, [], {"late": {"main_minutes": main, "black": 0, "white": half + 1, "outcome": "black"}}))
    add("late", case(f"late-both-{main}", ["rfg:11b"],
        "Both players more than half the main time late: both lose (commentary to 11).",
        9, {}, [], {"late": {"main_minutes": main, "black": half + 1, "white": main, "outcome": "both_lose"}}))
    add("late", case(f"late-no-show-{main}", ["rfg:11b"],
        "Black never arrives: Black loses.",
        9, {}, [], {"late": {"main_minutes": main, "black": None, "white": 0, "outcome": "white"}}))

def emit_map(d, indent, first_prefix=None):
    """YAML for a case: block maps, diagrams as block lists, everything else in flow style
    (JSON is YAML)."""
    out = []
    pad = " " * indent
    for i, (k, v) in enumerate(d.items()):
        lead = first_prefix if (i == 0 and first_prefix is not None) else pad
        if isinstance(v, dict):
            out.append(f"{lead}{k}:")
            out.extend(emit_map(v, indent + 2))
        elif k in ("board", "board_after"):
            out.append(f"{lead}{k}:")
            out.extend(f"{pad}  - {json.dumps(r)}" for r in v)
        else:
            out.append(f"{lead}{k}: {json.dumps(v, ensure_ascii=False)}")
    return out


# Each family's file in `cases/`, named by what it holds (the case ids do not depend on it).
FILE_NAMES = {
    "capture": "capture-stones-and-chains.yaml",
    "clock": "clock-time-controls.yaml",
    "count": "count-walls-dead-stones-jigo.yaml",
    "end": "passes-and-filling-phase.yaml",
    "ko": "ko-superko-triple-ko.yaml",
    "late": "late-arrival.yaml",
    "moves": "occupied-points.yaml",
    "suicide": "suicide.yaml",
}
HEADER = "# Generated by go/corpus/tools/generate.py"

here = os.path.dirname(os.path.abspath(__file__))
cases_dir = os.path.normpath(os.path.join(here, "..", "cases"))
check = "--check" in sys.argv
stale = []
missing = [f for f in CASES if f not in FILE_NAMES]
if missing:
    print("families without a file name in FILE_NAMES:", *missing)
    sys.exit(1)
for family, cases in CASES.items():
    path = os.path.join(cases_dir, FILE_NAMES[family])
    text = f"{HEADER} (family {family}); edit the script, not this file.\n"
    for c in cases:
        text += "\n" + "\n".join(emit_map(c, 2, first_prefix="- ")) + "\n"
    if check:
        try:
            with open(path) as f:
                if f.read() != text:
                    stale.append(path)
        except FileNotFoundError:
            stale.append(path)
    else:
        with open(path, "w") as f:
            f.write(text)
# A generated file no family writes any more (a renamed or dropped family) is stale too; it is
# named, not deleted: removing it is the author's decision (git rm).
written = set(FILE_NAMES[f] for f in CASES)
for name in sorted(os.listdir(cases_dir)):
    if name.endswith(".yaml") and name not in written:
        with open(os.path.join(cases_dir, name)) as f:
            if f.readline().startswith(HEADER):
                stale.append(os.path.join(cases_dir, name) + " (no family writes it: git rm it)")
if stale:
    print("stale generated cases (run python3 go/corpus/tools/generate.py):", *stale, sep="\n  ")
    sys.exit(1)
print(sum(len(c) for c in CASES.values()), "cases", "up to date" if check else "written")
