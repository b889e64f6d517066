"""deckcheck's version (the package's ``__version__``; pyproject.toml gives the same, a test holds them equal)."""

__version__ = "0.2.0"
