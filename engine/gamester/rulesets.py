"""Moved to :mod:`gamester.options`; this name is kept so that old imports keep working."""

import sys

from . import options as _moved

sys.modules[__name__] = _moved
