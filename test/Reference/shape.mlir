// view, permute (negative dims), cat, slice (ATen clamping, step), embedding.
// RUN: xnn-ref-test %s --func=moves --input='1,2,3,4,5,6' | FileCheck %s --check-prefix=MV
// MV: result #0: tensor<3x2xf32> = [1, 2, 3, 4, 5, 6]
// MV: result #1: tensor<3x2xf32> = [1, 4, 2, 5, 3, 6]
// MV: result #2: tensor<3x2x1xf32> = [1, 4, 2, 5, 3, 6]
// MV: result #3: tensor<2x4xf32> = [10, 1, 2, 3, 20, 4, 5, 6]
// MV: result #4: tensor<4x3xf32> = [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]
func.func @moves(%x: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2x1xf32>, tensor<2x4xf32>, tensor<4x3xf32>) {
  %0 = "edge.view"(%x) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = "edge.permute"(%x) {dims = array<i64: -1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %x3 = "edge.view"(%x) : (tensor<2x3xf32>) -> tensor<2x1x3xf32>
  %2 = "edge.permute"(%x3) {dims = array<i64: 2, 0, -2>} : (tensor<2x1x3xf32>) -> tensor<3x2x1xf32>
  %c = "edge.constant"() {value = dense<[[10.0], [20.0]]> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  %3 = "edge.cat"(%c, %x) {dim = -1 : i64} : (tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x4xf32>
  %4 = "edge.cat"(%x, %x) {dim = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0, %1, %2, %3, %4 : tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2x1xf32>, tensor<2x4xf32>, tensor<4x3xf32>
}

// x[i, j] = 5 i + j on [2, 5].
// RUN: xnn-ref-test %s --func=slices --input='0,1,2,3,4,5,6,7,8,9' | FileCheck %s --check-prefix=SL
// SL: result #0: tensor<2x2xi64> = [1, 3, 6, 8]
// SL: result #1: tensor<2x2xi64> = [2, 3, 7, 8]
// SL: result #2: tensor<2x0xi64> = []
// SL: result #3: tensor<2x2xi64> = [0, 1, 5, 6]
// SL: result #4: tensor<1x5xi64> = [5, 6, 7, 8, 9]
// SL: result #5: tensor<2x2xi64> = [0, 3, 5, 8]
func.func @slices(%x: tensor<2x5xi64>) -> (tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x0xi64>, tensor<2x2xi64>, tensor<1x5xi64>, tensor<2x2xi64>) {
  %0 = "edge.slice"(%x) {dim = 1 : i64, start = 1 : i64, end = 9223372036854775807 : i64, step = 2 : i64} : (tensor<2x5xi64>) -> tensor<2x2xi64>
  %1 = "edge.slice"(%x) {dim = -1 : i64, start = -3 : i64, end = -1 : i64, step = 1 : i64} : (tensor<2x5xi64>) -> tensor<2x2xi64>
  %2 = "edge.slice"(%x) {dim = 1 : i64, start = 10 : i64, end = 20 : i64, step = 1 : i64} : (tensor<2x5xi64>) -> tensor<2x0xi64>
  %3 = "edge.slice"(%x) {dim = 1 : i64, start = -100 : i64, end = 2 : i64, step = 1 : i64} : (tensor<2x5xi64>) -> tensor<2x2xi64>
  %4 = "edge.slice"(%x) {dim = 0 : i64, start = 1 : i64, end = 2 : i64, step = 1 : i64} : (tensor<2x5xi64>) -> tensor<1x5xi64>
  %5 = "edge.slice"(%x) {dim = 1 : i64, start = 0 : i64, end = 5 : i64, step = 3 : i64} : (tensor<2x5xi64>) -> tensor<2x2xi64>
  return %0, %1, %2, %3, %4, %5 : tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x0xi64>, tensor<2x2xi64>, tensor<1x5xi64>, tensor<2x2xi64>
}

// RUN: xnn-ref-test %s --func=embedding --input='2,0,1,2;1,1' | FileCheck %s --check-prefix=EMB
// EMB: result #0: tensor<2x2x2xbf16> = [5, 6, 1, 2, 3, 4, 5, 6]
// EMB: result #1: tensor<2x2xbf16> = [3, 4, 3, 4]
func.func @embedding(%i: tensor<2x2xi64>, %j: tensor<2xi32>) -> (tensor<2x2x2xbf16>, tensor<2x2xbf16>) {
  %w = "edge.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xbf16>} : () -> tensor<3x2xbf16>
  %0 = "edge.embedding"(%w, %i) : (tensor<3x2xbf16>, tensor<2x2xi64>) -> tensor<2x2x2xbf16>
  %1 = "edge.embedding"(%w, %j) : (tensor<3x2xbf16>, tensor<2xi32>) -> tensor<2x2xbf16>
  return %0, %1 : tensor<2x2x2xbf16>, tensor<2x2xbf16>
}
