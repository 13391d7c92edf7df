"""Judging records from Python: verdicts as typed objects and dicts, archives streamed."""

import csv
import itertools
from pathlib import Path

import pytest

import shogi_conformance as sc
from conftest import REPO

NIFU = REPO / "corpus" / "games" / "records" / "nifu-sente.csa"


def test_judge_a_file_typed():
    # The record's ninth move drops a second pawn on a file (FESA 3.11a); Gote claims it
    # before replying and Sente loses (9.4), as the file itself writes (%ILLEGAL_MOVE).
    v = sc.judge(NIFU)
    assert (v.result, v.winner, v.reason, v.article) == ("win", "gote", "illegal_move", "fesa2017:3.11a")
    assert v.articles == ["fesa2017:3.11a", "fesa2017:9.4b", "fesa2017:9.4"]
    assert v.verified and v.agrees is True and v.moves == 9 and v.format == "csa"
    assert [s.article for s in v.evidence] == v.articles
    d = v.to_dict()
    assert d["verdict"] == {"result": "win", "winner": "gote", "reason": {"kind": "illegal_move", "article": "fesa2017:3.11a"}, "source": "moves", "verified": True}
    assert d["file"] == str(NIFU)
    assert d["schema_version"] == 3  # the version of every published schema (issue 54)


def test_judge_text_bytes_and_str_path_agree():
    text = NIFU.read_text()
    for source in (str(NIFU), text, NIFU.read_bytes()):
        assert sc.judge(source, format="csa").to_dict()["verdict"] == sc.judge(NIFU).to_dict()["verdict"]


def test_profile_and_overrides():
    # The perpetual-check record of corpus case bb2a5ff4 as YAML: 3.12 under fesa-2017; under
    # csa-computer the start position is not counted (shogi-server), so the game continues.
    record = "start: '4k4/9/9/9/5R3/9/9/9/4K4 b - 1'\nevents: [" + ", ".join(["4e5e", "5a4a", "5e4e", "4a5a"] * 3) + "]\n"
    assert sc.judge(record, format="yaml").reason == "perpetual_check"
    assert sc.judge(record, "csa-computer", format="yaml").result == "continues"
    with pytest.raises(sc.ConfigError, match="no-such-profile"):
        sc.judge(record, "no-such-profile", format="yaml")
    with pytest.raises(sc.ConfigError, match="no_such_knob"):
        sc.judge(record, set={"no_such_knob": "1"}, format="yaml")


def test_unreadable_records_name_file_and_line(tmp_path: Path):
    bad = tmp_path / "bad.csa"
    bad.write_text("PI\n+\n+7776FU\n-3334FU\n+9999ZZ\n")
    with pytest.raises(sc.RecordError) as e:
        sc.judge(bad)
    assert str(e.value).startswith(f"{bad}:5:")
    with pytest.raises(sc.RecordError, match="no such file"):
        sc.judge("no/such/file.csa")
    # A folder is not a record: the function that judges folders is named (issue 44.7).
    for folder in (str(tmp_path), tmp_path):
        with pytest.raises(sc.RecordError, match="is a folder: judge\\(\\) takes one record; judge_archive"):
            sc.judge(folder)


def test_a_file_that_is_no_record_is_refused_as_the_command_line_refuses_it(tmp_path: Path):
    # Issue 51: a letter named .kif and a server's JSON error body named .csa get no verdict;
    # the exception names the file, the line and the text that could not be placed, as `judge`
    # does on standard error.
    letter = tmp_path / "letter.kif"
    letter.write_text("Dear Ms Tanaka,\n\nYours sincerely,\n")
    with pytest.raises(sc.RecordError) as e:
        sc.judge(letter)
    assert str(e.value).startswith(f"{letter}:1:")
    assert "Dear Ms Tanaka" in str(e.value)
    body = tmp_path / "error.csa"
    body.write_text('{"error":"not found"}')
    with pytest.raises(sc.RecordError, match="`error` is not a key JKF defines"):
        sc.judge(body)


def test_a_bad_override_is_named_in_python_terms():
    # The override is a dict entry here, not the command line's `--set impasse=bogus`.
    with pytest.raises(sc.ConfigError) as e:
        sc.judge(NIFU, set={"impasse": "bogus"})
    assert "--set" not in str(e.value) and "set={'impasse': 'bogus'}" in str(e.value), str(e.value)


def test_a_knob_value_outside_its_domain_is_refused_with_article_and_domain():
    # fesa2017:5.2: one occurrence repeats nothing (it once acted silently as 2).
    with pytest.raises(sc.ConfigError) as e:
        sc.judge(NIFU, set={"repetition_occurrences": "1"})
    assert "fesa2017:5.2" in str(e.value) and "a whole number from 2" in str(e.value), str(e.value)


def manifest_outcome(games):
    """A file's verdicts in the words of real-records/shogi/MANIFEST.tsv's `expect` column."""
    words = []
    for g in games:
        if isinstance(g, sc.Unreadable):
            return "unreadable"
        if g.standing == "recorded-not-provable":
            # A recorded finding is a typed verdict too (result, winner, reason kind; not verified).
            assert g.result == "win" and not g.verified, g.to_dict()
            words.append(f"{g.winner}:{str(g.reason).replace('_', '-')}:recorded")
            continue
        base = {"continues": "continues", "win": f"{g.winner}:{str(g.reason).replace('_', '-')}",
                "draw": f"draw:{str(g.reason).replace('_', '-')}"}[g.result]
        words.append(base if g.standing in ("agrees", "no-ending") else f"{base}:{g.standing}")
    return "|".join(words)


def test_archive_agrees_with_every_hand_worked_outcome():
    # real-records/shogi: 150 real records whose outcomes were worked out by hand (MANIFEST.tsv).
    real = REPO / "real-records" / "shogi"
    with open(real / "MANIFEST.tsv", newline="") as f:
        expected = {row[0]: row[5] for row in csv.reader(f, delimiter="\t")}
    stream = sc.judge_archive(real, jobs=2)
    assert stream.files == len(expected)
    seen = {}
    for file, games in itertools.groupby(stream, key=lambda g: g.file):
        seen[str(Path(file).relative_to(real))] = manifest_outcome(list(games))
    assert seen == expected


def test_archive_streams_in_file_order_and_can_stop_early():
    real = REPO / "real-records" / "shogi"
    files = [g.file for g in sc.judge_archive(real, jobs=1)]
    # Name order, folder by folder (a walk with every level sorted), each file's games together.
    distinct = list(dict.fromkeys(files))
    walked = sorted(str(p) for p in real.rglob("*") if p.suffix in (".csa", ".kif", ".kifu", ".ki2", ".ki2u", ".jkf"))
    assert distinct == walked
    assert len(distinct) == len(list(itertools.groupby(files)))
    assert [g.file for g in sc.judge_archive(real, jobs=2)] == files
    stream = sc.judge_archive([real], jobs=2)
    first = next(stream)
    assert first.file == files[0]
    del stream  # the workers stop when the stream is dropped


def test_archive_rows_make_a_table():
    rows = [g.to_dict() for g in sc.judge_archive(REPO / "real-records" / "shogi" / "csa-rs")]
    assert rows and all({"file", "standing"} <= row.keys() for row in rows)
