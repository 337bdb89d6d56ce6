"""Moved to :mod:`gamester.games.speculation`; this name is kept so that old imports keep working."""

import sys

from .games import speculation as _moved

sys.modules[__name__] = _moved
