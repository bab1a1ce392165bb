// xnn-tag-channels-last error paths: each is located and fails the pass.
// RUN: xnn-opt %s --split-input-file --verify-diagnostics --xnn-tag-channels-last
// RUN: not xnn-opt %s --split-input-file --xnn-tag-channels-last 2>&1 | FileCheck %s --check-prefix=LOC

// LOC: tag-channels-last-invalid.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'edge.view' needs operand #0 in NCHW layout, but it is an edge.constant already used in NHWC layout

// The conv weight is tagged NHWC; a later view of the same constant needs
// NCHW: a constant is laid out once.
func.func @constant_nhwc_then_nchw(%x: tensor<1x1x6x6xf32>) -> (tensor<1x1x6x6xf32>, tensor<9xf32>) {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  // expected-error @+1 {{'edge.view' needs operand #0 in NCHW layout, but it is an edge.constant already used in NHWC layout}}
  %1 = "edge.view"(%w) : (tensor<1x1x3x3xf32>) -> tensor<9xf32>
  return %0, %1 : tensor<1x1x6x6xf32>, tensor<9xf32>
}

// -----

// The other order: returned (NCHW) first, then used as a conv weight.
func.func @constant_nchw_then_nhwc(%x: tensor<1x1x6x6xf32>) -> (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "edge.relu"(%w) : (tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
  // expected-error @+1 {{'edge.conv2d' needs operand #1 in NHWC layout, but it is an edge.constant already used in NCHW layout}}
  %1 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  return %1, %0 : tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>
}

// -----

// A constant used as conv weight and returned (function results are NCHW).
func.func @constant_returned(%x: tensor<1x1x6x6xf32>) -> (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  // expected-error @+1 {{'func.return' needs operand #1 in NCHW layout, but it is an edge.constant already used in NHWC layout}}
  return %0, %w : tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>
}

// -----

// A constant pinned to NCHW by a view, then the conv input (operand 0).
func.func @constant_conv_input(%x: tensor<1x1x6x6xf32>) -> (tensor<1x1x6x6xf32>, tensor<36xf32>) {
  %c = "edge.constant"() {value = dense<1.0> : tensor<1x1x6x6xf32>} : () -> tensor<1x1x6x6xf32>
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "edge.view"(%c) : (tensor<1x1x6x6xf32>) -> tensor<36xf32>
  // expected-error @+1 {{'edge.conv2d' needs operand #0 in NHWC layout, but it is an edge.constant already used in NCHW layout}}
  %1 = "edge.conv2d"(%c, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  return %1, %0 : tensor<1x1x6x6xf32>, tensor<36xf32>
}

// -----

// A constant tagged NHWC by an earlier run and now needed in NCHW.
func.func @pretagged_constant(%x: tensor<1x1x6x6xf32>) -> tensor<1x1x3x2xf32> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>, xnn.layout = "NHWC"} : () -> tensor<1x1x3x3xf32>
  %lw = "edge.constant"() {value = dense<1.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  // expected-error @+1 {{'edge.linear' needs operand #0 in NCHW layout, but it is an edge.constant already used in NHWC layout}}
  %0 = "edge.linear"(%w, %lw) : (tensor<1x1x3x3xf32>, tensor<2x3xf32>) -> tensor<1x1x3x2xf32>
  return %0 : tensor<1x1x3x2xf32>
}

// -----

// A non-4-D argument declared NHWC.
// expected-error @+1 {{argument #1 has xnn.layout "NHWC" but rank 2 (only 4-D tensors have an NHWC layout)}}
func.func @nhwc_argument_rank2(%x: tensor<1x1x6x6xf32>, %y: tensor<2x3xf32> {xnn.layout = "NHWC"}) -> tensor<2x3xf32> {
  return %y : tensor<2x3xf32>
}

// -----

// A non-4-D result declared NHWC.
// expected-error @+1 {{result #0 has xnn.layout "NHWC" but is not a 4-D tensor}}
func.func @nhwc_result_rank3(%y: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32> {xnn.layout = "NHWC"}) {
  return %y : tensor<2x3x4xf32>
}

// -----

// expected-error @+1 {{argument #0: invalid xnn.layout "NWHC" (expected "NCHW" or "NHWC")}}
func.func @bad_argument_layout(%x: tensor<1x1x6x6xf32> {xnn.layout = "NWHC"}) -> tensor<1x1x6x6xf32> {
  return %x : tensor<1x1x6x6xf32>
}

// -----

// expected-error @+1 {{result #0: invalid xnn.layout 1 : i64 (expected "NCHW" or "NHWC")}}
func.func @bad_result_layout(%x: tensor<1x1x6x6xf32>) -> (tensor<1x1x6x6xf32> {xnn.layout = 1}) {
  return %x : tensor<1x1x6x6xf32>
}

// -----

func.func @bad_constant_layout() -> tensor<1x1x3x3xf32> {
  // expected-error @+1 {{invalid xnn.layout "channels_last" (expected "NCHW" or "NHWC")}}
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>, xnn.layout = "channels_last"} : () -> tensor<1x1x3x3xf32>
  return %w : tensor<1x1x3x3xf32>
}

// -----

func.func @constant_nhwc_rank2() -> tensor<3x3xf32> {
  // expected-error @+1 {{xnn.layout "NHWC" on a constant of rank 2 (only 4-D tensors have an NHWC layout)}}
  %w = "edge.constant"() {value = dense<1.0> : tensor<3x3xf32>, xnn.layout = "NHWC"} : () -> tensor<3x3xf32>
  return %w : tensor<3x3xf32>
}

// -----

// One function failing does not stop the others from being checked.
func.func @first_bad(%x: tensor<1x1x6x6xf32>) -> (tensor<1x1x6x6xf32>, tensor<9xf32>) {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  // expected-error @+1 {{needs operand #0 in NCHW layout}}
  %1 = "edge.view"(%w) : (tensor<1x1x3x3xf32>) -> tensor<9xf32>
  return %0, %1 : tensor<1x1x6x6xf32>, tensor<9xf32>
}
// expected-error @+1 {{argument #0 has xnn.layout "NHWC" but rank 1}}
func.func @second_bad(%x: tensor<4xf32> {xnn.layout = "NHWC"}) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
