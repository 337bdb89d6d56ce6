"""Moved to :mod:`gamester.games.post_and_pair.rules`; this name is kept so that old imports keep working."""

import sys

from .games.post_and_pair import rules as _moved

sys.modules[__name__] = _moved
