"""Scarface 1920 rules, one module per rulebook section."""
