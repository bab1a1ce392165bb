// edge.cat with inputs of pairwise different shapes, as ATen accepts them.
// IRDL binds one type per constraint variable, also across a variadic
// operand's elements, so edge.cat and xnn.concatenate get their verifier from
// C (lib/Dialect/Dialects.c); the shapes are checked by the ops' own
// verifiers. XNNPACK concatenates 2..5 inputs: longer lists fold left to right.
// RUN: xnn-opt %s --split-input-file --xnn-delegate | FileCheck %s
// RUN: xnn-opt %s --split-input-file --xnn-delegate --xnn-stats 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: rm -rf %t && mkdir -p %t
// RUN: xnn-opt %s --xnn-delegate -o %t/lowered.mlir
// RUN: xnn-run %t/lowered.mlir --func three_shapes --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t/lowered.mlir --func seven_shapes_nhwc --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t/lowered.mlir --func seven_shapes_nhwc --seed 3 --output-dir %t/io > /dev/null
// RUN: xnn-translate --xnn-to-c %t/lowered.mlir -o %t/model.c
// RUN: %cc -std=c11 %t/model.c %xnnmlir_src/examples/run_delegate.c $(cat %xnnmlir_obj_root/share/xnnmlir/xnnpack.flags) -o %t/model
// RUN: %t/model %t/io 0 | FileCheck %s --check-prefix=C
// CMP: output 0: {{.*}} ok
// C: output 0: {{.*}} bitwise equal, max_abs 0: OK
// STATS-NOT: portable ops: {{[1-9]}}

// Seven channel counts after a pooling (NHWC): the axis is C in the physical
// layout, and the seven inputs fold into a 5-input and a 3-input concatenate.
// CHECK-LABEL: func.func @seven_shapes_nhwc
// CHECK: call @xnn_delegate_0
// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK: "xnn.concatenate"({{.*}}) {axis = 3 : i64{{.*}}} : (tensor<1x2x2x1xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x3xf32>, tensor<1x2x2x4xf32>, tensor<1x2x2x5xf32>) -> tensor<1x2x2x15xf32>
// CHECK: "xnn.concatenate"({{.*}}) {axis = 3 : i64{{.*}}} : (tensor<1x2x2x15xf32>, tensor<1x2x2x6xf32>, tensor<1x2x2x7xf32>) -> tensor<1x2x2x28xf32>
func.func @seven_shapes_nhwc(%a: tensor<1x1x4x4xf32>, %b: tensor<1x2x4x4xf32>, %c: tensor<1x3x4x4xf32>, %d: tensor<1x4x4x4xf32>,
                             %e: tensor<1x5x4x4xf32>, %f: tensor<1x6x4x4xf32>, %g: tensor<1x7x4x4xf32>) -> tensor<1x28x2x2xf32> {
  %pa = "edge.max_pool2d"(%a) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  %pb = "edge.max_pool2d"(%b) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
  %pc = "edge.max_pool2d"(%c) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x3x4x4xf32>) -> tensor<1x3x2x2xf32>
  %pd = "edge.max_pool2d"(%d) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x4x4x4xf32>) -> tensor<1x4x2x2xf32>
  %pe = "edge.max_pool2d"(%e) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x5x4x4xf32>) -> tensor<1x5x2x2xf32>
  %pf = "edge.max_pool2d"(%f) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x6x4x4xf32>) -> tensor<1x6x2x2xf32>
  %pg = "edge.max_pool2d"(%g) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x7x4x4xf32>) -> tensor<1x7x2x2xf32>
  %0 = "edge.cat"(%pa, %pb, %pc, %pd, %pe, %pf, %pg) {dim = 1 : i64} : (tensor<1x1x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x3x2x2xf32>, tensor<1x4x2x2xf32>, tensor<1x5x2x2xf32>, tensor<1x6x2x2xf32>, tensor<1x7x2x2xf32>) -> tensor<1x28x2x2xf32>
  return %0 : tensor<1x28x2x2xf32>
}

// -----

// CHECK-LABEL: func.func @three_shapes
// CHECK: call @xnn_delegate_0
// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK: "xnn.concatenate"(%{{.*}}, %{{.*}}, %{{.*}}) {axis = 1 : i64} : (tensor<2x1xf32>, tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
func.func @three_shapes(%a: tensor<2x1xf32>, %b: tensor<2x2xf32>, %c: tensor<2x3xf32>) -> tensor<2x6xf32> {
  %0 = "edge.cat"(%a, %b, %c) {dim = 1 : i64} : (tensor<2x1xf32>, tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// A lowered module with a three-shape xnn.concatenate parses again (xnn-run
// and xnn-translate read what xnn-opt writes).
// CHECK-LABEL: func.func private @lowered_three_shapes
// CHECK: "xnn.concatenate"
func.func private @lowered_three_shapes(%a: tensor<2x1xbf16>, %b: tensor<2x2xbf16>, %c: tensor<2x3xbf16>) -> tensor<2x6xbf16> attributes {xnn.delegate} {
  %0 = "xnn.concatenate"(%a, %b, %c) {axis = 1 : i64} : (tensor<2x1xbf16>, tensor<2x2xbf16>, tensor<2x3xbf16>) -> tensor<2x6xbf16>
  return %0 : tensor<2x6xbf16>
}
