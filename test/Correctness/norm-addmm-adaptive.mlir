// edge.batch_norm, edge.layer_norm, edge.addmm and edge.adaptive_avg_pool2d
// (SPEC 3.1.1) delegated vs the reference interpreter, in f32, f16 and bf16,
// in NCHW and after a convolution (NHWC): batch_norm keeps the conv's NHWC
// layout (its scale and shift broadcast along the last axis), layer_norm reads
// an NCHW copy, adaptive pooling runs on the NHWC value.
// RUN: xnn-opt %s --xnn-delegate --xnn-stats -o %t.mlir 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: FileCheck %s < %t.mlir
// RUN: xnn-run %t.mlir --func bn_nchw --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func bn_after_conv --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func bn_dynamic_nhwc --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func bn_f16 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func bn_bf16 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func ln --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func ln_f16 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func ln_bf16 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func ln_after_conv --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func addmm --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func addmm_f16 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func addmm_bf16 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func adaptive_after_conv --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func adaptive_f16 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func adaptive_bf16 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func adaptive_uneven --compare %s | FileCheck %s --check-prefix=EXACT
// CMP: output 0: {{.*}} ok
// CMP-NOT: FAIL
// EXACT: output 0: {{.*}} bitwise=equal {{.*}} ok
// EXACT-NOT: bitwise=differ
// STATS: xnn-stats: portable ops: 1
// STATS: remark: edge.adaptive_avg_pool2d stays portable: adaptive_avg_pool2d from 7x6 to 3x4: the sizes do not divide

