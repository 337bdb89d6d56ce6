"""Moved to :mod:`gamester.games.post_and_pair`; this name is kept so that old imports keep working."""

import sys

from .games import post_and_pair as _moved

sys.modules[__name__] = _moved
