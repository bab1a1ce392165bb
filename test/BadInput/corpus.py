#!/usr/bin/env python3
"""Bad-input corpus: every case must fail cleanly.

Each case writes its input file(s) into a fresh directory, runs one tool
there (xnn-opt, xnn-translate, xnn-run or stock mlir-opt with the plugin) and
checks four properties, printing one line per case ("ok NAME" or
"FAIL NAME: why"):
  1. exit status exactly 1 (a crash, a sanitizer abort or a hang is a failure);
  2. a located error: the first "error:" line is `FILE:LINE:COL: error: ...`
     for the input (IR errors), or `TOOL: error: ...` for command-line, .npy
     and output-path errors, and it contains the expected text;
  3. no output written: `-o out.mlir` / `--output-dir outdir` do not exist;
  4. nothing in the directory changed: every file (the input included) has
     the same bytes, and no file (e.g. a temporary) appeared.
The last line is "corpus: N cases, F failed"; the exit status is 1 if any
case failed.
"""
import argparse
import hashlib
import os
import random
import re
import shlex
import shutil
import struct
import subprocess
import sys

# --------------------------------------------------------------------------
# Inputs.

GOOD = """func.func @forward(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %w = "edge.constant"() {value = dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %0 = "edge.add"(%a, %w) : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = "edge.relu"(%0) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}
"""

LOWERED = """module {
  func.func @forward(%arg0: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %0 = call @xnn_delegate_0(%arg0) : (tensor<2x4xf32>) -> tensor<2x4xf32>
    return %0 : tensor<2x4xf32>
  }
  func.func private @xnn_delegate_0(%arg0: tensor<2x4xf32>) -> tensor<2x4xf32> attributes {xnn.delegate} {
    %0 = "xnn.constant"() {value = CONST} : () -> tensor<2x4xf32>
    %1 = "xnn.binary"(%arg0, %0) {kind = "add"} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    return %1 : tensor<2x4xf32>
  }
}
"""


def blob_module(ty, hexdata, key="weights", elem_op=True, resource=True):
    """@forward adds a dense_resource constant of type `ty` to its argument."""
    body = f"""func.func @forward(%a: {ty}) -> {ty} {{
  %w = "edge.constant"() {{value = dense_resource<{key}> : {ty}}} : () -> {ty}
  %0 = "edge.add"(%a, %w) : ({ty}, {ty}) -> {ty}
  return %0 : {ty}
}}
"""
    if resource:
        body += f"""{{-#
  dialect_resources: {{
    builtin: {{
      weights: "0x04000000{hexdata}"
    }}
  }}
#-}}
"""
    return body


def f32hex(n, v=1.0):
    return struct.pack("<f", v).hex().upper() * n


def lowered_blob(hexdata):
    text = LOWERED.replace("CONST", "dense_resource<weights> : tensor<2x4xf32>")
    return text + '{-#\n  dialect_resources: {\n    builtin: {\n      weights: "0x04000000' + hexdata + '"\n    }\n  }\n#-}\n'


def relu_module(ty, attrs="", res=None):
    res = res or ty
    return f"""func.func @forward(%a: {ty}) -> {res} {{
  %0 = "edge.relu"(%a) {attrs}: ({ty}) -> {res}
  return %0 : {res}
}}
"""


def conv_module(xt, wt, rt, stride="1, 1", pad="0, 0", dil="1, 1", extra=""):
    return f"""func.func @forward(%x: {xt}, %w: {wt}) -> {rt} {{
  %0 = "edge.conv2d"(%x, %w) {{stride = array<i64: {stride}>, padding = array<i64: {pad}>, dilation = array<i64: {dil}>, groups = 1{extra}}} : ({xt}, {wt}) -> {rt}
  return %0 : {rt}
}}
"""


def nested_modules(depth, inner):
    return "module {\n" * depth + inner + "}\n" * depth


