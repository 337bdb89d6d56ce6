"""Data files the engine reads that a host may keep outside the package (issue 30).

CPython, and any install of the engine, reads a data file from the package as always (:func:`read_bytes`). The site's
engine wheel leaves out the large ones (Put's solved strategies: megabytes that only a game against its
"equilibrium" computer player reads) so that every other game starts without them: it lists each in
``gamester/hostfiles.json`` (written by the site build) as ``{"games/put/data/NAME": {"file": ..., "sha256": ...,
"bytes": ...}}``, where ``file`` is where the site keeps it. The browser's worker hands this module a function that
fetches such a file (:func:`use`); the first read of it fetches it, and its bytes are used only if their sha256 is
the listed one. Nothing here knows which games have data, nor how the host fetches.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from typing import Any

from .errors import GamesterError

LISTING = "hostfiles.json"


class DataFileError(GamesterError):
    """A data file kept outside the package did not arrive, or arrived other than the build made it (``damaged``)."""

    def __init__(self, message: str, damaged: bool) -> None:
        super().__init__(message)
        self.damaged = damaged


_fetch: Callable[[str], Any] | None = None


def use(fetch: Callable[[str], Any] | None) -> None:
    """The host's way to a file kept outside the package: ``fetch(file)`` with the listing's ``file`` returns its
    bytes (or an object with ``to_bytes()``, as Pyodide gives for a JavaScript Uint8Array), or raises. ``None``
    forgets it."""
    global _fetch
    _fetch = fetch


@lru_cache(maxsize=1)
def listing() -> dict[str, dict[str, Any]]:
    """The files the package leaves to its host (empty where it holds them all)."""
    try:
        text = resources.files(__package__).joinpath(LISTING).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return {}
    return json.loads(text)


def read_bytes(package: str, *parts: str) -> bytes:
    """The bytes of the data file ``parts`` of ``package`` (a subpackage of this one): from the package where it
    is there, else from the host, checked by its sha256. FileNotFoundError where neither has it (not in this build);
    :class:`DataFileError` where the host's copy cannot be had or is not the build's."""
    try:
        return resources.files(package).joinpath(*parts).read_bytes()
    except FileNotFoundError:
        pass
    inside = "/".join([*package.split(".")[1:], *parts])
    entry = listing().get(inside)
    if entry is None or _fetch is None:
        raise FileNotFoundError(inside)
    try:
        got = _fetch(entry["file"])
    except Exception as ex:  # the host's failure, whatever its kind (a JavaScript error in the browser)
        raise DataFileError(f"it could not be fetched ({_first_line(ex)})", damaged=False) from None
    data = got.to_bytes() if hasattr(got, "to_bytes") else bytes(got)
    if hashlib.sha256(data).hexdigest() != entry["sha256"]:
        raise DataFileError("what arrived is not what this site was built with", damaged=True)
    return data


def _first_line(ex: BaseException) -> str:
    text = str(ex).strip().splitlines()
    return (text[0].removeprefix("Error: ") if text else type(ex).__name__)[:160]


__all__ = ["DataFileError", "listing", "read_bytes", "use"]
