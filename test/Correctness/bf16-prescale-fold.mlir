// xnn-simplify-roundings folds the scaled bf16 rounding's first step,
// u = clamp(x * 2^-17, +-2^111), into the convolution or linear layer that
// computes x: filter and bias times 2^-17, output clamp +-2^111 (a relu's
// clamp scaled too), and the rounding marked input_scale = 2^-17, 4 passes
// instead of 5 and a clamp operator. Inputs here hold inf, -inf, NaN and
// values near the bf16 maximum; the results equal the reference interpreter
// bit for bit, live and in emitted C. No fold where the bound analysis already
// keeps x within 2^111 (a clamped input), or where a weight below 2^-109 would
// not scale exactly.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xnn-opt %s --xnn-delegate -o %t/lowered.mlir
// RUN: FileCheck %s --input-file=%t/lowered.mlir
// RUN: xnn-run %t/lowered.mlir --seed 3 --compare %s --atol 0 --rtol 0 | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t/lowered.mlir --seed 3 --func xnn_delegate_0 --output-dir %t/io > /dev/null
// RUN: xnn-translate --xnn-to-c %t/lowered.mlir -o %t/model.c
// RUN: %cc -std=c11 %t/model.c %xnnmlir_src/examples/run_delegate.c $(cat %xnnmlir_obj_root/share/xnnmlir/xnnpack.flags) -o %t/model
// RUN: %t/model %t/io 0 | FileCheck %s --check-prefix=C

// CMP: output 0: bf16[1, 4, 3, 3] max_abs=0 max_rel=0 bitwise=equal
// CMP: output 1: bf16[1, 4, 3, 3] max_abs=0 max_rel=0 bitwise=equal
// CMP: output 2: bf16[2, 5] max_abs=0 max_rel=0 bitwise=equal
// CMP: output 3: bf16[1, 4, 3, 3] max_abs=0 max_rel=0 bitwise=equal
// CMP: output 4: bf16[1, 4, 3, 3] max_abs=0 max_rel=0 bitwise=equal
// C: output 0: {{.*}} bitwise equal
// C: output 4: {{.*}} bitwise equal

