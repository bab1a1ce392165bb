// Ops whose results nobody uses are not left in a delegate: the lowering
// erases them (XNNPACK aborts on chains of unconsumed nodes), and the emitter
// skips any that a hand-written delegate still has.
// RUN: xnn-opt %s --xnn-delegate -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: xnn-run %t.mlir --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %S/Inputs/dead-chain-delegate.mlir --compare %s | FileCheck %s --check-prefix=CMP
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: xnn-translate --xnn-to-c %S/Inputs/dead-chain-delegate.mlir -o %t.dir/model.c
// RUN: %cc -std=c11 -Wall -Wextra -Werror %t.dir/model.c %xnnmlir_src/examples/run_delegate.c $(cat %xnnmlir_obj_root/share/xnnmlir/xnnpack.flags) -o %t.dir/model
// RUN: xnn-run %S/Inputs/dead-chain-delegate.mlir --seed 3 --output-dir %t.dir/io > /dev/null
// RUN: %t.dir/model %t.dir/io 0 | FileCheck %s --check-prefix=C

// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK-NEXT: "xnn.unary"(%arg0) {kind = "clamp"
// CHECK-NEXT: return
// CMP: output 0: f32[2, 8] {{.*}} bitwise=equal {{.*}} ok
// C: output 0: <f4 64 bytes, bitwise equal, max_abs 0: OK
func.func @forward(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %0 = "edge.relu"(%x) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %1 = "edge.tanh"(%x) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %2 = "edge.exp"(%1) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %3 = "edge.neg"(%2) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
