/* The C-source sink of the delegate walk (xnn-translate --xnn-to-c): one
 * translation unit per module, compiled against the pinned xnnpack.h. Per
 * delegate N: xnn_delegate_N_create / _run / _destroy and size tables.
 * Weights, one per distinct payload, are either static aligned arrays with
 * XNN_EXTRA_BYTES of padding, or (large models) a binary weights file that
 * xnn_weights_load reads, so the source stays small whatever the model size.
 * Every call's status is checked; a failure returns the status and a message
 * naming the node. */
#include "xnnmlir/Emit.h"

#include "CProgram.h"
#include "Support/Strings.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/Diagnostics.h>

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Payload {
  uint64_t hash;
  size_t bytes;  /* of its data (one element if splat) */
  size_t count;  /* elements */
  size_t width;  /* bytes per element */
  bool splat;
  size_t offset; /* of its data in the weights file */
  size_t index;  /* xnn_weights_<index> */
  const unsigned char *data; /* the module's own memory, or `owned` */
  bool owned;
} Payload;

/* The weights file: a 64-byte header, then each payload at a 64-byte aligned
 * offset (what XNNPACK wants of static data), the last one followed by at
 * least XNN_EXTRA_BYTES (16). */
enum { WEIGHTS_HEADER = 64, WEIGHTS_ALIGN = 64, WEIGHTS_TAIL = 64 };
static const char weightsMagic[8] = {'X', 'N', 'N', 'M', 'L', 'I', 'R', 'W'};

/* What the sink knows of a tensor it defined (to chunk a fully connected node). */
typedef struct TensorInfo {
  XnnMlirDType dtype;
  size_t rank;
  size_t dims[XNN_MLIR_EMIT_MAX_RANK];
  size_t temp; /* its f32 copy in d->temps[], or SIZE_MAX */
} TensorInfo;

/* An f32 copy of bf16/f16 weights in the delegate being emitted. */
typedef struct TempInfo {
  bool packedOnly; /* freed once packed (else the runtime reads it) */
  bool lazy;       /* widened when packed (large bf16 filters) */
  bool filled;     /* a node widens it whole before defining itself */
  size_t chunks;   /* row chunks it is packed in (0: whole) */
  size_t bytes;    /* of its f32 values (placed: of the quantized filter) */
  bool placed;     /* a quantized filter packed in place from the weights file (xnnmlir_temp_place) */
} TempInfo;

typedef struct CSink {
  size_t blobSize; /* the weights file's layout so far: header, then each payload at Payload.offset */
  XnnStrBuf code;    /* delegate functions */
  XnnStrBuf body;    /* the current create() body */
  XnnStrBuf fills;   /* splat fills for the current create() */
  Payload *payloads;
  size_t numPayloads, capPayloads;
  size_t numArrays, numDeduped;
  /* current delegate */
  size_t index, numInputs, numOutputs, numTensors;
  XnnStrBuf signature; /* comment lines describing the externals */
  size_t inBytes[256], outBytes[256];
  bool *filled; /* payload already filled in this create() */
  bool usesBf16Rounding; /* a node calls the helper of Bf16Rounding.inc */
  bool usesSigmoid;      /* a node calls the helper of Sigmoid.inc */
  bool usesWiden;        /* a tensor is widened from bf16/f16 data at create time */
  bool usesChunks;       /* a fully connected node packs its filter in row chunks */
  size_t numWidened;     /* in the current delegate: d->temps[] entries */
  XnnStrBuf afterCreate; /* releases of mapped weights XNNPACK has packed */
  size_t chunkBytes;     /* f32 copies of bf16 filters above this pack in row chunks (0: never) */
  TensorInfo *tensors;   /* the current delegate's, by t[] index */
  size_t capTensors;
  TempInfo *temps;       /* the current delegate's f32 copies, by d->temps[] index */
  size_t capTemps;
  bool usesRelease;      /* calls xnn_weights_release (pages of the mapped weights file) */
  size_t staticBytes;    /* of the current delegate's static tensors, at their types */
  size_t *delegateBytes; /* per delegate, by index */
  size_t capDelegates;
} CSink;

/* A new entry of s->temps (zeroed), its index in *j. */
static TempInfo *newTemp(CSink *s, size_t *j, char *err, size_t errSize);

extern const char xnnMlirBf16RoundingText[];
extern const size_t xnnMlirBf16RoundingText_size;
extern const char xnnMlirSigmoidText[];
extern const size_t xnnMlirSigmoidText_size;
extern const char xnnMlirPackCacheText[];
extern const size_t xnnMlirPackCacheText_size;

static const char *dtypeEnum(XnnMlirDType d) {
  switch (d) {
  case XNN_MLIR_F32: return "xnn_datatype_fp32";
  case XNN_MLIR_F16: return "xnn_datatype_fp16";
  case XNN_MLIR_BF16: return "xnn_datatype_bf16";
  default: return NULL;
  }
}

/* A C string literal body: quotes, backslashes, '?' (trigraphs) and control bytes escaped. */
static void appendEscaped(XnnStrBuf *b, const char *s) {
  for (; *s; ++s) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\' || c == '?')
      xnnStrBufAppendf(b, "\\%c", c);
    else if (c < 0x20 || c >= 0x7f)
      xnnStrBufAppendf(b, "\\%03o", c);
    else
      xnnStrBufAppend(b, (const char *)&c, 1);
  }
}

/* A float literal that C parses back to the same value. */
static void appendFloat(XnnStrBuf *b, double v, bool isFloat) {
  if (isnan(v)) {
    xnnStrBufAppendCStr(b, "NAN");
    return;
  }
  if (isinf(v)) {
    xnnStrBufAppendCStr(b, v < 0 ? "-INFINITY" : "INFINITY");
    return;
  }
  char tmp[64];
  snprintf(tmp, sizeof(tmp), isFloat ? "%.9g" : "%.17g", v);
  xnnStrBufAppendCStr(b, tmp);
  if (!strpbrk(tmp, ".e"))
    xnnStrBufAppendCStr(b, ".0");
  if (isFloat)
    xnnStrBufAppendCStr(b, "f");
}

static void appendDims(XnnStrBuf *b, const size_t *dims, size_t rank) {
  xnnStrBufAppendCStr(b, "[");
  for (size_t i = 0; i < rank; ++i)
    xnnStrBufAppendf(b, "%s%zu", i ? ", " : "", dims[i]);
  xnnStrBufAppendCStr(b, "]");
}

static void appendSizeArray(XnnStrBuf *b, const char *type, const size_t *v, size_t n) {
  if (n == 0) {
    xnnStrBufAppendCStr(b, "NULL");
    return;
  }
  xnnStrBufAppendf(b, "(const %s[]){", type);
  for (size_t i = 0; i < n; ++i)
    xnnStrBufAppendf(b, "%s%zu", i ? ", " : "", v[i]);
  xnnStrBufAppendCStr(b, "}");
}

/* A hash of the payload for deduplication (a full compare confirms): eight
 * bytes per step, as gigabytes of weights pass through here. */
static uint64_t hashBytes(const unsigned char *p, size_t n) {
  uint64_t h = 1469598103934665603ull ^ n;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    memcpy(&w, p + i, 8);
    h = (h ^ w) * 0x9e3779b97f4a7c15ull;
    h ^= h >> 29;
  }
  for (; i < n; ++i)
    h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

static const char *elemCType(size_t width) {
  return width == 8 ? "uint64_t" : width == 4 ? "uint32_t" : width == 1 ? "uint8_t" : "uint16_t";
}

