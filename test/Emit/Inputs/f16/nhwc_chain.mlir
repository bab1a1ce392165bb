// depthwise conv -> broadcast add -> relu -> mean over H, W (NHWC inside)
module {
  func.func @forward(%x: tensor<1x3x3x6xf16>, %b: tensor<1x3x1x1xf16>) -> (tensor<1x3x1x1xf16>) {
    %w = "edge.constant"() {value = dense<"0xE9B5E6B7DB2D17A725355437EB2E4333C3B006ACFE311EB60634C5A9F8B6F732B8314B324735D23253B46E2A65AFA22E0335B0B46037"> : tensor<3x1x3x3xf16>} : () -> tensor<3x1x3x3xf16>
    %cv = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 3 : i64} : (tensor<1x3x3x6xf16>, tensor<3x1x3x3xf16>) -> tensor<1x3x3x6xf16>
    %ad = "edge.add"(%cv, %b) : (tensor<1x3x3x6xf16>, tensor<1x3x1x1xf16>) -> tensor<1x3x3x6xf16>
    %rl = "edge.relu"(%ad) : (tensor<1x3x3x6xf16>) -> tensor<1x3x3x6xf16>
    %mn = "edge.mean"(%rl) {dims = array<i64: 2, 3>, keepdim = true} : (tensor<1x3x3x6xf16>) -> tensor<1x3x1x1xf16>
    func.return %mn : tensor<1x3x1x1xf16>
  }
}
