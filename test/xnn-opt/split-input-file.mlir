// Chunks are processed on their own and joined with the marker; diagnostics
// keep the original line numbers; one failing chunk fails the run.
// RUN: xnn-opt %s --split-input-file | FileCheck %s
// RUN: xnn-opt %s --split-input-file='// -----' | FileCheck %s
// RUN: not xnn-opt %S/Inputs/split-bad.mlir --split-input-file 2>&1 | FileCheck %s --check-prefix=BAD
// Without splitting, the file is one module (both functions in it).
// RUN: xnn-opt %s | FileCheck %s --check-prefix=WHOLE

// CHECK-LABEL: func.func @first
// CHECK: // -----
// CHECK-LABEL: func.func @second
// BAD: split-bad.mlir:8:8: error: unregistered operation 'edge.nosuchop'
// BAD: split-bad.mlir:15:8: error: op expects exactly 1 operands, but got 2
// WHOLE: module {
// WHOLE: func.func @first
// WHOLE-NOT: // -----
// WHOLE: func.func @second

func.func @first(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

func.func @second(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
