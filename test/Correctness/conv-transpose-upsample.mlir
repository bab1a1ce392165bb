// edge.conv_transpose2d (xnn.deconvolution_2d), edge.upsample_bilinear2d
// (xnn.static_resize_bilinear_2d) and edge.upsample_nearest2d (repeated
// concatenation) delegated vs the reference kernels, in f32, f16 (computed
// in f32 for the deconvolution and the resize) and bf16 (in f32), after an
// NHWC convolution too; nearest is bitwise equal. The emitted C runs the f32
// delegate like xnn-run.
// RUN: xnn-opt %s --xnn-delegate --xnn-stats -o %t.mlir 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: xnn-run %t.mlir --func f32 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func f16 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func bf16 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func after_conv --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func nearest_bits --compare %s | FileCheck %s --check-prefix=BITS
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: xnn-run %t.mlir --func f32 --seed 3 --output-dir %t.dir/io > %t.dir/run.txt
// RUN: xnn-translate --xnn-to-c %t.mlir -o %t.dir/model.c
// RUN: %cc -std=c11 %t.dir/model.c %xnnmlir_src/examples/run_delegate.c $(cat %xnnmlir_obj_root/share/xnnmlir/xnnpack.flags) -o %t.dir/model
// RUN: %t.dir/model %t.dir/io 0 | FileCheck %s --check-prefix=C
// C-COUNT-4: bitwise equal, max_abs 0: OK
// STATS: delegate segments: 5
// STATS: portable ops: 0
// CMP: output 0: {{.*}} ok
// CMP-NOT: FAIL
// BITS-COUNT-2: bitwise=equal {{.*}} ok

