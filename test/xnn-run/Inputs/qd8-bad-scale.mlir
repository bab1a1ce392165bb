// qbint4 scales in a dense_resource blob, one of them 0.
module {
  func.func private @d(%x: tensor<1x64xf32>) -> tensor<1x2xf32> attributes {xnn.delegate} {
    %w = "xnn.constant"() {value = dense<1> : tensor<2x64xi8>, scale = dense_resource<s> : tensor<2x2xf32>, block_size = 32 : i64} : () -> tensor<2x64xi8, "qbint4">
    %q = "xnn.convert"(%x) : (tensor<1x64xf32>) -> tensor<1x64xi8, "qdint8">
    %y = "xnn.fully_connected"(%q, %w) : (tensor<1x64xi8, "qdint8">, tensor<2x64xi8, "qbint4">) -> tensor<1x2xf32>
    return %y : tensor<1x2xf32>
  }
  func.func @forward(%x: tensor<1x64xf32>) -> tensor<1x2xf32> {
    %y = func.call @d(%x) : (tensor<1x64xf32>) -> tensor<1x2xf32>
    return %y : tensor<1x2xf32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F000000000000803F0000803F"
    }
  }
#-}
