// Unary ops (f32 math through libm, NaN kept by relu / hardtanh).
// RUN: xnn-ref-test %s --func=basic --input='-2,-0.5,0,1,4' | FileCheck %s --check-prefix=B
// B: result #0: tensor<5xf32> = [0, 0, 0, 1, 4]
// B: result #1: tensor<5xf32> = [2, 0.5, -0, -1, -4]
// B: result #2: tensor<5xf32> = [2, 0.5, 0, 1, 4]
// B: result #3: tensor<5xf32> = [{{-?nan}}, {{-?nan}}, 0, 1, 2]
// B: result #4: tensor<5xf32> = [{{-?nan}}, {{-?nan}}, inf, 1, 0.5]
// B: result #5: tensor<5xf32> = [{{-?nan}}, {{-?nan}}, -inf, 0, 1.38629436]
func.func @basic(%x: tensor<5xf32>) -> (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) {
  %0 = "edge.relu"(%x) : (tensor<5xf32>) -> tensor<5xf32>
  %1 = "edge.neg"(%x) : (tensor<5xf32>) -> tensor<5xf32>
  %2 = "edge.abs"(%x) : (tensor<5xf32>) -> tensor<5xf32>
  %3 = "edge.sqrt"(%x) : (tensor<5xf32>) -> tensor<5xf32>
  %4 = "edge.rsqrt"(%x) : (tensor<5xf32>) -> tensor<5xf32>
  %5 = "edge.log"(%x) : (tensor<5xf32>) -> tensor<5xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>
}

// RUN: xnn-ref-test %s --func=transcendental --input='0,100,-100,nan' | FileCheck %s --check-prefix=T
// sigmoid is ATen's 1 / (1 + exp(-x)): exp(100) overflows f32, so sigmoid(-100) = 0.
// T: result #0: tensor<4xf32> = [0.5, 1, 0, {{-?nan}}]
// T: result #1: tensor<4xf32> = [0, 1, -1, nan]
// T: result #2: tensor<4xf32> = [1, inf, 3.78350585e-44, nan]
// T: result #3: tensor<4xf32> = [0, 0, -100, nan]
// T: result #4: tensor<4xbf16> = [0.5, 1, 0, {{-?nan}}]
func.func @transcendental(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xbf16>) {
  %0 = "edge.sigmoid"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "edge.tanh"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "edge.exp"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  // minimum(relu(-x), x)
  %n = "edge.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %m = "edge.relu"(%n) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "edge.minimum"(%m, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b = "edge.to_copy"(%x) {dtype = bf16} : (tensor<4xf32>) -> tensor<4xbf16>
  %4 = "edge.sigmoid"(%b) : (tensor<4xbf16>) -> tensor<4xbf16>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xbf16>
}

// gelu: exact (erf) and tanh approximations; gelu(1) = 0.8413447 vs 0.8411920.
// RUN: xnn-ref-test %s --func=gelu --input='0,1,-1,3' | FileCheck %s --check-prefix=G
// G: result #0: tensor<4xf32> = [0, 0.84134{{[0-9]*}}, -0.15865{{[0-9]*}}, 2.9959{{[0-9]*}}]
// G: result #1: tensor<4xf32> = [0, 0.84119{{[0-9]*}}, -0.15880{{[0-9]*}}, 2.9963{{[0-9]*}}]
// G: result #2: tensor<4xbf16> = [0, 0.83984375, -0.158203125, 3]
// G: result #2 bits = [0x0000, 0x3f57, 0xbe22, 0x4040]
func.func @gelu(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xbf16>) {
  %0 = "edge.gelu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "edge.gelu"(%x) {approximate = "tanh"} : (tensor<4xf32>) -> tensor<4xf32>
  %b = "edge.to_copy"(%x) {dtype = bf16} : (tensor<4xf32>) -> tensor<4xbf16>
  %2 = "edge.gelu"(%b) {approximate = "none"} : (tensor<4xbf16>) -> tensor<4xbf16>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xbf16>
}

// RUN: xnn-ref-test %s --func=hardtanh --input='-1,3,7,nan,-0.0' | FileCheck %s --check-prefix=H
// H: result #0: tensor<5xf16> = [0, 3, 6, nan, -0]
func.func @hardtanh(%x: tensor<5xf16>) -> tensor<5xf16> {
  %0 = "edge.hardtanh"(%x) {min_val = 0.0 : f64, max_val = 6.0 : f64} : (tensor<5xf16>) -> tensor<5xf16>
  return %0 : tensor<5xf16>
}

// Integer relu / neg / abs (wrap-around at the minimum).
// RUN: xnn-ref-test %s --func=ints --input='-3,0,5;-2147483648,5;-9223372036854775808,-7' | FileCheck %s --check-prefix=I
// I: result #0: tensor<3xi64> = [0, 0, 5]
// I: result #1: tensor<2xi32> = [-2147483648, -5]
// I: result #2: tensor<2xi64> = [-9223372036854775808, 7]
func.func @ints(%a: tensor<3xi64>, %b: tensor<2xi32>, %c: tensor<2xi64>) -> (tensor<3xi64>, tensor<2xi32>, tensor<2xi64>) {
  %0 = "edge.relu"(%a) : (tensor<3xi64>) -> tensor<3xi64>
  %1 = "edge.neg"(%b) : (tensor<2xi32>) -> tensor<2xi32>
  %2 = "edge.abs"(%c) : (tensor<2xi64>) -> tensor<2xi64>
  return %0, %1, %2 : tensor<3xi64>, tensor<2xi32>, tensor<2xi64>
}