static void appendElem(XnnStrBuf *b, const unsigned char *p, size_t width) {
  if (width == 8) { /* i64 constants of portable ops (--program) */
    uint64_t v;
    memcpy(&v, p, 8);
    xnnStrBufAppendf(b, "UINT64_C(0x%016" PRIX64 ")", v);
  } else if (width == 1) {
    xnnStrBufAppendf(b, "%u", (unsigned)p[0]);
  } else if (width == 4) {
    uint32_t v;
    memcpy(&v, p, 4);
    xnnStrBufAppendf(b, "0x%08" PRIX32 "u", v);
  } else {
    uint16_t v;
    memcpy(&v, p, 2);
    xnnStrBufAppendf(b, "0x%04X", (unsigned)v);
  }
}

/* Places `bytes` more in the weights file's layout at the next aligned offset (returned). */
static size_t blobPlace(CSink *s, size_t bytes) {
  size_t off = (s->blobSize + WEIGHTS_ALIGN - 1) / WEIGHTS_ALIGN * WEIGHTS_ALIGN;
  s->blobSize = off + bytes;
  return off;
}

/* The array for a payload (deduplicated): returns its index in payloads. */
static size_t internPayload(CSink *s, const XnnMlirEmitTensor *in, size_t count) {
  size_t width = xnnMlirDTypeSize(in->dataDtype); /* what the file holds (bf16 for widened f32) */
  /* Small splats are written out in full; large ones are BSS filled at create time. */
  XnnMlirEmitTensor expanded = *in;
  unsigned char small[64 * 4];
  if (in->splat && count <= 64) {
    for (size_t i = 0; i < count; ++i)
      memcpy(small + i * width, in->data, width);
    expanded.data = small;
    expanded.splat = false;
  }
  const XnnMlirEmitTensor *t = in->splat && count <= 64 ? &expanded : in;
  size_t bytes = (t->splat ? 1 : count) * width;
  uint64_t h = hashBytes(t->data, bytes) ^ (t->splat ? 0x9e3779b97f4a7c15ull : 0) ^ (uint64_t)count * 31u;
  for (size_t i = 0; i < s->numPayloads; ++i) {
    Payload *p = &s->payloads[i];
    if (p->hash == h && p->bytes == bytes && p->count == count && p->width == width &&
        p->splat == t->splat && !memcmp(p->data, t->data, bytes)) {
      ++s->numDeduped;
      return i;
    }
  }
  if (s->numPayloads == s->capPayloads) {
    s->capPayloads = s->capPayloads ? 2 * s->capPayloads : 16;
    s->payloads = realloc(s->payloads, s->capPayloads * sizeof(Payload));
    s->filled = realloc(s->filled, s->capPayloads * sizeof(bool));
    if (!s->payloads || !s->filled)
      abort();
  }
  Payload *p = &s->payloads[s->numPayloads];
  s->filled[s->numPayloads] = false;
  p->hash = h, p->bytes = bytes, p->count = count, p->width = width, p->splat = t->splat;
  p->index = s->numArrays++;
  if (s->blobSize == 0)
    s->blobSize = WEIGHTS_HEADER;
  p->offset = blobPlace(s, bytes);
  /* Data that outlives the emission is referenced, not copied (gigabytes of weights). */
  p->owned = !(in->stable && t == in);
  if (p->owned) {
    unsigned char *copy = malloc(bytes ? bytes : 1);
    if (!copy)
      abort();
    memcpy(copy, t->data, bytes);
    p->data = copy;
  } else {
    p->data = t->data;
  }
  return s->numPayloads++;
}

static bool payloadIsZero(const Payload *p) {
  for (size_t i = 0; i < p->bytes; ++i)
    if (p->data[i])
      return false;
  return true;
}

/* Declares every payload's array: splats as BSS (filled by the create
 * functions unless zero); the others as initialised static arrays, or, with
 * `external`, as pointers into the loaded weights file. */
static void appendWeightDecls(const CSink *s, XnnStrBuf *w, bool external) {
  for (size_t i = 0; i < s->numPayloads; ++i) {
    const Payload *p = &s->payloads[i];
    const char *ct = elemCType(p->width);
    const unsigned char *data = p->data;
    if (p->splat && payloadIsZero(p)) {
      xnnStrBufAppendf(w, "/* %zu x zero */\nstatic _Alignas(64) const %s xnn_weights_%zu[%zu + XNN_EXTRA_BYTES / sizeof(%s)];\n\n",
                       p->count, ct, p->index, p->count, ct);
    } else if (p->splat) {
      xnnStrBufAppendf(w, "/* %zu x ", p->count);
      appendElem(w, data, p->width);
      xnnStrBufAppendf(w, ", filled by the create functions */\nstatic _Alignas(64) %s xnn_weights_%zu[%zu + XNN_EXTRA_BYTES / sizeof(%s)];\n\n",
                       ct, p->index, p->count, ct);
    } else if (external) {
      xnnStrBufAppendf(w, "#define xnn_weights_%zu ((const %s *)(xnn_weights_file + %zu)) /* %zu elements */\n", p->index,
                       ct, p->offset, p->count);
    } else {
      xnnStrBufAppendf(w, "static _Alignas(64) const %s xnn_weights_%zu[%zu + XNN_EXTRA_BYTES / sizeof(%s)] = {",
                       ct, p->index, p->count, ct);
      for (size_t k = 0; k < p->count; ++k) {
        xnnStrBufAppendCStr(w, k % 8 ? " " : "\n  ");
        appendElem(w, data + k * p->width, p->width);
        xnnStrBufAppendCStr(w, ",");
      }
      xnnStrBufAppendCStr(w, "\n};\n\n");
    }
  }
}

static bool sinkBegin(void *user, const XnnMlirEmitDelegate *d, char *err, size_t errSize) {
  CSink *s = user;
  if (d->numInputs + d->numOutputs > 256) {
    snprintf(err, errSize, "more than 256 external values");
    return false;
  }
  s->index = d->index;
  s->numInputs = d->numInputs;
  s->numOutputs = d->numOutputs;
  s->numTensors = 0;
  s->numWidened = 0;
  s->staticBytes = 0;
  s->afterCreate.size = 0;
  if (s->afterCreate.data)
    s->afterCreate.data[0] = 0;
  xnnStrBufClear(&s->body);
  xnnStrBufClear(&s->fills);
  xnnStrBufClear(&s->signature);
  for (size_t i = 0; i < s->numPayloads; ++i)
    s->filled[i] = false;
  xnnStrBufAppendf(&s->signature, "/* ==== xnn_delegate_%zu (@", d->index);
  xnnStrBufAppendCComment(&s->signature, d->name, strlen(d->name));
  xnnStrBufAppendf(&s->signature, "): %zu input%s, %zu output%s, %zu node%s ====\n", d->numInputs, d->numInputs == 1 ? "" : "s", d->numOutputs,
                   d->numOutputs == 1 ? "" : "s", d->numNodes, d->numNodes == 1 ? "" : "s");
  return true;
}

/* The array of `count` elements of `dtype`'s width at `data` (interned). */
static const Payload *internRaw(CSink *s, const void *data, XnnMlirDType dtype, size_t count, bool stable) {
  XnnMlirEmitTensor raw;
  memset(&raw, 0, sizeof(raw));
  raw.dtype = raw.dataDtype = dtype;
  raw.data = data;
  raw.stable = stable;
  size_t i = internPayload(s, &raw, count); /* may move s->payloads */
  return &s->payloads[i];
}

/* Quantized values (Emit.h, XnnMlirEmitQuant): the calls the live runtime
 * makes (lib/Runtime/Runtime.c, defineQuantTensor), printed. */
