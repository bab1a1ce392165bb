// Lowering of edge.conv_transpose2d (xnn.deconvolution_2d, NHWC, the weight
// re-laid per group at compile time), edge.upsample_bilinear2d
// (xnn.static_resize_bilinear_2d, NHWC) and edge.upsample_nearest2d by whole
// factors (reshape, repeated concatenation, reshape; in either layout).
// RUN: xnn-opt %s --split-input-file --xnn-tag-channels-last --xnn-lower | FileCheck %s

// ATen's [Cin=4, Cout/G=3, 1, 1] with groups 2 is [G, Cin/G, Cout/G, ...]:
// output channel (g, o) takes input channels (g, 0..1) -> rows [1, 4], [2, 5]...
// output_padding 1 with padding 1 only crops less at the bottom and right
// (no XNNPACK adjustment); output_padding beyond the padding is adjustment.
// CHECK-LABEL: func.func private @conv_transpose
// CHECK: %[[X:.*]] = "xnn.static_transpose"(%arg0) {perm = array<i64: 0, 2, 3, 1>, xnn.layout = "NHWC"} : (tensor<1x4x3x3xf32>) -> tensor<1x3x3x4xf32>
// CHECK: %[[W:.*]] = "xnn.constant"() {value = dense<{{\[}}{{\[}}{{\[}}[1.000000e+00, 4.000000e+00]]], {{\[}}{{\[}}[2.000000e+00, 5.000000e+00]]], {{\[}}{{\[}}[3.000000e+00, 6.000000e+00]]], {{\[}}{{\[}}[7.000000e+00, 1.000000e+01]]], {{\[}}{{\[}}[8.000000e+00, 1.100000e+01]]], {{\[}}{{\[}}[9.000000e+00, 1.200000e+01]]]]> : tensor<6x1x1x2xf32>}
// CHECK: "xnn.deconvolution_2d"(%[[X]], %[[W]]) {adjustment = array<i64: 0, 0>, dilation = array<i64: 1, 1>, group_input_channels = 2 : i64, group_output_channels = 3 : i64, groups = 2 : i64, kernel = array<i64: 1, 1>, padding = array<i64: 1, 0, 0, 1>, upsampling = array<i64: 2, 2>, xnn.layout = "NHWC"} : (tensor<1x3x3x4xf32>, tensor<6x1x1x2xf32>) -> tensor<1x4x4x6xf32>
// CHECK: "xnn.deconvolution_2d"(%[[X]], %{{.*}}) {adjustment = array<i64: 1, 1>, {{.*}} padding = array<i64: 0, 0, 0, 0>, upsampling = array<i64: 2, 2>, xnn.layout = "NHWC"} : (tensor<1x3x3x4xf32>, tensor<6x1x1x2xf32>) -> tensor<1x6x6x6xf32>
func.func private @conv_transpose(%x: tensor<1x4x3x3xf32>) -> (tensor<1x6x4x4xf32>, tensor<1x6x6x6xf32>) attributes {xnn.delegate} {
  %w = "edge.constant"() {value = dense<[[[[1.0]], [[2.0]], [[3.0]]], [[[4.0]], [[5.0]], [[6.0]]], [[[7.0]], [[8.0]], [[9.0]]], [[[10.0]], [[11.0]], [[12.0]]]]> : tensor<4x3x1x1xf32>} : () -> tensor<4x3x1x1xf32>
  %0 = "edge.conv_transpose2d"(%x, %w) {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, output_padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 2} : (tensor<1x4x3x3xf32>, tensor<4x3x1x1xf32>) -> tensor<1x6x4x4xf32>
  %1 = "edge.conv_transpose2d"(%x, %w) {stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, output_padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 2} : (tensor<1x4x3x3xf32>, tensor<4x3x1x1xf32>) -> tensor<1x6x6x6xf32>
  return %0, %1 : tensor<1x6x4x4xf32>, tensor<1x6x6x6xf32>
}

