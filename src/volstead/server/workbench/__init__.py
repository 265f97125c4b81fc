"""The designer's workbench on the server (issue 38): the saved card sets (variants.py) and
experiments — two card sets of a game played by the same bots from the same seeds, in the
background, then compared — stored (experiments.py) and queued, run and followed (runs.py). The
routes: server/routes/workbench.py and server/routes/experiments.py."""
