"""Rewrites every dense_resource<KEY> of an MLIR text file as dense<"0x...">
with the blob's bytes (the resource section dropped): the same model with
its weights as plain dense data. Usage: inline_blobs.py IN OUT"""
import re
import sys

text = open(sys.argv[1]).read()
body, _, resources = text.partition("{-#")
blobs = {k: v[8:] for k, v in re.findall(r'(\w+): "0x([0-9A-Fa-f]*)"', resources)}  # drop the alignment word
out = re.sub(r"dense_resource<(\w+)>", lambda m: 'dense<"0x%s">' % blobs[m.group(1)], body)
open(sys.argv[2], "w").write(out)
