func.func @forward(%a: tensor<2x3xbf16>) -> (tensor<2x3xbf16>, tensor<3x2xbf16>) {
  %0 = "edge.to_copy"(%a) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %1 = "edge.view"(%a) : (tensor<2x3xbf16>) -> tensor<3x2xbf16>
  return %0, %1 : tensor<2x3xbf16>, tensor<3x2xbf16>
}