// -----

// CHECK-LABEL: func.func private @upsample
// An NCHW nearest upsample: [N, C, H, 1, W, 1], H x2 on axis 3, W x3 on axis 5.
// CHECK: %[[R:.*]] = "xnn.static_reshape"(%arg0) : (tensor<1x2x3x3xf32>) -> tensor<1x2x3x1x3x1xf32>
// CHECK: %[[H:.*]] = "xnn.concatenate"(%[[R]], %[[R]]) {axis = 3 : i64} : {{.*}} -> tensor<1x2x3x2x3x1xf32>
// CHECK: %[[W2:.*]] = "xnn.concatenate"(%[[H]], %[[H]]) {axis = 5 : i64} : {{.*}} -> tensor<1x2x3x2x3x2xf32>
// CHECK: %[[W3:.*]] = "xnn.concatenate"(%[[H]], %[[W2]]) {axis = 5 : i64} : {{.*}} -> tensor<1x2x3x2x3x3xf32>
// CHECK: "xnn.static_reshape"(%[[W3]]) : (tensor<1x2x3x2x3x3xf32>) -> tensor<1x2x6x9xf32>
// CHECK: %[[T:.*]] = "xnn.static_transpose"(%arg0) {perm = array<i64: 0, 2, 3, 1>, xnn.layout = "NHWC"}
// CHECK: "xnn.static_resize_bilinear_2d"(%[[T]]) {align_corners = true, xnn.layout = "NHWC"} : (tensor<1x3x3x2xf32>) -> tensor<1x5x7x2xf32>
// CHECK: "xnn.static_resize_bilinear_2d"(%[[T]]) {align_corners = false, xnn.layout = "NHWC"} : (tensor<1x3x3x2xf32>) -> tensor<1x1x2x2xf32>
// An NHWC nearest upsample: [N, H, 1, W, 1, C], H on axis 2, W on axis 4.
// CHECK: %[[RN:.*]] = "xnn.static_reshape"(%[[T]]) : (tensor<1x3x3x2xf32>) -> tensor<1x3x1x3x1x2xf32>
// CHECK: "xnn.concatenate"(%[[RN]], %[[RN]]) {axis = 2 : i64}
// CHECK-COUNT-2: "xnn.concatenate"({{.*}}) {axis = 4 : i64}
// CHECK: "xnn.static_reshape"({{.*}}) {xnn.layout = "NHWC"} : (tensor<1x3x2x3x3x2xf32>) -> tensor<1x6x9x2xf32>
func.func private @upsample(%x: tensor<1x2x3x3xf32>) -> (tensor<1x2x6x9xf32>, tensor<1x2x5x7xf32>, tensor<1x2x1x2xf32>, tensor<1x2x6x9xf32>) attributes {xnn.delegate} {
  %0 = "edge.upsample_nearest2d"(%x) {output_size = array<i64: 6, 9>} : (tensor<1x2x3x3xf32>) -> tensor<1x2x6x9xf32>
  %c = "edge.to_copy"(%x) {memory_format = "channels_last"} : (tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %1 = "edge.upsample_bilinear2d"(%c) {output_size = array<i64: 5, 7>, align_corners = true} : (tensor<1x2x3x3xf32>) -> tensor<1x2x5x7xf32>
  %2 = "edge.upsample_bilinear2d"(%c) {output_size = array<i64: 1, 2>, align_corners = false} : (tensor<1x2x3x3xf32>) -> tensor<1x2x1x2xf32>
  %3 = "edge.upsample_nearest2d"(%c) {output_size = array<i64: 6, 9>} : (tensor<1x2x3x3xf32>) -> tensor<1x2x6x9xf32>
  return %0, %1, %2, %3 : tensor<1x2x6x9xf32>, tensor<1x2x5x7xf32>, tensor<1x2x1x2xf32>, tensor<1x2x6x9xf32>
}
