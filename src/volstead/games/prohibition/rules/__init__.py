"""Prohibition's rules, one module per rulebook section."""
