"""The bots of this game: its own rules of thumb and searches."""