def npy(descr, shape, data=b"", fortran=False, magic=b"\x93NUMPY", header=None, header_len=None):
    if header is None:
        shape_s = "(" + "".join(f"{d}, " for d in shape).rstrip(" ") + ")" if len(shape) != 1 else f"({shape[0]},)"
        header = "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }" % (descr, "True" if fortran else "False", shape_s)
    h = header.encode("latin1")
    total = 10 + len(h) + 1
    h += b" " * ((64 - total % 64) % 64) + b"\n"
    hl = len(h) if header_len is None else header_len
    return magic + b"\x01\x00" + struct.pack("<H", hl) + h + data


def rand_bytes(seed, n):
    r = random.Random(seed)
    return bytes(r.randrange(256) for _ in range(n))


# --------------------------------------------------------------------------
# Cases: (name, tool, files {name: text|bytes}, args, loc, expected text).
# `in.mlir` is the input unless args say otherwise. loc: "file" (IR error
# located in in.mlir), "tool" (TOOL: error:), "any" (located in some file),
# "name" (mlir-opt's form for a location without a file position).

CASES = []


def case(name, tool, files, args, loc, expect):
    if isinstance(files, (str, bytes)):
        files = {"in.mlir": files}
    CASES.append((name, tool, files, args, loc, expect))


DELEGATE = ["--xnn-delegate"]
PLUGIN_DELEGATE = ["--pass-pipeline=builtin.module(xnn-delegate)"]
PLUGIN_VERIFY = ["--pass-pipeline=builtin.module(xnn-verify)"]

# --- dense_resource blobs (issue 14 item 2) ---
short_blob = blob_module("tensor<2x4xf32>", f32hex(1))
long_blob = blob_module("tensor<2x4xf32>", f32hex(9))
odd_blob = blob_module("tensor<2x4xf32>", f32hex(8) + "AB")
missing_blob = blob_module("tensor<2x4xf32>", "", resource=False)
case("blob-short-xnn-opt", "xnn-opt", short_blob, DELEGATE, "file", "the blob holds 4 bytes, the type needs 32")
case("blob-short-xnn-run", "xnn-run", short_blob, [], "file", "the blob holds 4 bytes, the type needs 32")
case("blob-short-xnn-run-reference", "xnn-run", short_blob, ["--no-xnnpack"], "file", "the blob holds 4 bytes")
case("blob-short-mlir-opt", "mlir-opt", short_blob, PLUGIN_DELEGATE, "file", "the blob holds 4 bytes, the type needs 32")
case("blob-long-xnn-opt", "xnn-opt", long_blob, DELEGATE, "file", "the blob holds 36 bytes, the type needs 32")
case("blob-long-xnn-run", "xnn-run", long_blob, [], "file", "the blob holds 36 bytes")
case("blob-long-mlir-opt", "mlir-opt", long_blob, PLUGIN_DELEGATE, "file", "the blob holds 36 bytes")
case("blob-partial-element-xnn-opt", "xnn-opt", odd_blob, DELEGATE, "file", "the blob holds 33 bytes, the type needs 32")
case("blob-partial-element-xnn-run", "xnn-run", odd_blob, ["--no-xnnpack"], "file", "the blob holds 33 bytes")
case("blob-missing-xnn-opt", "xnn-opt", missing_blob, DELEGATE, "file", "dense_resource without a blob")
case("blob-missing-xnn-run", "xnn-run", missing_blob, ["--no-xnnpack"], "file", "dense_resource has no blob")
case("blob-elided-xnn-run", "xnn-run", blob_module("tensor<2x4xf32>", "", key="__elided__", resource=False),
     ["--no-xnnpack"], "file", "dense_resource has no blob")
case("blob-huge-type-xnn-opt", "xnn-opt", blob_module("tensor<100000x1000000xf32>", f32hex(1)), DELEGATE, "file",
     "the blob holds 4 bytes, the type needs 400000000000")
case("blob-huge-type-xnn-run", "xnn-run", blob_module("tensor<100000x1000000xf32>", f32hex(1)), ["--no-xnnpack"],
     "file", "too large to allocate")
case("blob-short-xnn-translate", "xnn-translate", lowered_blob(f32hex(1)), ["--xnn-to-c"], "file",
     "the blob holds 4 bytes, the type needs 32")
