"""Running an implementation in a child process, so that a crash costs one case, not the run.

A library written in C, C++ or Rust can end the interpreter: a segmentation fault, an
``abort()``, an uncaught C++ exception. In-process, nothing survives it, not even the report.
``Isolated(impl)`` (what ``certify(impl, isolate=True)`` and the pytest plugin's
``shogi_conformance_isolate`` use) answers every question by sending it to a child process that
holds ``impl``; when the child dies, the question becomes an *errored* case naming the signal
(``killed by signal SIGSEGV``), a fresh child is started for the next question, and the run
goes on.

The child is forked where the platform can (Linux, and macOS with ``start_method="fork"``), so
the implementation need not be importable by name; otherwise it is spawned, and ``impl`` must
pickle. The object's state does not carry from one question to the next across a crash (the
new child starts from the object as it was when it was wrapped). The cost is one round trip
through a pipe per question: see docs/python.md (Speed) for the measured ratio.
"""

import multiprocessing
import pickle
import signal
import sys
import traceback
from multiprocessing.connection import Connection
from types import TracebackType
from typing import Any, Callable, List, Optional, Tuple

__all__ = ["Isolated", "ImplementationCrashed", "ImplementationHung"]

METHODS = ("legal_moves", "perft", "divide", "status", "adjudicate", "ask", "bestmove")
"""The questions an implementation may answer (the adapter protocol's, as methods)."""


class ImplementationCrashed(Exception):
    """The child process holding the implementation died while answering (a signal, or an exit
    without an answer). The case errors; the next question starts a new child."""


class ImplementationHung(Exception):
    """The child process did not answer within the time allowed; it was killed."""


def where(tb: Optional[TracebackType]) -> str:
    """``FILE:LINE`` of the innermost frame of a traceback."""
    frames = traceback.extract_tb(tb)
    return f"{frames[-1].filename}:{frames[-1].lineno}" if frames else ""


def serve(conn: Connection, impl: Any) -> None:
    """The child's loop: one question in, one answer (or the exception) out, until told to
    stop or the pipe closes."""
    # Ctrl-C in a terminal reaches the whole process group: the parent stops the run, so the
    # child must not die of it first and be counted as a crash.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        method, args = message
        try:
            answer = getattr(impl, method)(*args)
            if method == "legal_moves":
                answer = [str(m) for m in answer]
            reply: Tuple[Any, ...] = ("ok", answer)
            conn.send(reply)
            continue
        except Exception as e:  # every exception goes back to the parent, to be raised there
            error: BaseException = e
            place = where(e.__traceback__)
        try:
            pickle.dumps(error)
        except Exception:
            error = RuntimeError(f"{type(error).__name__}: {error}")
        try:
            conn.send(("raise", error, place))
        except Exception as e:  # the answer itself would not pickle
            conn.send(("raise", RuntimeError(f"the answer cannot be sent from the child process: {e}"), ""))


def describe_exit(code: Optional[int]) -> str:
    """How a child process ended, in words: ``was killed by signal SIGSEGV (11)``."""
    if code is None:
        return "stopped answering"
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"was killed by signal {name} ({-code})"
    return f"exited with status {code}"


def default_start_method() -> str:
    """``fork`` on Linux (the object need not pickle), else ``spawn``: forking a process that
    has used the system's frameworks is unsafe on macOS."""
    methods = multiprocessing.get_all_start_methods()
    return "fork" if sys.platform.startswith("linux") and "fork" in methods else "spawn"


class Isolated:
    """``impl`` answering from a child process (see the module's docs).

    ``timeout``: seconds one question may take before the child is killed and the case errors
    (``None``: no limit). ``start_method``: ``fork`` or ``spawn`` (default: fork on Linux).
    Use it as a context manager, or call ``close()``, to end the child; ``certify`` does.
    """

    def __init__(self, impl: Any, *, timeout: Optional[float] = None, start_method: Optional[str] = None) -> None:
        self._impl = impl
        self._methods = frozenset(m for m in METHODS if callable(getattr(impl, m, None)))
        self._timeout = timeout
        self._context = multiprocessing.get_context(start_method or default_start_method())
        self._process: Optional[Any] = None
        self._conn: Optional[Connection] = None
        self.name = str(getattr(impl, "name", None) or type(impl).__name__)
        self.crashes: List[str] = []
        """Each crash, in words, in the order they happened."""

    def __getattr__(self, name: str) -> Callable[..., Any]:
        # Only the methods the wrapped object has: the runner asks which questions it answers.
        if name in METHODS and name in self.__dict__.get("_methods", ()):
            return lambda *args: self._call(name, args)
        raise AttributeError(name)

    def _start(self) -> Connection:
        if self._conn is not None:
            return self._conn
        parent, child = self._context.Pipe()
        process = self._context.Process(target=serve, args=(child, self._impl), daemon=True)  # type: ignore[attr-defined]
        process.start()
        child.close()  # the parent's copy: the pipe reads end-of-file when the child dies
        self._process, self._conn = process, parent
        return parent

    def _reap(self, kill: bool = False) -> Optional[int]:
        process, conn = self._process, self._conn
        self._process, self._conn = None, None
        if conn is not None:
            conn.close()
        if process is None:
            return None
        if kill and process.is_alive():
            process.kill()
        # A child that crashed may still be writing its tracebacks and a core file when its
        # pipe reads end-of-file: on a loaded machine that takes seconds, and reaping it too
        # soon would lose the signal it died of. One that outlives this wait is killed.
        process.join(60)
        if process.is_alive():
            process.kill()
            process.join(5)
            return None
        return process.exitcode  # type: ignore[no-any-return]

    def _call(self, method: str, args: Tuple[Any, ...]) -> Any:
        conn = self._start()
        try:
            conn.send((method, args))
            if self._timeout is not None and not conn.poll(self._timeout):
                self._reap(kill=True)
                raise self._marked(ImplementationHung(f"`{method}` did not answer within {self._timeout:g} s; the child process was killed"))
            reply = conn.recv()
        except (EOFError, OSError):
            what = f"the implementation's process {describe_exit(self._reap())} while answering `{method}`"
            self.crashes.append(what)
            raise self._marked(ImplementationCrashed(what + "; a new one answers the next question")) from None
        if reply[0] == "ok":
            return reply[1]
        _, error, place = reply
        error.__shogi_where__ = place
        raise error

    @staticmethod
    def _marked(error: Exception) -> Exception:
        # No file and line: the place is the child process, which the message names.
        error.__shogi_where__ = ""  # type: ignore[attr-defined]
        return error

    def close(self) -> None:
        """Ends the child process (a new one starts if a question comes after)."""
        conn = self._conn
        if conn is not None:
            try:
                conn.send(None)
            except OSError:
                pass
        self._reap()

    def __enter__(self) -> "Isolated":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        if self.__dict__.get("_process") is not None:
            try:
                self.close()
            except Exception:
                pass

    def __repr__(self) -> str:
        return f"Isolated({self._impl!r})"
