// Broadcasting binary ops on the reference interpreter (hand-computed).
// RUN: xnn-ref-test %s --func=add --input='1,2,3,4,5,6;10,20,30' | FileCheck %s --check-prefix=ADD
// ADD: result #0: tensor<2x3xf32> = [11, 22, 33, 14, 25, 36]
// ADD: result #1: tensor<2x3xf32> = [21, 42, 63, 24, 45, 66]
// ADD: result #2: tensor<2x3xf32> = [-4, -8, -12, -1, -5, -9]
// ADD: result #3: tensor<2x3xf32> = [12, 22, 32, 9, 19, 29]
func.func @add(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = "edge.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "edge.add"(%a, %b) {alpha = 2.0 : f64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %2 = "edge.sub"(%a, %b) {alpha = 0.5 : f64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %c = "edge.constant"() {value = dense<[[2.0], [-1.0]]> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  // both operands broadcast: [3] + [2, 1] -> [2, 3]
  %3 = "edge.add"(%b, %c) : (tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// RUN: xnn-ref-test %s --func=muldiv --input='1,2,3,4,5,6;10,20,30' --bits | FileCheck %s --check-prefix=MD
// MD: result #0: tensor<2x3xf32> = [2, 4, 6, -4, -5, -6]
// MD: result #1: tensor<2x3xf32> = [0.100000001, 0.100000001, 0.100000001, 0.400000006, 0.25, 0.200000003]
// MD: result #1 bits = [0x3dcccccd, 0x3dcccccd, 0x3dcccccd, 0x3ecccccd, 0x3e800000, 0x3e4ccccd]
// MD: result #2: tensor<2x3xf32> = [1, 1, 1, 1, 1, 1]
func.func @muldiv(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %c = "edge.constant"() {value = dense<[[2.0], [-1.0]]> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  %0 = "edge.mul"(%a, %c) : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %1 = "edge.div"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %2 = "edge.div"(%a, %a) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// maximum / minimum propagate NaN (either side), like torch.maximum.
// RUN: xnn-ref-test %s --func=maxmin --input='1,nan,-inf,3,-0.0;nan,2,0,-3,7' | FileCheck %s --check-prefix=MM
// MM: result #0: tensor<5xf32> = [nan, nan, 0, 3, 7]
// MM: result #1: tensor<5xf32> = [nan, nan, -inf, -3, -0]
// MM: result #2: tensor<2xbf16> = [nan, 2]
// MM: result #2 bits = [0x7fc0, 0x4000]
func.func @maxmin(%a: tensor<5xf32>, %b: tensor<5xf32>) -> (tensor<5xf32>, tensor<5xf32>, tensor<2xbf16>) {
  %0 = "edge.maximum"(%a, %b) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
  %1 = "edge.minimum"(%a, %b) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
  %x = "edge.constant"() {value = dense<[0x7FC0, 0x3F80]> : tensor<2xbf16>} : () -> tensor<2xbf16>
  %y = "edge.constant"() {value = dense<[1.0, 2.0]> : tensor<2xbf16>} : () -> tensor<2xbf16>
  %2 = "edge.maximum"(%x, %y) : (tensor<2xbf16>, tensor<2xbf16>) -> tensor<2xbf16>
  return %0, %1, %2 : tensor<5xf32>, tensor<5xf32>, tensor<2xbf16>
}

// RUN: xnn-ref-test %s --func=pow --input='2,9,-8,0;3,0.5,2,0' | FileCheck %s --check-prefix=POW
// POW: result #0: tensor<4xf32> = [8, 3, 64, 1]
// POW: result #1: tensor<2x4xf32> = [4, 81, 64, 0, 4, 81, 64, 0]
func.func @pow(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<2x4xf32>) {
  %0 = "edge.pow"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %two = "edge.constant"() {value = dense<2.0> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  %1 = "edge.pow"(%a, %two) : (tensor<4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  return %0, %1 : tensor<4xf32>, tensor<2x4xf32>
}

// Integers: exact int64 arithmetic with wrap-around; integer alpha; ATen powi.
// RUN: xnn-ref-test %s --func=ints --input='1,2;10,-10;4611686018427387904;2,1,-1,3,2,-1;10,-5,-3,-1,63,-2;-2147483648,5;1,7' | FileCheck %s --check-prefix=INT
// INT: result #0: tensor<2xi64> = [31, -28]
// INT: result #1: tensor<1xi64> = [0]
// INT: result #2: tensor<6xi64> = [1024, 1, -1, 0, -9223372036854775808, 1]
// INT: result #3: tensor<2xi32> = [2147483647, -2]
// INT: result #4: tensor<2xi32> = [1, 7]
// INT: result #5: tensor<2xi32> = [-2147483648, 5]
func.func @ints(%a: tensor<2xi64>, %b: tensor<2xi64>, %big: tensor<1xi64>, %pa: tensor<6xi64>, %pb: tensor<6xi64>, %c: tensor<2xi32>, %d: tensor<2xi32>) -> (tensor<2xi64>, tensor<1xi64>, tensor<6xi64>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) {
  %0 = "edge.add"(%a, %b) {alpha = 3.0 : f64} : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
  %four = "edge.constant"() {value = dense<4> : tensor<1xi64>} : () -> tensor<1xi64>
  %1 = "edge.mul"(%big, %four) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  %2 = "edge.pow"(%pa, %pb) : (tensor<6xi64>, tensor<6xi64>) -> tensor<6xi64>
  %3 = "edge.sub"(%c, %d) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %4 = "edge.maximum"(%c, %d) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %5 = "edge.minimum"(%c, %d) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<2xi64>, tensor<1xi64>, tensor<6xi64>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>
}
