"""The rules of The Mafia Chronicles, one module per part of the rulebook."""
