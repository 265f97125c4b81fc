"""A fingerprint of many seeded games, from a checkout: `volstead.sim.fingerprint`'s command.

.venv/bin/python benchmarks/fingerprint.py --game GAME [--games 300] [--bot random]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))  # run from a checkout even without an install

from volstead.sim.fingerprint import main  # noqa: E402

if __name__ == "__main__":
    main()
