// Round trip of every xnn op (inside a delegate function, the only place xnn
// ops are legal) through stock mlir-opt and through xnn-opt (IRDL + the
// project's C verifier, which must accept all of it).
// RUN: mlir-opt %s --irdl-file=%xnnmlir_irdl_dir/xnn.irdl.mlir | mlir-opt --irdl-file=%xnnmlir_irdl_dir/xnn.irdl.mlir | FileCheck %s
// RUN: xnn-opt %s | FileCheck %s

// CHECK-LABEL: func.func private @xnn_delegate_ops
// CHECK: %{{.*}} = "xnn.constant"() {value = dense<1.000000e+00> : tensor<6x3x3x2xf32>} : () -> tensor<6x3x3x2xf32>
// CHECK-NEXT: %{{.*}} = "xnn.constant"() {value = dense_resource<b0> : tensor<6xf32>} : () -> tensor<6xf32>
// CHECK-NEXT: %{{.*}} = "xnn.constant"() {value = dense<5.000000e-01> : tensor<3x6xf16>} : () -> tensor<3x6xf16>
// CHECK-NEXT: %{{.*}} = "xnn.constant"() {value = dense<2.500000e-01> : tensor<6x3xf32>} : () -> tensor<6x3xf32>
// CHECK-NEXT: %{{.*}} = "xnn.constant"() {value = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>} : () -> tensor<3xf32>
// CHECK-NEXT: %{{.*}} = "xnn.constant"() {value = dense<1.500000e+00> : tensor<3x6xbf16>} : () -> tensor<3x6xf32>
// CHECK-NEXT: %{{.*}} = "xnn.convert"(%{{.*}}) : (tensor<1x8x8x4xf16>) -> tensor<1x8x8x4xf32>
// CHECK-NEXT: %{{.*}} = "xnn.convert"(%{{.*}}) {input_scale = 7.62939453125E-6 : f64, round_to_bf16 = true} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
// CHECK-NEXT: %{{.*}} = "xnn.static_transpose"(%{{.*}}) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x8x8x4xf32>) -> tensor<1x4x8x8xf32>
// CHECK-NEXT: %{{.*}} = "xnn.binary"(%{{.*}}, %{{.*}}) {kind = "add"} : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
// CHECK-NEXT: %{{.*}} = "xnn.binary"(%{{.*}}, %{{.*}}) {kind = "squared_difference", output_max = 6.000000e+00 : f64, output_min = 0.000000e+00 : f64} : (tensor<2x6xf32>, tensor<6xf32>) -> tensor<2x6xf32>
// CHECK-NEXT: %{{.*}} = "xnn.unary"(%{{.*}}) {kind = "reciprocal_square_root"} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
// CHECK-NEXT: %{{.*}} = "xnn.unary"(%{{.*}}) {kind = "clamp", max = 6.000000e+00 : f64, min = 0.000000e+00 : f64} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
// CHECK-NEXT: %{{.*}} = "xnn.unary"(%{{.*}}) {approximate = "tanh", kind = "gelu"} : (tensor<1x8x8x4xf16>) -> tensor<1x8x8x4xf16>
// CHECK-NEXT: %{{.*}} = "xnn.unary"(%{{.*}}) {alpha = 1.000000e+00 : f64, kind = "elu"} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
// CHECK-NEXT: %{{.*}} = "xnn.fully_connected"(%{{.*}}, %{{.*}}) : (tensor<2x6xf32>, tensor<3x6xf16>) -> tensor<2x3xf32>
// CHECK-NEXT: %{{.*}} = "xnn.fully_connected"(%{{.*}}, %{{.*}}, %{{.*}}) {transpose_weights = true} : (tensor<6xf32>, tensor<6x3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %{{.*}} = "xnn.convolution_2d"(%{{.*}}, %{{.*}}, %{{.*}}) {dilation = array<i64: 1, 1>, group_input_channels = 2 : i64, group_output_channels = 3 : i64, groups = 2 : i64, kernel = array<i64: 3, 3>, padding = array<i64: 1, 0, 1, 0>, subsampling = array<i64: 2, 1>} : (tensor<1x8x8x4xf32>, tensor<6x3x3x2xf32>, tensor<6xf32>) -> tensor<1x4x6x6xf32>
// CHECK-NEXT: %{{.*}} = "xnn.max_pooling_2d"(%{{.*}}) {dilation = array<i64: 1, 1>, padding = array<i64: 0, 1, 1, 0>, pooling = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<1x8x8x4xf32>) -> tensor<1x4x4x4xf32>
// CHECK-NEXT: %{{.*}} = "xnn.average_pooling_2d"(%{{.*}}) {output_max = 1.000000e+00 : f64, padding = array<i64: 0, 0, 0, 0>, pooling = array<i64: 3, 3>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xf32>) -> tensor<1x6x6x4xf32>
// CHECK-NEXT: %{{.*}} = "xnn.static_reduce"(%{{.*}}) {axes = array<i64: 1, 2>, keep_dims = true, kind = "mean"} : (tensor<1x8x8x4xf32>) -> tensor<1x1x1x4xf32>
// CHECK-NEXT: %{{.*}} = "xnn.static_reduce"(%{{.*}}) {axes = array<i64: -1>, keep_dims = false, kind = "sum"} : (tensor<2x3x4xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %{{.*}} = "xnn.static_reshape"(%{{.*}}) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
// CHECK-NEXT: %{{.*}} = "xnn.static_reshape"(%{{.*}}) {new_shape = array<i64: 24>} : (tensor<2x3x4xf32>) -> tensor<24xf32>
// CHECK-NEXT: %{{.*}} = "xnn.concatenate"(%{{.*}}, %{{.*}}, %{{.*}}) {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>, tensor<2x5x4xf32>) -> tensor<2x13x4xf32>
// CHECK-NEXT: %{{.*}} = "xnn.static_slice"(%{{.*}}) {offsets = array<i64: 0, 2, 0, 1>, sizes = array<i64: 1, 4, 8, 3>} : (tensor<1x8x8x4xf32>) -> tensor<1x4x8x3xf32>
// CHECK-NEXT: %{{.*}} = "xnn.softmax"(%{{.*}}) : (tensor<2x6xf32>) -> tensor<2x6xf32>
// CHECK-NEXT: %{{.*}} = "xnn.batch_matrix_multiply"(%{{.*}}, %{{.*}}) : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT: %{{.*}} = "xnn.batch_matrix_multiply"(%{{.*}}, %{{.*}}) {transpose_b = true} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT: %{{.*}} = "xnn.copy"(%{{.*}}) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
// CHECK-NEXT: %{{.*}} = "xnn.static_constant_pad"(%{{.*}}) {padding_value = 0.000000e+00 : f64, post_paddings = array<i64: 0, 1, 1, 0>, pre_paddings = array<i64: 0, 1, 1, 0>} : (tensor<1x8x8x4xf32>) -> tensor<1x10x10x4xf32>
func.func private @xnn_delegate_ops(%x: tensor<1x8x8x4xf32>, %h: tensor<1x8x8x4xf16>, %v: tensor<2x6xf32>, %u: tensor<6xf32>, %a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bt: tensor<2x5x4xf32>) -> tensor<1x8x8x4xf32> attributes {xnn.delegate} {
  %w = "xnn.constant"() {value = dense<1.0> : tensor<6x3x3x2xf32>} : () -> tensor<6x3x3x2xf32>
  %bias = "xnn.constant"() {value = dense_resource<b0> : tensor<6xf32>} : () -> tensor<6xf32>
  %fcw = "xnn.constant"() {value = dense<0.5> : tensor<3x6xf16>} : () -> tensor<3x6xf16>
  %fcwt = "xnn.constant"() {value = dense<0.25> : tensor<6x3xf32>} : () -> tensor<6x3xf32>
  %fcb = "xnn.constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  // bf16 data for an f32 tensor: widened when the tensor is defined.
  %fcwide = "xnn.constant"() {value = dense<1.5> : tensor<3x6xbf16>} : () -> tensor<3x6xf32>
  %0 = "xnn.convert"(%h) : (tensor<1x8x8x4xf16>) -> tensor<1x8x8x4xf32>
  // A rounding whose producer applied the scaled form's 2^-17 (xnn-simplify-roundings).
  %prescaled = "xnn.convert"(%x) {input_scale = 7.62939453125E-6 : f64, round_to_bf16 = true} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %1 = "xnn.static_transpose"(%x) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x8x8x4xf32>) -> tensor<1x4x8x8xf32>
  %2 = "xnn.binary"(%x, %0) {kind = "add"} : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %3 = "xnn.binary"(%v, %u) {kind = "squared_difference", output_max = 6.000000e+00 : f64, output_min = 0.000000e+00 : f64} : (tensor<2x6xf32>, tensor<6xf32>) -> tensor<2x6xf32>
  %4 = "xnn.unary"(%x) {kind = "reciprocal_square_root"} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %5 = "xnn.unary"(%x) {kind = "clamp", max = 6.000000e+00 : f64, min = 0.000000e+00 : f64} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %6 = "xnn.unary"(%h) {approximate = "tanh", kind = "gelu"} : (tensor<1x8x8x4xf16>) -> tensor<1x8x8x4xf16>
  %7 = "xnn.unary"(%x) {alpha = 1.000000e+00 : f64, kind = "elu"} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %8 = "xnn.fully_connected"(%v, %fcw) : (tensor<2x6xf32>, tensor<3x6xf16>) -> tensor<2x3xf32>
  %9 = "xnn.fully_connected"(%u, %fcwt, %fcb) {transpose_weights = true} : (tensor<6xf32>, tensor<6x3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %10 = "xnn.convolution_2d"(%x, %w, %bias) {dilation = array<i64: 1, 1>, group_input_channels = 2 : i64, group_output_channels = 3 : i64, groups = 2 : i64, kernel = array<i64: 3, 3>, padding = array<i64: 1, 0, 1, 0>, subsampling = array<i64: 2, 1>} : (tensor<1x8x8x4xf32>, tensor<6x3x3x2xf32>, tensor<6xf32>) -> tensor<1x4x6x6xf32>
  %11 = "xnn.max_pooling_2d"(%x) {dilation = array<i64: 1, 1>, padding = array<i64: 0, 1, 1, 0>, pooling = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<1x8x8x4xf32>) -> tensor<1x4x4x4xf32>
  %12 = "xnn.average_pooling_2d"(%x) {output_max = 1.000000e+00 : f64, padding = array<i64: 0, 0, 0, 0>, pooling = array<i64: 3, 3>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xf32>) -> tensor<1x6x6x4xf32>
  %13 = "xnn.static_reduce"(%x) {axes = array<i64: 1, 2>, keep_dims = true, kind = "mean"} : (tensor<1x8x8x4xf32>) -> tensor<1x1x1x4xf32>
  %14 = "xnn.static_reduce"(%a) {axes = array<i64: -1>, keep_dims = false, kind = "sum"} : (tensor<2x3x4xf32>) -> tensor<2x3xf32>
  %15 = "xnn.static_reshape"(%a) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %16 = "xnn.static_reshape"(%a) {new_shape = array<i64: 24>} : (tensor<2x3x4xf32>) -> tensor<24xf32>
  %17 = "xnn.concatenate"(%a, %bt, %bt) {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>, tensor<2x5x4xf32>) -> tensor<2x13x4xf32>
  %18 = "xnn.static_slice"(%x) {offsets = array<i64: 0, 2, 0, 1>, sizes = array<i64: 1, 4, 8, 3>} : (tensor<1x8x8x4xf32>) -> tensor<1x4x8x3xf32>
  %19 = "xnn.softmax"(%v) : (tensor<2x6xf32>) -> tensor<2x6xf32>
  %20 = "xnn.batch_matrix_multiply"(%a, %b) : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %21 = "xnn.batch_matrix_multiply"(%a, %bt) {transpose_b = true} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>) -> tensor<2x3x5xf32>
  %22 = "xnn.copy"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %23 = "xnn.static_constant_pad"(%x) {padding_value = 0.000000e+00 : f64, post_paddings = array<i64: 0, 1, 1, 0>, pre_paddings = array<i64: 0, 1, 1, 0>} : (tensor<1x8x8x4xf32>) -> tensor<1x10x10x4xf32>
  return %22 : tensor<1x8x8x4xf32>
}

