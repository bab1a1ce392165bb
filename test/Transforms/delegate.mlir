// The whole pipeline on the bundled models: bf16 folds to one segment with no
// portable float converts (only the embedding gather stays portable); without
// folding the converts cut the graph. The result verifies and stock mlir-opt
// parses it with the installed IRDL file.
// RUN: xnn-opt %xnnmlir_src/examples/gemma3_tiny_bf16.mlir --xnn-delegate --xnn-stats -o %t.gemma.mlir 2>&1 | FileCheck %s --check-prefix=GEMMA
// RUN: mlir-opt %irdl_files %t.gemma.mlir -o /dev/null
// RUN: FileCheck %s --check-prefix=LOWERED < %t.gemma.mlir
// RUN: xnn-opt %xnnmlir_src/examples/gemma3_tiny_bf16.mlir --xnn-delegate=fold-dtype-converts=false --xnn-stats -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=NOFOLD
// RUN: xnn-opt %xnnmlir_src/examples/mobilenet_tiny_f32.mlir --xnn-delegate --xnn-stats -o %t.cnn.mlir 2>&1 | FileCheck %s --check-prefix=CNN
// RUN: mlir-opt %irdl_files %t.cnn.mlir -o /dev/null
// RUN: FileCheck %s --check-prefix=CNNIR < %t.cnn.mlir
// Same pipeline step by step gives the same module.
// RUN: xnn-opt %xnnmlir_src/examples/gemma3_tiny_bf16.mlir -p 'builtin.module(xnn-fold-constant-converts,xnn-expand-constant-gathers,xnn-move-cache-writes,xnn-partition,func.func(xnn-tag-channels-last,xnn-remove-redundant-copies,xnn-lower,xnn-simplify-roundings,xnn-simplify-batch-matmuls))' -o %t.steps.mlir
// RUN: diff %t.gemma.mlir %t.steps.mlir
// xnn-delegate needs the module.
// RUN: not xnn-opt %s -p 'builtin.module(func.func(xnn-delegate))' 2>&1 | FileCheck %s --check-prefix=NESTED

// GEMMA: xnn-stats: delegate segments: 1
// GEMMA-NEXT: xnn-stats: delegated ops:
// GEMMA-NEXT: xnn-stats: portable ops: 1
// GEMMA-NEXT: xnn-stats: portable dtype converts: 0
// GEMMA-NEXT: xnn-stats: portable float converts: 0
// GEMMA-NEXT: xnn-stats: 1 portable because: embedding is a gather
// LOWERED: "edge.embedding"
// LOWERED: call @xnn_delegate_0
// LOWERED: func.func private @xnn_delegate_0
// LOWERED-NOT: "edge.
// NOFOLD: xnn-stats: delegate segments: 27
// NOFOLD: xnn-stats: portable float converts: 30
// CNN: xnn-stats: delegate segments: 1
// CNN-NEXT: xnn-stats: delegated ops:
// CNN-NEXT: xnn-stats: portable ops: 0
// CNNIR: "xnn.static_transpose"(%arg0) {perm = array<i64: 0, 2, 3, 1>, xnn.layout = "NHWC"} : (tensor<1x3x32x32xf32>) -> tensor<1x32x32x3xf32>
// CNNIR: "xnn.convolution_2d"
// NESTED: xnn-delegate must run on builtin.module

// DOC: xnn-delegate on a function
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
