// IR printing, timing, pass statistics, pipeline dumps and --xnn-stats.
// RUN: xnn-opt %s -p 'builtin.module(xnn-verify,func.func(cse))' --mlir-print-ir-after-all -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=AFTER
// RUN: xnn-opt %s -p 'builtin.module(xnn-verify)' --mlir-print-ir-before-all -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=BEFORE
// RUN: xnn-opt %s -p 'builtin.module(xnn-verify,func.func(cse))' --mlir-timing -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=TIMING
// RUN: xnn-opt %s -p 'builtin.module(xnn-verify,func.func(cse))' --dump-pass-pipeline -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=DUMP
// RUN: xnn-opt %s --xnn-stats -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: xnn-opt %s --xnn-stats=json -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=JSON
// RUN: xnn-opt %s --mlir-print-debuginfo | FileCheck %s --check-prefix=DEBUGINFO

// AFTER: // -----// IR Dump After XnnVerify (xnn-verify) //----- //
// AFTER: // -----// IR Dump After CSE (cse) //----- //
// BEFORE: // -----// IR Dump Before XnnVerify (xnn-verify) //----- //
// TIMING: Execution time report
// TIMING: XnnVerify
// TIMING: CSE
// TIMING: xnn-opt driver time report
// TIMING: Parse
// TIMING-NEXT: Verify input
// TIMING-NEXT: Pass pipeline
// TIMING-NEXT: Verify output
// TIMING-NEXT: Print and write output
// TIMING-NEXT: Rest
// DUMP: builtin.module(xnn-verify,func.func(cse))
// STATS: xnn-stats: delegate segments: 1
// STATS-NEXT: xnn-stats: delegated ops: 1
// STATS-NEXT: xnn-stats: portable ops: 2
// STATS-NEXT: xnn-stats: portable dtype converts: 1
// STATS-NEXT: xnn-stats: portable float converts: 1
// JSON: {"schema_version": 2, "delegate_segments": 1, "delegated_ops": 1, "portable_ops": 2, "portable_dtype_converts": 1, "portable_float_converts": 1, "op_types": {"edge.neg": {"delegated": 0, "portable": 1}, "edge.relu": {"delegated": 1, "portable": 0}, "edge.to_copy": {"delegated": 0, "portable": 1}}, "segments": [{"name": "xnn_delegate_0", "ops": 1}], "reasons": {}, "portable": []}
// DEBUGINFO: loc("{{.*}}instrumentation.mlir":{{[0-9]+}}:{{[0-9]+}})

func.func private @xnn_delegate_0(%a: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  %0 = "edge.relu"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @forward(%x: tensor<4xbf16>) -> tensor<4xf32> {
  %0 = "edge.to_copy"(%x) {dtype = f32} : (tensor<4xbf16>) -> tensor<4xf32>
  %1 = call @xnn_delegate_0(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "edge.neg"(%1) : (tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}
