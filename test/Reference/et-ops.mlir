// Reference kernels of the edge ops ExecuTorch's XNNPACK op tests need (issue
// 29), on special values; test/Torch/et-*.test compares them with PyTorch
// element by element.

// prelu: x > 0 ? x : w[c] * x over dim 1 (0 is not > 0: w * 0, signed), NaN stays NaN.
// RUN: xnn-ref-test %s --func=prelu --input='nan,-0,0,-1,2,-3' | FileCheck %s --check-prefix=PRELU
// PRELU: result #0: tensor<2x3xf32> = [nan, -0, -0, 2, 2, 1.5]
// PRELU: result #1: tensor<2x3xf32> = [nan, -0, 0, -0.25, 2, -0.75]
func.func @prelu(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %w = "edge.constant"() {value = dense<[-2.0, 3.0, -0.5]> : tensor<3xf32>} : () -> tensor<3xf32>
  %w1 = "edge.constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
  %0 = "edge.prelu"(%x, %w) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "edge.prelu"(%x, %w1) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}
