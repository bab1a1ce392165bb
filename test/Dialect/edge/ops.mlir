// Round trip of every edge op through stock mlir-opt (IRDL only) and through
// xnn-opt (IRDL + the project's C verifier, which must accept all of it).
// RUN: mlir-opt %s --irdl-file=%xnnmlir_irdl_dir/edge.irdl.mlir | mlir-opt --irdl-file=%xnnmlir_irdl_dir/edge.irdl.mlir | FileCheck %s
// RUN: xnn-opt %s | FileCheck %s

// CHECK-LABEL: func.func @constant
// CHECK: %{{.*}} = "edge.constant"() {value = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
// CHECK-NEXT: %{{.*}} = "edge.constant"() {value = dense<[1, 2, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
// CHECK-NEXT: %{{.*}} = "edge.constant"() {value = dense<5.000000e-01> : tensor<4xbf16>} : () -> tensor<4xbf16>
// CHECK-NEXT: %{{.*}} = "edge.constant"() {value = dense_resource<w0> : tensor<2xf16>} : () -> tensor<2xf16>
func.func @constant() -> (tensor<2x2xf32>, tensor<3xi64>, tensor<4xbf16>, tensor<2xf16>) {
  %0 = "edge.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %1 = "edge.constant"() {value = dense<[1, 2, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
  %2 = "edge.constant"() {value = dense<0.5> : tensor<4xbf16>} : () -> tensor<4xbf16>
  %3 = "edge.constant"() {value = dense_resource<w0> : tensor<2xf16>} : () -> tensor<2xf16>
  return %0, %1, %2, %3 : tensor<2x2xf32>, tensor<3xi64>, tensor<4xbf16>, tensor<2xf16>
}

// CHECK-LABEL: func.func @copies
// CHECK: %{{.*}} = "edge.to_copy"(%{{.*}}) {dtype = f16} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf16>
// CHECK-NEXT: %{{.*}} = "edge.to_copy"(%{{.*}}) {memory_format = "channels_last"} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT: %{{.*}} = "edge.to_copy"(%{{.*}}) : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT: %{{.*}} = "edge.to_dim_order_copy"(%{{.*}}) {dim_order = array<i64: 0, 2, 3, 1>, dtype = bf16} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xbf16>
// CHECK-NEXT: %{{.*}} = "edge.to_dim_order_copy"(%{{.*}}) : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
func.func @copies(%x: tensor<1x3x4x4xf32>) -> (tensor<1x3x4x4xf16>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xbf16>, tensor<1x3x4x4xf32>) {
  %0 = "edge.to_copy"(%x) {dtype = f16} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf16>
  %1 = "edge.to_copy"(%x) {memory_format = "channels_last"} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %2 = "edge.to_copy"(%x) : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %3 = "edge.to_dim_order_copy"(%x) {dim_order = array<i64: 0, 2, 3, 1>, dtype = bf16} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xbf16>
  %4 = "edge.to_dim_order_copy"(%x) : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %0, %1, %2, %3, %4 : tensor<1x3x4x4xf16>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xbf16>, tensor<1x3x4x4xf32>
}

