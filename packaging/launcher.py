"""The bundle's entry point: the same `lanpurr` command as `pip install` gives."""

import sys

from ui.cli import main

if __name__ == "__main__":
    sys.exit(main())
