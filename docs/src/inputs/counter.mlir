// A function with state (SPEC 5.1): out = x + 2 total, and total + 1 is the
// next call's total. The state argument and result carry the same name.
func.func @forward(%x: tensor<2xf32>, %total: tensor<2xf32> {xnn.state = "total"}) -> (tensor<2xf32>, tensor<2xf32> {xnn.state = "total"}) {
  %one = "edge.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "edge.add"(%x, %total) {alpha = 2.0 : f64} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = "edge.add"(%total, %one) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}