func.func @f32(%x: tensor<1x4x5x6xf32>) -> (tensor<1x6x10x12xf32>, tensor<1x2x6x7xf32>, tensor<1x4x7x9xf32>, tensor<1x4x3x4xf32>) {
  %w = "edge.constant"() {value = dense<[[[[-0.3656, 0.3474, 0.2638], [-0.2449, -0.0046, -0.0505], [0.1516, 0.2887, -0.4061]], [[-0.4717, 0.3358, -0.0672], [0.2623, -0.4979, -0.0546], [0.2215, -0.2712, 0.4453]], [[0.4014, -0.4694, -0.4746], [0.0414, 0.4391, -0.1188], [-0.2834, -0.0779, -0.471]]], [[[-0.2783, -0.0621, -0.0042], [-0.2669, -0.2691, -0.2812], [-0.0404, -0.2102, -0.4785]], [[0.3376, 0.0565, 0.1423], [-0.3141, 0.4925, 0.3599], [-0.3791, -0.1673, 0.2215]], [[0.2112, 0.4364, -0.0779], [0.33, 0.1703, -0.1966], [0.0876, 0.3825, 0.3462]]], [[[0.0053, 0.089, -0.4655], [-0.2573, 0.2974, -0.0857], [-0.327, 0.0488, 0.203]], [[0.1745, -0.1253, -0.061], [0.0084, 0.2784, 0.0209], [-0.1067, -0.0103, -0.4704]], [[-0.4565, 0.2034, 0.4832], [0.0932, -0.1064, -0.3297], [0.0022, 0.4821, 0.2705]]], [[[0.0396, 0.3603, -0.2678], [0.0138, 0.4525, 0.0778], [-0.0409, -0.2307, 0.048]], [[0.4571, -0.4943, 0.2837], [0.3205, 0.3862, 0.2405], [0.3091, 0.0187, 0.0614]], [[-0.0739, -0.4439, 0.37], [0.07, -0.3002, 0.0047], [-0.0151, -0.1432, -0.1539]]]]> : tensor<4x3x3x3xf32>} : () -> tensor<4x3x3x3xf32>
  %b = "edge.constant"() {value = dense<[0.0385, 0.1235, 0.1125, -0.0419, -0.472, -0.2704]> : tensor<6xf32>} : () -> tensor<6xf32>
  %w2 = "edge.constant"() {value = dense<[[[[-0.3228, 0.0845, 0.361], [0.2984, 0.2971, 0.3164], [-0.2447, 0.3417, 0.1731]], [[-0.4168, -0.4833, -0.4854], [0.2556, -0.2504, -0.3905], [0.1248, -0.1556, -0.4305]]], [[[-0.3404, 0.0274, -0.3319], [-0.2271, 0.2116, -0.0453], [-0.178, -0.0262, -0.4764]], [[-0.1134, -0.0791, -0.312], [-0.3912, 0.3998, 0.0101], [-0.2909, 0.1056, 0.317]]], [[[-0.4792, -0.4821, -0.3535], [0.2188, -0.3398, 0.2046], [0.1782, 0.0447, -0.2794]], [[0.4756, 0.2978, 0.0166], [-0.2768, 0.1485, -0.1051], [0.0758, -0.1788, 0.1309]]], [[[-0.4412, -0.2014, 0.4679], [0.3755, -0.1936, 0.3585], [-0.1896, 0.4393, 0.2438]], [[-0.0838, -0.2476, -0.4915], [0.3787, -0.4621, 0.3194], [0.4622, 0.0703, -0.3285]]]]> : tensor<4x2x3x3xf32>} : () -> tensor<4x2x3x3xf32>
  %0 = "edge.conv_transpose2d"(%x, %w, %b) {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, output_padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 2} : (tensor<1x4x5x6xf32>, tensor<4x3x3x3xf32>, tensor<6xf32>) -> tensor<1x6x10x12xf32>
  %1 = "edge.conv_transpose2d"(%x, %w2) {stride = array<i64: 1, 1>, padding = array<i64: 2, 2>, output_padding = array<i64: 1, 1>, dilation = array<i64: 2, 2>, groups = 1} : (tensor<1x4x5x6xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x6x7xf32>
  %2 = "edge.upsample_bilinear2d"(%x) {output_size = array<i64: 7, 9>, align_corners = false} : (tensor<1x4x5x6xf32>) -> tensor<1x4x7x9xf32>
  %3 = "edge.upsample_bilinear2d"(%x) {output_size = array<i64: 3, 4>, align_corners = true} : (tensor<1x4x5x6xf32>) -> tensor<1x4x3x4xf32>
  return %0, %1, %2, %3 : tensor<1x6x10x12xf32>, tensor<1x2x6x7xf32>, tensor<1x4x7x9xf32>, tensor<1x4x3x4xf32>
}

func.func @f16(%x: tensor<1x4x5x6xf16>) -> (tensor<1x6x10x12xf16>, tensor<1x2x6x7xf16>, tensor<1x4x7x9xf16>, tensor<1x4x3x4xf16>) {
  %w = "edge.constant"() {value = dense<[[[[0.3678, 0.4738, 0.204], [0.0089, -0.122, -0.1531], [-0.2942, 0.1742, -0.067]], [[-0.3059, -0.3956, 0.166], [-0.2039, -0.0002, -0.1747], [0.3716, 0.3997, -0.4819]], [[-0.2991, -0.1723, 0.487], [0.2827, -0.1609, -0.287], [0.1745, 0.3377, 0.4322]]], [[[-0.1562, 0.3824, 0.1871], [-0.0155, 0.4855, -0.2654], [0.2255, -0.4153, -0.3303]], [[0.411, -0.287, 0.2591], [0.1002, 0.3411, -0.1319], [-0.1597, -0.2088, 0.3674]], [[0.104, 0.4543, 0.3873], [-0.3647, 0.0512, -0.3957], [-0.4609, -0.4268, 0.3662]]], [[[0.2881, 0.3285, -0.1591], [0.1152, 0.2819, -0.122], [0.0708, -0.2763, -0.4183]], [[-0.2333, 0.3908, 0.0644], [0.4251, -0.0422, -0.2228], [0.287, 0.3278, -0.4876]], [[0.1704, -0.4083, -0.3849], [0.3851, -0.46, -0.2604], [0.4882, -0.079, -0.3844]]], [[[-0.3326, -0.2586, 0.244], [-0.3972, 0.4108, -0.1217], [0.4703, 0.4092, -0.206]], [[-0.2466, -0.023, -0.3999], [0.1521, -0.4604, -0.4895], [0.4826, -0.2045, 0.0966]], [[-0.0502, -0.1867, -0.437], [0.4134, 0.4698, 0.4698], [-0.3886, -0.2848, 0.1178]]]]> : tensor<4x3x3x3xf16>} : () -> tensor<4x3x3x3xf16>
  %b = "edge.constant"() {value = dense<[0.48, 0.0429, 0.1882, 0.1618, -0.2409, 0.0416]> : tensor<6xf16>} : () -> tensor<6xf16>
  %w2 = "edge.constant"() {value = dense<[[[[-0.1927, -0.2536, -0.4186], [-0.2192, 0.4834, -0.0521], [0.152, 0.1435, 0.4407]], [[-0.1095, -0.1932, -0.1728], [-0.1833, 0.3471, 0.3935], [-0.1972, -0.1657, 0.0442]]], [[[0.079, 0.096, -0.2549], [-0.4796, -0.2562, -0.4277], [0.0512, -0.4291, -0.4249]], [[0.1354, -0.2092, 0.2922], [-0.0067, 0.3626, -0.3458], [0.0014, 0.295, -0.4229]]], [[[0.4492, -0.3268, 0.2762], [0.4849, 0.3216, -0.1802], [-0.3931, 0.0144, 0.4194]], [[-0.2065, 0.3938, -0.3583], [0.4105, -0.4682, -0.1839], [0.4031, 0.3039, 0.4072]]], [[[0.3407, 0.2462, 0.1896], [-0.3218, -0.0674, -0.3421], [0.2148, 0.1678, -0.2474]], [[-0.4356, 0.4634, 0.3083], [0.0493, 0.0414, 0.3513], [-0.0467, -0.1043, -0.1613]]]]> : tensor<4x2x3x3xf16>} : () -> tensor<4x2x3x3xf16>
  %0 = "edge.conv_transpose2d"(%x, %w, %b) {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, output_padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 2} : (tensor<1x4x5x6xf16>, tensor<4x3x3x3xf16>, tensor<6xf16>) -> tensor<1x6x10x12xf16>
  %1 = "edge.conv_transpose2d"(%x, %w2) {stride = array<i64: 1, 1>, padding = array<i64: 2, 2>, output_padding = array<i64: 1, 1>, dilation = array<i64: 2, 2>, groups = 1} : (tensor<1x4x5x6xf16>, tensor<4x2x3x3xf16>) -> tensor<1x2x6x7xf16>
  %2 = "edge.upsample_bilinear2d"(%x) {output_size = array<i64: 7, 9>, align_corners = false} : (tensor<1x4x5x6xf16>) -> tensor<1x4x7x9xf16>
  %3 = "edge.upsample_bilinear2d"(%x) {output_size = array<i64: 3, 4>, align_corners = true} : (tensor<1x4x5x6xf16>) -> tensor<1x4x3x4xf16>
  return %0, %1, %2, %3 : tensor<1x6x10x12xf16>, tensor<1x2x6x7xf16>, tensor<1x4x7x9xf16>, tensor<1x4x3x4xf16>
}

func.func @bf16(%x: tensor<1x4x5x6xbf16>) -> (tensor<1x6x10x12xbf16>, tensor<1x2x6x7xbf16>, tensor<1x4x7x9xbf16>, tensor<1x4x3x4xbf16>) {
  %w = "edge.constant"() {value = dense<[[[[-0.242, -0.4756, 0.1464], [-0.0833, 0.0706, -0.4377], [-0.1451, -0.3617, -0.3749]], [[-0.2409, 0.3289, -0.1022], [-0.0989, 0.1124, -0.2665], [-0.4925, 0.0287, 0.0009]], [[0.1488, -0.0617, 0.1865], [0.2314, -0.2616, -0.0049], [-0.0212, -0.2749, -0.0878]]], [[[0.0604, 0.4069, 0.4177], [-0.2248, 0.1464, -0.4518], [-0.4284, 0.0117, 0.3774]], [[-0.3405, 0.266, 0.383], [-0.1882, 0.1926, 0.349], [-0.1284, 0.2013, 0.2364]], [[0.0946, 0.3563, 0.3966], [0.4601, 0.0712, -0.3237], [-0.2494, -0.2824, 0.0695]]], [[[0.2578, -0.4479, 0.1816], [0.2172, -0.152, 0.0151], [-0.3352, 0.2299, -0.4593]], [[0.4812, 0.3079, 0.1284], [-0.2325, 0.4129, 0.4594], [-0.3609, 0.2758, 0.3419]], [[0.1597, 0.2004, -0.0549], [0.4243, 0.4712, -0.1176], [0.3027, -0.0671, -0.3352]]], [[[-0.1745, -0.3737, 0.4089], [0.4594, -0.3808, 0.1007], [-0.0918, -0.3819, -0.2045]], [[-0.2518, 0.2496, -0.496], [-0.3102, -0.0612, -0.479], [0.1275, 0.1056, 0.3353]], [[-0.2934, -0.2152, 0.0423], [-0.2268, 0.0857, -0.2491], [0.1835, 0.2911, 0.3087]]]]> : tensor<4x3x3x3xbf16>} : () -> tensor<4x3x3x3xbf16>
  %b = "edge.constant"() {value = dense<[0.4736, 0.0454, -0.0092, 0.3557, 0.2691, 0.0705]> : tensor<6xbf16>} : () -> tensor<6xbf16>
  %w2 = "edge.constant"() {value = dense<[[[[-0.1167, -0.216, -0.3919], [0.3075, -0.3819, 0.2473], [0.0453, 0.4649, 0.2611]], [[0.4735, -0.3634, 0.0004], [0.0726, -0.1887, 0.003], [-0.1432, 0.0284, -0.4992]]], [[[-0.0577, -0.0504, -0.1952], [-0.1006, 0.2831, 0.1834], [-0.0077, 0.1477, -0.1224]], [[-0.2961, -0.4961, -0.2224], [0.0982, 0.3817, 0.3294], [0.011, 0.487, -0.0384]]], [[[0.3346, -0.091, 0.2446], [0.4876, -0.1947, -0.3297], [0.12, 0.031, -0.1406]], [[-0.4965, -0.1108, -0.0741], [-0.0947, 0.3612, 0.0844], [0.2338, 0.3979, 0.2488]]], [[[-0.0073, 0.2458, 0.1404], [0.1487, 0.1297, -0.093], [0.1293, 0.1337, 0.4371]], [[0.2825, 0.3463, 0.2675], [0.3153, 0.1055, -0.1505], [-0.2354, 0.208, 0.3739]]]]> : tensor<4x2x3x3xbf16>} : () -> tensor<4x2x3x3xbf16>
  %0 = "edge.conv_transpose2d"(%x, %w, %b) {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, output_padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 2} : (tensor<1x4x5x6xbf16>, tensor<4x3x3x3xbf16>, tensor<6xbf16>) -> tensor<1x6x10x12xbf16>
  %1 = "edge.conv_transpose2d"(%x, %w2) {stride = array<i64: 1, 1>, padding = array<i64: 2, 2>, output_padding = array<i64: 1, 1>, dilation = array<i64: 2, 2>, groups = 1} : (tensor<1x4x5x6xbf16>, tensor<4x2x3x3xbf16>) -> tensor<1x2x6x7xbf16>
  %2 = "edge.upsample_bilinear2d"(%x) {output_size = array<i64: 7, 9>, align_corners = false} : (tensor<1x4x5x6xbf16>) -> tensor<1x4x7x9xbf16>
  %3 = "edge.upsample_bilinear2d"(%x) {output_size = array<i64: 3, 4>, align_corners = true} : (tensor<1x4x5x6xbf16>) -> tensor<1x4x3x4xbf16>
  return %0, %1, %2, %3 : tensor<1x6x10x12xbf16>, tensor<1x2x6x7xbf16>, tensor<1x4x7x9xbf16>, tensor<1x4x3x4xbf16>
}

// Every op on the NHWC result of a convolution (no layout copies between).
func.func @after_conv(%x: tensor<1x3x6x6xf32>) -> (tensor<1x2x11x11xf32>, tensor<1x4x12x18xf32>, tensor<1x4x8x8xf32>) {
  %cw = "edge.constant"() {value = dense<[[[[0.0442]], [[-0.3479]], [[0.333]]], [[[-0.0155]], [[-0.0329]], [[-0.4546]]], [[[0.0103]], [[0.2447]], [[-0.0774]]], [[[-0.1448]], [[0.1568]], [[-0.4803]]]]> : tensor<4x3x1x1xf32>} : () -> tensor<4x3x1x1xf32>
  %c = "edge.conv2d"(%x, %cw) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1} : (tensor<1x3x6x6xf32>, tensor<4x3x1x1xf32>) -> tensor<1x4x6x6xf32>
  %w = "edge.constant"() {value = dense<[[[[0.0072, 0.4461, 0.1904], [-0.0981, 0.1889, 0.105], [-0.2911, -0.2923, 0.386]]], [[[-0.2309, -0.4251, 0.3307], [0.0232, -0.1318, 0.0115], [0.2367, -0.3314, 0.1531]]], [[[0.2134, 0.315, -0.2302], [0.1097, -0.2679, 0.061], [-0.3276, 0.2898, 0.3667]]], [[[-0.1704, -0.2777, 0.4638], [0.2067, 0.3438, -0.4695], [0.3994, 0.1225, -0.1835]]]]> : tensor<4x1x3x3xf32>} : () -> tensor<4x1x3x3xf32>
  %0 = "edge.conv_transpose2d"(%c, %w) {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 2} : (tensor<1x4x6x6xf32>, tensor<4x1x3x3xf32>) -> tensor<1x2x11x11xf32>
  %1 = "edge.upsample_nearest2d"(%c) {output_size = array<i64: 12, 18>} : (tensor<1x4x6x6xf32>) -> tensor<1x4x12x18xf32>
  %2 = "edge.upsample_bilinear2d"(%c) {output_size = array<i64: 8, 8>, align_corners = false} : (tensor<1x4x6x6xf32>) -> tensor<1x4x8x8xf32>
  return %0, %1, %2 : tensor<1x2x11x11xf32>, tensor<1x4x12x18xf32>, tensor<1x4x8x8xf32>
}

// Nearest is data movement: bitwise equal in f16 and bf16 too.
func.func @nearest_bits(%x: tensor<2x3x2x5xf16>, %y: tensor<1x2x3x3xbf16>) -> (tensor<2x3x8x5xf16>, tensor<1x2x9x6xbf16>) {
  %0 = "edge.upsample_nearest2d"(%x) {output_size = array<i64: 8, 5>} : (tensor<2x3x2x5xf16>) -> tensor<2x3x8x5xf16>
  %1 = "edge.upsample_nearest2d"(%y) {output_size = array<i64: 9, 6>} : (tensor<1x2x3x3xbf16>) -> tensor<1x2x9x6xbf16>
  return %0, %1 : tensor<2x3x8x5xf16>, tensor<1x2x9x6xbf16>
}
