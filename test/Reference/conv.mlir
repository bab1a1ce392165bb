// conv2d (stride, padding, dilation, groups), max_pool2d (-inf padding,
// dilation, ceil_mode, NaN), avg_pool2d (count_include_pad = True).
// x = 1..9 as [1, 1, 3, 3]; w = [[1, 0], [0, 1]].
// RUN: xnn-ref-test %s --func=conv --input='1,2,3,4,5,6,7,8,9' | FileCheck %s --check-prefix=CONV
// CONV: result #0: tensor<1x1x2x2xf32> = [6, 8, 12, 14]
// CONV: result #1: tensor<1x1x2x2xf32> = [7, 9, 13, 15]
// CONV: result #2: tensor<1x1x2x2xf32> = [1, 3, 7, 14]
// CONV: result #3: tensor<1x1x1x1xf32> = [10]
// CONV: result #4: tensor<1x1x1x2xf32> = [9, 11]
func.func @conv(%x: tensor<1x1x3x3xf32>) -> (tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>, tensor<1x1x1x2xf32>) {
  %w = "edge.constant"() {value = dense<[[[[1.0, 0.0], [0.0, 1.0]]]]> : tensor<1x1x2x2xf32>} : () -> tensor<1x1x2x2xf32>
  %b = "edge.constant"() {value = dense<1.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "edge.conv2d"(%x, %w) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  %1 = "edge.conv2d"(%x, %w, %b) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>, tensor<1xf32>) -> tensor<1x1x2x2xf32>
  %2 = "edge.conv2d"(%x, %w) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  %3 = "edge.conv2d"(%x, %w) {dilation = array<i64: 2, 2>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x1x1xf32>
  // dilation 2 along H only: taps (0, ow) and (2, ow + 1): [1 + 8, 2 + 9]
  %4 = "edge.conv2d"(%x, %w) {dilation = array<i64: 2, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x1x2xf32>
  return %0, %1, %2, %3, %4 : tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>, tensor<1x1x1x2xf32>
}

// groups = 2, 4 output channels: out channels 0, 1 read input channel 0; 2, 3 read channel 1.
// RUN: xnn-ref-test %s --func=groups --input='1,2,3,4,10,20,30,40' | FileCheck %s --check-prefix=GRP
// GRP: result #0: tensor<1x4x2x2xf32> = [1, 2, 3, 4, 2, 4, 6, 8, 30, 60, 90, 120, 40, 80, 120, 160]
// GRP: result #1: tensor<1x4x2x2xbf16> = [1, 2, 3, 4, 2, 4, 6, 8, 30, 60, 90, 120, 40, 80, 120, 160]
func.func @groups(%x: tensor<1x2x2x2xf32>) -> (tensor<1x4x2x2xf32>, tensor<1x4x2x2xbf16>) {
  %w = "edge.constant"() {value = dense<[[[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]]]> : tensor<4x1x1x1xf32>} : () -> tensor<4x1x1x1xf32>
  %0 = "edge.conv2d"(%x, %w) {dilation = array<i64: 1, 1>, groups = 2 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xf32>, tensor<4x1x1x1xf32>) -> tensor<1x4x2x2xf32>
  %xb = "edge.to_copy"(%x) {dtype = bf16} : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xbf16>
  %wb = "edge.to_copy"(%w) {dtype = bf16} : (tensor<4x1x1x1xf32>) -> tensor<4x1x1x1xbf16>
  %1 = "edge.conv2d"(%xb, %wb) {dilation = array<i64: 1, 1>, groups = 2 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xbf16>, tensor<4x1x1x1xbf16>) -> tensor<1x4x2x2xbf16>
  return %0, %1 : tensor<1x4x2x2xf32>, tensor<1x4x2x2xbf16>
}

// RUN: xnn-ref-test %s --func=maxpool --input='1,2,3,4,5,6,7,8,9;-1,-2,-3,-4,-5,-6,-7,-8,-9;5,100,6,100,100,100,7,100,8;1,nan,3,4' | FileCheck %s --check-prefix=MP
// ceil_mode: partial windows at the right / bottom edge.
// MP: result #0: tensor<1x1x2x2xf32> = [5, 6, 8, 9]
// MP: result #1: tensor<1x1x1x1xf32> = [5]
// padding is -inf, not 0 (all inputs negative):
// MP: result #2: tensor<1x1x2x2xf32> = [-1, -2, -4, -5]
// dilation 2 skips the 100s:
// MP: result #3: tensor<1x1x1x1xf32> = [8]
// MP: result #4: tensor<1x1x1x1xf32> = [nan]
func.func @maxpool(%x: tensor<1x1x3x3xf32>, %n: tensor<1x1x3x3xf32>, %d: tensor<1x1x3x3xf32>, %q: tensor<1x1x2x2xf32>) -> (tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>, tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>) {
  %0 = "edge.max_pool2d"(%x) {ceil_mode = true, dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
  %1 = "edge.max_pool2d"(%x) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x1x3x3xf32>) -> tensor<1x1x1x1xf32>
  %2 = "edge.max_pool2d"(%n) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
  %3 = "edge.max_pool2d"(%d) {ceil_mode = false, dilation = array<i64: 2, 2>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x3x3xf32>) -> tensor<1x1x1x1xf32>
  %4 = "edge.max_pool2d"(%q) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x1x1xf32>
  return %0, %1, %2, %3, %4 : tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>, tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>
}

// ceil_mode with ATen's rule: in 5, kernel 2, stride 2, padding 1 gives 3 windows (a 4th would
// start in the right padding). Windows: [-1,0], [1,2], [3,4] on 1..5.
// RUN: xnn-ref-test %s --func=ceil_rule --input='1,2,3,4,5' | FileCheck %s --check-prefix=CR
// CR: result #0: tensor<1x1x1x3xf32> = [1, 3, 5]
func.func @ceil_rule(%x: tensor<1x1x1x5xf32>) -> tensor<1x1x1x3xf32> {
  %0 = "edge.max_pool2d"(%x) {ceil_mode = true, dilation = array<i64: 1, 1>, kernel_size = array<i64: 1, 2>, padding = array<i64: 0, 1>, stride = array<i64: 1, 2>} : (tensor<1x1x1x5xf32>) -> tensor<1x1x1x3xf32>
  return %0 : tensor<1x1x1x3xf32>
}

// avg_pool2d counts padded positions (divisor = full kernel area inside the padded input).
// RUN: xnn-ref-test %s --func=avgpool --input='1,2,3,4,5,6,7,8,9' | FileCheck %s --check-prefix=AP
// AP: result #0: tensor<1x1x4x4xf32> = [0.25, 0.75, 1.25, 0.75, 1.25, 3, 4, 2.25, 2.75, 6, 7, 3.75, 1.75, 3.75, 4.25, 2.25]
// AP: result #1: tensor<1x1x2x2xf32> = [1.33333337, 1.77777779, 2.66666675, 3.11111116]
// AP: result #2: tensor<1x1x1x1xf32> = [3]
func.func @avgpool(%x: tensor<1x1x3x3xf32>) -> (tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>) {
  %0 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 2, 2>, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x1x3x3xf32>) -> tensor<1x1x4x4xf32>
  %1 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
  %2 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x1x3x3xf32>) -> tensor<1x1x1x1xf32>
  return %0, %1, %2 : tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>
}