static bool quantTensor(CSink *s, const XnnMlirEmitTensor *t, size_t k, char *err, size_t errSize) {
  XnnStrBuf *b = &s->body;
  if (t->externalId != XNN_MLIR_EMIT_INVALID_ID) {
    snprintf(err, errSize, "quantized values cannot be delegate inputs or outputs");
    return false;
  }
  if (t->quant == XNN_MLIR_QUANT_QDINT8) {
    xnnStrBufAppendf(b, "  s = xnn_define_dynamically_quantized_tensor_value(subgraph, xnn_datatype_qdint8, %zu, 1, ",
                     t->rank);
    appendSizeArray(b, "size_t", t->dims, t->rank);
  } else if (t->quant == XNN_MLIR_QUANT_QINT8) {
    /* the scale as a hexadecimal float literal: exact */
    xnnStrBufAppendf(b, "  s = xnn_define_quantized_tensor_value(subgraph, xnn_datatype_qint8, %d, %af /* %.9g */, %zu, ",
                     (int)t->zeroPoint, (double)t->quantScale, (double)t->quantScale, t->rank);
    appendSizeArray(b, "size_t", t->dims, t->rank);
    xnnStrBufAppendCStr(b, ", NULL");
  } else {
    if (!t->data || !t->scale) {
      snprintf(err, errSize, "quantized weights without data or scales");
      return false;
    }
    bool bf16 = t->quant == XNN_MLIR_QUANT_QBINT4;
    const Payload *data = internRaw(s, t->data, XNN_MLIR_I1, t->dataBytes, t->stable);
    size_t di = data->index;
    const Payload *scale = internRaw(s, t->scale, bf16 ? XNN_MLIR_BF16 : XNN_MLIR_F32, t->numScales, false);
    size_t si = scale->index;
    s->staticBytes += t->dataBytes + t->numScales * (bf16 ? 2 : 4);
    if ((t->flags & XNN_MLIR_EMIT_PACKED_ONLY) && t->rank == 2 && t->quant != XNN_MLIR_QUANT_QCINT32) {
      /* packed in place from the weights file: its pages (and its scales')
       * leave the resident set as soon as XNNPACK has packed it */
      size_t j;
      TempInfo *ti = newTemp(s, &j, err, errSize);
      if (!ti)
        return false;
      ti->packedOnly = ti->placed = true;
      ti->bytes = t->dataBytes;
      s->tensors[k].temp = j;
      s->usesWiden = s->usesRelease = true;
      size_t scaleBytes = t->numScales * (bf16 ? 2 : 4);
      xnnStrBufAppendf(b, "  xnnmlir_temp_place(&d->temps[%zu], xnn_weights_%zu, %zu, %zu, %d, xnn_weights_%zu, %zu, %zu, %zu);\n",
                       j, di, t->dataBytes, t->dataBytes / t->dims[0],
                       t->quant == XNN_MLIR_QUANT_QCINT8 ? 1 : t->quant == XNN_MLIR_QUANT_QCINT4 ? 2 : 3, si, scaleBytes,
                       scaleBytes / t->dims[0], t->blockSize);
    }
    if (t->quant == XNN_MLIR_QUANT_QCINT8 || t->quant == XNN_MLIR_QUANT_QCINT32)
      xnnStrBufAppendf(b, "  s = xnn_define_channelwise_quantized_tensor_value(subgraph, %s, "
                          "(const float *)xnn_weights_%zu, %zu, 0, ",
                       t->quant == XNN_MLIR_QUANT_QCINT8 ? "xnn_datatype_qcint8" : "xnn_datatype_qcint32", si, t->rank);
    else if (t->quant == XNN_MLIR_QUANT_QCINT4)
      xnnStrBufAppendf(b, "  s = xnn_define_channelwise_quantized_tensor_value_v2(subgraph, xnn_datatype_qcint4, 8, "
                          "(const float *)xnn_weights_%zu, %zu, 0, ",
                       si, t->rank);
    else
      xnnStrBufAppendf(b, "  s = xnn_define_blockwise_quantized_tensor_value(subgraph, xnn_datatype_qbint4, 8, "
                          "xnn_weights_%zu, %zu, 0, %zu, ",
                       si, t->rank, t->blockSize);
    appendSizeArray(b, "size_t", t->dims, t->rank);
    xnnStrBufAppendf(b, ", xnn_weights_%zu", di);
  }
  xnnStrBufAppendf(b, ", XNN_INVALID_VALUE_ID, 0, &t[%zu]);\n  if (s != xnn_status_success)\n    goto fail;\n", k);
  return true;
}

/* Records tensor `t` as s->tensors[k] (growing the array). */
static bool tensorSlot(CSink *s, const XnnMlirEmitTensor *t, size_t k, char *err, size_t errSize) {
  if (k >= s->capTensors) {
    size_t cap = s->capTensors ? 2 * s->capTensors : 64;
    TensorInfo *grown = realloc(s->tensors, cap * sizeof(TensorInfo));
    if (!grown) {
      snprintf(err, errSize, "out of memory");
      return false;
    }
    s->tensors = grown, s->capTensors = cap;
  }
  TensorInfo *info = &s->tensors[k];
  info->dtype = t->dtype, info->rank = t->rank, info->temp = SIZE_MAX;
  memcpy(info->dims, t->dims, sizeof(info->dims));
  return true;
}

static TempInfo *newTemp(CSink *s, size_t *j, char *err, size_t errSize) {
  *j = s->numWidened++;
  if (*j >= s->capTemps) {
    size_t cap = s->capTemps ? 2 * s->capTemps : 16;
    TempInfo *grown = realloc(s->temps, cap * sizeof(TempInfo));
    if (!grown) {
      snprintf(err, errSize, "out of memory");
      return NULL;
    }
    s->temps = grown, s->capTemps = cap;
  }
  memset(&s->temps[*j], 0, sizeof(TempInfo));
  return &s->temps[*j];
}

