// xnn-tag-channels-last error paths: each is located and fails the pass.
// RUN: xnn-opt %s --split-input-file --verify-diagnostics --xnn-tag-channels-last
// RUN: not xnn-opt %s --split-input-file --xnn-tag-channels-last 2>&1 | FileCheck %s --check-prefix=LOC

// LOC: tag-channels-last-invalid.mlir:{{[0-9]+}}:{{[0-9]+}}: error: argument #1 has xnn.layout "NHWC" but rank 2


// DOC: an NHWC argument of rank 2
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
// expected-error @+1 {{result #0 has xnn.layout "NHWC" but is not a 4-D tensor}}
func.func @first_bad(%y: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32> {xnn.layout = "NHWC"}) {
  return %y : tensor<2x3x4xf32>
}
// expected-error @+1 {{argument #0 has xnn.layout "NHWC" but rank 1}}
func.func @second_bad(%x: tensor<4xf32> {xnn.layout = "NHWC"}) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
