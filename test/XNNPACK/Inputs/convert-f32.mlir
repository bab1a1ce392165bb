func.func @forward(%x: tensor<4096xf32>) -> (tensor<4096xbf16>, tensor<4096xf16>) {
  %0 = "edge.to_copy"(%x) {dtype = bf16} : (tensor<4096xf32>) -> tensor<4096xbf16>
  %1 = "edge.to_copy"(%x) {dtype = f16} : (tensor<4096xf32>) -> tensor<4096xf16>
  return %0, %1 : tensor<4096xbf16>, tensor<4096xf16>
}
