// A constant used in both layouts (a conv filter, NHWC, and a view, linear,
// relu or the return, NCHW) gets a twin op for the second layout: weight
// sharing is ordinary, and the payload attribute is shared, not copied.
// RUN: xnn-opt %s --split-input-file --xnn-tag-channels-last | FileCheck %s
// (End to end: test/Correctness/shared-constant-both-layouts.mlir.)
// The conv weight is tagged NHWC; a later view of the same constant needs
// NCHW: a constant is laid out once.
// CHECK-LABEL: func.func @constant_nhwc_then_nchw
// CHECK: %[[W:.*]] = "edge.constant"() {value = dense<1.000000e+00> : tensor<1x1x3x3xf32>, xnn.layout = "NHWC"}
// CHECK: %[[T:.*]] = "edge.constant"() {value = dense<1.000000e+00> : tensor<1x1x3x3xf32>}
// CHECK: "edge.conv2d"(%{{.*}}, %[[W]])
// CHECK: "edge.view"(%[[T]])
func.func @constant_nhwc_then_nchw(%x: tensor<1x1x6x6xf32>) -> (tensor<1x1x6x6xf32>, tensor<9xf32>) {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  // (was an error: {{'edge.view' needs operand #0 in NCHW layout, but it is an edge.constant already used in NHWC layout}})
  %1 = "edge.view"(%w) : (tensor<1x1x3x3xf32>) -> tensor<9xf32>
  return %0, %1 : tensor<1x1x6x6xf32>, tensor<9xf32>
}

// -----

// The other order: returned (NCHW) first, then used as a conv weight.
// CHECK-LABEL: func.func @constant_nchw_then_nhwc
// CHECK: %[[W:.*]] = "edge.constant"() {value = dense<1.000000e+00> : tensor<1x1x3x3xf32>}
// CHECK: %[[T:.*]] = "edge.constant"() {value = dense<1.000000e+00> : tensor<1x1x3x3xf32>, xnn.layout = "NHWC"}
// CHECK: "edge.relu"(%[[W]])
// CHECK: "edge.conv2d"(%{{.*}}, %[[T]])
func.func @constant_nchw_then_nhwc(%x: tensor<1x1x6x6xf32>) -> (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "edge.relu"(%w) : (tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
  // (was an error: {{'edge.conv2d' needs operand #1 in NHWC layout, but it is an edge.constant already used in NCHW layout}})
  %1 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  return %1, %0 : tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>
}

// -----

// A constant used as conv weight and returned (function results are NCHW).
// CHECK-LABEL: func.func @constant_returned
// CHECK: %[[W:.*]] = "edge.constant"() {{{.*}}xnn.layout = "NHWC"}
// CHECK: %[[T:.*]] = "edge.constant"() {value = dense<1.000000e+00> : tensor<1x1x3x3xf32>}
// CHECK: return %{{.*}}, %[[T]]
func.func @constant_returned(%x: tensor<1x1x6x6xf32>) -> (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  // (was an error: {{'func.return' needs operand #1 in NCHW layout, but it is an edge.constant already used in NHWC layout}})
  return %0, %w : tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>
}

// -----

// A constant pinned to NCHW by a view, then the conv input (operand 0).
// CHECK-LABEL: func.func @constant_conv_input
// CHECK: %[[C:.*]] = "edge.constant"() {value = dense<1.000000e+00> : tensor<1x1x6x6xf32>}
// CHECK: %[[T:.*]] = "edge.constant"() {value = dense<1.000000e+00> : tensor<1x1x6x6xf32>, xnn.layout = "NHWC"}
// CHECK: "edge.view"(%[[C]])
// CHECK: "edge.conv2d"(%[[T]],
func.func @constant_conv_input(%x: tensor<1x1x6x6xf32>) -> (tensor<1x1x6x6xf32>, tensor<36xf32>) {
  %c = "edge.constant"() {value = dense<1.0> : tensor<1x1x6x6xf32>} : () -> tensor<1x1x6x6xf32>
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "edge.view"(%c) : (tensor<1x1x6x6xf32>) -> tensor<36xf32>
  // (was an error: {{'edge.conv2d' needs operand #0 in NHWC layout, but it is an edge.constant already used in NCHW layout}})
  %1 = "edge.conv2d"(%c, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  return %1, %0 : tensor<1x1x6x6xf32>, tensor<36xf32>
}

// -----

// A constant tagged NHWC by an earlier run and now needed in NCHW.
// CHECK-LABEL: func.func @pretagged_constant
// CHECK: "edge.constant"() {{{.*}}xnn.layout = "NHWC"}
// CHECK: %[[T:.*]] = "edge.constant"() {value = dense<1.000000e+00> : tensor<1x1x3x3xf32>}
// CHECK: "edge.linear"(%[[T]],
func.func @pretagged_constant(%x: tensor<1x1x6x6xf32>) -> tensor<1x1x3x2xf32> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>, xnn.layout = "NHWC"} : () -> tensor<1x1x3x3xf32>
  %lw = "edge.constant"() {value = dense<1.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  // (was an error: {{'edge.linear' needs operand #0 in NCHW layout, but it is an edge.constant already used in NHWC layout}})
  %0 = "edge.linear"(%w, %lw) : (tensor<1x1x3x3xf32>, tensor<2x3xf32>) -> tensor<1x1x3x2xf32>
  return %0 : tensor<1x1x3x2xf32>
}
