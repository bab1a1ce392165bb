// Pipelines mix this project's passes (with options) and MLIR's, in nested anchors.
// RUN: xnn-opt %s --load-pass-plugin=%xnnmlir_libs/XnnExamplePlugin%shlibext \
// RUN:   --pass-pipeline='builtin.module(func.func(canonicalize,cse,example-count-ops{prefix=edge.}),xnn-verify,symbol-dce)' \
// RUN:   | FileCheck %s
// Individual pass flags, in order, with options.
// RUN: xnn-opt %s --load-pass-plugin=%xnnmlir_libs/XnnExamplePlugin%shlibext \
// RUN:   --symbol-dce --example-count-ops='prefix=func.' --xnn-verify | FileCheck %s --check-prefix=FLAGS
// `any` anchors and empty nested pipelines.
// RUN: xnn-opt %s --load-pass-plugin=%xnnmlir_libs/XnnExamplePlugin%shlibext \
// RUN:   -p 'builtin.module(any(example-count-ops{prefix=edge.mul}),func.func())' | FileCheck %s --check-prefix=ANY

// CHECK-LABEL: func.func @used
// CHECK-SAME: example.num_ops = 2 : i64
// CHECK-NOT: @dead
// FLAGS: module attributes {example.num_ops = 5 : i64}
// FLAGS-NOT: @dead
// ANY-NOT: module attributes
// ANY: func.func @used({{.*}}) -> tensor<4xf32> attributes {example.num_ops = 1 : i64}
// ANY: func.func private @dead({{.*}}) -> tensor<4xf32> attributes {example.num_ops = 0 : i64}

func.func @used(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.add"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "edge.mul"(%0, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @dead(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = call @used(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
