#include "Npy.h"

#include "Support/FileIO.h"
#include "Support/Strings.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
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
  bool ok = false;
  char *header = NULL;
  unsigned char magic[12];
  if (fread(magic, 1, 8, f) != 8 || memcmp(magic, "\x93NUMPY", 6) || magic[6] < 1 || magic[6] > 3) {
    snprintf(err, errSize, "'%s' is not a .npy file", path);
    goto done;
  }
  size_t hlen;
  if (magic[6] == 1) {
    unsigned char l[2];
    if (fread(l, 1, 2, f) != 2)
      goto truncated;
    hlen = (size_t)l[0] | (size_t)l[1] << 8;
  } else {
    unsigned char l[4];
    if (fread(l, 1, 4, f) != 4)
      goto truncated;
    hlen = (size_t)l[0] | (size_t)l[1] << 8 | (size_t)l[2] << 16 | (size_t)l[3] << 24;
  }
  if (hlen > (1u << 20)) {
    snprintf(err, errSize, "'%s': header too large", path);
    goto done;
  }
  if (!(header = malloc(hlen + 1)))
    abort();
  if (fread(header, 1, hlen, f) != hlen)
    goto truncated;
  header[hlen] = 0;
  const char *descr = dictValue(header, "descr"), *fo = dictValue(header, "fortran_order"),
             *shape = dictValue(header, "shape");
  if (!descr || !fo || !shape || (*descr != '\'' && *descr != '"') || *shape != '(') {
    snprintf(err, errSize, "'%s': malformed header", path);
    goto done;
  }
  if (!strncmp(fo, "True", 4)) {
    snprintf(err, errSize, "'%s': Fortran-order arrays are not supported", path);
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
  if (dt == XNN_MLIR_DTYPE_INVALID) {
    snprintf(err, errSize, "'%s': unsupported dtype '%s'%s", path, d,
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
      snprintf(err, errSize, "'%s': malformed or too high-ranked shape", path);
      goto done;
    }
    dims[rank++] = v;
    p = end;
    while (*p == ' ' || *p == 'L')
      ++p;
  }
  /* The data must be in the file before a buffer for it is allocated: a
   * header claiming a huge shape over a few bytes allocates nothing. */
  size_t need;
  long here = ftell(f);
  struct stat st;
  if (!xnnMlirShapeNumBytes(rank, dims, xnnMlirDTypeSize(dt), &need)) {
    snprintf(err, errSize, "'%s': shape too large (its byte size overflows 64 bits)", path);
    goto done;
  }
  if (here >= 0 && fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
      (uint64_t)st.st_size - (uint64_t)here < (uint64_t)need) {
    snprintf(err, errSize, "'%s': truncated file: the shape needs %zu bytes of data, the file "
             "holds %lld", path, need, (long long)(st.st_size - here));
    goto done;
  }
  if (!xnnMlirTensorCreate(t, dt, rank, dims)) {
    snprintf(err, errSize, "'%s': shape too large (%zu bytes)", path, need);
    goto done;
  }
  size_t bytes = xnnMlirTensorNumBytes(t);
  if (fread(t->data, 1, bytes, f) != bytes) {
    xnnMlirTensorDestroy(t);
    goto truncated;
  }
  if (!hostIsLittleEndian()) {
    snprintf(err, errSize, "big-endian hosts are not supported");
    xnnMlirTensorDestroy(t);
    goto done;
  }
  if (dt == XNN_MLIR_I1)
    for (size_t i = 0; i < bytes; ++i)
      ((unsigned char *)t->data)[i] = ((unsigned char *)t->data)[i] != 0;
  ok = true;
  goto done;
truncated:
  snprintf(err, errSize, "'%s': truncated file", path);
done:
  free(header);
  fclose(f);
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
