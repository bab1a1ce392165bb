// Comparisons (IEEE: NaN unequal to everything, -0 == +0), where and
// masked_fill on the reference interpreter (hand-computed).
// RUN: xnn-ref-test %s --func=cmp --input='nan,inf,-0,1;nan,0,-inf' | FileCheck %s --check-prefix=CMP
// a = [nan, inf, -0, 1] as [4, 1] against b = [nan, 0, -inf]:
// CMP: result #0: tensor<4x3xi1> = [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]
// CMP: result #1: tensor<4x3xi1> = [1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1]
// CMP: result #2: tensor<4x3xi1> = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// CMP: result #3: tensor<4x3xi1> = [0, 0, 0, 0, 1, 1, 0, 1, 1, 0, 1, 1]
// CMP: result #4: tensor<4x3xi1> = [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]
// CMP: result #5: tensor<4x3xi1> = [0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1]
func.func @cmp(%a: tensor<4x1xf32>, %b: tensor<3xf32>) -> (tensor<4x3xi1>, tensor<4x3xi1>, tensor<4x3xi1>, tensor<4x3xi1>, tensor<4x3xi1>, tensor<4x3xi1>) {
  %0 = "edge.eq"(%a, %b) : (tensor<4x1xf32>, tensor<3xf32>) -> tensor<4x3xi1>
  %1 = "edge.ne"(%a, %b) : (tensor<4x1xf32>, tensor<3xf32>) -> tensor<4x3xi1>
  %2 = "edge.lt"(%a, %b) : (tensor<4x1xf32>, tensor<3xf32>) -> tensor<4x3xi1>
  %3 = "edge.ge"(%a, %b) : (tensor<4x1xf32>, tensor<3xf32>) -> tensor<4x3xi1>
  %4 = "edge.le"(%a, %b) : (tensor<4x1xf32>, tensor<3xf32>) -> tensor<4x3xi1>
  %5 = "edge.gt"(%a, %b) : (tensor<4x1xf32>, tensor<3xf32>) -> tensor<4x3xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<4x3xi1>, tensor<4x3xi1>, tensor<4x3xi1>, tensor<4x3xi1>, tensor<4x3xi1>, tensor<4x3xi1>
}

// where keeps the bytes of the chosen element (-0 and a NaN payload);
// masked_fill rounds its value as ATen (0.1 -> f16 0x2e66, truncation for
// integers, != 0 for i1), and both broadcast every operand.
// RUN: xnn-ref-test %s --func=select --input='1,0;#8000,#7e01,5,6;1,2' | FileCheck %s --check-prefix=SEL
// SEL: result #0: tensor<2x2xf16> = [-0, nan, 2, 2]
// SEL-NEXT: result #0 bits = [0x8000, 0x7e01, 0x4000, 0x4000]
// SEL: result #1: tensor<2x2xf16> = [0.0999755859, 0.0999755859, 5, 6]
// SEL-NEXT: result #1 bits = [0x2e66, 0x2e66, 0x4500, 0x4600]
// SEL: result #2: tensor<2x3xi64> = [-2, -2, -2, 7, 7, 7]
// SEL: result #3: tensor<2xi1> = [1, 1]
func.func @select(%c: tensor<2x1xi1>, %x: tensor<2x2xf16>, %y: tensor<2xf16>) -> (tensor<2x2xf16>, tensor<2x2xf16>, tensor<2x3xi64>, tensor<2xi1>) {
  %two = "edge.constant"() {value = dense<2.0> : tensor<f16>} : () -> tensor<f16>
  %0 = "edge.where"(%c, %x, %two) : (tensor<2x1xi1>, tensor<2x2xf16>, tensor<f16>) -> tensor<2x2xf16>
  %1 = "edge.masked_fill"(%x, %c) {value = 0.1 : f64} : (tensor<2x2xf16>, tensor<2x1xi1>) -> tensor<2x2xf16>
  %i = "edge.constant"() {value = dense<7> : tensor<3xi64>} : () -> tensor<3xi64>
  %2 = "edge.masked_fill"(%i, %c) {value = -2.7 : f64} : (tensor<3xi64>, tensor<2x1xi1>) -> tensor<2x3xi64>
  %b = "edge.constant"() {value = dense<[false, true]> : tensor<2xi1>} : () -> tensor<2xi1>
  %m = "edge.constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %3 = "edge.masked_fill"(%b, %m) {value = 0.5 : f64} : (tensor<2xi1>, tensor<i1>) -> tensor<2xi1>
  return %0, %1, %2, %3 : tensor<2x2xf16>, tensor<2x2xf16>, tensor<2x3xi64>, tensor<2xi1>
}
