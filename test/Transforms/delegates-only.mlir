// delegates-only=true (as in xnn-delegate's func.func(...) steps) leaves
// functions without xnn.delegate as they are; the default handles every function.
// RUN: xnn-opt %s -p 'builtin.module(func.func(xnn-remove-redundant-copies{delegates-only=true}))' | FileCheck %s --check-prefix=COPIES-ONLY
// RUN: xnn-opt %s -p 'builtin.module(func.func(xnn-remove-redundant-copies))' | FileCheck %s --check-prefix=COPIES-ALL
// RUN: xnn-opt %s -p 'builtin.module(func.func(xnn-tag-channels-last{delegates-only=true}))' | FileCheck %s --check-prefix=TAG-ONLY
// RUN: xnn-opt %s -p 'builtin.module(func.func(xnn-tag-channels-last))' | FileCheck %s --check-prefix=TAG-ALL
// On the module instead of each function: the same.
// RUN: xnn-opt %s --xnn-remove-redundant-copies=delegates-only=true | FileCheck %s --check-prefix=COPIES-ONLY
// RUN: xnn-opt %s --xnn-tag-channels-last=delegates-only=true | FileCheck %s --check-prefix=TAG-ONLY

// COPIES-ONLY-LABEL: func.func private @delegate_copy
// COPIES-ONLY-NOT: edge.to_copy
// COPIES-ONLY: return
// COPIES-ONLY-LABEL: func.func @plain_copy
// COPIES-ONLY: "edge.to_copy"
// COPIES-ALL-LABEL: func.func private @delegate_copy
// COPIES-ALL-NOT: edge.to_copy
// COPIES-ALL-LABEL: func.func @plain_copy
// COPIES-ALL-NOT: edge.to_copy
// COPIES-ALL: return
func.func private @delegate_copy(%x: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  %0 = "edge.to_copy"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "edge.relu"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func @plain_copy(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.to_copy"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "edge.neg"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// TAG-ONLY-LABEL: func.func private @delegate_conv
// TAG-ONLY: "edge.conv2d"{{.*}}xnn.layout = "NHWC"
// TAG-ONLY-LABEL: func.func @plain_conv
// TAG-ONLY-NOT: xnn.layout
// TAG-ONLY: return
// TAG-ALL-LABEL: func.func private @delegate_conv
// TAG-ALL: "edge.conv2d"{{.*}}xnn.layout = "NHWC"
// TAG-ALL-LABEL: func.func @plain_conv
// TAG-ALL: "edge.conv2d"{{.*}}xnn.layout = "NHWC"
func.func private @delegate_conv(%x: tensor<1x2x4x4xf32>, %w: tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32> attributes {xnn.delegate} {
  %0 = "edge.conv2d"(%x, %w) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}
func.func @plain_conv(%x: tensor<1x2x4x4xf32>, %w: tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32> {
  %0 = "edge.conv2d"(%x, %w) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}
