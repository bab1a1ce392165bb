// constant_pad_nd of a value the tagger keeps channels-last (after a
// convolution): the capability check, rerun by the lowering on the physical
// NHWC operand, reads the logical sizes from the result, so cropping 2 of W's
// 6 (not of C's 2) delegates. Found by the differential fuzzer (seed 62174).
// RUN: xnn-opt %s --xnn-delegate --xnn-stats -o %t.mlir 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: xnn-run %t.mlir --compare %s --seed 4 | FileCheck %s --check-prefix=CMP
// STATS: xnn-stats: delegate segments: 1
// STATS: xnn-stats: portable ops: 0
// CMP: output 0: {{.*}} ok
func.func @forward(%x: tensor<1x3x7x6xf32>) -> tensor<1x1x8x6xf32> {
  %w = "edge.constant"() {value = dense<0.25> : tensor<2x3x1x1xf32>} : () -> tensor<2x3x1x1xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x7x6xf32>, tensor<2x3x1x1xf32>) -> tensor<1x2x7x6xf32>
  %1 = "edge.constant_pad_nd"(%0) {pad = array<i64: 2, -2, -1, 2, 0, -1>} : (tensor<1x2x7x6xf32>) -> tensor<1x1x8x6xf32>
  return %1 : tensor<1x1x8x6xf32>
}
