// f16 / bf16: each op computes in f32 and rounds once, to nearest, ties to even.
// RUN: xnn-ref-test %s --func=bf16_add --input='1,1.0078125,1,-1,256,258;0.00390625,0.00390625,0.005859375,-0.00390625,1,1' | FileCheck %s --check-prefix=BF
// 1 + 2^-8 is a tie: down to even 1.0; 1.0078125 + 2^-8 ties up to the even 1.015625;
// 1 + 1.5 * 2^-8 is above the tie; 256 + 1 and 258 + 1 are ties at ulp 2.
// BF: result #0: tensor<6xbf16> = [1, 1.015625, 1.0078125, -1, 256, 260]
// BF: result #0 bits = [0x3f80, 0x3f82, 0x3f81, 0xbf80, 0x4380, 0x4382]
func.func @bf16_add(%a: tensor<6xbf16>, %b: tensor<6xbf16>) -> tensor<6xbf16> {
  %0 = "edge.add"(%a, %b) : (tensor<6xbf16>, tensor<6xbf16>) -> tensor<6xbf16>
  return %0 : tensor<6xbf16>
}

// RUN: xnn-ref-test %s --func=f16_add --input='2048,2050,1;1,1,0.00048828125' | FileCheck %s --check-prefix=F16
// F16: result #0: tensor<3xf16> = [2048, 2052, 1]
// F16: result #0 bits = [0x6800, 0x6802, 0x3c00]
func.func @f16_add(%a: tensor<3xf16>, %b: tensor<3xf16>) -> tensor<3xf16> {
  %0 = "edge.add"(%a, %b) : (tensor<3xf16>, tensor<3xf16>) -> tensor<3xf16>
  return %0 : tensor<3xf16>
}

// One rounding per op, not per step: (a * b) in f32, then one RNE to bf16.
// 1.0078125^2 = 1.01568603515625 (exact in f32) -> 1.015625. mul then add are two ops (two roundings).
// RUN: xnn-ref-test %s --func=bf16_chain --input='#3f81' | FileCheck %s --check-prefix=CH
// CH: result #0: tensor<1xbf16> = [1.015625]
// CH: result #0 bits = [0x3f82]
// CH: result #1: tensor<1xbf16> = [1.0234375]
// CH: result #1 bits = [0x3f83]
func.func @bf16_chain(%a: tensor<1xbf16>) -> (tensor<1xbf16>, tensor<1xbf16>) {
  %0 = "edge.mul"(%a, %a) : (tensor<1xbf16>, tensor<1xbf16>) -> tensor<1xbf16>
  %1 = "edge.add"(%0, %a) {alpha = 0.0078125 : f64} : (tensor<1xbf16>, tensor<1xbf16>) -> tensor<1xbf16>
  return %0, %1 : tensor<1xbf16>, tensor<1xbf16>
}