// Constant parameters fold into one scale and one shift per channel, [C, 1, 1] in NCHW.
// CHECK-LABEL: func.func private @xnn_delegate_0(
// CHECK: "xnn.constant"() {value = dense<{{.*}}> : tensor<3x1x1xf32>}
// CHECK: "xnn.binary"(%arg0, %{{.*}}) {kind = "multiply"} : (tensor<2x3x4x5xf32>, tensor<3x1x1xf32>)
// CHECK: "xnn.binary"(%{{.*}}, %{{.*}}) {kind = "add"} : (tensor<2x3x4x5xf32>, tensor<3x1x1xf32>)
// CHECK-NEXT: return
func.func @bn_nchw(%x: tensor<2x3x4x5xf32>) -> tensor<2x3x4x5xf32> {
  %w = "edge.constant"() {value = dense<[1.5, -0.5, 2.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %b = "edge.constant"() {value = dense<[0.1, 0.2, -0.3]> : tensor<3xf32>} : () -> tensor<3xf32>
  %m = "edge.constant"() {value = dense<[0.5, -1.0, 0.25]> : tensor<3xf32>} : () -> tensor<3xf32>
  %v = "edge.constant"() {value = dense<[1.0, 0.3, 4.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %y = "edge.batch_norm"(%x, %w, %b, %m, %v) {eps = 1.0e-5 : f64} : (tensor<2x3x4x5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x5xf32>
  return %y : tensor<2x3x4x5xf32>
}

// After a convolution the value stays NHWC: scale and shift are [C].
// CHECK-LABEL: func.func private @xnn_delegate_1(
// CHECK: "xnn.convolution_2d"
// CHECK: "xnn.binary"(%{{.*}}, %{{.*}}) {kind = "multiply"} : (tensor<1x5x4x3xf32>, tensor<3xf32>)
// CHECK: "xnn.binary"(%{{.*}}, %{{.*}}) {kind = "add"{{.*}}} : (tensor<1x5x4x3xf32>, tensor<3xf32>)
// CHECK: "xnn.static_transpose"
func.func @bn_after_conv(%x: tensor<1x2x5x4xf32>) -> tensor<1x3x5x4xf32> {
  %k = "edge.constant"() {value = dense<[[[[0.5]], [[-1.0]]], [[[1.0]], [[2.0]]], [[[0.125]], [[3.0]]]]> : tensor<3x2x1x1xf32>} : () -> tensor<3x2x1x1xf32>
  %c = "edge.conv2d"(%x, %k) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x2x5x4xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x5x4xf32>
  %w = "edge.constant"() {value = dense<[1.5, -0.5, 2.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %b = "edge.constant"() {value = dense<[0.1, 0.2, -0.3]> : tensor<3xf32>} : () -> tensor<3xf32>
  %m = "edge.constant"() {value = dense<[0.5, -1.0, 0.25]> : tensor<3xf32>} : () -> tensor<3xf32>
  %v = "edge.constant"() {value = dense<[1.0, 0.3, 4.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %y = "edge.batch_norm"(%c, %w, %b, %m, %v) {eps = 1.0e-3 : f64} : (tensor<1x3x5x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3x5x4xf32>
  return %y : tensor<1x3x5x4xf32>
}

// Dynamic parameters: ATen's own f32 steps in the delegate (within an ulp of
// the reference: XNNPACK's square root), here on an NHWC value.
// CHECK-LABEL: func.func private @xnn_delegate_2(
// CHECK: "xnn.unary"({{.*}}) {kind = "square_root"}
// CHECK: "xnn.binary"({{.*}}) {kind = "divide"}
// CHECK: "xnn.binary"(%{{.*}}, %{{.*}}) {kind = "multiply"} : (tensor<1x4x4x3xf32>, tensor<3xf32>)
func.func @bn_dynamic_nhwc(%x: tensor<1x3x4x4xf32>, %w: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v0: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
  %p = "edge.to_copy"(%x) {memory_format = "channels_last"} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %v = "edge.abs"(%v0) : (tensor<3xf32>) -> tensor<3xf32>
  %y = "edge.batch_norm"(%p, %w, %b, %m, %v) {eps = 1.0e-5 : f64} : (tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3x4x4xf32>
  return %y : tensor<1x3x4x4xf32>
}

// 16-bit types compute in f32 and round once (ATen's opmath).
// CHECK-LABEL: func.func private @xnn_delegate_3(
// CHECK: "xnn.convert"(%arg0) : (tensor<2x3x6xf16>) -> tensor<2x3x6xf32>
// CHECK: tensor<3x1xf32>
// CHECK: "xnn.convert"({{.*}}) : (tensor<2x3x6xf32>) -> tensor<2x3x6xf16>
func.func @bn_f16(%x: tensor<2x3x6xf16>) -> tensor<2x3x6xf16> {
  %w = "edge.constant"() {value = dense<[1.5, -0.5, 2.0]> : tensor<3xf16>} : () -> tensor<3xf16>
  %b = "edge.constant"() {value = dense<[0.1, 0.2, -0.3]> : tensor<3xf16>} : () -> tensor<3xf16>
  %m = "edge.constant"() {value = dense<[0.5, -1.0, 0.25]> : tensor<3xf16>} : () -> tensor<3xf16>
  %v = "edge.constant"() {value = dense<[1.0, 0.3, 4.0]> : tensor<3xf16>} : () -> tensor<3xf16>
  %y = "edge.batch_norm"(%x, %w, %b, %m, %v) {eps = 1.0e-5 : f64} : (tensor<2x3x6xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>) -> tensor<2x3x6xf16>
  return %y : tensor<2x3x6xf16>
}

// CHECK-LABEL: func.func private @xnn_delegate_4(
// CHECK: "xnn.convert"(%arg0) : (tensor<2x3xbf16>) -> tensor<2x3xf32>
func.func @bn_bf16(%x: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  %w = "edge.constant"() {value = dense<[1.5, -0.5, 2.0]> : tensor<3xbf16>} : () -> tensor<3xbf16>
  %b = "edge.constant"() {value = dense<[0.1, 0.2, -0.3]> : tensor<3xbf16>} : () -> tensor<3xbf16>
  %m = "edge.constant"() {value = dense<[0.5, -1.0, 0.25]> : tensor<3xbf16>} : () -> tensor<3xbf16>
  %v = "edge.constant"() {value = dense<[1.0, 0.3, 4.0]> : tensor<3xbf16>} : () -> tensor<3xbf16>
  %y = "edge.batch_norm"(%x, %w, %b, %m, %v) {eps = 1.0e-5 : f64} : (tensor<2x3xbf16>, tensor<3xbf16>, tensor<3xbf16>, tensor<3xbf16>, tensor<3xbf16>) -> tensor<2x3xbf16>
  return %y : tensor<2x3xbf16>
}

// CHECK-LABEL: func.func private @xnn_delegate_5(
// CHECK: "xnn.static_reduce"(%arg0) {axes = array<i64: 2>, keep_dims = true, kind = "mean"} : (tensor<2x3x8xf32>) -> tensor<2x3x1xf32>
// CHECK: "xnn.binary"({{.*}}) {kind = "subtract"}
// CHECK: "xnn.static_reduce"
// CHECK: "xnn.unary"({{.*}}) {kind = "square_root"}
func.func @ln(%x: tensor<2x3x8xf32>, %w: tensor<8xf32>) -> (tensor<2x3x8xf32>, tensor<2x3x8xf32>) {
  %b = "edge.constant"() {value = dense<[0.1, 0.2, -0.3, 0.0, 1.0, -1.0, 0.5, 2.0]> : tensor<8xf32>} : () -> tensor<8xf32>
  %y = "edge.layer_norm"(%x, %w, %b) {normalized_shape = array<i64: 8>, eps = 1.0e-5 : f64} : (tensor<2x3x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
  %z = "edge.layer_norm"(%x) {normalized_shape = array<i64: 3, 8>, eps = 1.0e-2 : f64} : (tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  return %y, %z : tensor<2x3x8xf32>, tensor<2x3x8xf32>
}

// CHECK-LABEL: func.func private @xnn_delegate_6(
// CHECK: "xnn.convert"(%arg0) : (tensor<4x16xf16>) -> tensor<4x16xf32>
// CHECK: "xnn.static_reduce"({{.*}}) {axes = array<i64: 1>, keep_dims = true, kind = "mean"} : (tensor<4x16xf32>) -> tensor<4x1xf32>
func.func @ln_f16(%x: tensor<4x16xf16>, %w: tensor<16xf16>, %b: tensor<16xf16>) -> tensor<4x16xf16> {
  %y = "edge.layer_norm"(%x, %w, %b) {normalized_shape = array<i64: 16>, eps = 1.0e-5 : f64} : (tensor<4x16xf16>, tensor<16xf16>, tensor<16xf16>) -> tensor<4x16xf16>
  return %y : tensor<4x16xf16>
}

// CHECK-LABEL: func.func private @xnn_delegate_7(
// CHECK: "xnn.convert"(%arg0) : (tensor<4x16xbf16>) -> tensor<4x16xf32>
func.func @ln_bf16(%x: tensor<4x16xbf16>, %w: tensor<16xbf16>) -> tensor<4x16xbf16> {
  %y = "edge.layer_norm"(%x, %w) {normalized_shape = array<i64: 16>, eps = 1.0e-5 : f64} : (tensor<4x16xbf16>, tensor<16xbf16>) -> tensor<4x16xbf16>
  return %y : tensor<4x16xbf16>
}

// Over the last dim of a conv result: normalised on an NCHW copy.
// CHECK-LABEL: func.func private @xnn_delegate_8(
// CHECK: "xnn.convolution_2d"
// CHECK: "xnn.static_transpose"
// CHECK: "xnn.static_reduce"({{.*}}) {axes = array<i64: 3>, keep_dims = true, kind = "mean"} : (tensor<1x3x5x4xf32>) -> tensor<1x3x5x1xf32>
func.func @ln_after_conv(%x: tensor<1x2x5x4xf32>) -> tensor<1x3x5x4xf32> {
  %k = "edge.constant"() {value = dense<[[[[0.5]], [[-1.0]]], [[[1.0]], [[2.0]]], [[[0.125]], [[3.0]]]]> : tensor<3x2x1x1xf32>} : () -> tensor<3x2x1x1xf32>
  %c = "edge.conv2d"(%x, %k) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x2x5x4xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x5x4xf32>
  %y = "edge.layer_norm"(%c) {normalized_shape = array<i64: 4>, eps = 1.0e-5 : f64} : (tensor<1x3x5x4xf32>) -> tensor<1x3x5x4xf32>
  return %y : tensor<1x3x5x4xf32>
}

// alpha = 2 folds into the transposed filter and the constant bias, scaled by
// beta at compile time, is the fully connected bias; alpha = 0.3 is a
// multiply; beta = 0 ignores a NaN bias; a dynamic b is a batch matmul.
// CHECK-LABEL: func.func private @xnn_delegate_9(
// CHECK: "xnn.fully_connected"(%arg0, %{{.*}}, %{{.*}}) : (tensor<4x6xf32>, tensor<5x6xf32>, tensor<5xf32>) -> tensor<4x5xf32>
// CHECK: "xnn.fully_connected"(%arg0, %{{.*}}) : (tensor<4x6xf32>, tensor<5x6xf32>) -> tensor<4x5xf32>
// CHECK: "xnn.binary"({{.*}}) {kind = "multiply"}
// CHECK: "xnn.binary"({{.*}}) {kind = "add"}
// CHECK: "xnn.fully_connected"(%arg0, %{{.*}}) : (tensor<4x6xf32>, tensor<5x6xf32>) -> tensor<4x5xf32>
// CHECK: "xnn.batch_matrix_multiply"
func.func @addmm(%a: tensor<4x6xf32>, %b: tensor<6x5xf32>, %c: tensor<4x1xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>) {
  %k = "edge.constant"() {value = dense<[[0.5, -1.0, 0.25, 2.0, 1.5], [1.0, 0.75, -0.5, 0.125, -2.0], [0.3, 0.6, -0.9, 1.2, -1.5], [2.5, -0.25, 0.0, 1.0, 0.5], [-1.25, 0.5, 1.75, -0.75, 0.25], [0.1, -0.2, 0.3, -0.4, 0.5]]> : tensor<6x5xf32>} : () -> tensor<6x5xf32>
  %bias = "edge.constant"() {value = dense<[0.1, -0.2, 0.3, 1.0, -3.0]> : tensor<5xf32>} : () -> tensor<5xf32>
  %nan = "edge.constant"() {value = dense<0x7FC00000> : tensor<5xf32>} : () -> tensor<5xf32>
  %0 = "edge.addmm"(%bias, %a, %k) {alpha = 2.0 : f64, beta = 0.3 : f64} : (tensor<5xf32>, tensor<4x6xf32>, tensor<6x5xf32>) -> tensor<4x5xf32>
  %1 = "edge.addmm"(%c, %a, %k) {alpha = 0.3 : f64} : (tensor<4x1xf32>, tensor<4x6xf32>, tensor<6x5xf32>) -> tensor<4x5xf32>
  %2 = "edge.addmm"(%nan, %a, %k) {beta = 0.0 : f64} : (tensor<5xf32>, tensor<4x6xf32>, tensor<6x5xf32>) -> tensor<4x5xf32>
  %3 = "edge.addmm"(%bias, %a, %b) {alpha = 0.5 : f64, beta = 2.0 : f64} : (tensor<5xf32>, tensor<4x6xf32>, tensor<6x5xf32>) -> tensor<4x5xf32>
  return %0, %1, %2, %3 : tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>
}

// CHECK-LABEL: func.func private @xnn_delegate_10(
// CHECK: "xnn.fully_connected"({{.*}}) : (tensor<3x8xf32>, tensor<4x8xf32>, tensor<4xf32>) -> tensor<3x4xf32>
func.func @addmm_f16(%a: tensor<3x8xf16>) -> tensor<3x4xf16> {
  %k = "edge.constant"() {value = dense<0.25> : tensor<8x4xf16>} : () -> tensor<8x4xf16>
  %bias = "edge.constant"() {value = dense<[0.1, -0.2, 0.3, 1.0]> : tensor<4xf16>} : () -> tensor<4xf16>
  %0 = "edge.addmm"(%bias, %a, %k) : (tensor<4xf16>, tensor<3x8xf16>, tensor<8x4xf16>) -> tensor<3x4xf16>
  return %0 : tensor<3x4xf16>
}

// CHECK-LABEL: func.func private @xnn_delegate_11(
// CHECK: "xnn.batch_matrix_multiply"({{.*}}) : (tensor<1x3x8xf32>, tensor<1x8x4xf32>) -> tensor<1x3x4xf32>
func.func @addmm_bf16(%c: tensor<3x4xbf16>, %a: tensor<3x8xbf16>, %b: tensor<8x4xbf16>) -> tensor<3x4xbf16> {
  %0 = "edge.addmm"(%c, %a, %b) {alpha = 1.5 : f64} : (tensor<3x4xbf16>, tensor<3x8xbf16>, tensor<8x4xbf16>) -> tensor<3x4xbf16>
  return %0 : tensor<3x4xbf16>
}

// After a convolution: 1x1 is the mean over H and W, an even split an
// average pooling, the same size a copy; all on the NHWC value.
// CHECK-LABEL: func.func private @xnn_delegate_12(
// CHECK: "xnn.convolution_2d"
// CHECK: "xnn.static_reduce"({{.*}}) {axes = array<i64: 1, 2>, keep_dims = true, kind = "mean", xnn.layout = "NHWC"} : (tensor<1x6x4x3xf32>) -> tensor<1x1x1x3xf32>
// CHECK: "xnn.average_pooling_2d"({{.*}}) {padding = array<i64: 0, 0, 0, 0>, pooling = array<i64: 3, 2>, stride = array<i64: 3, 2>, xnn.layout = "NHWC"} : (tensor<1x6x4x3xf32>) -> tensor<1x2x2x3xf32>
// CHECK: "xnn.copy"
func.func @adaptive_after_conv(%x: tensor<1x2x6x4xf32>) -> (tensor<1x3x1x1xf32>, tensor<1x3x2x2xf32>, tensor<1x3x6x4xf32>) {
  %k = "edge.constant"() {value = dense<[[[[0.5]], [[-1.0]]], [[[1.0]], [[2.0]]], [[[0.125]], [[3.0]]]]> : tensor<3x2x1x1xf32>} : () -> tensor<3x2x1x1xf32>
  %c = "edge.conv2d"(%x, %k) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x2x6x4xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x6x4xf32>
  %0 = "edge.adaptive_avg_pool2d"(%c) {output_size = array<i64: 1, 1>} : (tensor<1x3x6x4xf32>) -> tensor<1x3x1x1xf32>
  %1 = "edge.adaptive_avg_pool2d"(%c) {output_size = array<i64: 2, 2>} : (tensor<1x3x6x4xf32>) -> tensor<1x3x2x2xf32>
  %2 = "edge.adaptive_avg_pool2d"(%c) {output_size = array<i64: 6, 4>} : (tensor<1x3x6x4xf32>) -> tensor<1x3x6x4xf32>
  return %0, %1, %2 : tensor<1x3x1x1xf32>, tensor<1x3x2x2xf32>, tensor<1x3x6x4xf32>
}

// f16 in f32 (XNNPACK's f16 average pooling is off by 2 f16 ulps here).
// CHECK-LABEL: func.func private @xnn_delegate_13(
// CHECK: "xnn.average_pooling_2d"({{.*}}) {{.*}} : (tensor<2x4x4x3xf32>) -> tensor<2x2x1x3xf32>
func.func @adaptive_f16(%x: tensor<2x3x4x4xf16>) -> (tensor<2x3x2x1xf16>, tensor<2x3x1x1xf16>) {
  %0 = "edge.adaptive_avg_pool2d"(%x) {output_size = array<i64: 2, 1>} : (tensor<2x3x4x4xf16>) -> tensor<2x3x2x1xf16>
  %1 = "edge.adaptive_avg_pool2d"(%x) {output_size = array<i64: 1, 1>} : (tensor<2x3x4x4xf16>) -> tensor<2x3x1x1xf16>
  return %0, %1 : tensor<2x3x2x1xf16>, tensor<2x3x1x1xf16>
}

// CHECK-LABEL: func.func private @xnn_delegate_14(
// CHECK: "xnn.average_pooling_2d"({{.*}}) {{.*}} : (tensor<1x4x4x3xf32>) -> tensor<1x2x2x3xf32>
func.func @adaptive_bf16(%x: tensor<1x3x4x4xbf16>) -> tensor<1x3x2x2xbf16> {
  %0 = "edge.adaptive_avg_pool2d"(%x) {output_size = array<i64: 2, 2>} : (tensor<1x3x4x4xbf16>) -> tensor<1x3x2x2xbf16>
  return %0 : tensor<1x3x2x2xbf16>
}

// Sizes that do not divide stay portable (the reference computes them).
// CHECK-LABEL: func.func @adaptive_uneven(
// CHECK: "edge.adaptive_avg_pool2d"(%arg0) {output_size = array<i64: 3, 4>, xnn.portable_reason = "adaptive_avg_pool2d from 7x6 to 3x4
func.func @adaptive_uneven(%x: tensor<1x2x7x6xf32>) -> tensor<1x2x3x4xf32> {
  %0 = "edge.adaptive_avg_pool2d"(%x) {output_size = array<i64: 3, 4>} : (tensor<1x2x7x6xf32>) -> tensor<1x2x3x4xf32>
  return %0 : tensor<1x2x3x4xf32>
}
