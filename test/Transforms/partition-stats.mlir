// --xnn-stats after partitioning: counts, a count per reason, each portable op located.
// RUN: xnn-opt %s --xnn-partition --xnn-stats -o - 2>&1 >/dev/null | FileCheck %s
// RUN: xnn-opt %s --xnn-partition --xnn-stats=json -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=JSON

// CHECK: xnn-stats: delegate segments: 2
// CHECK-NEXT: xnn-stats: delegated ops: 2
// CHECK-NEXT: xnn-stats: portable ops: 1
// CHECK-NEXT: xnn-stats: portable dtype converts: 0
// CHECK-NEXT: xnn-stats: portable float converts: 0
// CHECK-NEXT: xnn-stats: 1 portable because: embedding is a gather; the pinned XNNPACK has no gather node
// CHECK-NEXT: partition-stats.mlir:16:8: remark: edge.embedding stays portable: embedding is a gather
// JSON: "reasons": {"embedding is a gather; the pinned XNNPACK has no gather node": 1}, "portable": [{"op": "edge.embedding", "loc": "{{.*}}partition-stats.mlir:16:8", "reason": "embedding is a gather; the pinned XNNPACK has no gather node"}]}

func.func @cut(%x: tensor<10x4xf32>, %ids: tensor<10xi64>) -> tensor<10x4xf32> {
  %0 = "edge.relu"(%x) : (tensor<10x4xf32>) -> tensor<10x4xf32>
  %1 = "edge.embedding"(%0, %ids) : (tensor<10x4xf32>, tensor<10xi64>) -> tensor<10x4xf32>
  %2 = "edge.add"(%1, %0) : (tensor<10x4xf32>, tensor<10x4xf32>) -> tensor<10x4xf32>
  return %2 : tensor<10x4xf32>
}
