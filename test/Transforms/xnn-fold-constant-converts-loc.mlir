// Created ops carry locations: a folded constant gets its convert's location,
// as does the layout copy that replaces a layout-changing convert.
// RUN: xnn-opt %s --xnn-fold-constant-converts --mlir-print-debuginfo | FileCheck %s

// CHECK-LABEL: func.func @loc
// CHECK-NEXT: "edge.constant"() {value = dense<2.000000e+00> : tensor<1x2x1x2xf16>} : () -> tensor<1x2x1x2xf16> loc(#[[CV:loc[0-9]*]])
// CHECK-NEXT: "edge.to_copy"(%{{.*}}) {memory_format = "channels_last"} : (tensor<1x2x1x2xf16>) -> tensor<1x2x1x2xf16> loc(#[[CV]])
// CHECK: #[[CV]] = loc("convert.mlir":2:0)
func.func @loc() -> tensor<1x2x1x2xf16> {
  %w = "edge.constant"() {value = dense<2.0> : tensor<1x2x1x2xf32>} : () -> tensor<1x2x1x2xf32> loc("weights.mlir":1:0)
  %0 = "edge.to_copy"(%w) {dtype = f16, memory_format = "channels_last"} : (tensor<1x2x1x2xf32>) -> tensor<1x2x1x2xf16> loc("convert.mlir":2:0)
  return %0 : tensor<1x2x1x2xf16>
}
