// Verifier rules of the edge ops ExecuTorch's XNNPACK op tests need (issue
// 29): prelu, amax / amin / argmax / argmin, avg_pool2d's optional
// attributes, max_pool2d_with_indices, small integer types, antialiased
// bilinear upsampling. One case each, located.
// RUN: xnn-opt %s --split-input-file --verify-diagnostics

func.func @prelu_weight_rank(%x: tensor<2x3xf32>, %w: tensor<1x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.prelu' op operand 'weight' must be a scalar or 1-D tensor (ATen), got rank 2}}
  %0 = "edge.prelu"(%x, %w) : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @prelu_weight_size(%x: tensor<2x3x4xf32>, %w: tensor<4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'edge.prelu' op operand 'weight' has 4 elements; it must have 1 or the channel size 3}}
  %0 = "edge.prelu"(%x, %w) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @prelu_rank1_channels(%x: tensor<5xf32>, %w: tensor<5xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'edge.prelu' op operand 'weight' has 5 elements; it must have 1 or the channel size 1}}
  %0 = "edge.prelu"(%x, %w) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @prelu_dtype(%x: tensor<2x3xf32>, %w: tensor<3xf16>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.prelu' op operand 'weight' element type 'f16' must match operand 'x' element type 'f32'}}
  %0 = "edge.prelu"(%x, %w) : (tensor<2x3xf32>, tensor<3xf16>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @prelu_result(%x: tensor<2x3xf32>, %w: tensor<3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'edge.prelu' op result type 'tensor<3x2xf32>' must equal the operand type 'tensor<2x3xf32>'}}
  %0 = "edge.prelu"(%x, %w) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