static bool sinkTensor(void *user, const XnnMlirEmitTensor *t, uint32_t *id, char *err, size_t errSize) {
  CSink *s = user;
  if (t->quant != XNN_MLIR_QUANT_NONE) {
    size_t k = s->numTensors;
    if (!tensorSlot(s, t, k, err, errSize))
      return false;
    xnnStrBufAppendf(&s->body, "  what = \"tensor t[%zu] (", k);
    appendEscaped(&s->body, t->name ? t->name : "value");
    xnnStrBufAppendf(&s->body, ", %s)\";\n", t->quant == XNN_MLIR_QUANT_QDINT8    ? "qdint8"
                                              : t->quant == XNN_MLIR_QUANT_QCINT8  ? "qcint8"
                                              : t->quant == XNN_MLIR_QUANT_QCINT4  ? "qcint4"
                                              : t->quant == XNN_MLIR_QUANT_QINT8   ? "qint8"
                                              : t->quant == XNN_MLIR_QUANT_QCINT32 ? "qcint32"
                                                                                   : "qbint4");
    if (!quantTensor(s, t, k, err, errSize))
      return false;
    s->numTensors = k + 1;
    *id = (uint32_t)k;
    return true;
  }
  const char *dt = dtypeEnum(t->dtype);
  if (!dt) {
    snprintf(err, errSize, "unsupported datatype");
    return false;
  }
  size_t count = 1;
  for (size_t i = 0; i < t->rank; ++i)
    count *= t->dims[i];
  size_t k = s->numTensors;
  if (!tensorSlot(s, t, k, err, errSize))
    return false;
  s->numTensors = k + 1;
  TensorInfo *info = &s->tensors[k];
  XnnStrBuf *b = &s->body;
  xnnStrBufAppendf(b, "  what = \"tensor t[%zu] (", k);
  appendEscaped(b, t->name ? t->name : "value");
  xnnStrBufAppendCStr(b, ")\";\n");
  char data[64] = "NULL";
  if (t->data) {
    size_t pi = internPayload(s, t, count);
    Payload *p = &s->payloads[pi];
    snprintf(data, sizeof(data), "xnn_weights_%zu", p->index);
    s->staticBytes += count * xnnMlirDTypeSize(t->dtype);
    if (t->dataDtype != t->dtype) { /* f32 from bf16/f16 data, widened here (exactly) */
      size_t j;
      TempInfo *ti = newTemp(s, &j, err, errSize);
      if (!ti)
        return false;
      ti->packedOnly = t->flags & XNN_MLIR_EMIT_PACKED_ONLY;
      ti->bytes = count * 4;
      /* Large bf16 filters only packed: widened chunk by chunk when packed (if
       * a fully connected node packs them in chunks, else whole by the node). */
      ti->lazy = ti->packedOnly && !t->splat && t->rank == 2 && s->chunkBytes && ti->bytes > s->chunkBytes &&
                 t->dataDtype == XNN_MLIR_BF16;
      info->temp = j;
      s->usesWiden = true;
      s->usesRelease = true; /* the widening releases the pages of the mapped file it read */
      xnnStrBufAppendf(b, "  s = xnn_status_out_of_memory;\n"
                          "  if (!xnnmlir_temp_init(&d->temps[%zu], xnn_weights_%zu, %zu, %s, %d, %d, %d))\n"
                          "    goto fail;\n",
                       j, p->index, count, p->splat ? "1" : "0", t->dataDtype == XNN_MLIR_F16, ti->lazy,
                       ti->packedOnly);
      snprintf(data, sizeof(data), "d->temps[%zu].data", j);
    } else if ((t->flags & XNN_MLIR_EMIT_PACKED_ONLY) && !p->splat) {
      /* Packed by xnn_create_runtime from the mapped file: its pages go after. */
      s->usesRelease = true;
      xnnStrBufAppendf(&s->afterCreate, "  xnn_weights_release(xnn_weights_%zu, %zu);\n", p->index, p->bytes);
    }
    if (p->splat && !payloadIsZero(p) && !s->filled[pi]) {
      s->filled[pi] = true;
      xnnStrBufAppendf(&s->fills, "  for (size_t i = 0; i < %zu; ++i)\n    xnn_weights_%zu[i] = ", count, p->index);
      appendElem(&s->fills, p->data, p->width);
      xnnStrBufAppendCStr(&s->fills, ";\n");
    }
  }
  xnnStrBufAppendf(b, "  s = xnn_define_tensor_value(subgraph, %s, %zu, ", dt, t->rank);
  appendSizeArray(b, "size_t", t->dims, t->rank);
  xnnStrBufAppendf(b, ", %s, ", data);
  if (t->externalId == XNN_MLIR_EMIT_INVALID_ID)
    xnnStrBufAppendCStr(b, "XNN_INVALID_VALUE_ID");
  else
    xnnStrBufAppendf(b, "%" PRIu32, t->externalId);
  uint32_t external = t->flags & (XNN_MLIR_EMIT_EXTERNAL_INPUT | XNN_MLIR_EMIT_EXTERNAL_OUTPUT);
  const char *fl = external == XNN_MLIR_EMIT_EXTERNAL_INPUT    ? "XNN_VALUE_FLAG_EXTERNAL_INPUT"
                   : external == XNN_MLIR_EMIT_EXTERNAL_OUTPUT ? "XNN_VALUE_FLAG_EXTERNAL_OUTPUT"
                   : external ? "XNN_VALUE_FLAG_EXTERNAL_INPUT | XNN_VALUE_FLAG_EXTERNAL_OUTPUT" : "0";
  xnnStrBufAppendf(b, ", %s, &t[%zu]);\n  if (s != xnn_status_success)\n    goto fail;\n", fl, k);
  if (external) {
    bool in = t->flags & XNN_MLIR_EMIT_EXTERNAL_INPUT;
    size_t idx = in ? t->externalId : t->externalId - s->numInputs;
    size_t bytes = count * xnnMlirDTypeSize(t->dtype);
    if (in)
      s->inBytes[idx] = bytes;
    else if (idx < 256)
      s->outBytes[idx] = bytes;
    xnnStrBufAppendf(&s->signature, " *   %s %zu: %s", in ? "input" : "output", idx, xnnMlirDTypeName(t->dtype));
    appendDims(&s->signature, t->dims, t->rank);
    xnnStrBufAppendf(&s->signature, " (%zu bytes, external id %" PRIu32 ")\n", bytes, t->externalId);
  }
  *id = (uint32_t)k;
  return true;
}

/* A fully connected node whose filter is a lazy f32 copy larger than the
 * chunk size is defined as 2-5 nodes over row ranges of the filter,
 * concatenated (xnnmlir_define_chunked_fully_connected; the live runtime
 * chunks the same filters the same way): no bias, filter [out, in] not
 * transposed, the output's last axis its rows. Returns whether it did. */
static bool emitChunked(CSink *s, const XnnMlirEmitNode *n) {
  if (n->numArgs != 7 || n->args[3].type != XNN_MLIR_ARG_VALUE || n->args[5].type != XNN_MLIR_ARG_VALUE ||
      n->args[4].type != XNN_MLIR_ARG_VALUE || n->args[6].type != XNN_MLIR_ARG_FLAGS)
    return false;
  uint32_t filter = n->args[3].u.id, output = n->args[5].u.id;
  if (n->args[4].u.id != XNN_MLIR_EMIT_INVALID_ID || (n->args[6].u.flags.value & 0x00000001u) /* TRANSPOSE_WEIGHTS */ ||
      filter >= s->numTensors || output >= s->numTensors || s->tensors[filter].temp == SIZE_MAX)
    return false;
  TempInfo *ti = &s->temps[s->tensors[filter].temp];
  const TensorInfo *fi = &s->tensors[filter], *oi = &s->tensors[output];
  if (!(ti->lazy || (ti->placed && s->chunkBytes && ti->bytes > s->chunkBytes)) || ti->filled ||
      (ti->placed && oi->dtype != XNN_MLIR_F32))
    return false;
  size_t k = (ti->bytes + s->chunkBytes - 1) / s->chunkBytes;
  k = k > 5 ? 5 : k < 2 ? 2 : k; /* the same for every node packing this filter: the same chunks */
  if (fi->rank != 2 || !oi->rank || oi->dims[oi->rank - 1] != fi->dims[0] || fi->dims[0] < k ||
      (ti->chunks && ti->chunks != k) || !dtypeEnum(oi->dtype))
    return false;
  ti->chunks = k;
  s->usesChunks = true;
  XnnStrBuf *b = &s->body;
  xnnStrBufAppendCStr(b, "  what = \"");
  appendEscaped(b, n->what ? n->what : "node");
  xnnStrBufAppendf(b, ": xnn_define_fully_connected in %zu row chunks\";\n"
                      "  s = xnnmlir_define_chunked_%sfully_connected(subgraph, &d->temps[%zu], %zu, %zu, %zu, ",
                   k, ti->placed ? "quant_" : "", fi->temp, k, fi->dims[0], fi->dims[1]);
  appendFloat(b, n->args[0].u.f, true);
  xnnStrBufAppendCStr(b, ", ");
  appendFloat(b, n->args[1].u.f, true);
  if (n->args[2].u.id == XNN_MLIR_EMIT_INVALID_ID)
    xnnStrBufAppendCStr(b, ", XNN_INVALID_VALUE_ID");
  else
    xnnStrBufAppendf(b, ", t[%" PRIu32 "]", n->args[2].u.id);
  xnnStrBufAppendf(b, ", t[%" PRIu32 "], %s, %zu, ", output, dtypeEnum(oi->dtype), oi->rank);
  appendSizeArray(b, "size_t", oi->dims, oi->rank);
  xnnStrBufAppendf(b, ", %s);\n  if (s != xnn_status_success)\n    goto fail;\n", n->args[6].u.flags.spelling);
  return true;
}