// CHECK-LABEL: func.func private @xnn_resample_ops
// CHECK: "xnn.deconvolution_2d"(%arg0, %{{.*}}, %{{.*}}) {adjustment = array<i64: 1, 0>, dilation = array<i64: 1, 1>, group_input_channels = 2 : i64, group_output_channels = 3 : i64, groups = 2 : i64, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1, 0, 1>, upsampling = array<i64: 2, 2>} : (tensor<1x5x5x4xf32>, tensor<6x3x3x2xf32>, tensor<6xf32>) -> tensor<1x11x9x6xf32>
// CHECK-NEXT: "xnn.static_resize_bilinear_2d"(%arg0) {align_corners = true} : (tensor<1x5x5x4xf32>) -> tensor<1x7x3x4xf32>
func.func private @xnn_resample_ops(%x: tensor<1x5x5x4xf32>) -> tensor<1x11x9x6xf32> attributes {xnn.delegate} {
  %w = "xnn.constant"() {value = dense<1.0> : tensor<6x3x3x2xf32>} : () -> tensor<6x3x3x2xf32>
  %b = "xnn.constant"() {value = dense<0.5> : tensor<6xf32>} : () -> tensor<6xf32>
  %0 = "xnn.deconvolution_2d"(%x, %w, %b) {adjustment = array<i64: 1, 0>, dilation = array<i64: 1, 1>, group_input_channels = 2 : i64, group_output_channels = 3 : i64, groups = 2 : i64, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1, 0, 1>, upsampling = array<i64: 2, 2>} : (tensor<1x5x5x4xf32>, tensor<6x3x3x2xf32>, tensor<6xf32>) -> tensor<1x11x9x6xf32>
  %1 = "xnn.static_resize_bilinear_2d"(%x) {align_corners = true} : (tensor<1x5x5x4xf32>) -> tensor<1x7x3x4xf32>
  return %0 : tensor<1x11x9x6xf32>
}

