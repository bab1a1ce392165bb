// Attributes an edge op does not take are rejected (the lowering would drop
// them silently); names with a dialect prefix are annotations and stay.
// RUN: xnn-opt %s --split-input-file --verify-diagnostics
// RUN: not mlir-opt %s %irdl_files --load-pass-plugin=%mlir_opt_plugin \
// RUN:   --pass-pipeline='builtin.module(xnn-verify)' --split-input-file 2>&1 | FileCheck %s --check-prefix=PLUGIN
// PLUGIN: error: 'edge.relu' op has unknown attribute 'foo'

// DOC: an unknown attribute
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.relu' op has unknown attribute 'foo' (it takes no attributes; annotations need a dialect prefix, e.g. 'xnn.note')}}
  %0 = "edge.relu"(%a) {foo = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.add' op has unknown attribute 'aplha' (it takes 'alpha'}}
  %0 = "edge.add"(%a, %a) {aplha = 2.0 : f64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @f(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32> {
  // expected-error @+1 {{'edge.avg_pool2d' op has unknown attribute 'dilation' (it takes 'kernel_size', 'stride', 'padding'}}
  %0 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// -----

// Annotations with a dialect prefix are fine.
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.relu"(%a) {xnn.portable_reason = "kept", mytool.tag = 3 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
