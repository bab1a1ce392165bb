// edge.cat with inputs of pairwise different shapes. IRDL binds one type per
// constraint variable, also across a variadic operand's elements, so the
// dialect (edge.irdl.mlir) types cat as a first operand plus an equal-typed
// tail: two inputs of any shapes verify, and so does a longer cat whose tail
// shares one type. Three pairwise different shapes cannot be written in IRDL
// (stock mlir-opt rejects them the same way); nested cats express them and are
// delegated. See the closing note of issue 13.
// RUN: xnn-opt %S/Inputs/cat-three-shapes.mlir --verify-diagnostics
// RUN: xnn-opt %s --split-input-file --xnn-delegate | FileCheck %s

// CHECK-LABEL: func.func @two_shapes
// CHECK: call @xnn_delegate_0
func.func @two_shapes(%a: tensor<2x1xf32>, %b: tensor<2x3xf32>) -> tensor<2x4xf32> {
  %0 = "edge.cat"(%a, %b) {dim = 1 : i64} : (tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @nested_three_shapes
// CHECK: call @xnn_delegate_0
// CHECK: func.func private @xnn_delegate_0
// CHECK-COUNT-2: "xnn.concatenate"
func.func @nested_three_shapes(%a: tensor<2x1xf32>, %b: tensor<2x2xf32>, %c: tensor<2x3xf32>) -> tensor<2x6xf32> {
  %0 = "edge.cat"(%a, %b) {dim = 1 : i64} : (tensor<2x1xf32>, tensor<2x2xf32>) -> tensor<2x3xf32>
  %1 = "edge.cat"(%0, %c) {dim = -1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return %1 : tensor<2x6xf32>
}