static bool sinkNode(void *user, const XnnMlirEmitNode *n, char *err, size_t errSize) {
  CSink *s = user;
  XnnStrBuf *b = &s->body;
  if (!strcmp(n->function, XNN_MLIR_BF16_RNE_FUNCTION) || !strcmp(n->function, XNN_MLIR_BF16_RNE_F32_FUNCTION))
    s->usesBf16Rounding = true;
  if (!strcmp(n->function, XNN_MLIR_SIGMOID_FUNCTION))
    s->usesSigmoid = true;
  if (!strcmp(n->function, "xnn_define_fully_connected") && emitChunked(s, n))
    return true;
  /* Each operand naming an f32 copy XNNPACK only packs: one more packing
   * before it is freed; a lazy copy not packed in chunks is widened whole. */
  for (size_t i = 0; s->numWidened && i < n->numArgs; ++i) {
    const XnnMlirEmitArg *a = &n->args[i];
    if (a->type != XNN_MLIR_ARG_VALUE || a->u.id >= s->numTensors || s->tensors[a->u.id].temp == SIZE_MAX)
      continue;
    size_t j = s->tensors[a->u.id].temp;
    TempInfo *ti = &s->temps[j];
    if (ti->packedOnly)
      xnnStrBufAppendf(b, "  ++d->temps[%zu].uses;\n", j);
    if (ti->lazy && !ti->filled) {
      ti->filled = true;
      xnnStrBufAppendf(b, "  xnnmlir_temp_fill(&d->temps[%zu], SIZE_MAX);\n", j);
    }
  }
  xnnStrBufAppendCStr(b, "  what = \"");
  appendEscaped(b, n->what ? n->what : "node");
  xnnStrBufAppendf(b, ": %s\";\n  s = %s(subgraph", n->function, n->function);
  for (size_t i = 0; i < n->numArgs; ++i) {
    const XnnMlirEmitArg *a = &n->args[i];
    xnnStrBufAppendCStr(b, ", ");
    switch (a->type) {
    case XNN_MLIR_ARG_VALUE:
      if (a->u.id == XNN_MLIR_EMIT_INVALID_ID)
        xnnStrBufAppendCStr(b, "XNN_INVALID_VALUE_ID");
      else if (a->u.id < s->numTensors)
        xnnStrBufAppendf(b, "t[%" PRIu32 "]", a->u.id);
      else {
        snprintf(err, errSize, "argument '%s' names an undefined value", a->name);
        return false;
      }
      break;
    case XNN_MLIR_ARG_U32: xnnStrBufAppendf(b, "%" PRIu32, a->u.u32); break;
    case XNN_MLIR_ARG_I32: xnnStrBufAppendf(b, "%" PRId32, a->u.i32); break;
    case XNN_MLIR_ARG_SIZE: xnnStrBufAppendf(b, "%zu", a->u.size); break;
    case XNN_MLIR_ARG_FLOAT: appendFloat(b, a->u.f, true); break;
    case XNN_MLIR_ARG_SIZES: appendSizeArray(b, "size_t", a->u.sizes.v, a->u.sizes.n); break;
    case XNN_MLIR_ARG_I64S:
      if (a->u.i64s.n == 0) {
        xnnStrBufAppendCStr(b, "NULL");
        break;
      }
      xnnStrBufAppendCStr(b, "(const int64_t[]){");
      for (size_t k = 0; k < a->u.i64s.n; ++k)
        xnnStrBufAppendf(b, "%s%" PRId64, k ? ", " : "", a->u.i64s.v[k]);
      xnnStrBufAppendCStr(b, "}");
      break;
    case XNN_MLIR_ARG_ENUM: xnnStrBufAppendCStr(b, a->u.enumerator); break;
    case XNN_MLIR_ARG_FLAGS: xnnStrBufAppendCStr(b, a->u.flags.spelling); break;
    case XNN_MLIR_ARG_UNARY_PARAMS:
      if (!a->u.unary.member) {
        xnnStrBufAppendCStr(b, "NULL");
      } else if (!strcmp(a->u.unary.member, "clamp")) {
        xnnStrBufAppendCStr(b, "&(const union xnn_unary_params){.clamp = {.min = ");
        appendFloat(b, a->u.unary.a, true);
        xnnStrBufAppendCStr(b, ", .max = ");
        appendFloat(b, a->u.unary.b, true);
        xnnStrBufAppendCStr(b, "}}");
      } else {
        bool elu = !strcmp(a->u.unary.member, "elu");
        xnnStrBufAppendf(b, "&(const union xnn_unary_params){.%s = {.%s = ", a->u.unary.member,
                         elu ? "alpha" : "negative_slope");
        appendFloat(b, a->u.unary.a, true);
        xnnStrBufAppendCStr(b, "}}");
      }
      break;
    case XNN_MLIR_ARG_BINARY_PARAMS:
      if (!a->u.binary.present) {
        xnnStrBufAppendCStr(b, "NULL");
        break;
      }
      xnnStrBufAppendCStr(b, "&(const struct xnn_binary_params){.output_min = ");
      appendFloat(b, a->u.binary.min, false);
      xnnStrBufAppendCStr(b, ", .output_max = ");
      appendFloat(b, a->u.binary.max, false);
      xnnStrBufAppendCStr(b, "}");
      break;
    }
  }
  xnnStrBufAppendCStr(b, ");\n  if (s != xnn_status_success)\n    goto fail;\n");
  return true;
}

