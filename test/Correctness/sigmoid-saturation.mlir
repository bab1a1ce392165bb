// sigmoid and silu saturate at large finite inputs on every library: some
// XNNPACK kernels (the pinned library's AVX-512 f32 sigmoid) return NaN from
// |x| near 2^88 up to FLT_MAX, so the lowering's helper (lib/Emit/Sigmoid.inc)
// probes the library and clamps the input to +-128 where it must. Inputs hold
// +-2^88, +-1.5 * 2^88, +-1e30, +-FLT_MAX and +-inf; results match the
// reference interpreter live and in emitted C, on any machine (xnn-probe
// --check-capabilities, unary special values, checks the same per kernel).
// RUN: rm -rf %t && mkdir -p %t
// RUN: xnn-opt %s --xnn-delegate -o %t/lowered.mlir
// RUN: xnn-run %t/lowered.mlir --seed 5 --compare %s --atol 1e-6 --rtol 1e-5 | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t/lowered.mlir --seed 5 --func xnn_delegate_0 --output-dir %t/io > /dev/null
// RUN: xnn-translate --xnn-to-c %t/lowered.mlir -o %t/model.c
// RUN: FileCheck %s --check-prefix=SRC --input-file=%t/model.c
// RUN: %cc -std=c11 %t/model.c %xnnmlir_src/examples/run_delegate.c $(cat %xnnmlir_obj_root/share/xnnmlir/xnnpack.flags) -o %t/model
// RUN: %t/model %t/io 0 | FileCheck %s --check-prefix=C

// CMP: output 0: f32[16] {{.*}} ok
// CMP: output 1: f32[16] {{.*}} ok
// CMP: output 2: bf16[16] {{.*}} ok
// SRC: ---- lib/Emit/Sigmoid.inc ----
// SRC: xnnmlir_define_sigmoid(subgraph
// C: output 0: {{.*}} bitwise equal
// C: output 1: {{.*}} bitwise equal
// C: output 2: {{.*}} bitwise equal
func.func @forward(%a: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xbf16>) {
  %s = "edge.constant"() {value = dense<[0x53800000, 0xD3800000, 0x53C00000, 0xD3C00000, 1.0e30, -1.0e30, 0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000, 0xFF800000, 0.0, 0.0, 0.0, 0.0, 100.0, -100.0]> : tensor<16xf32>} : () -> tensor<16xf32>
  %x = "edge.add"(%a, %s) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %y = "edge.sigmoid"(%x) : (tensor<16xf32>) -> tensor<16xf32>
  %z = "edge.silu"(%x) : (tensor<16xf32>) -> tensor<16xf32>
  %xb = "edge.to_copy"(%x) {dtype = bf16} : (tensor<16xf32>) -> tensor<16xbf16>
  %yb = "edge.sigmoid"(%xb) : (tensor<16xbf16>) -> tensor<16xbf16>
  return %y, %z, %yb : tensor<16xf32>, tensor<16xf32>, tensor<16xbf16>
}
