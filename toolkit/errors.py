"""Errors the command line turns into one clear message and exit status 1."""


class UserError(Exception):
    """Bad input from the user: printed as one message, exit 1, no traceback."""