// Static int8 (qs8): f32 -> qint8, a qcint8 filter and a qcint32 bias, the
// qint8 fully connected (rank 3, with and without a bias, output_min), qint8 -> f32.
// CHECK-LABEL: func.func private @xnn_qs8_ops
// CHECK: %{{.*}} = "xnn.constant"() {scale = dense<[5.000000e-01, 2.500000e-01]> : tensor<2xf32>, value = dense<{{\[}}[1, -2, 3, -4], [5, 6, -7, 8]]> : tensor<2x4xi8>} : () -> tensor<2x4xi8, "qcint8">
// CHECK-NEXT: %{{.*}} = "xnn.constant"() {scale = dense<[5.000000e-02, 2.500000e-02]> : tensor<2xf32>, value = dense<[100, -7]> : tensor<2xi32>} : () -> tensor<2xi32, "qcint32">
// CHECK-NEXT: %[[Q:.*]] = "xnn.convert"(%{{.*}}) : (tensor<1x3x4xf32>) -> tensor<1x3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
// CHECK-NEXT: %{{.*}} = "xnn.fully_connected"(%[[Q]], %{{.*}}, %{{.*}}) {output_min = 0.000000e+00 : f64} : (tensor<1x3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>, tensor<2x4xi8, "qcint8">, tensor<2xi32, "qcint32">) -> tensor<1x3x2xi8, {kind = "qint8", scale = 5.000000e-02 : f32, zero_point = 2 : i64}>
// CHECK-NEXT: %{{.*}} = "xnn.fully_connected"(%[[Q]], %{{.*}}) : (tensor<1x3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>, tensor<2x4xi8, "qcint8">) -> tensor<1x3x2xi8, {kind = "qint8", scale = 2.500000e-01 : f32, zero_point = -128 : i64}>
// CHECK-NEXT: %{{.*}} = "xnn.convert"(%{{.*}}) : (tensor<1x3x2xi8, {kind = "qint8", scale = 5.000000e-02 : f32, zero_point = 2 : i64}>) -> tensor<1x3x2xf32>
// CHECK-NEXT: %{{.*}} = "xnn.convert"(%{{.*}}) : (tensor<1x3x2xi8, {kind = "qint8", scale = 2.500000e-01 : f32, zero_point = -128 : i64}>) -> tensor<1x3x2xf32>
func.func private @xnn_qs8_ops(%x: tensor<1x3x4xf32>) -> (tensor<1x3x2xf32>, tensor<1x3x2xf32>) attributes {xnn.delegate} {
  %w = "xnn.constant"() {value = dense<[[1, -2, 3, -4], [5, 6, -7, 8]]> : tensor<2x4xi8>, scale = dense<[0.5, 0.25]> : tensor<2xf32>} : () -> tensor<2x4xi8, "qcint8">
  %b = "xnn.constant"() {value = dense<[100, -7]> : tensor<2xi32>, scale = dense<[0.05, 0.025]> : tensor<2xf32>} : () -> tensor<2xi32, "qcint32">
  %q = "xnn.convert"(%x) : (tensor<1x3x4xf32>) -> tensor<1x3x4xi8, {kind = "qint8", scale = 0.1 : f32, zero_point = -3 : i64}>
  %y = "xnn.fully_connected"(%q, %w, %b) {output_min = 0.0 : f64} : (tensor<1x3x4xi8, {kind = "qint8", scale = 0.1 : f32, zero_point = -3 : i64}>, tensor<2x4xi8, "qcint8">, tensor<2xi32, "qcint32">) -> tensor<1x3x2xi8, {kind = "qint8", scale = 0.05 : f32, zero_point = 2 : i64}>
  %y2 = "xnn.fully_connected"(%q, %w) : (tensor<1x3x4xi8, {kind = "qint8", scale = 0.1 : f32, zero_point = -3 : i64}>, tensor<2x4xi8, "qcint8">) -> tensor<1x3x2xi8, {zero_point = -128 : i64, scale = 0.25 : f32, kind = "qint8"}>
  %f = "xnn.convert"(%y) : (tensor<1x3x2xi8, {kind = "qint8", scale = 0.05 : f32, zero_point = 2 : i64}>) -> tensor<1x3x2xf32>
  %f2 = "xnn.convert"(%y2) : (tensor<1x3x2xi8, {kind = "qint8", scale = 0.25 : f32, zero_point = -128 : i64}>) -> tensor<1x3x2xf32>
  return %f, %f2 : tensor<1x3x2xf32>, tensor<1x3x2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      b0: "0x04000000000000000000803F0000004000004040000080400000A040"
    }
  }
#-}