case("blob-long-xnn-translate", "xnn-translate", lowered_blob(f32hex(12)), ["--xnn-to-c"], "file",
     "the blob holds 48 bytes, the type needs 32")
case("blob-short-lowered-xnn-run", "xnn-run", lowered_blob(f32hex(2)), [], "file", "the blob holds 8 bytes")
case("blob-i1-short-xnn-run", "xnn-run", """func.func @forward() -> tensor<8xi1> {
  %0 = "edge.constant"() {value = dense_resource<weights> : tensor<8xi1>} : () -> tensor<8xi1>
  return %0 : tensor<8xi1>
}
{-#
  dialect_resources: {
    builtin: {
      weights: "0x010000000101"
    }
  }
#-}
""", [], "file", "the blob holds 2 bytes, the type needs 8")
case("blob-not-hex", "xnn-opt", blob_module("tensor<2x4xf32>", "ZZZZ"), [], "file", "")
case("blob-not-hex-mlir-opt", "mlir-opt", blob_module("tensor<2x4xf32>", "ZZZZ"), [], "file", "")
case("blob-fold-short-xnn-run", "xnn-run", """func.func @forward(%a: tensor<2x4xf16>) -> tensor<2x4xf16> {
  %w = "edge.constant"() {value = dense_resource<weights> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %c = "edge.to_copy"(%w) {dtype = f16} : (tensor<2x4xf32>) -> tensor<2x4xf16>
  %0 = "edge.add"(%a, %c) : (tensor<2x4xf16>, tensor<2x4xf16>) -> tensor<2x4xf16>
  return %0 : tensor<2x4xf16>
}
{-#
  dialect_resources: {
    builtin: {
      weights: "0x040000000000803F"
    }
  }
#-}
""", [], "file", "the blob holds 4 bytes, the type needs 32")

# --- sizes (issue 14 item 3) ---
ovf = relu_module("tensor<1x3x9223372036854775807x4xf32>")
case("size-overflow-xnn-opt", "xnn-opt", ovf, DELEGATE, "file", "is too large: 1x3x9223372036854775807x4 elements")
case("size-overflow-xnn-opt-verify", "xnn-opt", ovf, [], "file", "overflow a 64-bit size")
case("size-overflow-xnn-run", "xnn-run", ovf, [], "file", "is too large")
# Stock mlir-opt runs the edge verifier only as a pass (xnn-verify).
case("size-overflow-mlir-opt", "mlir-opt", ovf, ["--pass-pipeline=builtin.module(xnn-verify,xnn-delegate)"], "file",
     "is too large")
case("size-overflow-xnn-translate", "xnn-translate", ovf, ["--xnn-to-c"], "file", "is too large")
case("size-bytes-overflow", "xnn-opt", relu_module("tensor<2305843009213693952xf32>"), [], "file",
     "2305843009213693952 elements of 4 bytes overflow")
case("size-argument-overflow-xnn-run", "xnn-run", """func.func @forward(%a: tensor<4611686018427387904xf32>) -> tensor<4611686018427387904xf32> {
  return %a : tensor<4611686018427387904xf32>
}
""", [], "file", "too large to allocate")
case("size-argument-huge-xnn-run", "xnn-run", """func.func @forward(%a: tensor<1000000000000xf32>) -> tensor<1000000000000xf32> {
  return %a : tensor<1000000000000xf32>
}
""", [], "file", "too large to allocate")
case("size-conv-dilation-overflow", "xnn-opt",
     conv_module("tensor<1x1x4x4xf32>", "tensor<1x1x1000000000000000x1xf32>", "tensor<1x1x1x4xf32>", dil="2147483647, 1"),
     [], "file", "height window arithmetic overflows 64 bits")
case("size-conv-dilation-too-big", "xnn-opt",
     conv_module("tensor<1x1x4x4xf32>", "tensor<1x1x3x1xf32>", "tensor<1x1x1x4xf32>", dil="2147483647, 1"),
     [], "file", "is smaller than the (dilated) kernel size 4294967295")
case("size-conv-empty-kernel", "xnn-opt",
     conv_module("tensor<1x1x4x4xf32>", "tensor<1x1x0x1xf32>", "tensor<1x1x5x4xf32>"), [], "file",
     "kernel height is 0")
