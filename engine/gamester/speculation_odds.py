"""Moved to :mod:`gamester.games.speculation.odds`; this name is kept so that old imports keep working."""

import sys

from .games.speculation import odds as _moved

sys.modules[__name__] = _moved
