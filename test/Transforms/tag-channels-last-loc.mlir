// Inserted copies carry a location: the producer's for an op result, the
// first consumer's for a function argument.
// RUN: xnn-opt %s --xnn-tag-channels-last --mlir-print-debuginfo | FileCheck %s

// CHECK-LABEL: func.func @locs(
// CHECK-NEXT: "edge.to_copy"(%arg0) {memory_format = "channels_last", xnn.layout = "NHWC"} {{.*}} loc(#[[CONV:loc[0-9]*]])
// CHECK: "edge.conv2d"({{.*}} loc(#[[CONV]])
// CHECK-NEXT: "edge.to_copy"({{.*}}) {memory_format = "contiguous", xnn.layout = "NCHW"} {{.*}} loc(#[[CONV]])
// CHECK-DAG: #[[CONV]] = loc("the_conv")
func.func @locs(%x: tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32> loc("the_weight")
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32> loc("the_conv")
  return %0 : tensor<1x1x6x6xf32> loc("the_return")
}
