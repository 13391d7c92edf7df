"""The oracle from Python: expected values from the rules and from published perft counts,
never from the oracle's own output."""

import os
import signal
import threading
import time

import pytest

import shogi_conformance as sc


def test_startpos_counts_are_the_published_perft():
    # Shogi Programming wiki, "Perft" page: 30 / 900 / 25,470 from the initial position (2.3).
    p = sc.Position()
    assert p.sfen == sc.STARTPOS
    assert len(p.legal_moves()) == 30
    assert p.perft(2) == 900
    assert p.perft(3) == 25470
    assert sum(p.divide(2).values()) == 900


def test_matsuri_depth_2_is_published():
    # The "matsuri" position: 207 / 28,684 (Shogi Programming wiki, YaneuraOu's documentation).
    p = sc.Position("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")
    assert len(p.legal_moves()) == 207
    assert p.perft(2) == 28684


def test_pawn_drop_mate_is_not_legal_and_names_3_11c():
    # Gote king 1a boxed in by its own lance and pawn, Sente gold on 1c guards 1b: P*1b would
    # mate at once, which FESA 3.11c forbids; a gold dropped there is an ordinary mate (1.2).
    p = sc.Position("7lk/7p1/8G/9/9/9/9/9/K8 b GP 1", allow_unreachable=True)
    assert "P*1b" not in p.legal_moves()
    assert p.is_pawn_drop_mate("P*1b")
    assert not p.is_pawn_drop_mate("G*1b")
    with pytest.raises(sc.IllegalMoveError) as e:
        p.check_move("P*1b")
    assert e.value.article == "fesa2017:3.11c"
    assert "P*1b" in str(e.value)
    mated = p.play("G*1b")
    assert mated.status() == "checkmate" and mated.is_checkmate() and mated.in_check()
    assert mated.side_to_move == "gote"


def test_unreachable_positions_are_refused_unless_allowed():
    with pytest.raises(sc.PositionError) as e:
        sc.Position("8k/9/9/9/9/9/9/9/9 b - 1")
    assert "8k/9/9/9/9/9/9/9/9 b - 1" in str(e.value)
    assert isinstance(e.value, ValueError)
    sc.Position("8k/9/9/9/9/9/9/9/9 b - 1", allow_unreachable=True)


def test_bad_input_names_what_is_wrong():
    with pytest.raises(sc.PositionError, match="nonsense"):
        sc.Position("nonsense")
    with pytest.raises(sc.IllegalMoveError, match="7g7g"):
        sc.Position("startpos", ["7g7g"])
    with pytest.raises(sc.IllegalMoveError, match="not a USI move"):
        sc.Position().is_legal("xx")


def test_moves_are_kept_and_played():
    p = sc.Position("startpos", ["7g7f"]).play("3c3d")
    assert p.moves == ["7g7f", "3c3d"]
    assert p.side_to_move == "sente"
    assert p == sc.Position("startpos moves 7g7f 3c3d")
    assert hash(p) == hash(sc.Position("startpos moves 7g7f 3c3d"))


def test_game_status_sees_perpetual_check():
    # The cycle of corpus case bb2a5ff4 (worked out by hand there): Sente checks with every move
    # until the start occurs a fourth time, so Sente loses (FESA 3.12).
    cycle = ["4e5e", "5a4a", "5e4e", "4a5a"]
    p = sc.Position("4k4/9/9/9/5R3/9/9/9/4K4 b - 1", cycle * 3, allow_unreachable=True)
    v = p.game_status()
    assert (v.result, v.winner, v.reason, v.article) == ("win", "gote", "perpetual_check", "fesa2017:3.12")
    assert sc.Position("4k4/9/9/9/5R3/9/9/9/4K4 b - 1", cycle, allow_unreachable=True).game_status().result == "continues"


def test_perft_releases_the_interpreter():
    # While a perft runs on another thread, this thread keeps running Python code.
    p = sc.Position("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")
    done = threading.Event()
    ticks = 0

    def run():
        p.perft(3)
        done.set()

    t = threading.Thread(target=run)
    t.start()
    while not done.is_set():
        ticks += 1
        done.wait(0.001)
    t.join()
    assert ticks > 5


def test_errors_speak_python():
    # Issue 44.7: the moves as one string are the moves, not a conversion error; a negative
    # depth is a ValueError naming the depth, not an OverflowError; a bad move is said once.
    assert sc.Position("startpos", "7g7f 3c3d").moves == ["7g7f", "3c3d"]
    with pytest.raises(TypeError, match="list of USI moves"):
        sc.Position("startpos", 7)
    with pytest.raises(sc.ConfigError, match="not -1") as e:
        sc.Position().perft(-1)
    assert isinstance(e.value, ValueError)
    with pytest.raises(sc.IllegalMoveError) as e:
        sc.Position().is_legal("zz")
    assert str(e.value).count("zz") == 1, str(e.value)


def test_ctrl_c_interrupts_a_long_perft():
    # Issue 44.7: SIGINT during a perft of depth 8 (hours of work) raises KeyboardInterrupt
    # within a second instead of being ignored until the end.
    # Issue 54: a parent that started the run with SIGINT ignored (a background CI runner,
    # `nohup ... &`) leaves Python with no KeyboardInterrupt handler, and the signal would be
    # lost while perft(8) ran for hours: install the handler for this test, restore it after.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    p = sc.Position()
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    try:
        start = time.monotonic()
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            p.perft(8)
        took = time.monotonic() - start
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert took < 1.5, took
