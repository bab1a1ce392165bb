"""A model file that raises while loading (import.test)."""
raise RuntimeError("no config for this model")
