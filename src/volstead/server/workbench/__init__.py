"""The designer's workbench on the server (issue 38): experiments — two card sets of a game played
by the same bots from the same seeds, in the background, then compared — stored
(experiments.py) and queued, run and followed (runs.py). The saved card sets themselves are
server/variants.py; the routes, server/routes/workbench.py."""