// Activations, ATen's CPU formulas in f32. Values equal torch 1.13's
// (torch.nn.functional.silu/hardswish/hardsigmoid/leaky_relu/elu, printed to 9
// digits) except elu(-0): 1.13 computed exp(x) - 1 for x <= 0 (+0), current
// ATen expm1(x) for x < 0 (-0 stays -0).
// RUN: xnn-ref-test %s --func=activations --input='-4,-1,-0.0,1e-5,0.5,3,nan' | FileCheck %s --check-prefix=ACT
// ACT: result #0: tensor<7xf32> = [-0.0719448403, -0.268941432, -0, 5.00002488e-06, 0.311229676, 2.85772252, nan]
// ACT: result #1: tensor<7xf32> = [-0, -0.333333343, -0, 5.0000167e-06, 0.291666657, 3, nan]
// ACT: result #2: tensor<7xf32> = [0, 0.333333343, 0.5, 0.500001669, 0.583333313, 1, nan]
// ACT: result #3: tensor<7xf32> = [-0.0399999991, -0.00999999978, -0, 9.99999975e-06, 0.5, 3, nan]
// ACT: result #4: tensor<7xf32> = [-0.981684387, -0.63212055, -0, 9.99999975e-06, 0.5, 3, nan]
// ACT: result #5: tensor<7xf32> = [-0.490842193, -0.316060275, -0, 9.99999975e-06, 0.5, 3, nan]
// ACT: result #6: tensor<7xf32> = [0.800000012, 0.200000003, 0, 9.99999975e-06, 0.5, 3, nan]
func.func @activations(%x: tensor<7xf32>) -> (tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>) {
  %0 = "edge.silu"(%x) : (tensor<7xf32>) -> tensor<7xf32>
  %1 = "edge.hardswish"(%x) : (tensor<7xf32>) -> tensor<7xf32>
  %2 = "edge.hardsigmoid"(%x) : (tensor<7xf32>) -> tensor<7xf32>
  %3 = "edge.leaky_relu"(%x) : (tensor<7xf32>) -> tensor<7xf32>
  %4 = "edge.elu"(%x) : (tensor<7xf32>) -> tensor<7xf32>
  %5 = "edge.elu"(%x) {alpha = 0.5 : f64} : (tensor<7xf32>) -> tensor<7xf32>
  %6 = "edge.leaky_relu"(%x) {negative_slope = -0.2 : f64} : (tensor<7xf32>) -> tensor<7xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>
}

// clamp = std::min(std::max(x, min), max), as torch.clamp: an absent bound is
// unbounded, min > max gives max everywhere (NaN stays NaN), a single NaN
// bound is ignored, two bounds with a NaN fill NaN (ATen's clamp_out).
// RUN: xnn-ref-test %s --func=clamp --input='-4,-1,-0.0,0.25,0.5,3,nan' | FileCheck %s --check-prefix=CL
// CL: result #0: tensor<7xf32> = [-1, -1, -0, 0.25, 0.5, 1, nan]
// CL: result #1: tensor<7xf32> = [0, 0, -0, 0.25, 0.5, 3, nan]
// CL: result #2: tensor<7xf32> = [-4, -1, -0.5, -0.5, -0.5, -0.5, nan]
// CL: result #3: tensor<7xf32> = [1, 1, 1, 1, 1, 1, nan]
// CL: result #4: tensor<7xf32> = [-4, -1, -0, 0.25, 0.5, 3, nan]
// CL: result #5: tensor<7xf32> = [nan, nan, nan, nan, nan, nan, nan]
func.func @clamp(%x: tensor<7xf32>) -> (tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>) {
  %0 = "edge.clamp"(%x) {min = -1.0 : f64, max = 1.0 : f64} : (tensor<7xf32>) -> tensor<7xf32>
  %1 = "edge.clamp"(%x) {min = 0.0 : f64} : (tensor<7xf32>) -> tensor<7xf32>
  %2 = "edge.clamp"(%x) {max = -0.5 : f64} : (tensor<7xf32>) -> tensor<7xf32>
  %3 = "edge.clamp"(%x) {min = 2.0 : f64, max = 1.0 : f64} : (tensor<7xf32>) -> tensor<7xf32>
  %4 = "edge.clamp"(%x) {min = 0x7FF8000000000000 : f64} : (tensor<7xf32>) -> tensor<7xf32>
  %5 = "edge.clamp"(%x) {min = 0x7FF8000000000000 : f64, max = 0.5 : f64} : (tensor<7xf32>) -> tensor<7xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>
}

// bf16 / f16: f32 compute, one rounding (torch: f(x.float()).to(dtype));
// a clamp bound rounds with the result (0.1 -> 0.100097656 in bf16).
// RUN: xnn-ref-test %s --func=narrow --input='-2.5,-0.3,0.1,1.7,7;-2.5,-0.3,0.1,1.7,7' | FileCheck %s --check-prefix=NR
// NR: result #0: tensor<5xbf16> = [-0.189453125, -0.127929688, 0.0524902344, 1.4375, 7]
// NR: result #1: tensor<5xf16> = [-0.208374023, -0.135009766, 0.0516662598, 1.33203125, 7]
// NR: result #2: tensor<5xbf16> = [0.100097656, 0.100097656, 0.100097656, 1.703125, 7]
func.func @narrow(%x: tensor<5xbf16>, %h: tensor<5xf16>) -> (tensor<5xbf16>, tensor<5xf16>, tensor<5xbf16>) {
  %0 = "edge.silu"(%x) : (tensor<5xbf16>) -> tensor<5xbf16>
  %1 = "edge.hardswish"(%h) : (tensor<5xf16>) -> tensor<5xf16>
  %2 = "edge.clamp"(%x) {min = 0.1 : f64} : (tensor<5xbf16>) -> tensor<5xbf16>
  return %0, %1, %2 : tensor<5xbf16>, tensor<5xf16>, tensor<5xbf16>
}
