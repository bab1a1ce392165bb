// Locations print as stock mlir-opt prints them, for every kind of location:
// the same checks run on mlir-opt (through the plugin's xnn-verify) and on
// each of the project's tools.
// RUN: not mlir-opt %s %irdl_files --load-pass-plugin=%mlir_opt_plugin \
// RUN:   --pass-pipeline='builtin.module(xnn-verify)' 2>&1 | FileCheck %s
// RUN: not xnn-opt %s 2>&1 | FileCheck %s
// RUN: not xnn-translate --xnn-to-c %s 2>&1 | FileCheck %s
// RUN: not xnn-run %s 2>&1 | FileCheck %s
// RUN: not xnn-ref-test %s --seed=0 2>&1 | FileCheck %s

// A name location without a file position leads the message.
// CHECK: <unknown>:0: error: loc("the_conv"): 'edge.relu' op result type 'tensor<5xf32>'
// A name location with a file position prints that position.
// CHECK-NEXT: f.py:7:3: error: 'edge.relu' op result type
// A call site: the callee's position, then the caller as a note.
// CHECK-NEXT: a.py:1:2: error: 'edge.relu' op result type
// CHECK-NEXT: b.py:3:4: note: called from
// Fused: the first position in it (also inside fused<metadata>).
// CHECK-NEXT: x.py:5:6: error: 'edge.relu' op result type
// CHECK-NEXT: x.py:5:6: error: 'edge.relu' op result type
// Unknown: no prefix.
// CHECK-NEXT: <unknown>:0: error: 'edge.relu' op result type
// Fused names only: the whole location leads the message.
// CHECK-NEXT: <unknown>:0: error: loc(fused["nm", "nm2"]): 'edge.relu' op
// A call site whose callee has no position: the caller's.
// CHECK-NEXT: b.py:3:4: error: 'edge.relu' op result type
// CHECK-NEXT: b.py:3:4: note: called from
func.func @forward(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.relu"(%a) : (tensor<4xf32>) -> tensor<5xf32> loc("the_conv")
  %1 = "edge.relu"(%a) : (tensor<4xf32>) -> tensor<5xf32> loc("named"("f.py":7:3))
  %2 = "edge.relu"(%a) : (tensor<4xf32>) -> tensor<5xf32> loc(callsite("callee"("a.py":1:2) at "b.py":3:4))
  %3 = "edge.relu"(%a) : (tensor<4xf32>) -> tensor<5xf32> loc(fused["x.py":5:6, "y.py":7:8])
  %4 = "edge.relu"(%a) : (tensor<4xf32>) -> tensor<5xf32> loc(fused<"meta">["x.py":5:6])
  %5 = "edge.relu"(%a) : (tensor<4xf32>) -> tensor<5xf32> loc(unknown)
  %6 = "edge.relu"(%a) : (tensor<4xf32>) -> tensor<5xf32> loc(fused["nm", "nm2"])
  %7 = "edge.relu"(%a) : (tensor<4xf32>) -> tensor<5xf32> loc(callsite("nm3" at "b.py":3:4))
  return %a : tensor<4xf32>
}
