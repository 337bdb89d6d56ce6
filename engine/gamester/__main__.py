import sys

from .hosts.cli import main

sys.exit(main())
