// func.call: plain callees are interpreted, delegates (xnn.delegate) too when
// there is no hook and their body holds only edge ops; arguments and values
// returned more than once are copied, not moved.
// RUN: xnn-ref-test %s --input='1,2' | FileCheck %s
// CHECK: result #0: tensor<2xf32> = [2, 8]
// CHECK: result #1: tensor<2xf32> = [2, 4]
// CHECK: result #2: tensor<2xf32> = [1, 2]
// CHECK: result #3: tensor<2xf32> = [1, 2]
// CHECK: result #4: tensor<2xf32> = [2, 4]
// CHECK: result #5: tensor<2xf32> = [4, 8]
func.func private @double(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "edge.add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func private @twice(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = call @double(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = call @double(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @xnn_delegate_0(%a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) attributes {xnn.delegate} {
  %0 = "edge.mul"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0, %a : tensor<2xf32>, tensor<2xf32>
}
func.func @forward(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %h = call @double(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %d:2 = call @xnn_delegate_0(%h, %x) : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  %t = call @twice(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %dead = "edge.neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %d#0, %d#1, %x, %x, %h, %t : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}