static bool sinkEnd(void *user, char *err, size_t errSize) {
  CSink *s = user;
  XnnStrBuf *c = &s->code;
  size_t N = s->index, ni = s->numInputs, no = s->numOutputs, ne = ni + no;
  if (N >= s->capDelegates) {
    size_t cap = s->capDelegates ? 2 * s->capDelegates : 16;
    while (cap <= N)
      cap *= 2;
    size_t *grown = realloc(s->delegateBytes, cap * sizeof(size_t));
    if (!grown) {
      snprintf(err, errSize, "out of memory");
      return false;
    }
    memset(grown + s->capDelegates, 0, (cap - s->capDelegates) * sizeof(size_t));
    s->delegateBytes = grown, s->capDelegates = cap;
  }
  s->delegateBytes[N] = s->staticBytes;
  xnnStrBufAppend(c, s->signature.data, s->signature.size);
  xnnStrBufAppendCStr(c, " */\n");
  xnnStrBufAppendf(c, "struct xnn_delegate_%zu {\n  xnn_runtime_t runtime;\n", N);
  if (s->numWidened) /* f32 copies of bf16/f16 weights (the runtime reads those it does not pack) */
    xnnStrBufAppendf(c, "  struct xnnmlir_temp temps[%zu];\n"
                        "  struct xnnmlir_pack_cache cache; /* frees each copy once packed; owns the packed weights */\n"
                        "  struct xnn_weights_cache_provider provider;\n",
                     s->numWidened);
  xnnStrBufAppendf(c, "};\ntypedef struct xnn_delegate_%zu *xnn_delegate_%zu_t;\n\n", N, N);
  xnnStrBufAppendf(c,
      "enum xnn_status xnn_delegate_%zu_create(xnn_delegate_%zu_t *delegate, pthreadpool_t threadpool, const char **error);\n"
      "enum xnn_status xnn_delegate_%zu_run(xnn_delegate_%zu_t delegate, const void *const inputs[], void *const outputs[], const char **error);\n"
      "void xnn_delegate_%zu_destroy(xnn_delegate_%zu_t delegate);\n"
      "extern const size_t xnn_delegate_%zu_num_inputs, xnn_delegate_%zu_num_outputs;\n"
      "extern const size_t xnn_delegate_%zu_input_bytes[%zu], xnn_delegate_%zu_output_bytes[%zu];\n\n",
      N, N, N, N, N, N, N, N, N, ni ? ni : 1, N, no ? no : 1);
  xnnStrBufAppendf(c, "const size_t xnn_delegate_%zu_num_inputs = %zu, xnn_delegate_%zu_num_outputs = %zu;\n", N, ni, N, no);
  xnnStrBufAppendf(c, "const size_t xnn_delegate_%zu_input_bytes[%zu] = {", N, ni ? ni : 1);
  for (size_t i = 0; i < ni; ++i)
    xnnStrBufAppendf(c, "%s%zu", i ? ", " : "", s->inBytes[i]);
  xnnStrBufAppendf(c, "%s};\nconst size_t xnn_delegate_%zu_output_bytes[%zu] = {", ni ? "" : "0", N, no ? no : 1);
  for (size_t i = 0; i < no; ++i)
    xnnStrBufAppendf(c, "%s%zu", i ? ", " : "", s->outBytes[i]);
  xnnStrBufAppendf(c, "%s};\n\n", no ? "" : "0");
  /* create */
  xnnStrBufAppendf(c,
      "enum xnn_status xnn_delegate_%zu_create(xnn_delegate_%zu_t *delegate, pthreadpool_t threadpool, const char **error) {\n"
      "  uint32_t t[%zu];\n"
      "  struct xnn_delegate_%zu *d = NULL;\n"
      "  xnn_subgraph_t subgraph = NULL;\n"
      "  const char *what = \"xnn_initialize\";\n"
      "  enum xnn_status s = xnn_initialize(NULL);\n"
      "  (void)t;\n"
      "  *delegate = NULL;\n"
      "  if (s != xnn_status_success)\n    goto fail;\n"
      "  what = \"the weights file is not loaded (call xnn_weights_load first)\";\n"
      "  if ((s = xnn_weights_ready()) != xnn_status_success)\n    goto fail;\n"
      "  what = \"allocating the delegate\";\n"
      "  s = xnn_status_out_of_memory;\n"
      "  if (!(d = calloc(1, sizeof(*d))))\n    goto fail;\n"
      "  what = \"xnn_create_subgraph\";\n"
      "  s = xnn_create_subgraph(%zu, 0, &subgraph);\n"
      "  if (s != xnn_status_success)\n    goto fail;\n",
      N, N, s->numTensors ? s->numTensors : 1, N, ne);
  if (s->numWidened)
    xnnStrBufAppendf(c, "  d->provider = xnnmlir_cache_init(&d->cache, d->temps, %zu);\n", s->numWidened);
  xnnStrBufAppend(c, s->fills.data ? s->fills.data : "", s->fills.size);
  xnnStrBufAppend(c, s->body.data ? s->body.data : "", s->body.size);
  if (s->numWidened)
    xnnStrBufAppendCStr(c,
        "  what = \"xnn_create_runtime_v4\";\n"
        "  s = xnn_create_runtime_v4(subgraph, &d->provider, NULL, threadpool, 0, &d->runtime);\n"
        "  d->cache.finalized = true;\n"
        "  if (s != xnn_status_success)\n    goto fail;\n"
        "  what = \"XNNPACK packed a lazily widened filter without its weights cache\";\n"
        "  s = xnn_status_invalid_state;\n"
        "  if (!xnnmlir_temps_created(d->temps, sizeof(d->temps) / sizeof(d->temps[0])))\n    goto fail;\n");
  else
    xnnStrBufAppendCStr(c,
        "  what = \"xnn_create_runtime_v3\";\n"
        "  s = xnn_create_runtime_v3(subgraph, NULL, threadpool, 0, &d->runtime);\n"
        "  if (s != xnn_status_success)\n    goto fail;\n");
  xnnStrBufAppendf(c,
      "  what = \"xnn_reshape_runtime\";\n"
      "  s = xnn_reshape_runtime(d->runtime); /* static shapes: once */\n"
      "  if (s != xnn_status_success)\n    goto fail;\n"
      "  xnn_delete_subgraph(subgraph);\n"
      "%s"
      "  *delegate = d;\n"
      "  return xnn_status_success;\n"
      "fail:\n"
      "  if (error)\n    *error = what;\n"
      "  if (subgraph)\n    xnn_delete_subgraph(subgraph);\n"
      "  xnn_delegate_%zu_destroy(d);\n"
      "  return s;\n"
      "}\n\n",
      s->afterCreate.data ? s->afterCreate.data : "", N);
  /* run */
  xnnStrBufAppendf(c,
      "enum xnn_status xnn_delegate_%zu_run(xnn_delegate_%zu_t delegate, const void *const inputs[], void *const outputs[], const char **error) {\n",
      N, N);
  if (ne) {
    xnnStrBufAppendf(c, "  const struct xnn_external_value values[%zu] = {\n", ne);
    for (size_t i = 0; i < ni; ++i)
      xnnStrBufAppendf(c, "      {%zu, (void *)inputs[%zu]},\n", i, i);
    for (size_t j = 0; j < no; ++j)
      xnnStrBufAppendf(c, "      {%zu, outputs[%zu]},\n", ni + j, j);
    xnnStrBufAppendCStr(c, "  };\n");
  } else {
    xnnStrBufAppendCStr(c, "  const struct xnn_external_value *values = NULL;\n");
  }
  xnnStrBufAppendf(c,
      "  (void)inputs, (void)outputs;\n"
      "  enum xnn_status s = xnn_setup_runtime_v2(delegate->runtime, %zu, values);\n"
      "  if (s != xnn_status_success) {\n    if (error)\n      *error = \"xnn_delegate_%zu: xnn_setup_runtime_v2\";\n    return s;\n  }\n"
      "  s = xnn_invoke_runtime(delegate->runtime);\n"
      "  if (s != xnn_status_success && error)\n    *error = \"xnn_delegate_%zu: xnn_invoke_runtime\";\n"
      "  return s;\n"
      "}\n\n",
      ne, N, N);
  /* destroy */
  xnnStrBufAppendf(c,
      "void xnn_delegate_%zu_destroy(xnn_delegate_%zu_t delegate) {\n"
      "  if (!delegate)\n    return;\n"
      "  if (delegate->runtime)\n    xnn_delete_runtime(delegate->runtime);\n"
      "%s"
      "  free(delegate);\n"
      "}\n\n",
      N, N, s->numWidened ? "  for (size_t i = 0; i < sizeof(delegate->temps) / sizeof(delegate->temps[0]); ++i)\n"
                            "    xnnmlir_temp_free(&delegate->temps[i]);\n"
                            "  xnnmlir_cache_delete(&delegate->cache); /* after the runtime, which reads its blocks */\n" : "");
  return true;
}

/* The weights functions every unit defines: xnn_weights_load reads the
 * weights file (checked against the header this source expects) when the
 * weights are external, and does nothing when they are static arrays. */
