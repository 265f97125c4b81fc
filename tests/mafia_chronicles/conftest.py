from mc_helpers import dice  # noqa: F401  (the fixture, for every test of this folder)
