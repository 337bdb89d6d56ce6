"""Moved to :mod:`gamester.hosts.cli`; this name is kept so that old imports keep working."""

import sys

from .hosts import cli as _moved

sys.modules[__name__] = _moved
