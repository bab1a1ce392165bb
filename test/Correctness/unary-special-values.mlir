// Unary ops agree with ATen on finite special values: rsqrt of +-0 is +-inf
// (lowered as 1 / sqrt(x), as ATen computes it; XNNPACK's node gives NaN),
// f16 sqrt of a negative is NaN (computed in f32; XNNPACK's f16 node gives -0).
// RUN: xnn-opt %s --xnn-delegate -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: xnn-run %t.mlir --func rsqrt_of_zeros --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func sqrt_f16_negatives --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func rsqrt_of_zeros | FileCheck %s --check-prefix=INF
// CMP: output 0: {{.*}} bitwise=equal {{.*}} ok
// INF: output 0: f32[2, 4] = [{{-?}}inf, {{-?}}inf, {{-?}}inf

// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK: "xnn.unary"({{.*}}) {kind = "square_root"}
// CHECK: "xnn.binary"({{.*}}) {kind = "divide"}
func.func @rsqrt_of_zeros(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %zero = "edge.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %z = "edge.mul"(%x, %zero) : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  %r = "edge.rsqrt"(%z) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// CHECK-LABEL: func.func private @xnn_delegate_1
// CHECK: "xnn.convert"({{.*}}) : (tensor<3x5xf16>) -> tensor<3x5xf32>
// CHECK: "xnn.unary"({{.*}}) {kind = "square_root"} : (tensor<3x5xf32>)
func.func @sqrt_f16_negatives(%x: tensor<3x5xf16>) -> tensor<3x5xf16> {
  %r = "edge.sqrt"(%x) : (tensor<3x5xf16>) -> tensor<3x5xf16>
  return %r : tensor<3x5xf16>
}