case("size-conv-padding-wrong-result", "xnn-opt",
     conv_module("tensor<1x1x4x4xf32>", "tensor<1x1x3x1xf32>", "tensor<1x1x2x4xf32>", pad="2147483647, 0"),
     [], "file", "does not match the convolution output shape 1x1x4294967296x4")
case("size-rank-too-high", "xnn-opt", relu_module("tensor<" + "1x" * 40 + "f32>"), [], "file", "has rank 40")
case("size-negative-dim", "xnn-opt", relu_module("tensor<-3xf32>"), [], "file", "")
case("size-dynamic", "xnn-opt", relu_module("tensor<?xf32>"), [], "file", "must have a static shape")

case("size-delegate-argument-xnn-translate", "xnn-translate", """func.func private @xnn_delegate_0(%a: tensor<4611686018427387904xf32>, %b: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  %1 = "xnn.unary"(%b) {kind = "abs"} : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
""", ["--xnn-to-c"], "file", "argument #0 type 'tensor<4611686018427387904xf32>' is too large")
case("argument-rank-9-xnn-run", "xnn-run", """func.func @forward(%a: tensor<1x1x1x1x1x1x1x1x2xf32>) -> tensor<1x1x1x1x1x1x1x1x2xf32> {
  return %a : tensor<1x1x1x1x1x1x1x1x2xf32>
}
""", [], "file", "argument 0 has unsupported type")
case("delegate-not-lowered-xnn-run", "xnn-run", """func.func @forward(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = call @xnn_delegate_0(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @xnn_delegate_0(%a: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  %1 = "edge.relu"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
""", [], "file", "delegate @xnn_delegate_0 cannot be built for XNNPACK")

case("size-xnn-conv-huge-dilated-kernel", "xnn-opt", """func.func private @xnn_delegate_0(%x: tensor<1x8x8x3xf32>, %w: tensor<4x2147483647x1x3xf32>) -> tensor<1x6x8x4xf32> attributes {xnn.delegate} {
  %0 = "xnn.convolution_2d"(%x, %w) {dilation = array<i64: 2147483647, 1>, group_input_channels = 3 : i64, group_output_channels = 4 : i64, groups = 1 : i64, kernel = array<i64: 2147483647, 1>, padding = array<i64: 0, 0, 0, 0>, subsampling = array<i64: 1, 1>} : (tensor<1x8x8x3xf32>, tensor<4x2147483647x1x3xf32>) -> tensor<1x6x8x4xf32>
  return %0 : tensor<1x6x8x4xf32>
}
""", [], "file", "is smaller than the (dilated) kernel size 4611686011984936963")

# --- types and attributes (item 6) ---
case("attr-unknown", "xnn-opt", relu_module("tensor<4xf32>", "{foo = 1 : i64} "), [], "file",
     "'edge.relu' op has unknown attribute 'foo'")
case("attr-unknown-mlir-opt", "mlir-opt", relu_module("tensor<4xf32>", "{foo = 1 : i64} "), PLUGIN_VERIFY, "file",
     "has unknown attribute 'foo'")
case("attr-unknown-xnn-run", "xnn-run", relu_module("tensor<4xf32>", "{foo = 1 : i64} "), [], "file",
     "has unknown attribute 'foo'")
case("attr-misspelt", "xnn-opt", conv_module("tensor<1x1x4x4xf32>", "tensor<1x1x3x3xf32>", "tensor<1x1x2x2xf32>",
                                             extra=", strides = array<i64: 2, 2>"), [], "file",
     "has unknown attribute 'strides' (it takes 'stride', 'padding', 'dilation', 'groups'")
case("attr-wrong-kind", "xnn-opt", conv_module("tensor<1x1x4x4xf32>", "tensor<1x1x3x3xf32>", "tensor<1x1x2x2xf32>")
     .replace("stride = array<i64: 1, 1>", "stride = 1"), [], "file", "expected base attribute 'builtin.dense_array'")
