// xnn.unary (edge.log)
module {
  func.func @forward(%x: tensor<4x4x5xf16>) -> (tensor<4x4x5xf16>) {
    %p = "edge.abs"(%x) : (tensor<4x4x5xf16>) -> tensor<4x4x5xf16>
    %y = "edge.log"(%p) : (tensor<4x4x5xf16>) -> tensor<4x4x5xf16>
    func.return %y : tensor<4x4x5xf16>
  }
}
