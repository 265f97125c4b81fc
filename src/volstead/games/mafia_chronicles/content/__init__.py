"""The Mafia Chronicles' authored content: typed models and the validating loader."""