static void appendWeightsLoader(XnnStrBuf *tu, const char *path, const unsigned char *header, size_t fileSize,
                                bool usesRelease) {
  xnnStrBufAppendCStr(tu,
      "enum xnn_status xnn_weights_load(const char *path, const char **error);\n"
      "void xnn_weights_unload(void);\n\n");
  if (!path) {
    xnnStrBufAppendCStr(tu,
        "/* The weights are static arrays: nothing to load. */\n"
        "enum xnn_status xnn_weights_load(const char *path, const char **error) {\n"
        "  (void)path, (void)error;\n  return xnn_status_success;\n}\n\n"
        "void xnn_weights_unload(void) {}\n\n"
        "static enum xnn_status xnn_weights_ready(void) { return xnn_status_success; }\n\n");
    if (usesRelease)
      xnnStrBufAppendCStr(tu, "/* Static arrays stay. */\n"
                              "static void xnn_weights_release(const void *p, size_t bytes) { (void)p, (void)bytes; }\n\n");
    return;
  }
  xnnStrBufAppendf(tu,
      "/* The weights file: %zu bytes (a 64-byte header, then each array 64-byte\n"
      " * aligned), mapped read-only by xnn_weights_load before the first _create;\n"
      " * unmap it with xnn_weights_unload after the last _destroy. Pages XNNPACK\n"
      " * has packed (or that were widened) are released after use: they leave the\n"
      " * resident set and are read back from the file if touched again. */\n"
      "static unsigned char *xnn_weights_file;\n\n"
      "/* Maps the weights file at `path` (NULL: \"", fileSize);
  appendEscaped(tu, path);
  xnnStrBufAppendf(tu,
      "\", where xnn-translate wrote it). */\n"
      "enum xnn_status xnn_weights_load(const char *path, const char **error) {\n"
      "  static const unsigned char header[32] = {");
  for (int i = 0; i < 32; ++i)
    xnnStrBufAppendf(tu, "%s0x%02X", i ? ", " : "", header[i]);
  xnnStrBufAppendf(tu, "};\n"
      "  const size_t size = %zu;\n"
      "  if (xnn_weights_file)\n    return xnn_status_success;\n"
      "  int fd = open(path ? path : \"", fileSize);
  appendEscaped(tu, path);
  xnnStrBufAppendf(tu, "\", O_RDONLY);\n"
      "  if (fd < 0) {\n    if (error)\n      *error = \"xnn_weights_load: cannot open the weights file\";\n"
      "    return xnn_status_invalid_parameter;\n  }\n"
      "  struct stat st;\n"
      "  void *data = MAP_FAILED;\n"
      "  if (!fstat(fd, &st) && (size_t)st.st_size == size)\n"
      "    data = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);\n"
      "  close(fd);\n"
      "  if (data != MAP_FAILED && memcmp(data, header, 32)) {\n"
      "    munmap(data, size);\n    data = MAP_FAILED;\n  }\n"
      "  if (data == MAP_FAILED) {\n    if (error)\n"
      "      *error = \"xnn_weights_load: the file is not this source's weights file (size or header differ)\";\n"
      "    return xnn_status_invalid_parameter;\n  }\n"
      "  xnn_weights_file = data;\n  return xnn_status_success;\n}\n\n"
      "void xnn_weights_unload(void) {\n"
      "  if (xnn_weights_file)\n    munmap(xnn_weights_file, %zu);\n"
      "  xnn_weights_file = NULL;\n}\n\n"
      "static enum xnn_status xnn_weights_ready(void) {\n"
      "  return xnn_weights_file ? xnn_status_success : xnn_status_invalid_state;\n}\n\n", fileSize);
  if (usesRelease)
    xnnStrBufAppendf(tu,
        "/* The pages wholly inside [p, p + bytes) of the mapped file leave the resident set. */\n"
        "static void xnn_weights_release(const void *p, size_t bytes) {\n"
        "  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), base = (uintptr_t)xnn_weights_file;\n"
        "  uintptr_t first = ((uintptr_t)p + page - 1) & ~(page - 1), last = ((uintptr_t)p + bytes) & ~(page - 1);\n"
        "  if (xnn_weights_file && (uintptr_t)p >= base && (uintptr_t)p + bytes <= base + %zu && first < last)\n"
        "    (void)madvise((void *)first, last - first, MADV_DONTNEED);\n}\n\n", fileSize);
}

/* XnnCProgramInternFn: a portable op's constant among the weights. */
static size_t programIntern(void *sink, const void *data, XnnMlirDType dtype, size_t count, bool stable) {
  XnnMlirEmitTensor t;
  memset(&t, 0, sizeof(t));
  t.dtype = t.dataDtype = dtype;
  t.data = data;
  t.stable = stable;
  CSink *s = sink;
  size_t i = internPayload(s, &t, count); /* may move s->payloads */
  return s->payloads[i].index;
}

bool xnnMlirEmitModuleToC(MlirModule module, const char *sourceName, char **out, size_t *size) {
  return xnnMlirEmitModuleToCWithOptions(module, sourceName, NULL, out, size);
}

/* Hands the weights file to options->writeWeights in order: the header, each
 * payload at its offset (zeros between), the zero tail. Payloads are written
 * from where they are, never gathered into one buffer. */
static bool writeWeightsFile(const CSink *s, const XnnMlirEmitCOptions *options, const unsigned char *header,
                             size_t fileSize) {
  static const unsigned char zeros[WEIGHTS_ALIGN + WEIGHTS_TAIL];
  bool ok = options->writeWeights(options->weightsUser, header, WEIGHTS_HEADER);
  size_t at = WEIGHTS_HEADER;
  for (size_t i = 0; ok && i < s->numPayloads; ++i) {
    const Payload *p = &s->payloads[i];
    ok = options->writeWeights(options->weightsUser, zeros, p->offset - at) &&
         options->writeWeights(options->weightsUser, p->data, p->bytes);
    at = p->offset + p->bytes;
  }
  return ok && options->writeWeights(options->weightsUser, zeros, fileSize - at);
}

