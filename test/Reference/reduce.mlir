// mean / sum over dims (negative dims, keepdim, empty dims = all), softmax.
// x[i, j, k] = 12 i + 4 j + k.
// RUN: xnn-ref-test %s --func=reduce --input='0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23' | FileCheck %s --check-prefix=R
// R: result #0: tensor<2x3x1xf32> = [1.5, 5.5, 9.5, 13.5, 17.5, 21.5]
// R: result #1: tensor<3xf32> = [7.5, 11.5, 15.5]
// R: result #2: tensor<2x4xf32> = [12, 15, 18, 21, 48, 51, 54, 57]
// R: result #3: tensor<f32> = [276]
// R: result #4: tensor<1x1x1xf32> = [11.5]
func.func @reduce(%x: tensor<2x3x4xf32>) -> (tensor<2x3x1xf32>, tensor<3xf32>, tensor<2x4xf32>, tensor<f32>, tensor<1x1x1xf32>) {
  %0 = "edge.mean"(%x) {dims = array<i64: -1>, keepdim = true} : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
  %1 = "edge.mean"(%x) {dims = array<i64: 0, -1>, keepdim = false} : (tensor<2x3x4xf32>) -> tensor<3xf32>
  %2 = "edge.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  %3 = "edge.sum"(%x) {dims = array<i64>, keepdim = false} : (tensor<2x3x4xf32>) -> tensor<f32>
  %4 = "edge.mean"(%x) {dims = array<i64>, keepdim = true} : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  return %0, %1, %2, %3, %4 : tensor<2x3x1xf32>, tensor<3xf32>, tensor<2x4xf32>, tensor<f32>, tensor<1x1x1xf32>
}

// bf16 mean: 7/3 in f32 rounds once to bf16 (2.328125); integer and bool sums are exact.
// RUN: xnn-ref-test %s --func=typed --input='1,2,4;9223372036854775807,1,5;1,0,1,1' | FileCheck %s --check-prefix=TY
// TY: result #0: tensor<1xbf16> = [2.328125]
// TY: result #0 bits = [0x4015]
// TY: result #1: tensor<i64> = [-9223372036854775803]
// TY: result #2: tensor<i64> = [3]
// TY: result #3: tensor<2x1xi32> = [3, 4]
func.func @typed(%x: tensor<3xbf16>, %i: tensor<3xi64>, %b: tensor<4xi1>) -> (tensor<1xbf16>, tensor<i64>, tensor<i64>, tensor<2x1xi32>) {
  %0 = "edge.mean"(%x) {dims = array<i64: 0>, keepdim = true} : (tensor<3xbf16>) -> tensor<1xbf16>
  %1 = "edge.sum"(%i) {dims = array<i64: 0>, keepdim = false} : (tensor<3xi64>) -> tensor<i64>
  %2 = "edge.sum"(%b) {dims = array<i64>, keepdim = false} : (tensor<4xi1>) -> tensor<i64>
  %c = "edge.constant"() {value = dense<[[1, 2], [3, 1]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %3 = "edge.sum"(%c) {dims = array<i64: -1>, keepdim = true} : (tensor<2x2xi32>) -> tensor<2x1xi32>
  return %0, %1, %2, %3 : tensor<1xbf16>, tensor<i64>, tensor<i64>, tensor<2x1xi32>
}

// softmax subtracts the row max (1000s would overflow exp); -inf gets 0; other dims.
// RUN: xnn-ref-test %s --func=softmax --input='0,0,1000,1000,-inf,0;0,1000,0,1000' | FileCheck %s --check-prefix=SM
// SM: result #0: tensor<3x2xf32> = [0.5, 0.5, 0.5, 0.5, 0, 1]
// SM: result #1: tensor<2x2xf32> = [0.5, 0.5, 0.5, 0.5]
// SM: result #2: tensor<3xbf16> = [0.333984375, 0.333984375, 0.333984375]
// SM: result #2 bits = [0x3eab, 0x3eab, 0x3eab]
// SM: result #3: tensor<2xf32> = [0.268941{{[0-9]*}}, 0.731058{{[0-9]*}}]
func.func @softmax(%x: tensor<3x2xf32>, %y: tensor<2x2xf32>) -> (tensor<3x2xf32>, tensor<2x2xf32>, tensor<3xbf16>, tensor<2xf32>) {
  %0 = "edge.softmax"(%x) {dim = -1 : i64} : (tensor<3x2xf32>) -> tensor<3x2xf32>
  %1 = "edge.softmax"(%y) {dim = 0 : i64} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %z = "edge.constant"() {value = dense<0.0> : tensor<3xbf16>} : () -> tensor<3xbf16>
  %2 = "edge.softmax"(%z) {dim = 0 : i64} : (tensor<3xbf16>) -> tensor<3xbf16>
  %w = "edge.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %3 = "edge.softmax"(%w) {dim = -1 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  return %0, %1, %2, %3 : tensor<3x2xf32>, tensor<2x2xf32>, tensor<3xbf16>, tensor<2xf32>
}
