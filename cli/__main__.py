"""`python -m cli`: the same as the `puzzle-tui` command."""

import sys

from cli import main

sys.exit(main())
