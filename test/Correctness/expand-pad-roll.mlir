// edge.expand (repeated xnn.concatenate: no broadcast node in the pinned
// XNNPACK; pure data movement, so -0, NaN payloads and subnormals stay bit
// for bit), edge.constant_pad_nd (xnn.static_slice for negative pads, then
// xnn.static_constant_pad) and edge.roll (two slices and a concatenate per
// dim): delegated results are bitwise equal to the reference in f32, f16 and
// bf16, also on the NHWC result of a convolution (axes mapped, no copies).
// RUN: xnn-opt %s --xnn-delegate -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: xnn-opt %s --xnn-delegate --xnn-stats -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: xnn-run %t.mlir --func f32 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func f16 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func bf16 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func after_conv --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func flat_roll --compare %s | FileCheck %s --check-prefix=CMP
// The emitted C (xnn-translate, first function) gives the same bytes as xnn-run.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: xnn-run %t.mlir --func f32 --seed 3 --output-dir %t.dir/io > %t.dir/run.txt
// RUN: xnn-translate --xnn-to-c %t.mlir -o %t.dir/model.c
// RUN: %cc -std=c11 %t.dir/model.c %xnnmlir_src/examples/run_delegate.c $(cat %xnnmlir_obj_root/share/xnnmlir/xnnpack.flags) -o %t.dir/model
// RUN: %t.dir/model %t.dir/io 0 | FileCheck %s --check-prefix=C
// C-COUNT-7: bitwise equal, max_abs 0: OK
// CMP: output 0: {{.*}} bitwise=equal {{.*}} ok
// CMP-NOT: bitwise=differ
// Only the roll without dims stays portable.
// STATS: portable ops: 1

// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK-COUNT-3: "xnn.concatenate"({{.*}}) {axis = 1 : i64}
// CHECK: "xnn.static_reshape"(%arg0) : (tensor<2x1x3xf32>) -> tensor<1x2x1x3xf32>
// CHECK: "xnn.static_slice"(%arg0) {offsets = array<i64: 0, 0, 1>, sizes = array<i64: 2, 1, 2>}
// CHECK: "xnn.static_constant_pad"({{.*}}) {padding_value = -0.000000e+00 : f64, post_paddings = array<i64: 0, 2, 0>, pre_paddings = array<i64: 0, 1, 0>} : (tensor<2x1x2xf32>) -> tensor<2x4x2xf32>
// CHECK: "xnn.static_slice"(%arg0) {offsets = array<i64: 1, 0, 0>, sizes = array<i64: 1, 1, 3>}
// CHECK: "xnn.static_slice"(%arg0) {offsets = array<i64: 0, 0, 0>, sizes = array<i64: 1, 1, 3>}
// CHECK: "xnn.concatenate"({{.*}}) {axis = 0 : i64} : (tensor<1x1x3xf32>, tensor<1x1x3xf32>) -> tensor<2x1x3xf32>
// CHECK: "xnn.copy"(%arg0)
func.func @f32(%x: tensor<2x1x3xf32>, %y: tensor<3xf32>) -> (tensor<2x7x3xf32>, tensor<4x2x5x3xf32>, tensor<2x3xf32>, tensor<2x4x2xf32>, tensor<2x1x3xf32>, tensor<2x1x3xf32>, tensor<5x1x1xf32>) {
  %0 = "edge.expand"(%x) : (tensor<2x1x3xf32>) -> tensor<2x7x3xf32>
  %1 = "edge.expand"(%x) : (tensor<2x1x3xf32>) -> tensor<4x2x5x3xf32>
  %2 = "edge.expand"(%y) : (tensor<3xf32>) -> tensor<2x3xf32>
  %3 = "edge.constant_pad_nd"(%x) {pad = array<i64: -1, 0, 1, 2>, value = -0.0 : f64} : (tensor<2x1x3xf32>) -> tensor<2x4x2xf32>
  %4 = "edge.roll"(%x) {shifts = array<i64: 1, -4, 2>, dims = array<i64: 0, -1, 2>} : (tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
  %6 = "edge.constant_pad_nd"(%x) {pad = array<i64: 0, 0>} : (tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
  %c = "edge.constant"() {value = dense<-0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %7 = "edge.expand"(%c) : (tensor<1xf32>) -> tensor<5x1x1xf32>
  return %0, %1, %2, %3, %4, %6, %7 : tensor<2x7x3xf32>, tensor<4x2x5x3xf32>, tensor<2x3xf32>, tensor<2x4x2xf32>, tensor<2x1x3xf32>, tensor<2x1x3xf32>, tensor<5x1x1xf32>
}

// f16 natively; the padding value 0.1 rounds to f16 as ATen's fill does.
// CHECK-LABEL: func.func private @xnn_delegate_1
// CHECK-NOT: "xnn.convert"
// CHECK: "xnn.static_constant_pad"({{.*}}) -> tensor<3x6x9xf16>
func.func @f16(%x: tensor<3x1x4xf16>) -> (tensor<3x6x4xf16>, tensor<3x6x9xf16>, tensor<3x1x4xf16>) {
  %0 = "edge.expand"(%x) : (tensor<3x1x4xf16>) -> tensor<3x6x4xf16>
  %1 = "edge.constant_pad_nd"(%0) {pad = array<i64: 2, 3>, value = 0.1 : f64} : (tensor<3x6x4xf16>) -> tensor<3x6x9xf16>
  %2 = "edge.roll"(%x) {shifts = array<i64: 5, 2>, dims = array<i64: 0, 2>} : (tensor<3x1x4xf16>) -> tensor<3x1x4xf16>
  return %0, %1, %2 : tensor<3x6x4xf16>, tensor<3x6x9xf16>, tensor<3x1x4xf16>
}

// bf16 moves through f32 (as cat and permute), exactly; the pad value rounds
// f64 -> f32 -> bf16 as ATen's.
// CHECK-LABEL: func.func private @xnn_delegate_2
// CHECK: "xnn.convert"
func.func @bf16(%x: tensor<3x1x4xbf16>) -> (tensor<2x3x3x4xbf16>, tensor<3x1x5xbf16>, tensor<3x1x4xbf16>) {
  %0 = "edge.expand"(%x) : (tensor<3x1x4xbf16>) -> tensor<2x3x3x4xbf16>
  %1 = "edge.constant_pad_nd"(%x) {pad = array<i64: 3, -2>, value = 1.00390625 : f64} : (tensor<3x1x4xbf16>) -> tensor<3x1x5xbf16>
  %2 = "edge.roll"(%x) {shifts = array<i64: -1>, dims = array<i64: 0>} : (tensor<3x1x4xbf16>) -> tensor<3x1x4xbf16>
  return %0, %1, %2 : tensor<2x3x3x4xbf16>, tensor<3x1x5xbf16>, tensor<3x1x4xbf16>
}

// The conv result is NHWC: pad, roll and expand work on its NHWC dims.
// CHECK-LABEL: func.func private @xnn_delegate_3
// CHECK: "xnn.convolution_2d"
// CHECK: "xnn.static_constant_pad"({{.*}}) {padding_value = 2.500000e+00 : f64, post_paddings = array<i64: 0, 0, 2, 0>, pre_paddings = array<i64: 0, 1, 0, 0>, xnn.layout = "NHWC"}
func.func @after_conv(%x: tensor<1x3x5x1xf32>) -> (tensor<1x4x6x3xf32>, tensor<1x4x5x1xf32>, tensor<2x4x5x3xf32>) {
  %w = "edge.constant"() {value = dense<[[[[0.5]], [[-1.0]], [[0.25]]], [[[1.0]], [[2.0]], [[-0.5]]], [[[0.125]], [[0.0]], [[3.0]]], [[[-2.0]], [[0.75]], [[1.5]]]]> : tensor<4x3x1x1xf32>} : () -> tensor<4x3x1x1xf32>
  %c = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x5x1xf32>, tensor<4x3x1x1xf32>) -> tensor<1x4x5x1xf32>
  %p = "edge.constant_pad_nd"(%c) {pad = array<i64: 0, 2, 1, 0>, value = 2.5 : f64} : (tensor<1x4x5x1xf32>) -> tensor<1x4x6x3xf32>
  %r = "edge.roll"(%c) {shifts = array<i64: 2, 1>, dims = array<i64: 2, 1>} : (tensor<1x4x5x1xf32>) -> tensor<1x4x5x1xf32>
  %e = "edge.expand"(%c) : (tensor<1x4x5x1xf32>) -> tensor<2x4x5x3xf32>
  return %p, %r, %e : tensor<1x4x6x3xf32>, tensor<1x4x5x1xf32>, tensor<2x4x5x3xf32>
}

func.func @flat_roll(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "edge.roll"(%x) {shifts = array<i64: -2>, dims = array<i64>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
