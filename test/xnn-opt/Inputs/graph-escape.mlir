// A location name that would end the page's script if it were not escaped.
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("</script><b>x & \"y\": aten.relu")
  return %0 : tensor<4xf32>
}
