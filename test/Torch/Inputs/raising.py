"""A factory that raises (import.test: the error names it and the line)."""


def make():
    config = {}
    return config["hidden"]
