// The `xnn` dialect: XNNPACK subgraph nodes of the pinned XNNPACK
// (Debian 13 snapshot 20241108, xnnpack.h), one op per xnn_define_* call
// (SPEC section 3.2). Tensors carry the physical shape XNNPACK sees (NHWC for
// channels-last values). Attribute names follow the xnn_define_* parameter
// names so each op is directly emittable; the comment above every op names
// the call it maps to. Output clamping (output_min/output_max) is optional and
// defaults to -inf/+inf.
//
// As in edge.irdl.mlir: one fresh constraint variable per operand / result /
// attribute (IRDL variables unify), only REQUIRED attributes declared, the
// rest (element types, ranks <= XNN_MAX_TENSOR_DIMS = 6, shapes, optional
// attributes, enum strings) checked by the C verifier (lib/Ops/Xnn.c).
// xnn ops are only legal inside delegate functions (func.func {xnn.delegate}).
irdl.dialect @xnn {
  // Static weight data inside a delegate -> xnn_define_tensor_value(..., data =
  // value, XNN_INVALID_VALUE_ID, 0). Required: value (dense or dense_resource
  // elements). Quantized weights (C verifier): result tensor<NxKxi8, "qcint8" |
  // "qcint4" | "qbint4">, value tensor<NxKxi8>, optional-in-IRDL scale (f32
  // elements [N] or [N, K/block_size]) and block_size (qbint4) ->
  // xnn_define_{channelwise,blockwise}_quantized_tensor_value*
  // (docs/src/quantized-xnnpack-probe.md).
  irdl.operation @constant {
    %output = irdl.base "!builtin.tensor"
    %a_value_d = irdl.base "#builtin.dense_int_or_fp_elements"
    %a_value_r = irdl.base "#builtin.dense_resource_elements"
    %a_value = irdl.any_of(%a_value_d, %a_value_r)
    irdl.results(output: %output)
    irdl.attributes {"value" = %a_value}
  }

  // Datatype conversion -> xnn_define_unary(xnn_unary_convert)
  // (xnn_define_convert is deprecated). Same shape, element type may differ.
  // Optional (C verifier): exact_input, round_to_bf16 (bool), input_scale
  // (f64, 2^-17: the input was prescaled by its producer). f32 -> tensor<...xi8,
  // "qdint8">: dynamic quantization, one scale and zero point per row. f32 <->
  // tensor<...xi8, {kind = "qint8", scale, zero_point}>: static quantization.
  irdl.operation @convert {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // Generalised transpose -> xnn_define_static_transpose(num_dims, perm).
  // Required: perm (array<i64>, a permutation).
  irdl.operation @static_transpose {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %a_perm = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(output: %output)
    irdl.attributes {"perm" = %a_perm}
  }

  // Broadcasting binary -> xnn_define_binary(xnn_binary_<kind>, &params).
  // Required: kind (string: add, subtract, multiply, divide, maximum, minimum,
  // copysign, squared_difference, prelu, modulus, atan2, pow, bitwise_and,
  // bitwise_or, bitwise_xor, shift_left, shift_right_logical,
  // shift_right_arithmetic). Optional (C verifier): output_min, output_max (f64,
  // xnn_binary_params).
  irdl.operation @binary {
    %input1 = irdl.base "!builtin.tensor"
    %input2 = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %a_kind = irdl.base "#builtin.string"
    irdl.operands(input1: %input1, input2: %input2)
    irdl.results(output: %output)
    irdl.attributes {"kind" = %a_kind}
  }

  // Elementwise unary -> xnn_define_unary(xnn_unary_<kind>, &params). Required:
  // kind (string: clamp, abs, bankers_rounding, ceiling, elu, exp, floor, gelu,
  // hardswish, leaky_relu, log, negate, sigmoid, square, square_root,
  // reciprocal_square_root, tanh, cube_root, cosine, sine, sign; dtype
  // conversion is xnn.convert). Optional (C verifier): min, max (f64; clamp
  // requires both), alpha (f64, elu), negative_slope (f64, leaky_relu),
  // approximate ("none"|"tanh", gelu).
  irdl.operation @unary {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %a_kind = irdl.base "#builtin.string"
    irdl.operands(input: %input)
    irdl.results(output: %output)
    irdl.attributes {"kind" = %a_kind}
  }

  // xnn_define_fully_connected(output_min, output_max, input, filter,
  // bias|XNN_INVALID_VALUE_ID, output, flags): input [..., IC], filter [OC, IC]
  // ([IC, OC] with transpose_weights), optional bias [OC]. Optional (C
  // verifier): output_min, output_max (f64), transpose_weights (bool ->
  // XNN_FLAG_TRANSPOSE_WEIGHTS). Quantized: input "qdint8", filter a qcint8 /
  // qcint4 / qbint4 xnn.constant [N, K], bias an f32 constant [N], output f32;
  // or (static int8, qs8) input qint8 ({kind = "qint8", scale, zero_point}),
  // filter a qcint8 constant, bias a "qcint32" i32 constant [N], output qint8.
  irdl.operation @fully_connected {
    %input = irdl.base "!builtin.tensor"
    %filter = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input, filter: %filter, bias: optional %bias)
    irdl.results(output: %output)
  }

  // xnn_define_convolution_2d(padding top/right/bottom/left, kernel h/w,
  // subsampling h/w, dilation h/w, groups, group_input_channels,
  // group_output_channels, output_min, output_max, input, filter, bias, output,
  // 0). NHWC input [N, IH, IW, G*Cin], OHWI filter [G*Cout, KH, KW, Cin],
  // optional bias [G*Cout]. Required: padding (array<i64> of 4: top, right,
  // bottom, left), kernel, subsampling, dilation (array<i64> of 2: h, w),
  // groups, group_input_channels, group_output_channels (i64). Optional (C
  // verifier): output_min, output_max (f64).
  irdl.operation @convolution_2d {
    %input = irdl.base "!builtin.tensor"
    %filter = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %a_padding = irdl.base "#builtin.dense_array"
    %a_kernel = irdl.base "#builtin.dense_array"
    %a_subsampling = irdl.base "#builtin.dense_array"
    %a_dilation = irdl.base "#builtin.dense_array"
    %a_groups = irdl.base "#builtin.integer"
    %a_group_input_channels = irdl.base "#builtin.integer"
    %a_group_output_channels = irdl.base "#builtin.integer"
    irdl.operands(input: %input, filter: %filter, bias: optional %bias)
    irdl.results(output: %output)
    irdl.attributes {"padding" = %a_padding, "kernel" = %a_kernel, "subsampling" = %a_subsampling, "dilation" = %a_dilation, "groups" = %a_groups, "group_input_channels" = %a_group_input_channels, "group_output_channels" = %a_group_output_channels}
  }

  // xnn_define_deconvolution_2d(padding top/right/bottom/left, adjustment h/w,
  // kernel h/w, upsampling h/w, dilation h/w, groups, group_input_channels,
  // group_output_channels, output_min, output_max, input, filter, bias,
  // output, 0). NHWC input [N, IH, IW, G*Cin], filter [G*Cout, KH, KW, Cin],
  // optional bias [G*Cout]; OH = upsampling*(IH-1) + adjustment +
  // dilation*(KH-1) + 1 - top - bottom. Required: padding (array<i64> of 4),
  // adjustment, kernel, upsampling, dilation (array<i64> of 2), groups,
  // group_input_channels, group_output_channels (i64). Optional (C
  // verifier): output_min, output_max (f64).
  irdl.operation @deconvolution_2d {
    %input = irdl.base "!builtin.tensor"
    %filter = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %a_padding = irdl.base "#builtin.dense_array"
    %a_adjustment = irdl.base "#builtin.dense_array"
    %a_kernel = irdl.base "#builtin.dense_array"
    %a_upsampling = irdl.base "#builtin.dense_array"
    %a_dilation = irdl.base "#builtin.dense_array"
    %a_groups = irdl.base "#builtin.integer"
    %a_group_input_channels = irdl.base "#builtin.integer"
    %a_group_output_channels = irdl.base "#builtin.integer"
    irdl.operands(input: %input, filter: %filter, bias: optional %bias)
    irdl.results(output: %output)
    irdl.attributes {"padding" = %a_padding, "adjustment" = %a_adjustment, "kernel" = %a_kernel, "upsampling" = %a_upsampling, "dilation" = %a_dilation, "groups" = %a_groups, "group_input_channels" = %a_group_input_channels, "group_output_channels" = %a_group_output_channels}
  }

  // xnn_define_static_resize_bilinear_2d(new_height, new_width, input, output,
  // flags), NHWC [N, H, W, C] -> [N, new_height, new_width, C]; the sizes are
  // the output's. Required: align_corners (bool: XNN_FLAG_ALIGN_CORNERS, else
  // half-pixel centres).
  irdl.operation @static_resize_bilinear_2d {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %a_align_corners_t = irdl.is true
    %a_align_corners_f = irdl.is false
    %a_align_corners = irdl.any_of(%a_align_corners_t, %a_align_corners_f)
    irdl.operands(input: %input)
    irdl.results(output: %output)
    irdl.attributes {"align_corners" = %a_align_corners}
  }

  // xnn_define_max_pooling_2d(padding t/r/b/l, pooling h/w, stride h/w, dilation
  // h/w, output_min, output_max, input, output, 0), NHWC. Required: padding
  // (array<i64> of 4), pooling, stride, dilation (array<i64> of 2). Optional (C
  // verifier): output_min, output_max (f64).
  irdl.operation @max_pooling_2d {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %a_padding = irdl.base "#builtin.dense_array"
    %a_pooling = irdl.base "#builtin.dense_array"
    %a_stride = irdl.base "#builtin.dense_array"
    %a_dilation = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(output: %output)
    irdl.attributes {"padding" = %a_padding, "pooling" = %a_pooling, "stride" = %a_stride, "dilation" = %a_dilation}
  }

  // xnn_define_average_pooling_2d(padding t/r/b/l, pooling h/w, stride h/w,
  // output_min, output_max, input, output, 0), NHWC. Required: padding
  // (array<i64> of 4), pooling, stride (array<i64> of 2). Optional (C verifier):
  // output_min, output_max (f64).
  irdl.operation @average_pooling_2d {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %a_padding = irdl.base "#builtin.dense_array"
    %a_pooling = irdl.base "#builtin.dense_array"
    %a_stride = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(output: %output)
    irdl.attributes {"padding" = %a_padding, "pooling" = %a_pooling, "stride" = %a_stride}
  }

  // xnn_define_static_reduce_v2(xnn_reduce_<kind>, num_axes, axes (int64,
  // negative allowed), input, output, keep_dims ? XNN_FLAG_KEEP_DIMS : 0).
  // Required: kind ("mean"|"sum"), axes (array<i64>), keep_dims (bool).
  irdl.operation @static_reduce {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %a_kind = irdl.base "#builtin.string"
    %a_axes = irdl.base "#builtin.dense_array"
    %a_keep_dims_t = irdl.is true
    %a_keep_dims_f = irdl.is false
    %a_keep_dims = irdl.any_of(%a_keep_dims_t, %a_keep_dims_f)
    irdl.operands(input: %input)
    irdl.results(output: %output)
    irdl.attributes {"kind" = %a_kind, "axes" = %a_axes, "keep_dims" = %a_keep_dims}
  }

  // xnn_define_static_reshape(num_dims, new_shape, input, output, 0); new_shape
  // = result shape. Optional (C verifier): new_shape (array<i64>, must equal the
  // result shape).
  irdl.operation @static_reshape {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // xnn_define_concatenate{2,3,4,5}(axis, input1..inputN, output, 0).
  // Required: axis (i64, negative allowed). 2 to 5 inputs of pairwise
  // different shapes (C verifier). As for edge.cat, xnnmlir verifies the
  // operand list in C; stock `mlir-opt --irdl-file` checks the definition
  // below: `input1` of its own type and a tail `inputs` sharing one type.
  irdl.operation @concatenate {
    %input1 = irdl.base "!builtin.tensor"
    %inputs = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %a_axis = irdl.base "#builtin.integer"
    irdl.operands(input1: %input1, inputs: variadic %inputs)
    irdl.results(output: %output)
    irdl.attributes {"axis" = %a_axis}
  }

  // xnn_define_static_slice(num_dims, offsets, sizes, input, output, 0).
  // Required: offsets, sizes (array<i64>, one per dim; sizes = result shape).
  irdl.operation @static_slice {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %a_offsets = irdl.base "#builtin.dense_array"
    %a_sizes = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(output: %output)
    irdl.attributes {"offsets" = %a_offsets, "sizes" = %a_sizes}
  }

  // xnn_define_softmax(input, output, 0): softmax over the innermost dimension.
  irdl.operation @softmax {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // xnn_define_batch_matrix_multiply(input1, input2, output, transpose_b ?
  // XNN_FLAG_TRANSPOSE_B : 0): [..., M, K] x [..., K, N] ([..., N, K] with
  // transpose_b). Optional (C verifier): transpose_b (bool).
  irdl.operation @batch_matrix_multiply {
    %input1 = irdl.base "!builtin.tensor"
    %input2 = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input1: %input1, input2: %input2)
    irdl.results(output: %output)
  }

  // xnn_define_copy(input, output, 0): same type.
  irdl.operation @copy {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    irdl.operands(input: %input)
    irdl.results(output: %output)
  }

  // xnn_define_static_constant_pad(pre_paddings, post_paddings, padding_value,
  // input, output, 0). Required: pre_paddings, post_paddings (array<i64>, one
  // per dim, >= 0), padding_value (f64).
  irdl.operation @static_constant_pad {
    %input = irdl.base "!builtin.tensor"
    %output = irdl.base "!builtin.tensor"
    %a_pre_paddings = irdl.base "#builtin.dense_array"
    %a_post_paddings = irdl.base "#builtin.dense_array"
    %a_padding_value = irdl.base "#builtin.float"
    irdl.operands(input: %input)
    irdl.results(output: %output)
    irdl.attributes {"pre_paddings" = %a_pre_paddings, "post_paddings" = %a_post_paddings, "padding_value" = %a_padding_value}
  }
}