// CHECK-LABEL: func.func @binary
// CHECK: %{{.*}} = "edge.add"(%{{.*}}, %{{.*}}) {alpha = 1.000000e+00 : f64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.add"(%{{.*}}, %{{.*}}) : (tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.sub"(%{{.*}}, %{{.*}}) {alpha = 2.500000e+00 : f64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.mul"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.div"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.maximum"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.minimum"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.pow"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.mul"(%{{.*}}, %{{.*}}) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
func.func @binary(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %c: tensor<2x1xf32>, %i: tensor<4xi64>) -> tensor<4xi64> {
  %0 = "edge.add"(%a, %b) {alpha = 1.000000e+00 : f64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "edge.add"(%b, %c) : (tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %2 = "edge.sub"(%a, %b) {alpha = 2.500000e+00 : f64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %3 = "edge.mul"(%a, %c) : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %4 = "edge.div"(%a, %a) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = "edge.maximum"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %6 = "edge.minimum"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %7 = "edge.pow"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %8 = "edge.mul"(%i, %i) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  return %8 : tensor<4xi64>
}

// CHECK-LABEL: func.func @unary
// CHECK: %{{.*}} = "edge.relu"(%{{.*}}) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
// CHECK-NEXT: %{{.*}} = "edge.sigmoid"(%{{.*}}) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
// CHECK-NEXT: %{{.*}} = "edge.tanh"(%{{.*}}) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
// CHECK-NEXT: %{{.*}} = "edge.rsqrt"(%{{.*}}) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
// CHECK-NEXT: %{{.*}} = "edge.sqrt"(%{{.*}}) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
// CHECK-NEXT: %{{.*}} = "edge.neg"(%{{.*}}) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
// CHECK-NEXT: %{{.*}} = "edge.abs"(%{{.*}}) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
// CHECK-NEXT: %{{.*}} = "edge.exp"(%{{.*}}) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
// CHECK-NEXT: %{{.*}} = "edge.log"(%{{.*}}) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
// CHECK-NEXT: %{{.*}} = "edge.gelu"(%{{.*}}) : (tensor<8xf16>) -> tensor<8xf16>
// CHECK-NEXT: %{{.*}} = "edge.gelu"(%{{.*}}) {approximate = "tanh"} : (tensor<8xf16>) -> tensor<8xf16>
// CHECK-NEXT: %{{.*}} = "edge.hardtanh"(%{{.*}}) {max_val = 6.000000e+00 : f64, min_val = 0.000000e+00 : f64} : (tensor<8xf16>) -> tensor<8xf16>
func.func @unary(%x: tensor<2x3xbf16>, %h: tensor<8xf16>) -> tensor<8xf16> {
  %0 = "edge.relu"(%x) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %1 = "edge.sigmoid"(%x) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %2 = "edge.tanh"(%x) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %3 = "edge.rsqrt"(%x) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %4 = "edge.sqrt"(%x) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %5 = "edge.neg"(%x) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %6 = "edge.abs"(%x) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %7 = "edge.exp"(%x) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %8 = "edge.log"(%x) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %9 = "edge.gelu"(%h) : (tensor<8xf16>) -> tensor<8xf16>
  %10 = "edge.gelu"(%h) {approximate = "tanh"} : (tensor<8xf16>) -> tensor<8xf16>
  %11 = "edge.hardtanh"(%h) {max_val = 6.000000e+00 : f64, min_val = 0.000000e+00 : f64} : (tensor<8xf16>) -> tensor<8xf16>
  return %11 : tensor<8xf16>
}

// CHECK-LABEL: func.func @activations
// CHECK: %{{.*}} = "edge.silu"(%{{.*}}) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.hardswish"(%{{.*}}) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.hardsigmoid"(%{{.*}}) : (tensor<8xf16>) -> tensor<8xf16>
// CHECK-NEXT: %{{.*}} = "edge.leaky_relu"(%{{.*}}) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
// CHECK-NEXT: %{{.*}} = "edge.leaky_relu"(%{{.*}}) {negative_slope = 2.000000e-01 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.elu"(%{{.*}}) : (tensor<8xf16>) -> tensor<8xf16>
// CHECK-NEXT: %{{.*}} = "edge.elu"(%{{.*}}) {alpha = 5.000000e-01 : f64} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
// CHECK-NEXT: %{{.*}} = "edge.clamp"(%{{.*}}) {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.clamp"(%{{.*}}) {min = -1.000000e+00 : f64} : (tensor<8xf16>) -> tensor<8xf16>
// CHECK-NEXT: %{{.*}} = "edge.clamp"(%{{.*}}) {max = 2.500000e-01 : f64} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
// CHECK-NEXT: %{{.*}} = "edge.clamp"(%{{.*}}) {max = 1.000000e+00 : f64, min = 2.000000e+00 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @activations(%x: tensor<2x3xf32>, %h: tensor<8xf16>, %b: tensor<2x3xbf16>) -> tensor<2x3xf32> {
  %0 = "edge.silu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "edge.hardswish"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "edge.hardsigmoid"(%h) : (tensor<8xf16>) -> tensor<8xf16>
  %3 = "edge.leaky_relu"(%b) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %4 = "edge.leaky_relu"(%x) {negative_slope = 0.2 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = "edge.elu"(%h) : (tensor<8xf16>) -> tensor<8xf16>
  %6 = "edge.elu"(%b) {alpha = 0.5 : f64} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %7 = "edge.clamp"(%x) {min = 0.0 : f64, max = 6.0 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %8 = "edge.clamp"(%h) {min = -1.0 : f64} : (tensor<8xf16>) -> tensor<8xf16>
  %9 = "edge.clamp"(%b) {max = 0.25 : f64} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  // min > max is valid, as in ATen (the result is max).
  %10 = "edge.clamp"(%x) {min = 2.0 : f64, max = 1.0 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %10 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @reductions
// CHECK: %{{.*}} = "edge.mean"(%{{.*}}) {dims = array<i64: -1>, keepdim = true} : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
// CHECK-NEXT: %{{.*}} = "edge.mean"(%{{.*}}) {dims = array<i64: 0, 2>, keepdim = false} : (tensor<2x3x4xf32>) -> tensor<3xf32>
// CHECK-NEXT: %{{.*}} = "edge.sum"(%{{.*}}) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %{{.*}} = "edge.sum"(%{{.*}}) {dims = array<i64>, keepdim = false} : (tensor<2x3x4xf32>) -> tensor<f32>
// CHECK-NEXT: %{{.*}} = "edge.softmax"(%{{.*}}) {dim = -1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %{{.*}} = "edge.amax"(%{{.*}}) {dims = array<i64: 0, -1>, keepdim = true} : (tensor<2x3x4xf32>) -> tensor<1x3x1xf32>
// CHECK-NEXT: %{{.*}} = "edge.argmax"(%{{.*}}) {dim = 1 : i64, keepdim = false} : (tensor<2x3x4xf32>) -> tensor<2x4xi64>
func.func @reductions(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = "edge.mean"(%x) {dims = array<i64: -1>, keepdim = true} : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
  %1 = "edge.mean"(%x) {dims = array<i64: 0, 2>, keepdim = false} : (tensor<2x3x4xf32>) -> tensor<3xf32>
  %2 = "edge.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  %3 = "edge.sum"(%x) {dims = array<i64>, keepdim = false} : (tensor<2x3x4xf32>) -> tensor<f32>
  %4 = "edge.softmax"(%x) {dim = -1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %5 = "edge.amax"(%x) {dims = array<i64: 0, -1>, keepdim = true} : (tensor<2x3x4xf32>) -> tensor<1x3x1xf32>
  %6 = "edge.argmax"(%x) {dim = 1 : i64, keepdim = false} : (tensor<2x3x4xf32>) -> tensor<2x4xi64>
  return %4 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @matmul
// CHECK: %{{.*}} = "edge.linear"(%{{.*}}, %{{.*}}) : (tensor<2x5x8xf32>, tensor<16x8xf32>) -> tensor<2x5x16xf32>
// CHECK-NEXT: %{{.*}} = "edge.linear"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<2x5x8xf32>, tensor<16x8xf32>, tensor<16xf32>) -> tensor<2x5x16xf32>
// CHECK-NEXT: %{{.*}} = "edge.mm"(%{{.*}}, %{{.*}}) : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.bmm"(%{{.*}}, %{{.*}}) : (tensor<2x4x8xf32>, tensor<2x8x3xf32>) -> tensor<2x4x3xf32>
func.func @matmul(%x: tensor<2x5x8xf32>, %w: tensor<16x8xf32>, %b: tensor<16xf32>, %m: tensor<4x8xf32>, %n: tensor<8x3xf32>, %ba: tensor<2x4x8xf32>, %bb: tensor<2x8x3xf32>) -> tensor<2x4x3xf32> {
  %0 = "edge.linear"(%x, %w) : (tensor<2x5x8xf32>, tensor<16x8xf32>) -> tensor<2x5x16xf32>
  %1 = "edge.linear"(%x, %w, %b) : (tensor<2x5x8xf32>, tensor<16x8xf32>, tensor<16xf32>) -> tensor<2x5x16xf32>
  %2 = "edge.mm"(%m, %n) : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  %3 = "edge.bmm"(%ba, %bb) : (tensor<2x4x8xf32>, tensor<2x8x3xf32>) -> tensor<2x4x3xf32>
  return %3 : tensor<2x4x3xf32>
}

// CHECK-LABEL: func.func @attention
// CHECK: %{{.*}} = "edge.sdpa"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<1x4x6x16xf32>, tensor<1x4x10x16xf32>, tensor<1x4x10x8xf32>) -> tensor<1x4x6x8xf32>
// CHECK-NEXT: %{{.*}} = "edge.sdpa"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {scale = 2.500000e-01 : f64} : (tensor<1x4x6x16xf32>, tensor<1x4x10x16xf32>, tensor<1x4x10x8xf32>, tensor<6x10xi1>) -> tensor<1x4x6x8xf32>
// CHECK-NEXT: %{{.*}} = "edge.sdpa"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<1x4x6x16xf32>, tensor<1x4x10x16xf32>, tensor<1x4x10x8xf32>, tensor<1x1x6x10xf32>) -> tensor<1x4x6x8xf32>
// CHECK-NEXT: %{{.*}} = "edge.sdpa"(%{{.*}}, %{{.*}}, %{{.*}}) {is_causal = true} : (tensor<1x4x6x16xf32>, tensor<1x4x10x16xf32>, tensor<1x4x10x8xf32>) -> tensor<1x4x6x8xf32>
func.func @attention(%q: tensor<1x4x6x16xf32>, %k: tensor<1x4x10x16xf32>, %v: tensor<1x4x10x8xf32>, %mask: tensor<6x10xi1>, %fmask: tensor<1x1x6x10xf32>) -> tensor<1x4x6x8xf32> {
  %0 = "edge.sdpa"(%q, %k, %v) : (tensor<1x4x6x16xf32>, tensor<1x4x10x16xf32>, tensor<1x4x10x8xf32>) -> tensor<1x4x6x8xf32>
  %1 = "edge.sdpa"(%q, %k, %v, %mask) {scale = 2.500000e-01 : f64} : (tensor<1x4x6x16xf32>, tensor<1x4x10x16xf32>, tensor<1x4x10x8xf32>, tensor<6x10xi1>) -> tensor<1x4x6x8xf32>
  %2 = "edge.sdpa"(%q, %k, %v, %fmask) : (tensor<1x4x6x16xf32>, tensor<1x4x10x16xf32>, tensor<1x4x10x8xf32>, tensor<1x1x6x10xf32>) -> tensor<1x4x6x8xf32>
  %3 = "edge.sdpa"(%q, %k, %v) {is_causal = true} : (tensor<1x4x6x16xf32>, tensor<1x4x10x16xf32>, tensor<1x4x10x8xf32>) -> tensor<1x4x6x8xf32>
  return %3 : tensor<1x4x6x8xf32>
}

// CHECK-LABEL: func.func @conv3d
// CHECK: %{{.*}} = "edge.conv3d"(%{{.*}}, %{{.*}}, %{{.*}}) {dilation = array<i64: 1, 2, 1>, groups = 2 : i64, padding = array<i64: 1, 0, 1>, stride = array<i64: 2, 1, 1>} : (tensor<1x4x5x6x7xf32>, tensor<8x2x3x3x3xf32>, tensor<8xf32>) -> tensor<1x8x3x2x7xf32>
func.func @conv3d(%x: tensor<1x4x5x6x7xf32>, %w: tensor<8x2x3x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x3x2x7xf32> {
  %0 = "edge.conv3d"(%x, %w, %b) {dilation = array<i64: 1, 2, 1>, groups = 2 : i64, padding = array<i64: 1, 0, 1>, stride = array<i64: 2, 1, 1>} : (tensor<1x4x5x6x7xf32>, tensor<8x2x3x3x3xf32>, tensor<8xf32>) -> tensor<1x8x3x2x7xf32>
  return %0 : tensor<1x8x3x2x7xf32>
}

// CHECK-LABEL: func.func @conv_pool
// CHECK: %{{.*}} = "edge.conv2d"(%{{.*}}, %{{.*}}, %{{.*}}) {dilation = array<i64: 1, 1>, groups = 2 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x4x9x9xf32>, tensor<8x2x3x3xf32>, tensor<8xf32>) -> tensor<1x8x5x5xf32>
// CHECK-NEXT: %{{.*}} = "edge.conv2d"(%{{.*}}, %{{.*}}) {dilation = array<i64: 2, 1>, groups = 2 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x9x9xf32>, tensor<8x2x3x3xf32>) -> tensor<1x8x5x7xf32>
// CHECK-NEXT: %{{.*}} = "edge.max_pool2d"(%{{.*}}) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel_size = array<i64: 3, 3>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x9x9xf32>) -> tensor<1x4x4x4xf32>
// CHECK-NEXT: %{{.*}} = "edge.max_pool2d"(%{{.*}}) {ceil_mode = true, dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x9x9xf32>) -> tensor<1x4x5x5xf32>
// CHECK-NEXT: %{{.*}} = "edge.avg_pool2d"(%{{.*}}) {kernel_size = array<i64: 2, 2>, padding = array<i64: 1, 1>, stride = array<i64: 3, 3>} : (tensor<1x4x9x9xf32>) -> tensor<1x4x4x4xf32>
// CHECK-NEXT: %{{.*}} = "edge.max_pool2d_indices"(%{{.*}}) {ceil_mode = true, dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x9x9xf32>) -> tensor<1x4x5x5xi64>
// CHECK-NEXT: %{{.*}} = "edge.avg_pool2d"(%{{.*}}) {ceil_mode = true, count_include_pad = false, divisor_override = 3 : i64, kernel_size = array<i64: 2, 2>, padding = array<i64: 1, 1>, stride = array<i64: 3, 3>} : (tensor<1x4x9x9xf32>) -> tensor<1x4x4x4xf32>
func.func @conv_pool(%x: tensor<1x4x9x9xf32>, %w: tensor<8x2x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x4x4x4xf32> {
  %0 = "edge.conv2d"(%x, %w, %b) {dilation = array<i64: 1, 1>, groups = 2 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x4x9x9xf32>, tensor<8x2x3x3xf32>, tensor<8xf32>) -> tensor<1x8x5x5xf32>
  %1 = "edge.conv2d"(%x, %w) {dilation = array<i64: 2, 1>, groups = 2 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x9x9xf32>, tensor<8x2x3x3xf32>) -> tensor<1x8x5x7xf32>
  %2 = "edge.max_pool2d"(%x) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel_size = array<i64: 3, 3>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x9x9xf32>) -> tensor<1x4x4x4xf32>
  %3 = "edge.max_pool2d"(%x) {ceil_mode = true, dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x9x9xf32>) -> tensor<1x4x5x5xf32>
  %4 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 2, 2>, padding = array<i64: 1, 1>, stride = array<i64: 3, 3>} : (tensor<1x4x9x9xf32>) -> tensor<1x4x4x4xf32>
  %i = "edge.max_pool2d_indices"(%x) {ceil_mode = true, dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x9x9xf32>) -> tensor<1x4x5x5xi64>
  %a = "edge.avg_pool2d"(%x) {ceil_mode = true, count_include_pad = false, divisor_override = 3 : i64, kernel_size = array<i64: 2, 2>, padding = array<i64: 1, 1>, stride = array<i64: 3, 3>} : (tensor<1x4x9x9xf32>) -> tensor<1x4x4x4xf32>
  return %4 : tensor<1x4x4x4xf32>
}

// CHECK-LABEL: func.func @shape
// CHECK: %{{.*}} = "edge.view"(%{{.*}}) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
// CHECK-NEXT: %{{.*}} = "edge.permute"(%{{.*}}) {dims = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.permute"(%{{.*}}) {dims = array<i64: -1, -3, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.cat"(%{{.*}}, %{{.*}}) {dim = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>) -> tensor<2x8x4xf32>
// CHECK-NEXT: %{{.*}} = "edge.cat"(%{{.*}}, %{{.*}}, %{{.*}}) {dim = -2 : i64} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>, tensor<2x5x4xf32>) -> tensor<2x13x4xf32>
// CHECK-NEXT: %{{.*}} = "edge.cat"(%{{.*}}) {dim = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %{{.*}} = "edge.slice"(%{{.*}}) {dim = 1 : i64, end = 9223372036854775807 : i64, start = 1 : i64, step = 2 : i64} : (tensor<2x5x4xf32>) -> tensor<2x2x4xf32>
// CHECK-NEXT: %{{.*}} = "edge.slice"(%{{.*}}) {dim = -1 : i64, end = -1 : i64, start = -3 : i64, step = 1 : i64} : (tensor<2x5x4xf32>) -> tensor<2x5x2xf32>
// CHECK-NEXT: %{{.*}} = "edge.embedding"(%{{.*}}, %{{.*}}) : (tensor<10x6xf32>, tensor<2x7xi64>) -> tensor<2x7x6xf32>
func.func @shape(%x: tensor<2x3x4xf32>, %y: tensor<2x5x4xf32>, %w: tensor<10x6xf32>, %idx: tensor<2x7xi64>) -> tensor<2x7x6xf32> {
  %0 = "edge.view"(%x) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %1 = "edge.permute"(%x) {dims = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %2 = "edge.permute"(%x) {dims = array<i64: -1, -3, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %3 = "edge.cat"(%x, %y) {dim = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>) -> tensor<2x8x4xf32>
  %4 = "edge.cat"(%x, %y, %y) {dim = -2 : i64} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>, tensor<2x5x4xf32>) -> tensor<2x13x4xf32>
  %5 = "edge.cat"(%x) {dim = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %6 = "edge.slice"(%y) {dim = 1 : i64, end = 9223372036854775807 : i64, start = 1 : i64, step = 2 : i64} : (tensor<2x5x4xf32>) -> tensor<2x2x4xf32>
  %7 = "edge.slice"(%y) {dim = -1 : i64, end = -1 : i64, start = -3 : i64, step = 1 : i64} : (tensor<2x5x4xf32>) -> tensor<2x5x2xf32>
  %8 = "edge.embedding"(%w, %idx) : (tensor<10x6xf32>, tensor<2x7xi64>) -> tensor<2x7x6xf32>
  return %8 : tensor<2x7x6xf32>
}

{-#
  dialect_resources: {
    builtin: {
      w0: "0x0200000000000000"
    }
  }
#-}

// CHECK-LABEL: func.func @squeeze_family
// CHECK: %{{.*}} = "edge.unsqueeze"(%{{.*}}) {dim = -2 : i64} : (tensor<2x1x3xf32>) -> tensor<2x1x1x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.unsqueeze"(%{{.*}}) {dim = 0 : i64} : (tensor<f32>) -> tensor<1xf32>
// CHECK-NEXT: %{{.*}} = "edge.squeeze"(%{{.*}}) : (tensor<2x1x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.squeeze"(%{{.*}}) {dims = array<i64: -2, 0>} : (tensor<2x1x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.squeeze"(%{{.*}}) {dims = array<i64: -1>} : (tensor<f32>) -> tensor<f32>
// CHECK-NEXT: %{{.*}} = "edge.transpose"(%{{.*}}) {dim0 = 0 : i64, dim1 = -1 : i64} : (tensor<2x1x3xf32>) -> tensor<3x1x2xf32>
// CHECK-NEXT: %{{.*}} = "edge.transpose"(%{{.*}}) {dim0 = 0 : i64, dim1 = -1 : i64} : (tensor<f32>) -> tensor<f32>
func.func @squeeze_family(%x: tensor<2x1x3xf32>, %s: tensor<f32>) -> tensor<3x1x2xf32> {
  %0 = "edge.unsqueeze"(%x) {dim = -2 : i64} : (tensor<2x1x3xf32>) -> tensor<2x1x1x3xf32>
  %1 = "edge.unsqueeze"(%s) {dim = 0 : i64} : (tensor<f32>) -> tensor<1xf32>
  %2 = "edge.squeeze"(%x) : (tensor<2x1x3xf32>) -> tensor<2x3xf32>
  %3 = "edge.squeeze"(%x) {dims = array<i64: -2, 0>} : (tensor<2x1x3xf32>) -> tensor<2x3xf32>
  %4 = "edge.squeeze"(%s) {dims = array<i64: -1>} : (tensor<f32>) -> tensor<f32>
  %5 = "edge.transpose"(%x) {dim0 = 0 : i64, dim1 = -1 : i64} : (tensor<2x1x3xf32>) -> tensor<3x1x2xf32>
  %6 = "edge.transpose"(%s) {dim0 = 0 : i64, dim1 = -1 : i64} : (tensor<f32>) -> tensor<f32>
  return %5 : tensor<3x1x2xf32>
}

// CHECK-LABEL: func.func @expand_pad_roll
// CHECK: %{{.*}} = "edge.expand"(%{{.*}}) : (tensor<2x1x3xf32>) -> tensor<4x2x5x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.constant_pad_nd"(%{{.*}}) {pad = array<i64: -1, 0, 1, 2>, value = -5.000000e-01 : f64} : (tensor<2x1x3xf32>) -> tensor<2x4x2xf32>
// CHECK-NEXT: %{{.*}} = "edge.constant_pad_nd"(%{{.*}}) {pad = array<i64>} : (tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.roll"(%{{.*}}) {dims = array<i64: 0, -1>, shifts = array<i64: 1, -4>} : (tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.roll"(%{{.*}}) {dims = array<i64>, shifts = array<i64: 3>} : (tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
func.func @expand_pad_roll(%x: tensor<2x1x3xf32>) -> tensor<2x1x3xf32> {
  %0 = "edge.expand"(%x) : (tensor<2x1x3xf32>) -> tensor<4x2x5x3xf32>
  %1 = "edge.constant_pad_nd"(%x) {pad = array<i64: -1, 0, 1, 2>, value = -5.000000e-01 : f64} : (tensor<2x1x3xf32>) -> tensor<2x4x2xf32>
  %2 = "edge.constant_pad_nd"(%x) {pad = array<i64>} : (tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
  %3 = "edge.roll"(%x) {dims = array<i64: 0, -1>, shifts = array<i64: 1, -4>} : (tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
  %4 = "edge.roll"(%x) {dims = array<i64>, shifts = array<i64: 3>} : (tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
  return %4 : tensor<2x1x3xf32>
}

// Pieces of one shape: stock IRDL types a variadic result list with one type
// (test/Dialect/edge/split-pieces.mlir has pieces of different shapes).
// CHECK-LABEL: func.func @split
// CHECK: %{{.*}} = "edge.split"(%{{.*}}) {dim = -1 : i64, split_sizes = array<i64: 3, 3>} : (tensor<2x6xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
// CHECK-NEXT: %{{.*}} = "edge.split"(%{{.*}}) {dim = 0 : i64, split_sizes = array<i64: 2>} : (tensor<2x6xf32>) -> tensor<2x6xf32>
func.func @split(%x: tensor<2x6xf32>) -> tensor<2x3xf32> {
  %0:2 = "edge.split"(%x) {dim = -1 : i64, split_sizes = array<i64: 3, 3>} : (tensor<2x6xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  %1 = "edge.split"(%x) {dim = 0 : i64, split_sizes = array<i64: 2>} : (tensor<2x6xf32>) -> tensor<2x6xf32>
  return %0#1 : tensor<2x3xf32>
}

// Normalisation, addmm and adaptive pooling (SPEC 3.1.1).
// CHECK-LABEL: func.func @norms
// CHECK: %{{.*}} = "edge.batch_norm"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {eps = 1.000000e-05 : f64} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x4xf32>
// CHECK-NEXT: %{{.*}} = "edge.layer_norm"(%{{.*}}) {eps = 1.000000e-05 : f64, normalized_shape = array<i64: 4, 4>} : (tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
// CHECK-NEXT: %{{.*}} = "edge.layer_norm"(%{{.*}}, %{{.*}}, %{{.*}}) {eps = 9.9999999999999995E-7 : f64, normalized_shape = array<i64: 4>} : (tensor<2x3x4x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4x4xf32>
// CHECK-NEXT: %{{.*}} = "edge.addmm"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<4xf32>, tensor<3x4xf32>, tensor<4x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %{{.*}} = "edge.addmm"(%{{.*}}, %{{.*}}, %{{.*}}) {alpha = 2.000000e+00 : f64, beta = 0.000000e+00 : f64} : (tensor<f32>, tensor<3x4xf32>, tensor<4x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %{{.*}} = "edge.adaptive_avg_pool2d"(%{{.*}}) {output_size = array<i64: 1, 3>} : (tensor<2x3x4x4xf32>) -> tensor<2x3x1x3xf32>
// CHECK-NEXT: %{{.*}} = "edge.adaptive_avg_pool2d"(%{{.*}}) {output_size = array<i64: 2, 2>} : (tensor<3x4x4xf32>) -> tensor<3x2x2xf32>
func.func @norms(%x: tensor<2x3x4x4xf32>, %c: tensor<3xf32>, %v: tensor<4xf32>, %a: tensor<3x4xf32>, %b: tensor<4x4xf32>, %s: tensor<f32>, %x3: tensor<3x4x4xf32>) -> tensor<2x3x4x4xf32> {
  %0 = "edge.batch_norm"(%x, %c, %c, %c, %c) {eps = 1.0e-5 : f64} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x4xf32>
  %1 = "edge.layer_norm"(%x) {normalized_shape = array<i64: 4, 4>, eps = 1.0e-5 : f64} : (tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  %2 = "edge.layer_norm"(%x, %v, %v) {normalized_shape = array<i64: 4>, eps = 1.0e-6 : f64} : (tensor<2x3x4x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4x4xf32>
  %3 = "edge.addmm"(%v, %a, %b) : (tensor<4xf32>, tensor<3x4xf32>, tensor<4x4xf32>) -> tensor<3x4xf32>
  %4 = "edge.addmm"(%s, %a, %b) {alpha = 2.0 : f64, beta = 0.0 : f64} : (tensor<f32>, tensor<3x4xf32>, tensor<4x4xf32>) -> tensor<3x4xf32>
  %5 = "edge.adaptive_avg_pool2d"(%x) {output_size = array<i64: 1, 3>} : (tensor<2x3x4x4xf32>) -> tensor<2x3x1x3xf32>
  %6 = "edge.adaptive_avg_pool2d"(%x3) {output_size = array<i64: 2, 2>} : (tensor<3x4x4xf32>) -> tensor<3x2x2xf32>
  return %2 : tensor<2x3x4x4xf32>
}

// CHECK-LABEL: func.func @conv_transpose_upsample
// CHECK: "edge.conv_transpose2d"(%{{.*}}, %{{.*}}, %{{.*}}) {dilation = array<i64: 1, 1>, groups = 2 : i64, output_padding = array<i64: 1, 1>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x4x5x5xf32>, tensor<4x3x3x3xf32>, tensor<6xf32>) -> tensor<1x6x10x10xf32>
// CHECK-NEXT: "edge.conv_transpose2d"(%{{.*}}, %{{.*}}) {dilation = array<i64: 2, 2>, groups = 1 : i64, output_padding = array<i64: 1, 0>, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x5x5xf32>, tensor<4x3x3x3xf32>) -> tensor<1x3x10x9xf32>
// CHECK-NEXT: "edge.upsample_nearest2d"(%{{.*}}) {output_size = array<i64: 10, 15>} : (tensor<1x4x5x5xf32>) -> tensor<1x4x10x15xf32>
// CHECK-NEXT: "edge.upsample_bilinear2d"(%{{.*}}) {align_corners = false, output_size = array<i64: 7, 3>} : (tensor<1x4x5x5xf32>) -> tensor<1x4x7x3xf32>
// CHECK-NEXT: "edge.upsample_bilinear2d"(%{{.*}}) {align_corners = true, output_size = array<i64: 1, 1>} : (tensor<1x4x5x5xf32>) -> tensor<1x4x1x1xf32>
// CHECK-NEXT: "edge.upsample_bilinear2d_aa"(%{{.*}}) {align_corners = false, output_size = array<i64: 2, 3>} : (tensor<1x4x5x5xf32>) -> tensor<1x4x2x3xf32>
func.func @conv_transpose_upsample(%x: tensor<1x4x5x5xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x10x10xf32> {
  %0 = "edge.conv_transpose2d"(%x, %w, %b) {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, output_padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 2} : (tensor<1x4x5x5xf32>, tensor<4x3x3x3xf32>, tensor<6xf32>) -> tensor<1x6x10x10xf32>
  %1 = "edge.conv_transpose2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, output_padding = array<i64: 1, 0>, dilation = array<i64: 2, 2>, groups = 1} : (tensor<1x4x5x5xf32>, tensor<4x3x3x3xf32>) -> tensor<1x3x10x9xf32>
  %2 = "edge.upsample_nearest2d"(%x) {output_size = array<i64: 10, 15>} : (tensor<1x4x5x5xf32>) -> tensor<1x4x10x15xf32>
  %3 = "edge.upsample_bilinear2d"(%x) {output_size = array<i64: 7, 3>, align_corners = false} : (tensor<1x4x5x5xf32>) -> tensor<1x4x7x3xf32>
  %4 = "edge.upsample_bilinear2d"(%x) {output_size = array<i64: 1, 1>, align_corners = true} : (tensor<1x4x5x5xf32>) -> tensor<1x4x1x1xf32>
  %5 = "edge.upsample_bilinear2d_aa"(%x) {output_size = array<i64: 2, 3>, align_corners = false} : (tensor<1x4x5x5xf32>) -> tensor<1x4x2x3xf32>
  return %0 : tensor<1x6x10x10xf32>
}

// CHECK-LABEL: func.func @compare_select
// CHECK: "edge.eq"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT: "edge.ne"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT: "edge.lt"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT: "edge.le"(%{{.*}}, %{{.*}}) : (tensor<i64>, tensor<4x1xi64>) -> tensor<4x1xi1>
// CHECK-NEXT: "edge.gt"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT: "edge.ge"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT: "edge.where"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<2x3xi1>, tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: "edge.masked_fill"(%{{.*}}, %{{.*}}) {value = 0xFFF0000000000000 : f64} : (tensor<3xf32>, tensor<2x3xi1>) -> tensor<2x3xf32>
func.func @compare_select(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %c: tensor<2x1xf32>, %i: tensor<i64>, %j: tensor<4x1xi64>) -> tensor<2x3xf32> {
  %0 = "edge.eq"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %1 = "edge.ne"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %2 = "edge.lt"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %3 = "edge.le"(%i, %j) : (tensor<i64>, tensor<4x1xi64>) -> tensor<4x1xi1>
  %4 = "edge.gt"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %5 = "edge.ge"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %6 = "edge.where"(%0, %b, %c) : (tensor<2x3xi1>, tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %7 = "edge.masked_fill"(%b, %1) {value = 0xFFF0000000000000 : f64} : (tensor<3xf32>, tensor<2x3xi1>) -> tensor<2x3xf32>
  return %7 : tensor<2x3xf32>
}

// Ops a decoder with a KV cache needs (issue 28). Stock mlir-opt's IRDL binds
// one type across index_put's / index's variadic index list, so the index
// tensors of one op share a type here (the C verifier allows any mix).
// CHECK-LABEL: func.func @decoder_ops
// CHECK: "edge.sin"(%{{.*}}) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: "edge.cos"(%{{.*}}) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
// CHECK-NEXT: "edge.ceil"(%{{.*}}) : (tensor<2x3xf16>) -> tensor<2x3xf16>
// CHECK-NEXT: "edge.floor"(%{{.*}}) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: "edge.bitwise_and"(%{{.*}}, %{{.*}}) : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2x3xi1>
// CHECK-NEXT: "edge.bitwise_or"(%{{.*}}, %{{.*}}) : (tensor<2x3xi64>, tensor<2x1xi64>) -> tensor<2x3xi64>
// CHECK-NEXT: "edge.bitwise_xor"(%{{.*}}, %{{.*}}) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT: "edge.bitwise_not"(%{{.*}}) : (tensor<2x3xi1>) -> tensor<2x3xi1>
// CHECK-NEXT: "edge.index"(%{{.*}}, %{{.*}}) {indexed_dims = array<i64: 0>} : (tensor<16x4xf32>, tensor<1x3xi64>) -> tensor<1x3x4xf32>
// CHECK-NEXT: "edge.index"(%{{.*}}, %{{.*}}, %{{.*}}) {indexed_dims = array<i64: 0, 2>} : (tensor<2x8x4xf32>, tensor<3xi64>, tensor<3xi64>) -> tensor<3x8xf32>
// CHECK-NEXT: "edge.index_put"(%{{.*}}, %{{.*}}, %{{.*}}) {indexed_dims = array<i64: 1>} : (tensor<2x8x4xf32>, tensor<2x1x4xf32>, tensor<1xi64>) -> tensor<2x8x4xf32>
// CHECK-NEXT: "edge.index_put"(%{{.*}}, %{{.*}}, %{{.*}}) {accumulate = true, indexed_dims = array<i64: 0>} : (tensor<16x4xf32>, tensor<f32>, tensor<1x3xi64>) -> tensor<16x4xf32>
func.func @decoder_ops(%x: tensor<2x3xf32>, %h: tensor<2x3xbf16>, %g: tensor<2x3xf16>, %m: tensor<2x3xi1>, %n: tensor<3xi1>,
                       %a: tensor<2x3xi64>, %b: tensor<2x1xi64>, %c: tensor<2x3xi32>, %t: tensor<16x4xf32>, %i: tensor<1x3xi64>,
                       %cache: tensor<2x8x4xf32>, %p: tensor<3xi64>, %k: tensor<2x1x4xf32>, %pos: tensor<1xi64>, %s: tensor<f32>) {
  %0 = "edge.sin"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "edge.cos"(%h) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %2 = "edge.ceil"(%g) : (tensor<2x3xf16>) -> tensor<2x3xf16>
  %3 = "edge.floor"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = "edge.bitwise_and"(%m, %n) : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2x3xi1>
  %5 = "edge.bitwise_or"(%a, %b) : (tensor<2x3xi64>, tensor<2x1xi64>) -> tensor<2x3xi64>
  %6 = "edge.bitwise_xor"(%c, %c) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %7 = "edge.bitwise_not"(%m) : (tensor<2x3xi1>) -> tensor<2x3xi1>
  %8 = "edge.index"(%t, %i) {indexed_dims = array<i64: 0>} : (tensor<16x4xf32>, tensor<1x3xi64>) -> tensor<1x3x4xf32>
  %9 = "edge.index"(%cache, %p, %p) {indexed_dims = array<i64: 0, 2>} : (tensor<2x8x4xf32>, tensor<3xi64>, tensor<3xi64>) -> tensor<3x8xf32>
  %10 = "edge.index_put"(%cache, %k, %pos) {indexed_dims = array<i64: 1>} : (tensor<2x8x4xf32>, tensor<2x1x4xf32>, tensor<1xi64>) -> tensor<2x8x4xf32>
  %11 = "edge.index_put"(%t, %s, %i) {indexed_dims = array<i64: 0>, accumulate = true} : (tensor<16x4xf32>, tensor<f32>, tensor<1x3xi64>) -> tensor<16x4xf32>
  return
}

// Integer and i1 arithmetic as ATen allows it: add / mul / maximum / minimum
// on i1 (logical or / and / or / and), where and comparisons on i64 / i1,
// integer alpha, to_copy between integer types.
// CHECK-LABEL: func.func @integer_ops
// CHECK: "edge.add"(%{{.*}}, %{{.*}}) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
// CHECK-NEXT: "edge.mul"(%{{.*}}, %{{.*}}) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
// CHECK-NEXT: "edge.maximum"(%{{.*}}, %{{.*}}) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
// CHECK-NEXT: "edge.minimum"(%{{.*}}, %{{.*}}) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
// CHECK-NEXT: "edge.sub"(%{{.*}}, %{{.*}}) {alpha = 2.000000e+00 : f64} : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
// CHECK-NEXT: "edge.neg"(%{{.*}}) : (tensor<3xi32>) -> tensor<3xi32>
// CHECK-NEXT: "edge.abs"(%{{.*}}) : (tensor<3xi32>) -> tensor<3xi32>
// CHECK-NEXT: "edge.where"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<3xi1>, tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
// CHECK-NEXT: "edge.where"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<3xi1>, tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
// CHECK-NEXT: "edge.lt"(%{{.*}}, %{{.*}}) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
// CHECK-NEXT: "edge.to_copy"(%{{.*}}) {dtype = i32} : (tensor<3xi64>) -> tensor<3xi32>
func.func @integer_ops(%m: tensor<3xi1>, %a: tensor<3xi64>, %c: tensor<3xi32>) {
  %0 = "edge.add"(%m, %m) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  %1 = "edge.mul"(%m, %m) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  %2 = "edge.maximum"(%m, %m) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  %3 = "edge.minimum"(%m, %m) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  %4 = "edge.sub"(%a, %a) {alpha = 2.0 : f64} : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  %5 = "edge.neg"(%c) : (tensor<3xi32>) -> tensor<3xi32>
  %6 = "edge.abs"(%c) : (tensor<3xi32>) -> tensor<3xi32>
  %7 = "edge.where"(%m, %a, %a) : (tensor<3xi1>, tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  %8 = "edge.where"(%m, %m, %m) : (tensor<3xi1>, tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  %9 = "edge.lt"(%m, %m) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  %10 = "edge.to_copy"(%a) {dtype = i32} : (tensor<3xi64>) -> tensor<3xi32>
  return
}

// Quantization ops (quantized_decomposed.*): i8 values, f32 scales, i64 zero points.
// CHECK-LABEL: func.func @quant
// CHECK: "edge.choose_qparams_per_token_asymmetric"
// CHECK: "edge.quantize_per_token"
// CHECK: "edge.dequantize_per_token"
// CHECK: "edge.dequantize_per_channel"
// CHECK: "edge.dequantize_per_channel_group"
// CHECK: "edge.quantize_per_tensor"(%{{.*}}) {quant_max = 127 : i64, quant_min = -128 : i64, scale = 2.500000e-01 : f64, zero_point = -3 : i64}
// CHECK: "edge.dequantize_per_tensor"
func.func @quant(%x: tensor<2x3x64xf32>, %wq: tensor<8x64xi8>, %ws: tensor<8xf32>, %wz: tensor<8xi64>, %gs: tensor<8x2xf32>) {
  %s, %zp = "edge.choose_qparams_per_token_asymmetric"(%x) : (tensor<2x3x64xf32>) -> (tensor<2x3x1xf32>, tensor<2x3x1xi64>)
  %q = "edge.quantize_per_token"(%x, %s, %zp) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x3x64xf32>, tensor<2x3x1xf32>, tensor<2x3x1xi64>) -> tensor<2x3x64xi8>
  %d = "edge.dequantize_per_token"(%q, %s, %zp) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x3x64xi8>, tensor<2x3x1xf32>, tensor<2x3x1xi64>) -> tensor<2x3x64xf32>
  %w = "edge.dequantize_per_channel"(%wq, %ws, %wz) {axis = 0 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<8x64xi8>, tensor<8xf32>, tensor<8xi64>) -> tensor<8x64xbf16>
  %g = "edge.dequantize_per_channel_group"(%wq, %gs) {group_size = 32 : i64, quant_min = -8 : i64, quant_max = 7 : i64} : (tensor<8x64xi8>, tensor<8x2xf32>) -> tensor<8x64xf32>
  %tq = "edge.quantize_per_tensor"(%x) {scale = 0.25 : f64, zero_point = -3 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x3x64xf32>) -> tensor<2x3x64xi8>
  %td = "edge.dequantize_per_tensor"(%tq) {scale = 0.25 : f64, zero_point = -3 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x3x64xi8>) -> tensor<2x3x64xf32>
  return
}

// CHECK-LABEL: func.func @quant_embedding
// CHECK: "edge.embedding_byte"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {quant_max = 127 : i64, quant_min = -128 : i64} : (tensor<50x64xi8>, tensor<50xf32>, tensor<2x5xi64>, tensor<50xi64>) -> tensor<2x5x64xf32>
// CHECK: "edge.embedding_4bit"(%{{.*}}, %{{.*}}, %{{.*}}) {quant_max = 7 : i64, quant_min = -8 : i64} : (tensor<50x32xi8>, tensor<50x2xf16>, tensor<2x5xi64>) -> tensor<2x5x64xf32>
// CHECK: "edge.embedding_2bit"(%{{.*}}, %{{.*}}, %{{.*}}) {quant_max = 1 : i64, quant_min = -2 : i64} : (tensor<50x16xi8>, tensor<50x4xbf16>, tensor<7xi32>) -> tensor<7x64xbf16>
func.func @quant_embedding(%w8: tensor<50x64xi8>, %s8: tensor<50xf32>, %z8: tensor<50xi64>, %w4: tensor<50x32xi8>, %s4: tensor<50x2xf16>, %w2: tensor<50x16xi8>, %s2: tensor<50x4xbf16>, %i: tensor<2x5xi64>, %j: tensor<7xi32>) {
  %a = "edge.embedding_byte"(%w8, %s8, %i, %z8) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<50x64xi8>, tensor<50xf32>, tensor<2x5xi64>, tensor<50xi64>) -> tensor<2x5x64xf32>
  %b = "edge.embedding_4bit"(%w4, %s4, %i) {quant_min = -8 : i64, quant_max = 7 : i64} : (tensor<50x32xi8>, tensor<50x2xf16>, tensor<2x5xi64>) -> tensor<2x5x64xf32>
  %c = "edge.embedding_2bit"(%w2, %s2, %j) {quant_min = -2 : i64, quant_max = 1 : i64} : (tensor<50x16xi8>, tensor<50x4xbf16>, tensor<7xi32>) -> tensor<7x64xbf16>
  return
}