bool xnnMlirEmitModuleToCWithOptions(MlirModule module, const char *sourceName, const XnnMlirEmitCOptions *options,
                                     char **out, size_t *size) {
  *out = NULL;
  if (size)
    *size = 0;
  CSink s;
  memset(&s, 0, sizeof(s));
  s.chunkBytes = !options || !options->packChunkBytes ? (size_t)64 << 20
                 : options->packChunkBytes == SIZE_MAX ? 0 : options->packChunkBytes;
  XnnMlirEmitter em = {&s, sinkBegin, sinkTensor, sinkNode, sinkEnd, false};
  MlirOperation mod = mlirModuleGetOperation(module);
  MlirBlock body = mlirModuleGetBody(module);
  size_t numDelegates = 0;
  bool ok = true;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); ok && !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute a = mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("xnn.delegate"));
    if (!xnnStrRefEquals(mlirIdentifierStr(mlirOperationGetName(op)), "func.func") || mlirAttributeIsNull(a))
      continue;
    ok = xnnMlirEmitDelegate(op, numDelegates++, &em);
  }
  XnnStrBuf program = {0};
  size_t numPrograms = 0;
  if (ok && options && options->program)
    ok = xnnCProgramEmit(module, programIntern, &s, &program, &numPrograms);
  if (ok && numDelegates == 0 && numPrograms == 0) {
    mlirEmitError(mlirOperationGetLocation(mod),
                  "module has no delegate functions (func.func with xnn.delegate): run xnn-opt --xnn-delegate first");
    ok = false;
  }
  /* External weights: with a path, when the arrays' bytes exceed the limit. */
  size_t arrayBytes = 0;
  for (size_t i = 0; i < s.numPayloads; ++i)
    arrayBytes += s.payloads[i].splat ? 0 : s.payloads[i].bytes;
  const char *weightsPath = options && options->weightsPath && arrayBytes > options->inlineLimit &&
                                    options->writeWeights
                                ? options->weightsPath
                                : NULL;
  unsigned char header[WEIGHTS_HEADER];
  size_t fileSize = 0;
  if (ok && weightsPath) {
    /* magic, version 1, file size, an id from the payloads' hashes (a
     * stale file from another translation is refused by the loader). */
    fileSize = s.blobSize + WEIGHTS_TAIL;
    uint64_t version = 1, bytes64 = fileSize, id = 1469598103934665603ull;
    for (size_t i = 0; i < s.numPayloads; ++i)
      id = (id ^ s.payloads[i].hash ^ ((uint64_t)s.payloads[i].offset << 20)) * 1099511628211ull;
    memset(header, 0, sizeof(header));
    memcpy(header, weightsMagic, 8);
    for (int b = 0; b < 8; ++b) { /* little-endian, whatever the host */
      header[8 + b] = (unsigned char)(version >> (8 * b));
      header[16 + b] = (unsigned char)(bytes64 >> (8 * b));
      header[24 + b] = (unsigned char)(id >> (8 * b));
    }
  }
  /* The weights first: a source never names a file that is not written. */
  if (ok && weightsPath && !writeWeightsFile(&s, options, header, fileSize)) {
    mlirEmitError(mlirOperationGetLocation(mod), "could not write the weights file");
    ok = false;
  }
  if (ok) {
    XnnStrBuf tu = {0};
    if (weightsPath || s.usesWiden) /* mmap, madvise (POSIX and BSD), whatever -std= says */
      xnnStrBufAppendCStr(&tu, "#define _DEFAULT_SOURCE 1\n");
    xnnStrBufAppendCStr(&tu, "/* Generated by xnn-translate --xnn-to-c from ");
    XnnStrBuf safe = {0};
    const char *source = sourceName ? sourceName : "<input>";
    xnnStrBufAppendCComment(&safe, source, strnlen(source, 400));
    xnnStrBufAppendf(&tu,
        "%s. Do not edit.\n"
        " * %zu delegate%s; %zu weight array%s (%zu identical payload%s shared).\n"
        " * Per delegate N: xnn_delegate_N_create (builds the subgraph, creates the runtime\n"
        " * once), xnn_delegate_N_run (binds the external values, invokes), _destroy.\n"
        " * On failure they return the status and set *error to what failed. */\n"
        "#include <xnnpack.h>\n\n#include <math.h>\n%s#include <stddef.h>\n#include <stdint.h>\n%s#include <stdlib.h>\n%s\n",
        safe.data ? safe.data : "", numDelegates, numDelegates == 1 ? "" : "s", s.numArrays, s.numArrays == 1 ? "" : "s",
        s.numDeduped, s.numDeduped == 1 ? "" : "s", s.usesWiden ? "#include <stdbool.h>\n" : "", weightsPath ? "#include <stdio.h>\n" : "",
        s.usesBf16Rounding || s.usesSigmoid || weightsPath || s.usesWiden || numPrograms ? "#include <string.h>\n" : "");
    xnnStrBufFree(&safe);
    if (weightsPath)
      xnnStrBufAppendCStr(&tu, "#include <fcntl.h>\n#include <sys/mman.h>\n#include <sys/stat.h>\n#include <unistd.h>\n\n");
    else if (s.usesWiden)
      xnnStrBufAppendCStr(&tu, "#include <sys/mman.h>\n#include <unistd.h>\n\n");
    if (numPrograms)
      xnnStrBufAppendCStr(&tu, "\n#include <xnnmlir/PortableOps.h> /* --program: link libXnnMlir (pkg-config xnnmlir) */\n\n");
    if (s.usesBf16Rounding) { /* the helper, as the live runtime compiles it */
      xnnStrBufAppendCStr(&tu, "/* ---- lib/Emit/Bf16Rounding.inc ---- */\n");
      xnnStrBufAppend(&tu, xnnMlirBf16RoundingText, xnnMlirBf16RoundingText_size);
      xnnStrBufAppendCStr(&tu, "/* ---- end of lib/Emit/Bf16Rounding.inc ---- */\n\n");
    }
    if (s.usesSigmoid) {
      xnnStrBufAppendCStr(&tu, "/* ---- lib/Emit/Sigmoid.inc ---- */\n");
      xnnStrBufAppend(&tu, xnnMlirSigmoidText, xnnMlirSigmoidText_size);
      xnnStrBufAppendCStr(&tu, "/* ---- end of lib/Emit/Sigmoid.inc ---- */\n\n");
    }
    appendWeightsLoader(&tu, weightsPath, header, fileSize, s.usesRelease);
    xnnStrBufAppendCStr(&tu,
        "/* What the _create functions did with f32 copies of bf16/f16 weights that\n"
        " * XNNPACK only packs (its nodes are f32), over every delegate created so far:\n"
        " * bytes widened; bytes freed as soon as packed (a row chunk counted each time\n"
        " * it is packed); the most bytes of row chunks widened at once. */\n"
        "struct xnnmlir_pack_stats {\n"
        "  size_t widened_bytes, freed_when_packed, chunk_peak_bytes;\n"
        "};\n"
        "void xnnmlir_get_pack_stats(struct xnnmlir_pack_stats *stats);\n"
        "static struct xnnmlir_pack_stats xnnmlir_stats;\n"
        "void xnnmlir_get_pack_stats(struct xnnmlir_pack_stats *stats) { *stats = xnnmlir_stats; }\n\n");
    if (s.usesWiden) {
      xnnStrBufAppendCStr(&tu,
          "/* f32 bits of f16 bits, exactly (subnormals normalised, inf and NaN kept). */\n"
          "static uint32_t xnnmlir_f16_to_f32_bits(uint16_t h) {\n"
          "  uint32_t sign = (uint32_t)(h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;\n"
          "  if (exp == 0x1f)\n    return sign | 0x7f800000u | (man << 13);\n"
          "  if (exp == 0) {\n    if (!man)\n      return sign;\n"
          "    for (exp = 113; !(man & 0x400u); --exp)\n      man <<= 1;\n"
          "    return sign | (exp << 23) | ((man & 0x3ffu) << 13);\n  }\n"
          "  return sign | ((exp + 112) << 23) | (man << 13);\n}\n\n");
      /* lib/Emit/PackCache.inc; the chunking helper only where a node uses it. */
      const char *text = xnnMlirPackCacheText, *chunks = strstr(text, "/* ---- chunks ---- */");
      size_t n = chunks && !s.usesChunks ? (size_t)(chunks - text) : xnnMlirPackCacheText_size;
      xnnStrBufAppendCStr(&tu, "/* ---- lib/Emit/PackCache.inc ---- */\n");
      xnnStrBufAppend(&tu, text, n);
      xnnStrBufAppendCStr(&tu, "/* ---- end of lib/Emit/PackCache.inc ---- */\n\n");
    }
    appendWeightDecls(&s, &tu, weightsPath != NULL);
    xnnStrBufAppendCStr(&tu, "\n");
    xnnStrBufAppend(&tu, s.code.data ? s.code.data : "", s.code.size);
    /* A driver creating every delegate does it largest static data first: the
     * f32 copies of bf16/f16 weights live only while their delegate is
     * created, so the peak is about the packed weights, not those plus the
     * largest delegate's copies (what xnn-run does). */
    size_t *order = calloc(numDelegates ? numDelegates : 1, sizeof(size_t));
    if (!order)
      abort();
    for (size_t i = 0; i < numDelegates; ++i) { /* insertion sort, stable: bytes descending */
      size_t k = i;
      for (; k > 0 && s.delegateBytes[order[k - 1]] < s.delegateBytes[i]; --k)
        order[k] = order[k - 1];
      order[k] = i;
    }
    xnnStrBufAppendf(&tu,
        "/* For drivers that create every delegate: how many, and the order to create\n"
        " * them in (most static data first, so f32 copies of bf16/f16 weights, freed\n"
        " * once packed, never sit beside all the other packed weights). */\n"
        "const size_t xnn_num_delegates = %zu;\n"
        "const size_t xnn_delegate_create_order[%zu] = {",
        numDelegates, numDelegates ? numDelegates : 1);
    for (size_t i = 0; i < numDelegates; ++i)
      xnnStrBufAppendf(&tu, "%s%zu", i ? ", " : "", order[i]);
    xnnStrBufAppendf(&tu, "%s};\n", numDelegates ? "" : "0");
    free(order);
    xnnStrBufAppend(&tu, program.data ? program.data : "", program.size);
    *out = tu.data;
    if (size)
      *size = tu.size;
  }
  for (size_t i = 0; i < s.numPayloads; ++i)
    if (s.payloads[i].owned)
      free((void *)s.payloads[i].data);
  free(s.payloads);
  free(s.filled);
  xnnStrBufFree(&s.code);
  xnnStrBufFree(&s.body);
  xnnStrBufFree(&s.fills);
  xnnStrBufFree(&s.signature);
  xnnStrBufFree(&s.afterCreate);
  free(s.tensors);
  free(s.temps);
  xnnStrBufFree(&program);
  free(s.delegateBytes);
  return ok;
}
