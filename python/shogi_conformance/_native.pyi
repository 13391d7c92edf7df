"""Type stubs of the Rust half of shogi_conformance (python/src/*.rs)."""

import os
from typing import Any, Dict, Iterator, List, Literal, Mapping, Optional, Sequence, Union

__version__: str

StatusWord = Literal["normal", "check", "checkmate", "no_legal_moves"]
ReportFormat = Literal["text", "json", "junit", "markdown", "html"]
PathLike = Union[str, "os.PathLike[str]"]

class Position:
    """A position set up by the reference oracle: a start and the moves played from it."""

    def __init__(
        self,
        position: str = "startpos",
        moves: Union[Sequence[str], str, None] = None,
        *,
        allow_unreachable: bool = False,
    ) -> None: ...
    @property
    def sfen(self) -> str: ...
    @property
    def start(self) -> str: ...
    @property
    def moves(self) -> List[str]: ...
    @property
    def side_to_move(self) -> Literal["sente", "gote"]: ...
    def legal_moves(self) -> List[str]:
        """Every legal move in USI, sorted (FESA 3, 3.11, 1.2)."""
    def perft(self, depth: int) -> int:
        """Leaf nodes of the legal move tree ``depth`` plies deep (the GIL is released a
        subtree at a time; Ctrl-C raises KeyboardInterrupt; a negative depth ConfigError)."""
    def divide(self, depth: int) -> Dict[str, int]: ...
    def status(self) -> StatusWord:
        """Check and mate status of the side to move (FESA 1.2)."""
    def in_check(self) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def is_legal(self, move: str) -> bool: ...
    def check_move(self, move: str) -> None:
        """Raises ``IllegalMoveError`` (with ``article``) unless ``move`` is legal."""
    def is_pawn_drop_mate(self, move: str) -> bool:
        """Whether ``move`` is a pawn drop that mates at once (uchifuzume, FESA 3.11c)."""
    def play(self, move: str) -> "Position": ...
    def game_status(self, profile: str = "fesa-2017", set: Optional[Mapping[str, str]] = None) -> "Verdict":
        """The verdict on the game so far (mate, repetition 5.2, perpetual check 3.12)."""
    def __hash__(self) -> int: ...

class Step:
    """One step of a verdict's explanation."""

    @property
    def article(self) -> str: ...
    @property
    def fact(self) -> str: ...
    @property
    def knob(self) -> Optional[str]: ...

