// depthwise conv -> broadcast add -> relu -> mean over H, W (NHWC inside)
module {
  func.func @forward(%x: tensor<1x3x3x6xf32>, %b: tensor<1x3x1x1xf32>) -> (tensor<1x3x1x1xf32>) {
    %w = "edge.constant"() {value = dense<"0x5B1DBDBEE5CDFCBE9E56BB3DCCD7E2BC15ABA43E9F74EA3E4E6BDD3D4C6E683E536318BEA0BD80BDCBCC3F3E67CFC3BE87B5803E0F9738BDBAF4DEBE32D55E3E8009373E705D493E06EBA83E91405A3E41628ABE08B94D3D2C93ECBD3E47D43D4D6DA03EC6FD95BE9003EC3E"> : tensor<3x1x3x3xf32>} : () -> tensor<3x1x3x3xf32>
    %cv = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 3 : i64} : (tensor<1x3x3x6xf32>, tensor<3x1x3x3xf32>) -> tensor<1x3x3x6xf32>
    %ad = "edge.add"(%cv, %b) : (tensor<1x3x3x6xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x3x6xf32>
    %rl = "edge.relu"(%ad) : (tensor<1x3x3x6xf32>) -> tensor<1x3x3x6xf32>
    %mn = "edge.mean"(%rl) {dims = array<i64: 2, 3>, keepdim = true} : (tensor<1x3x3x6xf32>) -> tensor<1x3x1x1xf32>
    func.return %mn : tensor<1x3x1x1xf32>
  }
}
