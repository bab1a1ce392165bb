// xnn.convert f32->bf16, f32->f16, bf16->f32 (bit-exact)
module {
  func.func @forward(%x: tensor<2x4x1xf32>, %h: tensor<2x4x1xbf16>) -> (tensor<2x4x1xbf16>, tensor<2x4x1xf16>, tensor<2x4x1xf32>) {
    %a = "edge.to_copy"(%x) {dtype = bf16} : (tensor<2x4x1xf32>) -> tensor<2x4x1xbf16>
    %b = "edge.to_copy"(%x) {dtype = f16} : (tensor<2x4x1xf32>) -> tensor<2x4x1xf16>
    %c = "edge.to_copy"(%h) {dtype = f32} : (tensor<2x4x1xbf16>) -> tensor<2x4x1xf32>
    func.return %a, %b, %c : tensor<2x4x1xbf16>, tensor<2x4x1xf16>, tensor<2x4x1xf32>
  }
}
