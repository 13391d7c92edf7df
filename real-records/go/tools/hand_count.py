"""The scratch counter the hand outcomes of real-records/go were made with (see ../SOURCES.md).

Usage: python3 hand_count.py RECORD.sgf ...   (from the record's folder; needs sgfmill and
/usr/games/gnugo). For each record, one JSON line: the replay (own board, positional
repetition checked), GNU Go's dead and seki lists as candidates, and the count under rfg 8-10
with them: dead stones off as prisoners of the other side (8.2), an empty region bordered by
one colour and by no stone in seki is that colour's territory (8.1), every other empty point is
neutral (8.3); territory plus prisoners, komi to White (9.2, 9.3). `ascii` is the end position
as end-positions.txt prints it. Not the oracle, and not used by any test: it is kept so that a
reader can redo the candidates and counts.
"""
import sys, json, subprocess, os
from sgfmill import sgf

GNUGO = "/usr/games/gnugo"
LET = "abcdefghijklmnopqrs"
GTPCOLS = "ABCDEFGHJKLMNOPQRST"

def gtp_to_xy(v, size):
    col = GTPCOLS.index(v[0].upper()); row = int(v[1:])
    return (col, size - row)  # x, y (y from top)

def xy_to_sgf(x, y): return LET[x] + LET[y]

def neighbours(p, n):
    x, y = p
    for dx, dy in ((1,0),(-1,0),(0,1),(0,-1)):
        if 0 <= x+dx < n and 0 <= y+dy < n: yield (x+dx, y+dy)

def group(board, p, n):
    c = board[p]; seen = {p}; st = [p]; libs = set()
    while st:
        q = st.pop()
        for r in neighbours(q, n):
            if r not in board: libs.add(r)
            elif board[r] == c and r not in seen: seen.add(r); st.append(r)
    return seen, libs

def replay(game):
    n = game.get_size(); root = game.get_root()
    board = {}
    ab, aw, ae = root.get_setup_stones()
    for p in ab: board[(p[1], n-1-p[0])] = 'b'
    for p in aw: board[(p[1], n-1-p[0])] = 'w'
    caps = {'b': 0, 'w': 0}
    seen = {frozenset(board.items())}
    moves = []
    for node in game.get_main_sequence()[1:]:
        c, mv = node.get_move()
        if c is None: continue
        moves.append((c, mv))
    for i, (c, mv) in enumerate(moves):
        if mv is None:
            continue
        p = (mv[1], n-1-mv[0])
        if p in board: return dict(illegal=i, why='occupied', board=board, caps=caps, moves=len(moves))
        board[p] = c
        o = 'w' if c == 'b' else 'b'
        for r in neighbours(p, n):
            if board.get(r) == o:
                g, l = group(board, r, n)
                if not l:
                    for s in g: del board[s]
                    caps[c] += len(g)
        g, l = group(board, p, n)
        if not l: return dict(illegal=i, why='suicide', board=board, caps=caps, moves=len(moves))
        key = frozenset(board.items())
        if key in seen: return dict(illegal=i, why='superko', board=board, caps=caps, moves=len(moves))
        seen.add(key)
    return dict(illegal=None, board=board, caps=caps, moves=len(moves))

def gnugo(path, n):
    cmds = f"loadsgf {path}\nfinal_status_list dead\nfinal_status_list seki\nfinal_score\nquit\n"
    out = subprocess.run([GNUGO, "--mode", "gtp", "--level", "1"], input=cmds, capture_output=True, text=True, timeout=120).stdout
    blocks = [b for b in out.split("\n\n") if b.startswith("=")]
    def pts(b): return [gtp_to_xy(v, n) for v in b[1:].split()]
    return pts(blocks[1]), pts(blocks[2]), blocks[3][1:].strip()

def count(board, caps, dead, seki, n):
    board = dict(board); pris = {'b': caps['b'], 'w': caps['w']}
    for p in dead:
        c = board.pop(p); pris['w' if c == 'b' else 'b'] += 1
    sekiset = set(seki)
    terr = {'b': 0, 'w': 0}; neutral = 0; seen = set(); regions = []
    for x in range(n):
        for y in range(n):
            p = (x, y)
            if p in board or p in seen: continue
            reg = {p}; st = [p]; borders = set(); touches_seki = False
            seen.add(p)
            while st:
                q = st.pop()
                for r in neighbours(q, n):
                    if r in board:
                        borders.add(board[r])
                        if r in sekiset: touches_seki = True
                    elif r not in seen: seen.add(r); reg.add(r); st.append(r)
            if len(borders) == 1 and not touches_seki:
                terr[borders.pop()] += len(reg)
            else:
                neutral += len(reg); regions.append((len(reg), sorted(borders), touches_seki))
    return terr, pris, neutral, regions

def ascii(board, n, dead, seki):
    rows = []
    d = set(dead); s = set(seki)
    for y in range(n):
        row = f"{n-y:2d} "
        for x in range(n):
            c = board.get((x, y))
            ch = '.' if c is None else ('X' if c == 'b' else 'O')
            if (x, y) in d: ch = 'x' if c == 'b' else 'o'
            if (x, y) in s: ch = '#' if c == 'b' else '@'
            row += ch + ' '
        rows.append(row)
    rows.append("   " + " ".join(GTPCOLS[:n]))
    return "\n".join(rows)

def main():
    for path in sys.argv[1:]:
        rec = {'file': path}
        try:
            game = sgf.Sgf_game.from_bytes(open(path, 'rb').read())
        except Exception as e:
            rec['error'] = str(e); print(json.dumps(rec)); continue
        n = game.get_size(); root = game.get_root()
        rec['size'] = n
        for k in ('RE', 'KM', 'HA', 'RU', 'PB', 'PW'):
            try: rec[k] = root.get(k)
            except Exception: rec[k] = None
        r = replay(game)
        rec['illegal'] = r['illegal']; rec['why'] = r.get('why'); rec['moves'] = r['moves']
        rec['caps'] = r['caps']
        if n in (9, 13, 19) and r['illegal'] is None:
            try:
                dead, seki, gscore = gnugo(path, n)
            except Exception as e:
                dead, seki, gscore = [], [], f"error {e}"
            rec['gnugo_dead'] = [xy_to_sgf(*p) for p in dead]
            rec['gnugo_seki'] = [xy_to_sgf(*p) for p in seki]
            rec['gnugo_score'] = gscore
            try:
                terr, pris, neutral, regions = count(r['board'], r['caps'], dead, seki, n)
            except Exception as e:
                rec['count_error'] = repr(e); rec['ascii'] = ascii(r['board'], n, dead, seki); print(json.dumps(rec), flush=True); continue
            km = rec['KM'] or 0.0
            b = terr['b'] + pris['b']; w = terr['w'] + pris['w'] + km
            ha = bool(root.has_property('AB'))
            if b > w: res = f"B+{b-w:g}"
            elif w > b: res = f"W+{w-b:g}"
            else: res = "W+0.5" if ha else "0"
            rec.update(terr=[terr['b'], terr['w']], pris=[pris['b'], pris['w']], neutral=neutral,
                       big_neutral=[x for x in regions if x[0] > 2 or x[2]], rfg=res)
            rec['ascii'] = ascii(r['board'], n, dead, seki)
        print(json.dumps(rec), flush=True)

main()