case("attr-missing-required", "xnn-opt", conv_module("tensor<1x1x4x4xf32>", "tensor<1x1x3x3xf32>", "tensor<1x1x2x2xf32>")
     .replace(", groups = 1", ""), [], "file", "groups")
case("attr-bad-enum", "xnn-opt", """func.func @forward(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.gelu"(%a) {approximate = "fast"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
""", [], "file", "approximate")
case("type-f64", "xnn-opt", relu_module("tensor<4xf64>"), [], "file", "element type 'f64'")
case("type-unranked", "xnn-opt", relu_module("tensor<*xf32>"), [], "file", "expected base type 'builtin.tensor'")
case("type-not-tensor", "xnn-opt", relu_module("f32"), [], "file", "expected base type 'builtin.tensor'")
case("type-result-mismatch", "xnn-opt", relu_module("tensor<4xf32>", res="tensor<5xf32>"), [], "file",
     "must equal the operand type")
case("type-result-mismatch-xnn-run", "xnn-run", relu_module("tensor<4xf32>", res="tensor<5xf32>"), [], "file",
     "must equal the operand type")
case("type-result-mismatch-xnn-translate", "xnn-translate", relu_module("tensor<4xf32>", res="tensor<5xf32>"),
     ["--xnn-to-c"], "file", "must equal the operand type")
case("op-unknown-edge", "xnn-opt", relu_module("tensor<4xf32>").replace("edge.relu", "edge.frobnicate"), [], "file",
     "")
case("op-unregistered-dialect", "xnn-opt", relu_module("tensor<4xf32>").replace("edge.relu", "nope.relu"), [],
     "file", "")
case("op-too-many-operands", "xnn-opt", """func.func @forward(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.relu"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
""", [], "file", "")
case("op-xnn-outside-delegate", "xnn-opt", """func.func @forward(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "xnn.binary"(%a, %a) {kind = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
""", [], "file", "is only allowed inside a delegate function")
case("loc-name-only", "xnn-opt", relu_module("tensor<4xf32>", res="tensor<5xf32>").replace(
    ": (tensor<4xf32>) -> tensor<5xf32>", ': (tensor<4xf32>) -> tensor<5xf32> loc("the_conv")'), [], "name",
     'loc("the_conv"): \'edge.relu\' op result type')
case("loc-name-with-file", "xnn-opt", relu_module("tensor<4xf32>", res="tensor<5xf32>").replace(
    ": (tensor<4xf32>) -> tensor<5xf32>", ': (tensor<4xf32>) -> tensor<5xf32> loc("the_conv"("model.py":12:3))'), [],
     "any", "model.py:12:3: error: 'edge.relu' op")
case("no-delegates-xnn-translate", "xnn-translate", GOOD, ["--xnn-to-c"], "file",
     "in.mlir:1:1: error: module has no delegate functions")
case("empty-xnn-translate", "xnn-translate", "", ["--xnn-to-c"], "file", "module has no delegate functions")
case("empty-xnn-run", "xnn-run", "", [], "file", "in.mlir:1:1: error: no function @forward")
case("no-such-func-xnn-run", "xnn-run", GOOD, ["--func=main"], "file", "no function @main")

# --- truncations, bytes, syntax ---
for i, cut in enumerate([10, 25, 60, 120, 170, 250, 330, len(GOOD) - 3]):
    case(f"truncated-{i}-xnn-opt", "xnn-opt", GOOD[:cut], [], "file", "")
case("truncated-xnn-translate", "xnn-translate", LOWERED.replace("CONST", "dense<1.0> : tensor<2x4xf32>")[:300],
     ["--xnn-to-c"], "file", "")
case("truncated-xnn-run", "xnn-run", GOOD[:200], [], "file", "")
case("truncated-mlir-opt", "mlir-opt", GOOD[:200], PLUGIN_DELEGATE, "file", "")
case("truncated-resource-section", "xnn-opt", short_blob[:-20], [], "file", "")
for seed in range(3):
    case(f"random-bytes-{seed}-xnn-opt", "xnn-opt", GOOD[:140].encode() + rand_bytes(seed, 200), [], "file", "")
