// The pinned XNNPACK's f16 prelu with one slope for every element (its
// broadcast-slope kernel) leaves elements 16..31 of a last partial block of
// 32 unscaled on avx512fp16 CPUs (ExecuTorch's test_prelu, x 2x3x3x3 f16 with
// nn.PReLU's single weight: 3 of 54 outputs were x). Over more than 16
// elements such a prelu computes in f32 (one rounding, as f16's); a slope per
// channel and 16 elements or fewer stay f16. The comparisons run the
// delegate against the reference interpreter on this machine's kernels.
// RUN: xnn-opt %s --xnn-delegate -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: xnn-run %t.mlir --func nchw_54 --seed 3 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func flat_17 --seed 4 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func flat_63 --seed 5 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func flat_16 --seed 6 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func per_channel --seed 7 --compare %s | FileCheck %s --check-prefix=CMP
// CMP: output 0: {{.*}} ok

// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK: "xnn.convert"({{.*}}) -> tensor<2x3x3x3xf32>
// CHECK: "xnn.binary"({{.*}}) {kind = "prelu"{{.*}} -> tensor<2x3x3x3xf32>
// CHECK: "xnn.convert"({{.*}}) -> tensor<2x3x3x3xf16>
func.func @nchw_54(%x: tensor<2x3x3x3xf16>) -> tensor<2x3x3x3xf16> {
  %w = "edge.constant"() {value = dense<-2.0> : tensor<1xf16>} : () -> tensor<1xf16>
  %0 = "edge.prelu"(%x, %w) : (tensor<2x3x3x3xf16>, tensor<1xf16>) -> tensor<2x3x3x3xf16>
  return %0 : tensor<2x3x3x3xf16>
}

// CHECK-LABEL: func.func private @xnn_delegate_1
// CHECK: "xnn.binary"({{.*}}) {kind = "prelu"{{.*}} -> tensor<17xf32>
func.func @flat_17(%x: tensor<17xf16>) -> tensor<17xf16> {
  %w = "edge.constant"() {value = dense<0.25> : tensor<1xf16>} : () -> tensor<1xf16>
  %0 = "edge.prelu"(%x, %w) : (tensor<17xf16>, tensor<1xf16>) -> tensor<17xf16>
  return %0 : tensor<17xf16>
}

// CHECK-LABEL: func.func private @xnn_delegate_2
// CHECK: "xnn.binary"({{.*}}) {kind = "prelu"{{.*}} -> tensor<63xf32>
func.func @flat_63(%x: tensor<63xf16>, %w: tensor<1xf16>) -> tensor<63xf16> {
  %0 = "edge.prelu"(%x, %w) : (tensor<63xf16>, tensor<1xf16>) -> tensor<63xf16>
  return %0 : tensor<63xf16>
}

// CHECK-LABEL: func.func private @xnn_delegate_3
// CHECK-NOT: xnn.convert
// CHECK: "xnn.binary"({{.*}}) {kind = "prelu"{{.*}} -> tensor<16xf16>
func.func @flat_16(%x: tensor<16xf16>) -> tensor<16xf16> {
  %w = "edge.constant"() {value = dense<3.0> : tensor<1xf16>} : () -> tensor<1xf16>
  %0 = "edge.prelu"(%x, %w) : (tensor<16xf16>, tensor<1xf16>) -> tensor<16xf16>
  return %0 : tensor<16xf16>
}

// CHECK-LABEL: func.func private @xnn_delegate_4
// CHECK-NOT: xnn.convert
// CHECK: "xnn.binary"({{.*}}) {kind = "prelu"{{.*}} -> tensor<3x40xf16>
func.func @per_channel(%x: tensor<3x40xf16>) -> tensor<3x40xf16> {
  %w = "edge.constant"() {value = dense<-0.5> : tensor<40xf16>} : () -> tensor<40xf16>
  %0 = "edge.prelu"(%x, %w) : (tensor<3x40xf16>, tensor<40xf16>) -> tensor<3x40xf16>
  return %0 : tensor<3x40xf16>
}
