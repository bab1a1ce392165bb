// RUN: xnn-opt %s --split-input-file --xnn-lower --verify-diagnostics

// DOC: a conv that is not tagged NHWC
func.func private @conv_untagged(%x: tensor<1x2x5x5xf32>) -> tensor<1x3x5x5xf32> attributes {xnn.delegate} {
  %w = "edge.constant"() {value = dense<1.0> : tensor<3x2x3x3xf32>} : () -> tensor<3x2x3x3xf32>
  // expected-error @+1 {{'edge.conv2d' op cannot be lowered to XNNPACK: input and result must be tagged NHWC (run xnn-tag-channels-last first)}}
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x5x5xf32>
  return %0 : tensor<1x3x5x5xf32>
}

// -----

func.func private @gather(%w: tensor<10x4xf32>, %i: tensor<3xi64>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'edge.embedding' op cannot be lowered to XNNPACK: no lowering}}
  %0 = "edge.embedding"(%w, %i) : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func private @softmax_axis(%x: tensor<2x4xf32>) -> tensor<2x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'edge.softmax' op cannot be lowered to XNNPACK: softmax over dim 0 of a rank-2 tensor}}
  %0 = "edge.softmax"(%x) {dim = 0 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// A dense_resource with no blob has no data to lower.
func.func private @missing_blob(%x: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  %c = "edge.constant"() {value = dense_resource<missing> : tensor<4xf32>} : () -> tensor<4xf32>
  // expected-error @+1 {{operand #1: constant payload missing (dense_resource without a blob)}}
  %0 = "edge.add"(%x, %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
