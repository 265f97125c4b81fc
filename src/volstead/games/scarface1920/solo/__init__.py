"""Scarface 1920 solo mode: one player against the Enforcer automa (docs/scarface1920-solo.md)."""
