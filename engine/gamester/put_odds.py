"""Moved to :mod:`gamester.games.put.odds`; this name is kept so that old imports keep working."""

import sys

from .games.put import odds as _moved

sys.modules[__name__] = _moved