// The convolution: scaled filter and bias, output clamped to +-2^111.
// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK: %[[W:.*]] = "xnn.constant"() {value = dense<7.62939453E-6> : tensor<4x3x3x3xf32>
// CHECK: %[[B:.*]] = "xnn.constant"() {value = dense<[7.62939453E-6, -1.52587891E-5, 0.000000e+00, 3.81469727E-6]> : tensor<4xf32>
// CHECK: %[[CONV:.*]] = "xnn.convolution_2d"(%{{.*}}, %[[W]], %[[B]]) {{.*}}output_max = 2.5961484292674138E+33 : f64, output_min = -2.5961484292674138E+33 : f64
// CHECK: "xnn.convert"(%[[CONV]]) {input_scale = 7.62939453125E-6 : f64
// The same convolution then relu: the hoisted clamp scaled (0, 2^111).
// CHECK: %[[CONV2:.*]] = "xnn.convolution_2d"
// CHECK: %[[RELU:.*]] = "xnn.unary"(%[[CONV2]]) {kind = "clamp", max = 2.5961484292674138E+33 : f64, min = 0.000000e+00 : f64
// CHECK: "xnn.convert"(%[[RELU]]) {input_scale = 7.62939453125E-6 : f64
// The linear layer.
// CHECK: %[[FC:.*]] = "xnn.fully_connected"
// CHECK: "xnn.convert"(%[[FC]]) {input_scale = 7.62939453125E-6 : f64
// No fold: a clamped input keeps x within 2^111; a weight of 1e-35 would not scale exactly.
// CHECK: %[[C3:.*]] = "xnn.convolution_2d"
// CHECK-NOT: input_scale
// CHECK: "xnn.convert"(%[[C3]])
// CHECK: %[[C4:.*]] = "xnn.convolution_2d"
// CHECK-NOT: input_scale
// CHECK: "xnn.convert"(%[[C4]])
// CHECK-NOT: input_scale
// CHECK: return
func.func @forward(%a: tensor<1x3x5x5xbf16>, %l: tensor<2x6xbf16>) -> (tensor<1x4x3x3xbf16>, tensor<1x4x3x3xbf16>, tensor<2x5xbf16>, tensor<1x4x3x3xbf16>, tensor<1x4x3x3xbf16>) {
  // Specials in every channel: inf, -inf, NaN, +-3.3e38 (0x7F78 is the largest finite bf16 below 0x7F7F).
  %s = "edge.constant"() {value = dense<[0.0, 0.0, 0.0, 0.0, 0.0, 0x7F80, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0xFF80, 0.0, 0.0, 0.0, 0.0, 0.0, 0x7F78, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]> : tensor<25xbf16>} : () -> tensor<25xbf16>
  %sv = "edge.view"(%s) : (tensor<25xbf16>) -> tensor<1x1x5x5xbf16>
  %n = "edge.constant"() {value = dense<[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0xFFC1, 0xFF78]> : tensor<25xbf16>} : () -> tensor<25xbf16>
  %nv = "edge.view"(%n) : (tensor<25xbf16>) -> tensor<1x1x5x5xbf16>
  %x0 = "edge.add"(%a, %sv) : (tensor<1x3x5x5xbf16>, tensor<1x1x5x5xbf16>) -> tensor<1x3x5x5xbf16>
  %x = "edge.add"(%x0, %nv) : (tensor<1x3x5x5xbf16>, tensor<1x1x5x5xbf16>) -> tensor<1x3x5x5xbf16>
  %w = "edge.constant"() {value = dense<1.0> : tensor<4x3x3x3xbf16>} : () -> tensor<4x3x3x3xbf16>
  %b = "edge.constant"() {value = dense<[1.0, -2.0, 0.0, 0.5]> : tensor<4xbf16>} : () -> tensor<4xbf16>
  %y = "edge.conv2d"(%x, %w, %b) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x3x5x5xbf16>, tensor<4x3x3x3xbf16>, tensor<4xbf16>) -> tensor<1x4x3x3xbf16>
  %y2 = "edge.conv2d"(%x, %w, %b) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x3x5x5xbf16>, tensor<4x3x3x3xbf16>, tensor<4xbf16>) -> tensor<1x4x3x3xbf16>
  %r = "edge.relu"(%y2) : (tensor<1x4x3x3xbf16>) -> tensor<1x4x3x3xbf16>
  %lw = "edge.constant"() {value = dense<3.0> : tensor<5x6xbf16>} : () -> tensor<5x6xbf16>
  %z = "edge.linear"(%l, %lw) : (tensor<2x6xbf16>, tensor<5x6xbf16>) -> tensor<2x5xbf16>
  %c = "edge.hardtanh"(%a) {min_val = -6.0 : f64, max_val = 6.0 : f64} : (tensor<1x3x5x5xbf16>) -> tensor<1x3x5x5xbf16>
  %y3 = "edge.conv2d"(%c, %w, %b) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x3x5x5xbf16>, tensor<4x3x3x3xbf16>, tensor<4xbf16>) -> tensor<1x4x3x3xbf16>
  %tiny = "edge.constant"() {value = dense<[[[[1.0, 0x0550, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]], [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]], [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]], [[[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]], [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]], [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]], [[[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]], [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]], [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]], [[[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]], [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]], [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]]]> : tensor<4x3x3x3xbf16>} : () -> tensor<4x3x3x3xbf16>
  %y4 = "edge.conv2d"(%x, %tiny, %b) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x3x5x5xbf16>, tensor<4x3x3x3xbf16>, tensor<4xbf16>) -> tensor<1x4x3x3xbf16>
  return %y, %r, %z, %y3, %y4 : tensor<1x4x3x3xbf16>, tensor<1x4x3x3xbf16>, tensor<2x5xbf16>, tensor<1x4x3x3xbf16>, tensor<1x4x3x3xbf16>
}