case("random-bytes-xnn-run", "xnn-run", rand_bytes(7, 300), [], "file", "")
case("random-bytes-mlir-opt", "mlir-opt", rand_bytes(8, 300), [], "file", "")
# MLIR's lexer skips NUL as whitespace and takes any bytes in strings: these
# put them where they make an unknown op.
case("nul-byte-in-op-name", "xnn-opt", relu_module("tensor<4xf32>").encode().replace(b"edge.relu", b"edge.re\x00lu"),
     [], "file", "")
case("bad-utf8-op-name", "xnn-opt", relu_module("tensor<4xf32>").encode().replace(b"edge.relu", b"edge.\xff\xfe"),
     [], "file", "")
case("unterminated-string", "xnn-opt", GOOD.replace('"edge.relu"', '"edge.relu'), [], "file", "")
case("bad-resource-syntax", "xnn-opt", GOOD + "{-#\n  dialect_resources: { builtin: { b: 12 } }\n#-}\n", [],
     "file", "")
case("unknown-resource-dialect", "xnn-opt", GOOD + '{-#\n  dialect_resources: { nodialect: { b: "0x04000000" } }\n#-}\n',
     [], "file", "")
case("nested-modules-with-error", "xnn-opt", nested_modules(40, relu_module("tensor<4xf32>", res="tensor<5xf32>")), [],
     "file", "must equal the operand type")
case("nested-attr-arrays", "xnn-opt", relu_module("tensor<4xf32>", "{foo = " + "[" * 50 + "]" * 50 + "} "), [], "file",
     "unknown attribute 'foo'")
case("duplicate-symbol", "xnn-opt", GOOD + GOOD, [], "file", "redefinition of symbol")

# --- pipelines ---
case("pipeline-unknown-pass", "xnn-opt", GOOD, ["--pass-pipeline=builtin.module(no-such-pass)"], "tool", "")
case("pipeline-unbalanced", "xnn-opt", GOOD, ["--pass-pipeline=builtin.module(xnn-partition"], "tool", "")
case("pipeline-bad-option-value", "xnn-opt", GOOD,
     ["--pass-pipeline=builtin.module(xnn-partition{fold-dtype-converts=maybe})"], "tool", "")
case("pipeline-unknown-option", "xnn-opt", GOOD, ["--pass-pipeline=builtin.module(xnn-partition{bogus=1})"], "tool",
     "bogus")
case("pipeline-unknown-option-mlir-opt", "mlir-opt", GOOD, ["--pass-pipeline=builtin.module(xnn-partition{bogus=1})"],
     "tool", "bogus")
case("pipeline-verify-fails-mlir-opt", "mlir-opt", relu_module("tensor<4xf32>", res="tensor<5xf32>"), PLUGIN_VERIFY,
     "file", "must equal the operand type")

# --- flags ---
case("flag-unknown-xnn-opt", "xnn-opt", GOOD, ["--no-such-flag"], "tool", "no-such-flag")
case("flag-unknown-xnn-translate", "xnn-translate", GOOD, ["--xnn-to-c", "--bogus"], "tool", "unknown option '--bogus'")
case("flag-no-translation", "xnn-translate", GOOD, [], "tool", "no translation given")
case("flag-two-inputs-xnn-translate", "xnn-translate", {"in.mlir": GOOD, "b.mlir": GOOD}, ["--xnn-to-c", "in.mlir", "b.mlir"],
     "tool", "more than one input file")
case("flag-unknown-xnn-run", "xnn-run", GOOD, ["--bogus"], "tool", "unknown option '--bogus'")
case("flag-threads-zero", "xnn-run", GOOD, ["--threads=0"], "tool", "--threads needs a number >= 1")
case("flag-seed-text", "xnn-run", GOOD, ["--seed=abc"], "tool", "--seed needs a number")
case("flag-missing-input-xnn-opt", "xnn-opt", {}, ["nope.mlir"], "tool", "nope.mlir")
case("flag-missing-model-xnn-run", "xnn-run", {}, ["nope.mlir"], "tool", "nope.mlir")
case("flag-missing-input-xnn-translate", "xnn-translate", {}, ["--xnn-to-c", "nope.mlir"], "tool", "nope.mlir")

