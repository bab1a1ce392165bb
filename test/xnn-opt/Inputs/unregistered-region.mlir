func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.relu"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "foo.region"(%0) ({
  ^bb0(%x: tensor<4xf32>):
    %2 = "foo.op"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    "foo.yield"(%2) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
