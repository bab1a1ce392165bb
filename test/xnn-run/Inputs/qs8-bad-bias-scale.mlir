module {
  func.func private @d(%x: tensor<2x4xf32>) -> tensor<2x2xf32> attributes {xnn.delegate} {
    %w = "xnn.constant"() {value = dense<1> : tensor<2x4xi8>, scale = dense<[5.000000e-01, 2.500000e-01]> : tensor<2xf32>} : () -> tensor<2x4xi8, "qcint8">
    %b = "xnn.constant"() {value = dense<[3, -4]> : tensor<2xi32>, scale = dense_resource<bs> : tensor<2xf32>} : () -> tensor<2xi32, "qcint32">
    %q = "xnn.convert"(%x) : (tensor<2x4xf32>) -> tensor<2x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
    %y = "xnn.fully_connected"(%q, %w, %b) : (tensor<2x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>, tensor<2x4xi8, "qcint8">, tensor<2xi32, "qcint32">) -> tensor<2x2xi8, {kind = "qint8", scale = 5.000000e-02 : f32, zero_point = 2 : i64}>
    %f = "xnn.convert"(%y) : (tensor<2x2xi8, {kind = "qint8", scale = 5.000000e-02 : f32, zero_point = 2 : i64}>) -> tensor<2x2xf32>
    return %f : tensor<2x2xf32>
  }
  func.func @forward(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
    %y = func.call @d(%x) : (tensor<2x4xf32>) -> tensor<2x2xf32>
    return %y : tensor<2x2xf32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      bs: "0x04000000CDCC4C3D0AD7233C"
    }
  }
#-}