# --- .npy inputs for xnn-run ---
good_data = struct.pack("<8f", *range(8))
NPY_CASES = [
    ("npy-truncated-header", npy("<f4", (2, 4), good_data)[:20], "truncated file"),
    ("npy-wrong-magic", npy("<f4", (2, 4), good_data, magic=b"\x93NUMPZ"), "is not a .npy file"),
    ("npy-shape-mismatch", npy("<f4", (4, 2), good_data), "expects f32[2, 4], the file holds f32[4, 2]"),
    ("npy-dtype-mismatch", npy("<f2", (2, 4), good_data[:16]), "the file holds f16[2, 4]"),
    ("npy-huge-shape", npy("<f4", (9223372036854775807,), good_data), "shape too large"),
    ("npy-huge-but-fits", npy("<f4", (1000000000000,), good_data), "truncated file"),
    ("npy-truncated-data", npy("<f4", (2, 4), good_data[:12]), "truncated file"),
    ("npy-fortran-order", npy("<f4", (2, 4), good_data, fortran=True), "Fortran-order"),
    ("npy-garbage-header", npy("<f4", (2, 4), good_data, header="this is not a dict"), "malformed header"),
    ("npy-header-length-too-big", npy("<f4", (2, 4), good_data, header_len=65000), ""),
    ("npy-unsupported-dtype", npy("<c8", (2, 4), good_data * 2), "unsupported dtype '<c8'"),
    ("npy-negative-dim", npy("<f4", (2, 4), good_data, header="{'descr': '<f4', 'fortran_order': False, 'shape': (-2, 4), }"),
     "malformed or too high-ranked shape"),
    ("npy-empty-file", b"", ""),
]
for name, data, expect in NPY_CASES:
    case(name, "xnn-run", {"in.mlir": GOOD, "x.npy": data}, ["--input=x.npy"], "tool", expect)
case("npy-too-many-files", "xnn-run", {"in.mlir": GOOD, "x.npy": npy("<f4", (2, 4), good_data)},
     ["--input=x.npy,x.npy"], "tool", "--input names more files")
case("npy-missing-file", "xnn-run", GOOD, ["--input=none.npy"], "tool", "cannot open 'none.npy'")

# --- output paths ---
case("output-missing-dir-xnn-opt", "xnn-opt", GOOD, ["-o", "no/such/dir/out.mlir"], "tool", "out.mlir")
case("output-is-dir-xnn-opt", "xnn-opt", {"in.mlir": GOOD, "adir/keep": "x"}, ["-o", "adir"], "tool", "adir")
case("output-missing-dir-xnn-translate", "xnn-translate", LOWERED.replace("CONST", "dense<1.0> : tensor<2x4xf32>"),
     ["--xnn-to-c", "-o", "no/such/out.c"], "tool", "out.c")
case("output-dir-is-file-xnn-run", "xnn-run", {"in.mlir": GOOD, "afile": "x"}, ["--output-dir=afile"], "tool",
     "afile")
case("output-missing-dir-mlir-opt", "mlir-opt", GOOD, ["-o", "no/such/dir/out.mlir"], "tool", "")

# --- corrupted bytecode (issue 45 item 10) ---
# Mutants of a valid .mlirbc (bytecode_mutants.py) that no reader can accept:
# each section's length huge or past the end, the file cut inside it, its
# first count huge. Built when the corpus runs (the bytecode is xnn-opt's).
BYTECODE_KINDS = ("-len-huge", "-len-past-end", "-cut", "-v0-huge")


