#!/usr/bin/python3
"""xnn-import-torch: a PyTorch model as edge MLIR (SPEC section 5).

The importer is the package xnnmlir_torch beside this file (a room per
concern: fronts, walk, state, constants, the op table in families, writers,
the command); this module keeps the names scripts import
(`import xnn_import_torch as imp; imp.import_module(...)`) and runs the
command when executed."""
import os
import sys

if __name__ == "__main__":  # run as a script: the package is beside it
    sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from xnnmlir_torch import *  # noqa: E402,F401,F403  (the public API, as before the split)
from xnnmlir_torch import __all__, main  # noqa: E402,F401

if __name__ == "__main__":
    sys.exit(main())
