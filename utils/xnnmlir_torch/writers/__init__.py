"""Writers: the function body (body.py), the module as MLIR text (text.py) or
streaming MLIR bytecode (bytecode.py over mlirbc.py), and output files (output.py)."""
