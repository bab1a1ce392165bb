// qcint4 weights in a dense_resource blob with an element outside [-8, 7]
// (row 1, column 2: 9): the verifier leaves blobs to the emitter, which
// reads them anyway to pack two channels a byte.
module {
  func.func private @d(%x: tensor<1x4xf32>) -> tensor<2x1xf32> attributes {xnn.delegate} {
    %w = "xnn.constant"() {value = dense_resource<w> : tensor<2x4xi8>, scale = dense<0.5> : tensor<2xf32>} : () -> tensor<2x4xi8, "qcint4">
    %q = "xnn.convert"(%x) : (tensor<1x4xf32>) -> tensor<1x4xi8, "qdint8">
    %y = "xnn.fully_connected"(%q, %w) : (tensor<1x4xi8, "qdint8">, tensor<2x4xi8, "qcint4">) -> tensor<1x2xf32>
    %r = "xnn.static_reshape"(%y) : (tensor<1x2xf32>) -> tensor<2x1xf32>
    return %r : tensor<2x1xf32>
  }
  func.func @forward(%x: tensor<1x4xf32>) -> tensor<2x1xf32> {
    %y = func.call @d(%x) : (tensor<1x4xf32>) -> tensor<2x1xf32>
    return %y : tensor<2x1xf32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x0100000001FF0203F8070900"
    }
  }
#-}