class Verdict:
    """The verdict on one game, beside what the record says of its ending."""

    @property
    def result(self) -> Literal["win", "draw", "annulled", "continues"]: ...
    @property
    def winner(self) -> Optional[Literal["sente", "gote"]]: ...
    @property
    def reason(self) -> Optional[str]: ...
    @property
    def article(self) -> Optional[str]: ...
    @property
    def articles(self) -> List[str]: ...
    @property
    def verified(self) -> bool: ...
    @property
    def evidence(self) -> List[Step]: ...
    @property
    def written(self) -> Optional[str]: ...
    @property
    def agrees(self) -> Optional[bool]: ...
    @property
    def moves(self) -> int: ...
    @property
    def game(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def format(self) -> str: ...
    @property
    def profile(self) -> str: ...
    @property
    def file(self) -> str: ...
    @property
    def notes(self) -> List[str]: ...
    @property
    def standing(self) -> Optional[Literal["agrees", "differs", "unrecognised", "no-ending", "recorded-not-provable"]]: ...
    def to_dict(self) -> Dict[str, Any]: ...

class Unreadable:
    """A file of an archive that could not be judged."""

    @property
    def file(self) -> str: ...
    @property
    def error(self) -> str: ...
    def to_dict(self) -> Dict[str, str]: ...

class ArchiveStream(Iterator[Union[Verdict, Unreadable]]):
    @property
    def files(self) -> int: ...
    def __iter__(self) -> "ArchiveStream": ...
    def __next__(self) -> Union[Verdict, Unreadable]: ...

RecordSource = Union[str, bytes, "os.PathLike[str]"]

def judge(
    source: RecordSource,
    profile: str = "fesa-2017",
    set: Optional[Mapping[str, str]] = None,
    *,
    format: Optional[str] = None,
) -> Verdict:
    """The verdict on the one game of a record (path, text or bytes)."""

def judge_games(
    source: RecordSource,
    profile: str = "fesa-2017",
    set: Optional[Mapping[str, str]] = None,
    *,
    format: Optional[str] = None,
) -> List[Verdict]: ...
def judge_archive(
    paths: Union[PathLike, Sequence[PathLike]],
    profile: str = "fesa-2017",
    set: Optional[Mapping[str, str]] = None,
    *,
    jobs: int = 0,
) -> ArchiveStream:
    """Streams a verdict per game of every record file under ``paths`` (parallel in Rust)."""

class CaseOutcome:
    @property
    def id(self) -> str: ...
    @property
    def outcome(self) -> Literal["pass", "fail", "skip", "error"]: ...
    @property
    def as_expected(self) -> bool: ...
    @property
    def mismatch(self) -> Optional[str]: ...
    @property
    def position(self) -> Optional[str]: ...
    @property
    def details(self) -> List[str]: ...
    @property
    def skip_reason(self) -> Optional[str]: ...
    @property
    def report(self) -> str: ...
    @property
    def partial(self) -> bool: ...
    @property
    def start(self) -> Optional[str]: ...
    @property
    def moves(self) -> List[str]: ...
    @property
    def parting_ply(self) -> Optional[int]: ...
    @property
    def expected(self) -> Optional[str]: ...
    @property
    def actual(self) -> Optional[str]: ...
    @property
    def article(self) -> str: ...
    @property
    def paraphrase(self) -> Optional[str]: ...
    @property
    def reproduce(self) -> Optional[str]: ...

class Report:
    """A run's report, as the command line's ``run`` makes it."""

    def render(self, format: ReportFormat = "text") -> str: ...
    def write(self, path: PathLike, format: ReportFormat = "text") -> None: ...
    def expectations_yaml(self) -> str: ...
    @property
    def status(self) -> Literal["passed", "failed", "nothing_checked", "not_started", "interrupted"]: ...
    @property
    def exit_code(self) -> int: ...
    @property
    def implementation(self) -> str: ...
    @property
    def summary(self) -> Dict[str, int]: ...
    @property
    def summary_line(self) -> str: ...
    @property
    def outcomes(self) -> Dict[str, Literal["pass", "fail", "skip", "error"]]: ...
    @property
    def not_as_expected(self) -> Optional[List[str]]: ...
    def to_dict(self) -> Dict[str, Any]: ...

def certify(
    implementation: object,
    *,
    profile: str = "fesa-2017",
    set: Optional[Mapping[str, str]] = None,
    filter: Optional[str] = None,
    expectations: Optional[PathLike] = None,
    corpus: Optional[PathLike] = None,
    reproduce_with: Optional[str] = None,
) -> Report:
    """Certifies a Python object in-process (``shogi_conformance.certify`` wraps this one)."""

def certify_command(
    spec: str,
    *,
    profile: str = "fesa-2017",
    set: Optional[Mapping[str, str]] = None,
    filter: Optional[str] = None,
    expectations: Optional[PathLike] = None,
    corpus: Optional[PathLike] = None,
    timeout: Optional[float] = None,
) -> Report:
    """Certifies ``oracle``, ``engine``, ``usi:COMMAND`` or ``adapter:COMMAND`` as ``run --impl``."""

class Session:
    """One case at a time, for the pytest plugin."""

    def __init__(
        self,
        implementation: object,
        *,
        profile: str = "fesa-2017",
        set: Optional[Mapping[str, str]] = None,
        filter: Optional[str] = None,
        expectations: Optional[PathLike] = None,
        corpus: Optional[PathLike] = None,
        reproduce_with: Optional[str] = None,
    ) -> None: ...
    def cases(self) -> List[Dict[str, Any]]: ...
    def run_case(self, id: str) -> CaseOutcome: ...
    def report(self) -> Report: ...

def yaml_to_python(text: str) -> Any: ...
