#include "Npy.h"

#include "Support/FileIO.h"
#include "Support/Strings.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *xnnNpyDescr(XnnMlirDType d) {
  switch (d) {
  case XNN_MLIR_F32: return "<f4";
  case XNN_MLIR_F16: return "<f2";
  case XNN_MLIR_BF16: return "<u2";
  case XNN_MLIR_I64: return "<i8";
  case XNN_MLIR_I32: return "<i4";
  case XNN_MLIR_I1: return "|b1";
  case XNN_MLIR_I8: return "|i1";
  default: return NULL;
  }
}

static bool hostIsLittleEndian(void) {
  uint16_t one = 1;
  unsigned char b;
  memcpy(&b, &one, 1);
  return b == 1;
}

/* Finds `'key':` in the header dict and returns the text after the colon. */
static const char *dictValue(const char *h, const char *key) {
  char pat[64];
  snprintf(pat, sizeof(pat), "'%s'", key);
  const char *p = strstr(h, pat);
  if (!p) {
    snprintf(pat, sizeof(pat), "\"%s\"", key);
    p = strstr(h, pat);
  }
  if (!p)
    return NULL;
  p += strlen(pat);
  while (*p == ' ')
    ++p;
  if (*p != ':')
    return NULL;
  ++p;
  while (*p == ' ')
    ++p;
  return p;
}

bool xnnNpyRead(const char *path, XnnMlirDType expect, XnnMlirTensor *t, char *err, size_t errSize) {
  memset(t, 0, sizeof(*t));
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errSize, "cannot open '%s': %s", path, strerror(errno));
    return false;
  }
  /* The whole file: the parser then checks every size against what is there
   * before allocating anything. */
  XnnStrBuf buf = {0};
  char chunk[1 << 16];
  size_t n;
  while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
    xnnStrBufAppend(&buf, chunk, n);
  bool readError = ferror(f);
  fclose(f);
  bool ok = false;
  if (readError)
    snprintf(err, errSize, "cannot read '%s': %s", path, strerror(errno));
  else
    ok = xnnNpyReadBuffer(buf.data ? buf.data : "", buf.size, path, expect, t, err, errSize);
  xnnStrBufFree(&buf);
  return ok;
}

/* Little-endian unsigned integer of `n` bytes at p. */
static size_t readLE(const unsigned char *p, size_t n) {
  size_t v = 0;
  for (size_t i = n; i-- > 0;)
    v = v << 8 | p[i];
  return v;
}

