// Shapes the fuzzer found the lowering getting wrong (seeds 4143, 4652, 31985):
// a cat whose first input has one element and another layout tag (the tagger
// leaves such layout-neutral values alone: the axis comes from the result's
// layout), pow whose one-element exponent raises the rank ([] ** [1]), and a
// pooling or convolution whose one-element input is untagged for the same
// reason (both layouts are the same bytes).
// RUN: xnn-opt %s --xnn-delegate -o %t.mlir
// RUN: xnn-run %t.mlir --func cat_neutral_operand --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func pow_raises_rank --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func pow_minus_zero --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func pow_minus_zero | FileCheck %s --check-prefix=INF
// RUN: xnn-run %t.mlir --func pool_neutral_input --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func conv_neutral_input --compare %s | FileCheck %s --check-prefix=CMP
// CMP: output 0: {{.*}} ok
// pow(-0, -0.5) is +inf (std::pow), where rsqrt(-0) is -inf.
// INF: output 0: f32[3] = [inf, inf, inf]

func.func @cat_neutral_operand(%x: tensor<1x1x1x1xbf16>) -> tensor<1x1x3x1xbf16> {
  %0 = "edge.to_dim_order_copy"(%x) {dim_order = array<i64: 0, 2, 3, 1>} : (tensor<1x1x1x1xbf16>) -> tensor<1x1x1x1xbf16>
  %1 = "edge.cat"(%0, %x, %x) {dim = 2 : i64} : (tensor<1x1x1x1xbf16>, tensor<1x1x1x1xbf16>, tensor<1x1x1x1xbf16>) -> tensor<1x1x3x1xbf16>
  return %1 : tensor<1x1x3x1xbf16>
}

func.func @pow_raises_rank(%x: tensor<f32>) -> tensor<1xf32> {
  %e = "edge.constant"() {value = dense<2.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "edge.pow"(%x, %e) : (tensor<f32>, tensor<1xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

func.func @pow_minus_zero(%x: tensor<3xf32>) -> tensor<3xf32> {
  %z = "edge.constant"() {value = dense<-0.0> : tensor<3xf32>} : () -> tensor<3xf32>
  %m = "edge.minimum"(%x, %z) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %zero = "edge.mul"(%m, %z) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %n = "edge.neg"(%zero) : (tensor<3xf32>) -> tensor<3xf32>
  %e = "edge.constant"() {value = dense<-0.5> : tensor<f32>} : () -> tensor<f32>
  %0 = "edge.pow"(%n, %e) : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// The dtype copy of a pooled one-element value is untagged (layout-neutral);
// the next (strided 1x1) pool and its dead twin lower all the same.
func.func @pool_neutral_input(%x: tensor<1x1x1x1xf16>) -> tensor<1x1x1x1xbf16> {
  %0 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : (tensor<1x1x1x1xf16>) -> tensor<1x1x1x1xf16>
  %1 = "edge.to_dim_order_copy"(%0) {dtype = bf16} : (tensor<1x1x1x1xf16>) -> tensor<1x1x1x1xbf16>
  %2 = "edge.avg_pool2d"(%1) {kernel_size = array<i64: 1, 1>, stride = array<i64: 2, 1>, padding = array<i64: 0, 0>} : (tensor<1x1x1x1xbf16>) -> tensor<1x1x1x1xbf16>
  %3 = "edge.max_pool2d"(%1) {kernel_size = array<i64: 1, 1>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x1x1xbf16>) -> tensor<1x1x1x1xbf16>
  return %2 : tensor<1x1x1x1xbf16>
}

func.func @conv_neutral_input(%x: tensor<1x1x1x1xf32>) -> tensor<1x3x1x1xf16> {
  %w = "edge.constant"() {value = dense<[[[[0.5]]], [[[-2.0]]], [[[3.0]]]]> : tensor<3x1x1x1xf32>} : () -> tensor<3x1x1x1xf32>
  %0 = "edge.max_pool2d"(%x) {kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  %1 = "edge.to_copy"(%0) {dtype = f16} : (tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf16>
  %2 = "edge.to_copy"(%1) {dtype = f32} : (tensor<1x1x1x1xf16>) -> tensor<1x1x1x1xf32>
  %3 = "edge.conv2d"(%2, %w) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x1x1xf32>, tensor<3x1x1x1xf32>) -> tensor<1x3x1x1xf32>
  %4 = "edge.to_copy"(%3) {dtype = f16} : (tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf16>
  return %4 : tensor<1x3x1x1xf16>
}
