// linear (x @ w^T + b), mm, bmm (float and integer).
// RUN: xnn-ref-test %s --func=linear --input='1,2,3,4,5,6' | FileCheck %s --check-prefix=LIN
// LIN: result #0: tensor<2x2xf32> = [8, 23, 8, 27.5]
// LIN: result #1: tensor<1x2x2xf32> = [-2, 3, -2, 7.5]
// LIN: result #2: tensor<2x2xbf16> = [8, 23, 8, 27.5]
func.func @linear(%x: tensor<2x3xf32>) -> (tensor<2x2xf32>, tensor<1x2x2xf32>, tensor<2x2xbf16>) {
  %w = "edge.constant"() {value = dense<[[1.0, 0.0, -1.0], [0.5, 0.5, 0.5]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %b = "edge.constant"() {value = dense<[10.0, 20.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "edge.linear"(%x, %w, %b) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %x3 = "edge.view"(%x) : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
  %1 = "edge.linear"(%x3, %w) : (tensor<1x2x3xf32>, tensor<2x3xf32>) -> tensor<1x2x2xf32>
  %xb = "edge.to_copy"(%x) {dtype = bf16} : (tensor<2x3xf32>) -> tensor<2x3xbf16>
  %wb = "edge.to_copy"(%w) {dtype = bf16} : (tensor<2x3xf32>) -> tensor<2x3xbf16>
  %bb = "edge.to_copy"(%b) {dtype = bf16} : (tensor<2xf32>) -> tensor<2xbf16>
  %2 = "edge.linear"(%xb, %wb, %bb) : (tensor<2x3xbf16>, tensor<2x3xbf16>, tensor<2xbf16>) -> tensor<2x2xbf16>
  return %0, %1, %2 : tensor<2x2xf32>, tensor<1x2x2xf32>, tensor<2x2xbf16>
}

// bf16 linear accumulates in f32 and rounds once: 256 + 1 + 1 = 258 (one rounding),
// where rounding after every add would stay at 256.
// RUN: xnn-ref-test %s --func=linear_acc --input='256,1,1' | FileCheck %s --check-prefix=ACC
// ACC: result #0: tensor<1x1xbf16> = [258]
func.func @linear_acc(%x: tensor<1x3xbf16>) -> tensor<1x1xbf16> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x3xbf16>} : () -> tensor<1x3xbf16>
  %0 = "edge.linear"(%x, %w) : (tensor<1x3xbf16>, tensor<1x3xbf16>) -> tensor<1x1xbf16>
  return %0 : tensor<1x1xbf16>
}

// RUN: xnn-ref-test %s --func=mm --input='1,2,3,4,5,6;1,0,0,1,1,1;1,2,3,4;5,6,7,8;2,3;4,5' | FileCheck %s --check-prefix=MM
// MM: result #0: tensor<2x2xf32> = [4, 5, 10, 11]
// MM: result #1: tensor<2x1x1xf32> = [17, 53]
// MM: result #2: tensor<1x1xi64> = [23]
func.func @mm(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>, %p: tensor<2x1x2xf32>, %q: tensor<2x2x1xf32>, %i: tensor<1x2xi64>, %j: tensor<2x1xi64>) -> (tensor<2x2xf32>, tensor<2x1x1xf32>, tensor<1x1xi64>) {
  %0 = "edge.mm"(%a, %b) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %1 = "edge.bmm"(%p, %q) : (tensor<2x1x2xf32>, tensor<2x2x1xf32>) -> tensor<2x1x1xf32>
  %2 = "edge.mm"(%i, %j) : (tensor<1x2xi64>, tensor<2x1xi64>) -> tensor<1x1xi64>
  return %0, %1, %2 : tensor<2x2xf32>, tensor<2x1x1xf32>, tensor<1x1xi64>
}

// sdpa with q = 0 (uniform scores): causal keeps s <= l; boolean mask keeps true;
// additive float mask; a fully masked row gives zeros (_safe_softmax).
// RUN: xnn-ref-test %s --func=sdpa --input='0,0;0,0;10,20' | FileCheck %s --check-prefix=SDPA
// SDPA: result #0: tensor<1x1x2x1xf32> = [15, 15]
// SDPA: result #1: tensor<1x1x2x1xf32> = [10, 15]
// SDPA: result #2: tensor<1x1x2x1xf32> = [10, 20]
// SDPA: result #3: tensor<1x1x2x1xf32> = [10, 15]
// SDPA: result #4: tensor<1x1x2x1xf32> = [0, 15]
func.func @sdpa(%q: tensor<1x1x2x1xf32>, %k: tensor<1x1x2x1xf32>, %v: tensor<1x1x2x1xf32>) -> (tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>) {
  %0 = "edge.sdpa"(%q, %k, %v) : (tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>) -> tensor<1x1x2x1xf32>
  %1 = "edge.sdpa"(%q, %k, %v) {is_causal = true} : (tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>) -> tensor<1x1x2x1xf32>
  %eye = "edge.constant"() {value = dense<[[true, false], [false, true]]> : tensor<2x2xi1>} : () -> tensor<2x2xi1>
  %2 = "edge.sdpa"(%q, %k, %v, %eye) : (tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>, tensor<2x2xi1>) -> tensor<1x1x2x1xf32>
  %fm = "edge.constant"() {value = dense<[[[[0.0, 0xFF800000], [0.0, 0.0]]]]> : tensor<1x1x2x2xf32>} : () -> tensor<1x1x2x2xf32>
  %3 = "edge.sdpa"(%q, %k, %v, %fm) : (tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x1xf32>
  %none = "edge.constant"() {value = dense<[[false, false], [true, true]]> : tensor<2x2xi1>} : () -> tensor<2x2xi1>
  %4 = "edge.sdpa"(%q, %k, %v, %none) : (tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>, tensor<2x2xi1>) -> tensor<1x1x2x1xf32>
  return %0, %1, %2, %3, %4 : tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>
}

// Scale: default 1/sqrt(E) (E = 4: scores +-4 * 0.5 -> softmax 1/(1+e^-4) = 0.98201);
// explicit scale = 0 -> uniform. Batch dims (2 heads) and a per-head mask broadcast.
// RUN: xnn-ref-test %s --func=sdpa_scale --input='1;1,1,1,1,-1,-1,-1,-1,1,1,1,1,-1,-1,-1,-1;1,0,1,0' | FileCheck %s --check-prefix=SC
// SC: result #0: tensor<2x1x1xf32> = [0.98201{{[0-9]*}}, 0.98201{{[0-9]*}}]
// SC: result #1: tensor<2x1x1xf32> = [0.5, 0.5]
// SC: result #2: tensor<2x1x1xf32> = [0.98201{{[0-9]*}}, 0]
func.func @sdpa_scale(%q: tensor<2x1x4xf32>, %k: tensor<2x2x4xf32>, %v: tensor<2x2x1xf32>) -> (tensor<2x1x1xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>) {
  %0 = "edge.sdpa"(%q, %k, %v) : (tensor<2x1x4xf32>, tensor<2x2x4xf32>, tensor<2x2x1xf32>) -> tensor<2x1x1xf32>
  %1 = "edge.sdpa"(%q, %k, %v) {scale = 0.0 : f64} : (tensor<2x1x4xf32>, tensor<2x2x4xf32>, tensor<2x2x1xf32>) -> tensor<2x1x1xf32>
  %m = "edge.constant"() {value = dense<[[[true, true]], [[false, true]]]> : tensor<2x1x2xi1>} : () -> tensor<2x1x2xi1>
  %2 = "edge.sdpa"(%q, %k, %v, %m) : (tensor<2x1x4xf32>, tensor<2x2x4xf32>, tensor<2x2x1xf32>, tensor<2x1x2xi1>) -> tensor<2x1x1xf32>
  return %0, %1, %2 : tensor<2x1x1xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>
}