bool xnnNpyReadBuffer(const void *data, size_t size, const char *name, XnnMlirDType expect,
                      XnnMlirTensor *t, char *err, size_t errSize) {
  memset(t, 0, sizeof(*t));
  const unsigned char *bytes = data;
  if (size < 8 || memcmp(bytes, "\x93NUMPY", 6) || bytes[6] < 1 || bytes[6] > 3) {
    snprintf(err, errSize, "'%s' is not a .npy file", name);
    return false;
  }
  /* Format 1.0 has a 2-byte header length, 2.0 and 3.0 a 4-byte one. */
  size_t lenBytes = bytes[6] == 1 ? 2 : 4;
  if (size < 8 + lenBytes) {
    snprintf(err, errSize, "'%s': truncated file", name);
    return false;
  }
  size_t hlen = readLE(bytes + 8, lenBytes);
  if (hlen > (1u << 20)) {
    snprintf(err, errSize, "'%s': header too large", name);
    return false;
  }
  size_t dataOffset = 8 + lenBytes + hlen;
  if (size < dataOffset) {
    snprintf(err, errSize, "'%s': truncated file", name);
    return false;
  }
  /* A NUL-terminated copy for the string scans below (a NUL inside the header
   * ends it early: the dict is then malformed, never overread). */
  char *header = malloc(hlen + 1);
  if (!header)
    abort();
  memcpy(header, bytes + 8 + lenBytes, hlen);
  header[hlen] = 0;
  bool ok = false;
  const char *descr = dictValue(header, "descr"), *fo = dictValue(header, "fortran_order"),
             *shape = dictValue(header, "shape");
  if (!descr || !fo || !shape || (*descr != '\'' && *descr != '"') || *shape != '(') {
    snprintf(err, errSize, "'%s': malformed header", name);
    goto done;
  }
  if (!strncmp(fo, "True", 4)) {
    snprintf(err, errSize, "'%s': Fortran-order arrays are not supported", name);
    goto done;
  }
  char d[16] = {0};
  size_t k = 0;
  for (const char *p = descr + 1; *p && *p != '\'' && *p != '"' && k < sizeof(d) - 1; ++p)
    d[k++] = *p;
  XnnMlirDType dt = XNN_MLIR_DTYPE_INVALID;
  if (!strcmp(d, "<f4")) dt = XNN_MLIR_F32;
  else if (!strcmp(d, "<f2")) dt = XNN_MLIR_F16;
  else if (!strcmp(d, "<u2") && expect == XNN_MLIR_BF16) dt = XNN_MLIR_BF16;
  else if (!strcmp(d, "<i8")) dt = XNN_MLIR_I64;
  else if (!strcmp(d, "<i4")) dt = XNN_MLIR_I32;
  else if (!strcmp(d, "|b1") || !strcmp(d, "|u1") || !strcmp(d, "?")) dt = XNN_MLIR_I1;
  else if (!strcmp(d, "|i1")) dt = XNN_MLIR_I8;
  if (dt == XNN_MLIR_DTYPE_INVALID) {
    snprintf(err, errSize, "'%s': unsupported dtype '%s'%s", name, d,
             !strcmp(d, "<u2") ? " (uint16 is read only for bf16 inputs, as raw bits)" : "");
    goto done;
  }
  int64_t dims[XNN_MLIR_TENSOR_MAX_RANK];
  int64_t rank = 0;
  const char *p = shape + 1;
  for (;;) {
    while (*p == ' ' || *p == ',')
      ++p;
    if (*p == ')')
      break;
    char *end;
    errno = 0;
    long long v = strtoll(p, &end, 10);
    if (end == p || errno || v < 0 || rank >= XNN_MLIR_TENSOR_MAX_RANK) {
      snprintf(err, errSize, "'%s': malformed or too high-ranked shape", name);
      goto done;
    }
    dims[rank++] = v;
    p = end;
    while (*p == ' ' || *p == 'L')
      ++p;
  }
  /* The payload is compared with the bytes present before anything is
   * allocated: a tiny file must not make the reader allocate terabytes. */
  size_t payload = 0;
  if (!xnnMlirShapeNumBytes(rank, dims, xnnMlirDTypeSize(dt), &payload)) {
    snprintf(err, errSize, "'%s': shape too large (its byte size overflows 64 bits)", name);
    goto done;
  }
  if (payload > size - dataOffset) {
    snprintf(err, errSize, "'%s': truncated file (the shape needs %zu bytes of data, the file has %zu)",
             name, payload, size - dataOffset);
    goto done;
  }
  if (!xnnMlirTensorCreate(t, dt, rank, dims)) {
    snprintf(err, errSize, "'%s': shape too large (%zu bytes)", name, payload);
    goto done;
  }
  if (!hostIsLittleEndian()) {
    snprintf(err, errSize, "big-endian hosts are not supported");
    xnnMlirTensorDestroy(t);
    goto done;
  }
  memcpy(t->data, bytes + dataOffset, payload);
  if (dt == XNN_MLIR_I1)
    for (size_t i = 0; i < payload; ++i)
      ((unsigned char *)t->data)[i] = ((unsigned char *)t->data)[i] != 0;
  ok = true;
done:
  free(header);
  return ok;
}

bool xnnNpyWrite(const char *path, const XnnMlirTensor *t, char *err, size_t errSize) {
  const char *descr = xnnNpyDescr(t->dtype);
  if (!descr) {
    snprintf(err, errSize, "cannot write dtype %s", xnnMlirDTypeName(t->dtype));
    return false;
  }
  /* Header: dict text padded with spaces so data starts on a 64-byte boundary. */
  XnnStrBuf h = {0};
  xnnStrBufAppendf(&h, "{'descr': '%s', 'fortran_order': False, 'shape': (", descr);
  for (int64_t i = 0; i < t->rank; ++i)
    xnnStrBufAppendf(&h, "%s%lld%s", i ? ", " : "", (long long)t->dims[i], t->rank == 1 ? "," : "");
  xnnStrBufAppendf(&h, "), }");
  while ((10 + h.size + 1) % 64)
    xnnStrBufAppendf(&h, " ");
  xnnStrBufAppendf(&h, "\n");
  if (h.size > 0xffff) {
    snprintf(err, errSize, "cannot write '%s': rank %lld is too large for a .npy header", path,
             (long long)t->rank);
    xnnStrBufFree(&h);
    return false;
  }
  size_t bytes = xnnMlirTensorNumBytes(t);
  size_t total = 10 + h.size + bytes;
  char *file = malloc(total);
  if (!file)
    abort();
  const unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(h.size & 0xff),
                                 (unsigned char)(h.size >> 8)};
  memcpy(file, pre, 10);
  memcpy(file + 10, h.data, h.size);
  if (bytes)
    memcpy(file + 10 + h.size, t->data, bytes);
  bool ok = xnnWriteOutputFile(path, file, total, err, errSize);
  free(file);
  xnnStrBufFree(&h);
  return ok;
}
