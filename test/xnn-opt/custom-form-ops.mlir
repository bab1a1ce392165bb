// The edge and xnn dialects are IRDL dialects: their ops have no custom
// assembly format, and MLIR's parser fails on one written in custom form
// without a diagnostic. Every tool says where and what to write instead.
// RUN: not xnn-opt %s 2>&1 | FileCheck %s
// RUN: not xnn-run %s 2>&1 | FileCheck %s
// RUN: not xnn-translate --xnn-to-c %s 2>&1 | FileCheck %s
// RUN: cat %s | not xnn-opt - 2>&1 | FileCheck %s --check-prefix=STDIN
// RUN: xnn-opt %s --split-input-file --verify-diagnostics
// CHECK: custom-form-ops.mlir:[[@LINE+5]]:8: error: 'edge.relu' has no custom assembly format (the edge and xnn
// CHECK-SAME: write it in generic form: "edge.relu"(operands) {attributes} : (operand types) -> result types
// STDIN: <stdin>:[[@LINE+3]]:8: error: 'edge.relu' has no custom assembly format
func.func @custom_form(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.relu' has no custom assembly format}}
  %y = edge.relu %x : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// A custom-form op first on its line (no results), after a generic one.
func.func @no_results(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = "edge.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{'xnn.copy' has no custom assembly format}}
  xnn.copy %y : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// The generic form parses.
func.func @generic(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = "edge.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
