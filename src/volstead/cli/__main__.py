"""`python -m volstead.cli` runs the `volstead` command."""

from volstead.cli import main

main()
