// A lowered delegate written by hand with a dead chain (tanh -> exp -> negate).
module {
  func.func @forward(%arg0: tensor<2x8xf32>) -> tensor<2x8xf32> {
    %0 = call @xnn_delegate_0(%arg0) : (tensor<2x8xf32>) -> tensor<2x8xf32>
    return %0 : tensor<2x8xf32>
  }
  func.func private @xnn_delegate_0(%arg0: tensor<2x8xf32>) -> tensor<2x8xf32> attributes {xnn.delegate} {
    %0 = "xnn.unary"(%arg0) {kind = "clamp", max = 0x7FF0000000000000 : f64, min = 0.000000e+00 : f64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %1 = "xnn.unary"(%arg0) {kind = "tanh"} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %2 = "xnn.unary"(%1) {kind = "exp"} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %3 = "xnn.unary"(%2) {kind = "negate"} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    return %0 : tensor<2x8xf32>
  }
}
