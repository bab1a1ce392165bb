// to_copy / to_dim_order_copy: dtype conversions as PyTorch's .to(); memory
// format and dim order are value-identity (shapes are logical).
// RUN: xnn-ref-test %s --func=to_int --input='-1.5,2.7,-0.5,1e20,nan,-2.99' | FileCheck %s --check-prefix=TOINT
// float -> int truncates toward zero (NaN -> 0, out of range saturates: the constant folder's rule).
// TOINT: result #0: tensor<6xi64> = [-1, 2, 0, 9223372036854775807, 0, -2]
// TOINT: result #1: tensor<6xi32> = [-1, 2, 0, -1, 0, -2]
// TOINT: result #2: tensor<6xi1> = [1, 1, 1, 1, 1, 1]
func.func @to_int(%x: tensor<6xf32>) -> (tensor<6xi64>, tensor<6xi32>, tensor<6xi1>) {
  %0 = "edge.to_copy"(%x) {dtype = i64} : (tensor<6xf32>) -> tensor<6xi64>
  %1 = "edge.to_copy"(%x) {dtype = i32} : (tensor<6xf32>) -> tensor<6xi32>
  %2 = "edge.to_dim_order_copy"(%x) {dtype = i1} : (tensor<6xf32>) -> tensor<6xi1>
  return %0, %1, %2 : tensor<6xi64>, tensor<6xi32>, tensor<6xi1>
}

// RUN: xnn-ref-test %s --func=floats --input='1.00390625,1.01171875,3.14159274,65536,-0.0,inf' | FileCheck %s --check-prefix=FL
// f32 -> bf16 RNE (ties to even); bf16 -> f16 through f32 (65536 overflows f16 to inf); f16 -> bf16.
// FL: result #0: tensor<6xbf16> = [1, 1.015625, 3.140625, 65536, -0, inf]
// FL: result #0 bits = [0x3f80, 0x3f82, 0x4049, 0x4780, 0x8000, 0x7f80]
// FL: result #1: tensor<6xf16> = [1, 1.015625, 3.140625, inf, -0, inf]
// FL: result #1 bits = [0x3c00, 0x3c10, 0x4248, 0x7c00, 0x8000, 0x7c00]
// FL: result #2: tensor<6xf16> = [1.00390625, 1.01171875, 3.140625, inf, -0, inf]
// FL: result #2 bits = [0x3c04, 0x3c0c, 0x4248, 0x7c00, 0x8000, 0x7c00]
// FL: result #3: tensor<6xbf16> = [1, 1.015625, 3.140625, inf, -0, inf]
// FL: result #3 bits = [0x3f80, 0x3f82, 0x4049, 0x7f80, 0x8000, 0x7f80]
func.func @floats(%x: tensor<6xf32>) -> (tensor<6xbf16>, tensor<6xf16>, tensor<6xf16>, tensor<6xbf16>) {
  %0 = "edge.to_copy"(%x) {dtype = bf16} : (tensor<6xf32>) -> tensor<6xbf16>
  %1 = "edge.to_copy"(%0) {dtype = f16} : (tensor<6xbf16>) -> tensor<6xf16>
  %2 = "edge.to_copy"(%x) {dtype = f16} : (tensor<6xf32>) -> tensor<6xf16>
  %3 = "edge.to_dim_order_copy"(%2) {dtype = bf16} : (tensor<6xf16>) -> tensor<6xbf16>
  return %0, %1, %2, %3 : tensor<6xbf16>, tensor<6xf16>, tensor<6xf16>, tensor<6xbf16>
}

// int -> float rounds to nearest even (2^24 + 1 -> 2^24; 257 -> 256 in bf16); bool -> 0 / 1.
// RUN: xnn-ref-test %s --func=from_int --input='16777217,257,-3;1,0,1' | FileCheck %s --check-prefix=FI
// FI: result #0: tensor<3xf32> = [16777216, 257, -3]
// FI: result #1: tensor<3xbf16> = [16777216, 256, -3]
// FI: result #2: tensor<3xi32> = [16777217, 257, -3]
// FI: result #3: tensor<3xf32> = [1, 0, 1]
// FI: result #4: tensor<3xi64> = [1, 0, 1]
func.func @from_int(%x: tensor<3xi64>, %b: tensor<3xi1>) -> (tensor<3xf32>, tensor<3xbf16>, tensor<3xi32>, tensor<3xf32>, tensor<3xi64>) {
  %0 = "edge.to_copy"(%x) {dtype = f32} : (tensor<3xi64>) -> tensor<3xf32>
  %1 = "edge.to_copy"(%x) {dtype = bf16} : (tensor<3xi64>) -> tensor<3xbf16>
  %2 = "edge.to_copy"(%x) {dtype = i32} : (tensor<3xi64>) -> tensor<3xi32>
  %3 = "edge.to_copy"(%b) {dtype = f32} : (tensor<3xi1>) -> tensor<3xf32>
  %4 = "edge.to_copy"(%b) {dtype = i64} : (tensor<3xi1>) -> tensor<3xi64>
  return %0, %1, %2, %3, %4 : tensor<3xf32>, tensor<3xbf16>, tensor<3xi32>, tensor<3xf32>, tensor<3xi64>
}

