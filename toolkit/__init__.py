"""What you do with a scenario: referee it, print it, simulate it."""

__version__ = "0.1.0"
