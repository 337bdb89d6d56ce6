"""Moved to :mod:`gamester.games.put`; this name is kept so that old imports keep working."""

import sys

from .games import put as _moved

sys.modules[__name__] = _moved