// Layout copies keep the logical values in logical order; NaN payloads survive f32 -> f32.
// RUN: xnn-ref-test %s --func=layout --input='1,2,3,4,5,6,7,#7fc00001,9,10,11,12' --bits | FileCheck %s --check-prefix=LAY
// LAY: result #0: tensor<1x3x2x2xf32> = [1, 2, 3, 4, 5, 6, 7, nan, 9, 10, 11, 12]
// LAY: result #0 bits = [{{.*}}, 0x7fc00001, {{.*}}]
// LAY: result #1: tensor<1x3x2x2xf32> = [1, 2, 3, 4, 5, 6, 7, nan, 9, 10, 11, 12]
// LAY: result #2: tensor<1x3x2x2xbf16> = [1, 2, 3, 4, 5, 6, 7, nan, 9, 10, 11, 12]
// LAY: result #3: tensor<1x3x2x2xf32> = [1, 2, 3, 4, 5, 6, 7, nan, 9, 10, 11, 12]
func.func @layout(%x: tensor<1x3x2x2xf32>) -> (tensor<1x3x2x2xf32>, tensor<1x3x2x2xf32>, tensor<1x3x2x2xbf16>, tensor<1x3x2x2xf32>) {
  %0 = "edge.to_copy"(%x) {memory_format = "channels_last"} : (tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  %1 = "edge.to_copy"(%0) {memory_format = "contiguous"} : (tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  %2 = "edge.to_dim_order_copy"(%x) {dim_order = array<i64: 0, 2, 3, 1>, dtype = bf16} : (tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xbf16>
  %3 = "edge.to_dim_order_copy"(%x) : (tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  return %0, %1, %2, %3 : tensor<1x3x2x2xf32>, tensor<1x3x2x2xf32>, tensor<1x3x2x2xbf16>, tensor<1x3x2x2xf32>
}

// Constants: dense, splat (incl. i1) and dense_resource payloads.
// RUN: xnn-ref-test %s --func=constants | FileCheck %s --check-prefix=CST
// CST: result #0: tensor<2x2xf32> = [1, 2, 3, 4]
// CST: result #1: tensor<3xbf16> = [0.5, 0.5, 0.5]
// CST: result #2: tensor<2xf16> = [1.1920929e-07, 0]
// CST: result #2 bits = [0x0002, 0x0000]
// CST: result #3: tensor<3xi1> = [1, 1, 1]
// CST: result #4: tensor<3xi1> = [1, 0, 1]
// CST: result #5: tensor<2xi32> = [-7, 9]
func.func @constants() -> (tensor<2x2xf32>, tensor<3xbf16>, tensor<2xf16>, tensor<3xi1>, tensor<3xi1>, tensor<2xi32>) {
  %0 = "edge.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %1 = "edge.constant"() {value = dense<0.5> : tensor<3xbf16>} : () -> tensor<3xbf16>
  %2 = "edge.constant"() {value = dense_resource<w0> : tensor<2xf16>} : () -> tensor<2xf16>
  %3 = "edge.constant"() {value = dense<true> : tensor<3xi1>} : () -> tensor<3xi1>
  %4 = "edge.constant"() {value = dense<[true, false, true]> : tensor<3xi1>} : () -> tensor<3xi1>
  %5 = "edge.constant"() {value = dense<[-7, 9]> : tensor<2xi32>} : () -> tensor<2xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x2xf32>, tensor<3xbf16>, tensor<2xf16>, tensor<3xi1>, tensor<3xi1>, tensor<2xi32>
}

{-#
  dialect_resources: {
    builtin: {
      w0: "0x0200000002000000"
    }
  }
#-}
