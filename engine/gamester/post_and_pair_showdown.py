"""Moved to :mod:`gamester.games.post_and_pair.showdown`; this name is kept so that old imports keep working."""

import sys

from .games.post_and_pair import showdown as _moved

sys.modules[__name__] = _moved
