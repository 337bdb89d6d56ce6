"""Moved to :mod:`gamester.hosts.web`; this name is kept so that old imports keep working."""

import sys

from .hosts import web as _moved

sys.modules[__name__] = _moved