def add_bytecode_cases(bindir, work):
    bindir = os.path.abspath(bindir)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bytecode_mutants
    d = os.path.join(work, "_bytecode")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "good.mlir"), "w") as fh:
        fh.write(blob_module("tensor<2x4xf32>", f32hex(8)))
    subprocess.run([os.path.join(bindir, "xnn-opt"), "--emit-bytecode", "good.mlir", "-o", "good.mlirbc"], cwd=d,
                   check=True)
    with open(os.path.join(d, "good.mlirbc"), "rb") as fh:
        good = fh.read()
    shutil.rmtree(d)
    for name, data in bytecode_mutants.mutants(good):
        if not name.endswith(BYTECODE_KINDS):
            continue
        for tool, args in (("xnn-opt", ["in.mlirbc"]), ("xnn-run", ["in.mlirbc"]),
                           ("xnn-translate", ["--xnn-to-c", "in.mlirbc"])):
            case("bytecode-%s-%s" % (name, tool), tool, {"in.mlirbc": data}, args, "bytecode",
                 "malformed MLIR bytecode")


# --------------------------------------------------------------------------
# Running.


def snapshot(root):
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for d in dirnames:
            out[os.path.relpath(os.path.join(dirpath, d), root) + "/"] = "dir"
        for f in filenames:
            p = os.path.join(dirpath, f)
            with open(p, "rb") as fh:
                out[os.path.relpath(p, root)] = hashlib.sha256(fh.read()).hexdigest()
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--mlir-opt", required=True, help="command line of stock mlir-opt (may start with env ...)")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--irdl", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--filter", default="")
    a = ap.parse_args()

    add_bytecode_cases(a.bin, a.work)
    failed = 0
    count = 0
    for name, tool, files, args, loc, expect in CASES:
        if a.filter and a.filter not in name:
            continue
        count += 1
        d = os.path.join(a.work, name)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        for fname, content in files.items():
            p = os.path.join(d, fname)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "wb") as fh:
                fh.write(content.encode() if isinstance(content, str) else content)
        explicit_out = "-o" in args or any(x.startswith("--output-dir") for x in args)
        has_input = "in.mlir" in files and "in.mlir" not in args
        inputs = ["in.mlir"] if has_input else []
        if tool == "mlir-opt":
            cmd = shlex.split(a.mlir_opt) + ["--irdl-file=" + a.irdl, "--load-pass-plugin=" + a.plugin]
        else:
            cmd = [os.path.join(a.bin, tool)]
        out_args = []
        if not explicit_out:
            out_args = ["--output-dir=outdir"] if tool == "xnn-run" else ["-o", "out.mlir"]
        cmd += args + out_args + inputs
        before = snapshot(d)
        why = None
        try:
            r = subprocess.run(cmd, cwd=d, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
            err = r.stderr.decode("utf-8", "replace")
            rc = r.returncode
        except subprocess.TimeoutExpired:
            err, rc, why = "", None, "timed out"
        if why is None and rc != 1:
            why = f"exit status {rc} (expected 1)"
        if why is None:
            first = next((l for l in err.splitlines() if "error:" in l), None)
            tname = "mlir-opt" if tool == "mlir-opt" else tool
            pats = {
                "file": r"^in\.mlir:\d+:\d+: error: ",
                "any": r"^[^\s:][^:]*:\d+:\d+: error: ",
                "name": r"^<unknown>:0: error: loc\(",
                "bytecode": r"^in\.mlirbc: error: malformed MLIR bytecode at byte \d+ \(",
                "tool": r"^(%s|[^\s:][^:]*:\d+:\d+|<unknown>:0|[^\s:]*mlir-opt[^:]*): error: " % re.escape(tname),
            }
            if tool == "mlir-opt" and loc == "tool" and first is None:
                # stock mlir-opt's own command-line errors are its format
                first = next((l for l in err.splitlines() if l.strip()), None)
                pats["tool"] = r"."
            if first is None:
                why = "no error line"
            elif not re.match(pats[loc], first):
                why = f"error not located as '{loc}': {first!r}"
            elif expect and expect not in err:
                why = f"expected text {expect!r} not in: {first!r}"
        if why is None:
            after = snapshot(d)
            if after != before:
                changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
                why = "files written or changed: " + ", ".join(changed)
        if why:
            failed += 1
            print(f"FAIL {name} ({tool}): {why}")
            print("  command: " + " ".join(shlex.quote(c) for c in cmd))
            for l in err.splitlines()[:12]:
                print("  | " + l)
        else:
            print(f"ok {name}")
    print(f"corpus: {count} cases, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
