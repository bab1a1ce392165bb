// --mlir-print-ir-after=/--mlir-print-ir-before= (as mlir-opt's): the IR on
// stderr around every run of the named passes only, with MLIR's headers;
// xnn-delegate's steps can be named one by one.
// RUN: xnn-opt %s --xnn-delegate --mlir-print-ir-after=xnn-partition -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=PARTITION
// RUN: xnn-opt %s -p 'builtin.module(xnn-delegate,func.func(cse))' --mlir-print-ir-before=xnn-lower --mlir-print-ir-after=cse,xnn-fold-constant-converts -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=LIST
// Repeated flags add up, as mlir-opt's list options.
// RUN: xnn-opt %s -p 'builtin.module(xnn-delegate,func.func(cse))' --mlir-print-ir-after=cse --mlir-print-ir-after=xnn-fold-constant-converts --mlir-print-ir-before=xnn-lower -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=LIST
// RUN: xnn-opt %s --xnn-delegate --mlir-print-ir-after=xnn-lower --mlir-print-ir-module-scope -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=MODULE
// RUN: xnn-opt %s --xnn-delegate --mlir-print-ir-after=xnn-lower --mlir-print-ir-after-change -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=CHANGE
// RUN: not xnn-opt %s --xnn-delegate --mlir-print-ir-after=xnn-partition,bogus -o - 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not xnn-opt %s --xnn-delegate --mlir-print-ir-before=xnn-delegate-typo -o - 2>&1 | FileCheck %s --check-prefix=UNKNOWN-BEFORE
// RUN: not xnn-opt %s --xnn-delegate --mlir-print-ir-after=bogus -o - 2>/dev/null | count 0

// PARTITION: // -----// IR Dump After XnnPartition (xnn-partition) //----- //
// PARTITION-NEXT: module {
// PARTITION: call @xnn_delegate_0
// PARTITION: func.func private @xnn_delegate_0
// PARTITION: "edge.relu"
// PARTITION-NOT: IR Dump

// LIST: // -----// IR Dump After XnnFoldConstantConverts (xnn-fold-constant-converts) //----- //
// LIST-NOT: IR Dump After XnnPartition
// LIST: // -----// IR Dump Before XnnLower (xnn-lower) //----- //
// LIST-NEXT: func.func @forward
// LIST: // -----// IR Dump After CSE (cse) //----- //
// LIST-NEXT: func.func @forward
// LIST: // -----// IR Dump Before XnnLower (xnn-lower) //----- //
// LIST-NEXT: func.func private @xnn_delegate_0
// LIST: "edge.relu"
// LIST: // -----// IR Dump After CSE (cse) //----- //
// LIST-NEXT: func.func private @xnn_delegate_0
// LIST: "xnn.unary"
// LIST-NOT: IR Dump

// MODULE: // -----// IR Dump After XnnLower (xnn-lower) ('func.func' operation: @forward) //----- //
// MODULE-NEXT: module {
// MODULE: // -----// IR Dump After XnnLower (xnn-lower) ('func.func' operation: @xnn_delegate_0) //----- //
// MODULE-NEXT: module {
// MODULE: func.func @forward
// MODULE: "xnn.unary"

// Lowering leaves @forward unchanged: only the delegate's dump remains.
// CHANGE: // -----// IR Dump After XnnLower (xnn-lower) //----- //
// CHANGE-NEXT: func.func private @xnn_delegate_0
// CHANGE-NOT: IR Dump

// UNKNOWN: xnn-opt: error: --mlir-print-ir-after: 'bogus' does not refer to a registered pass
// UNKNOWN-BEFORE: xnn-opt: error: --mlir-print-ir-before: 'xnn-delegate-typo' does not refer to a registered pass

func.func @forward(%x: tensor<4xbf16>) -> tensor<4xf32> {
  %0 = "edge.to_copy"(%x) {dtype = f32} : (tensor<4xbf16>) -> tensor<4xf32>
  %1 = "edge.relu"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
