/* The structural check of MLIR bytecode (Bytecode.h). The layout follows
 * mlir/docs/BytecodeFormat.md and what MLIR 22's BytecodeReader.cpp reads;
 * every check is one the reader would need before trusting a number. */
#include "Support/Bytecode.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum {
  kString, kDialect, kAttrType, kAttrTypeOffset, kIR, kResource, kResourceOffset, kDialectVersions, kProperties,
  kNumSections
};
enum { kMaxVersion = 6, kAlignmentByte = 0xCB };
/* Nested regions the walk follows (it recurses; the tools' stack holds it). */
#define XNN_BYTECODE_DEPTH_LIMIT 10000

static const char *const kSectionNames[kNumSections] = {
    "string section", "dialect section", "attribute/type section", "attribute/type offset section", "IR section",
    "resource section", "resource offset section", "dialect versions section", "properties section"};

/* A cursor over [pos, end) of the file, inside the section `what`. */
typedef struct Cursor {
  const unsigned char *file;
  size_t pos, end;
  const char *what;
  char *err;
  size_t errSize;
} Cursor;

static bool fail(Cursor *c, size_t at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(Cursor *c, size_t at, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  snprintf(c->err, c->errSize, "at byte %zu (%s): %s", at, c->what, msg);
  return false;
}

static size_t left(const Cursor *c) { return c->end - c->pos; }

static bool byte(Cursor *c, unsigned *v, const char *name) {
  if (c->pos >= c->end)
    return fail(c, c->pos, "%s: the data ends", name);
  *v = c->file[c->pos++];
  return true;
}

/* A PrefixVarInt: the count of trailing zeros of the first byte is the
 * number of bytes that follow (all eight when the byte is zero). */
static bool varint(Cursor *c, uint64_t *v, const char *name) {
  size_t at = c->pos;
  if (at >= c->end)
    return fail(c, at, "%s: the data ends", name);
  unsigned first = c->file[at];
  unsigned n = 0;
  while (n < 8 && !(first & (1u << n)))
    ++n;
  if (left(c) < (size_t)n + 1)
    return fail(c, at, "%s: a %u-byte number runs past the end of the data (%zu bytes left)", name, n + 1, left(c));
  uint64_t value = 0;
  if (n == 8) {
    for (unsigned i = 0; i < 8; ++i)
      value |= (uint64_t)c->file[at + 1 + i] << (8 * i);
  } else {
    for (unsigned i = 0; i <= n; ++i)
      value |= (uint64_t)c->file[at + i] << (8 * i);
    value >>= n + 1;
  }
  c->pos = at + n + 1;
  *v = value;
  return true;
}

/* A count of things each taking at least `minBytes` of what is left. */
static bool count(Cursor *c, uint64_t *v, const char *name, size_t minBytes) {
  size_t at = c->pos;
  if (!varint(c, v, name))
    return false;
  if (*v > left(c) / minBytes)
    return fail(c, at, "%s is %" PRIu64 ", more than the %zu bytes left can hold", name, *v, left(c));
  return true;
}

/* An index below `limit` (a table of that many entries). */
static bool tableIndex(Cursor *c, uint64_t *v, const char *name, uint64_t limit, bool flag) {
  size_t at = c->pos;
  if (!varint(c, v, name))
    return false;
  if (flag)
    *v >>= 1;
  if (*v >= limit)
    return fail(c, at, "%s %" PRIu64 " is out of range (the table has %" PRIu64 ")", name, *v, limit);
  return true;
}

/* Alignment padding: 0xCB bytes up to a multiple of `alignment` (a power of
 * two the reader's 32-bit alignment holds), counted from the file's start. */
static bool align(Cursor *c, uint64_t alignment, const char *name) {
  if (!alignment || (alignment & (alignment - 1)) || alignment > ((uint64_t)1 << 31))
    return fail(c, c->pos, "%s %" PRIu64 " is not a power of two up to 2^31", name, alignment);
  while (c->pos % alignment) {
    if (c->pos >= c->end)
      return fail(c, c->pos, "the alignment padding runs past the end of the data");
    if (c->file[c->pos] != kAlignmentByte)
      return fail(c, c->pos, "alignment padding byte 0x%02X is not 0xCB", c->file[c->pos]);
    ++c->pos;
  }
  return true;
}

/* A section header at c: id, length, optional alignment and padding; the
 * data's range in *start, *length. */
static bool sectionHeader(Cursor *c, unsigned *id, size_t *start, size_t *length) {
  size_t at = c->pos;
  unsigned idAndAligned = 0;
  uint64_t len;
  if (!byte(c, &idAndAligned, "section id") || !varint(c, &len, "section length"))
    return false;
  *id = idAndAligned & 0x7F;
  if (*id >= kNumSections)
    return fail(c, at, "section id %u is not one of MLIR's (0-%d)", *id, kNumSections - 1);
  if (idAndAligned & 0x80) {
    uint64_t alignment;
    if (!varint(c, &alignment, "section alignment") || !align(c, alignment, "section alignment"))
      return false;
  }
  if (len > left(c))
    return fail(c, at, "the %s is %" PRIu64 " bytes long, but %zu bytes are left in the file", kSectionNames[*id],
                len, left(c));
  *start = c->pos, *length = (size_t)len;
  c->pos += (size_t)len;
  return true;
}

typedef struct File {
  const unsigned char *data;
  size_t size;
  uint64_t version;
  bool present[kNumSections];
  size_t start[kNumSections], length[kNumSections];
  uint64_t numStrings, numDialects, numOpNames, numAttrs, numTypes, numProperties;
  char *err;
  size_t errSize;
} File;

static Cursor sectionCursor(File *f, int id) {
  Cursor c = {f->data, f->start[id], f->start[id] + f->length[id], kSectionNames[id], f->err, f->errSize};
  return c;
}

/* numStrings, their lengths in reverse (each with its NUL), then the data. */
static bool checkStrings(File *f) {
  Cursor c = sectionCursor(f, kString);
  if (!count(&c, &f->numStrings, "the number of strings", 2))
    return false;
  size_t dataEnd = c.end;
  for (uint64_t i = 0; i < f->numStrings; ++i) {
    size_t at = c.pos;
    uint64_t len;
    if (!varint(&c, &len, "a string's length"))
      return false;
    if (len == 0)
      return fail(&c, at, "string %" PRIu64 " has length 0 (each holds at least its NUL)", f->numStrings - 1 - i);
    if (len > dataEnd - c.pos)
      return fail(&c, at, "string %" PRIu64 " is %" PRIu64 " bytes, more than the section's data holds",
                  f->numStrings - 1 - i, len);
    dataEnd -= (size_t)len;
  }
  if (c.pos != dataEnd)
    return fail(&c, c.pos, "%zu bytes between the string lengths and their data", dataEnd - c.pos);
  return true;
}

/* numDialects, each a name (and a nested version section), then the
 * operation names grouped by dialect. */
static bool checkDialects(File *f) {
  Cursor c = sectionCursor(f, kDialect);
  uint64_t v;
  if (!count(&c, &f->numDialects, "the number of dialects", 1))
    return false;
  for (uint64_t i = 0; i < f->numDialects; ++i) {
    if (f->version < 1) {
      if (!tableIndex(&c, &v, "a dialect's name (string index)", f->numStrings, false))
        return false;
      continue;
    }
    size_t at = c.pos;
    if (!varint(&c, &v, "a dialect's name (string index)"))
      return false;
    if ((v >> 1) >= f->numStrings)
      return fail(&c, at, "a dialect's name (string index) %" PRIu64 " is out of range (the table has %" PRIu64 ")",
                  v >> 1, f->numStrings);
    if (v & 1) {
      unsigned id;
      size_t start, length;
      if (!sectionHeader(&c, &id, &start, &length))
        return false;
      if (id != kDialectVersions)
        return fail(&c, at, "a dialect's version is a %s, not a dialect versions section", kSectionNames[id]);
    }
  }
  if (f->version >= 4 && !count(&c, &v, "the number of operation names", 1))
    return false;
  while (c.pos < c.end) {
    uint64_t n;
    if (!tableIndex(&c, &v, "an operation group's dialect", f->numDialects, false) ||
        !count(&c, &n, "the number of operation names in a group", 1))
      return false;
    for (uint64_t i = 0; i < n; ++i)
      if (!tableIndex(&c, &v, "an operation name (string index)", f->numStrings, f->version >= 5))
        return false;
    f->numOpNames += n;
  }
  return true;
}

/* count, then `count` entries of a length and that many bytes. */
static bool checkProperties(File *f) {
  Cursor c = sectionCursor(f, kProperties);
  if (c.pos == c.end)
    return true;
  uint64_t n, len;
  if (!count(&c, &n, "the number of properties", 1))
    return false;
  f->numProperties = n;
  for (uint64_t i = 0; i < n; ++i) {
    size_t at = c.pos;
    if (!varint(&c, &len, "a property's size"))
      return false;
    if (len > left(&c))
      return fail(&c, at, "property %" PRIu64 " is %" PRIu64 " bytes, %zu are left", i, len, left(&c));
    c.pos += (size_t)len;
  }
  return true;
}

/* One resource's value: a bool byte, a string index, or a blob (alignment,
 * size, padding, bytes), in [start, start + length) of the resource section. */
static bool checkResourceValue(File *f, unsigned kind, size_t start, size_t length) {
  Cursor c = sectionCursor(f, kResource);
  c.pos = start, c.end = start + length;
  uint64_t alignment, size, v;
  if (length == 0)
    return true; /* a declaration: the reader skips it (dialect resources) or fails it cleanly */
  switch (kind) {
  case 0: /* blob */
    if (!varint(&c, &alignment, "a blob's alignment") || !varint(&c, &size, "a blob's size") ||
        !align(&c, alignment, "a blob's alignment"))
      return false;
    if (size != left(&c))
      return fail(&c, start, "a blob of %" PRIu64 " bytes in a resource entry of %zu bytes after its header", size,
                  left(&c));
    return true;
  case 1: /* bool */
    return length == 1 || fail(&c, start, "a bool resource of %zu bytes", length);
  case 2: /* string */
    return tableIndex(&c, &v, "a string resource (string index)", f->numStrings, false);
  default:
    return fail(&c, start, "resource kind %u is not a blob (0), bool (1) or string (2)", kind);
  }
}

/* numResources entries of a key, the size of its value in the resource
 * section and its kind, the values one after the other. */
static bool checkResourceGroup(File *f, Cursor *c, size_t *resourcePos) {
  uint64_t n, key, size;
  if (!count(c, &n, "the number of resources in a group", 3))
    return false;
  size_t end = f->start[kResource] + f->length[kResource];
  for (uint64_t i = 0; i < n; ++i) {
    unsigned kind = 0;
    size_t at = c->pos;
    if (!tableIndex(c, &key, "a resource's key (string index)", f->numStrings, false) ||
        !varint(c, &size, "a resource's size") || !byte(c, &kind, "a resource's kind"))
      return false;
    if (size > end - *resourcePos)
      return fail(c, at, "a resource of %" PRIu64 " bytes at byte %zu of the file, past the resource section's end "
                         "(%zu bytes left)", size, *resourcePos, end - *resourcePos);
    if (!checkResourceValue(f, kind, *resourcePos, (size_t)size))
      return false;
    *resourcePos += (size_t)size;
  }
  return true;
}

static bool checkResources(File *f) {
  Cursor c = {f->data, 0, 0, "resource offset section", f->err, f->errSize};
  if (f->present[kResource] != f->present[kResourceOffset])
    return fail(&c, 0, "a resource section needs a resource offset section and the other way round");
  if (!f->present[kResource])
    return true;
  c = sectionCursor(f, kResourceOffset);
  size_t resourcePos = f->start[kResource];
  uint64_t groups, key;
  if (!count(&c, &groups, "the number of external resource groups", 2))
    return false;
  for (uint64_t i = 0; i < groups; ++i)
    if (!tableIndex(&c, &key, "an external resource group's key (string index)", f->numStrings, false) ||
        !checkResourceGroup(f, &c, &resourcePos))
      return false;
  while (c.pos < c.end)
    if (!tableIndex(&c, &key, "a resource group's dialect", f->numDialects, false) ||
        !checkResourceGroup(f, &c, &resourcePos))
      return false;
  return true;
}

/* numAttributes, numTypes, then groups (dialect, count, sizes) covering the
 * attributes, then the types, each group within what is left of its table. */
static bool checkAttrTypes(File *f) {
  Cursor c = sectionCursor(f, kAttrTypeOffset);
  uint64_t numAttrs, numTypes, v, n;
  if (!count(&c, &numAttrs, "the number of attributes", 1) || !count(&c, &numTypes, "the number of types", 1))
    return false;
  f->numAttrs = numAttrs, f->numTypes = numTypes;
  if (numAttrs + numTypes > left(&c))
    return fail(&c, f->start[kAttrTypeOffset], "%" PRIu64 " attributes and %" PRIu64 " types, more than the %zu "
                "bytes left can hold", numAttrs, numTypes, left(&c));
  uint64_t offset = 0, dataSize = f->length[kAttrType];
  const uint64_t totals[2] = {numAttrs, numTypes};
  for (int k = 0; k < 2; ++k) {
    for (uint64_t done = 0; done < totals[k];) {
      size_t at;
      if (!tableIndex(&c, &v, "an attribute/type group's dialect", f->numDialects, false))
        return false;
      at = c.pos;
      if (!varint(&c, &n, "the number of entries in an attribute/type group"))
        return false;
      if (n > totals[k] - done)
        return fail(&c, at, "a group of %" PRIu64 " %s where %" PRIu64 " are left of the %" PRIu64 " declared", n,
                    k ? "types" : "attributes", totals[k] - done, totals[k]);
      for (uint64_t i = 0; i < n; ++i) {
        at = c.pos;
        if (!varint(&c, &v, "an attribute/type entry's size"))
          return false;
        if ((v >> 1) > dataSize - offset)
          return fail(&c, at, "an entry of %" PRIu64 " bytes at offset %" PRIu64 " of the attribute/type section "
                      "(%" PRIu64 " bytes)", v >> 1, offset, dataSize);
        offset += v >> 1;
      }
      done += n;
    }
  }
  if (c.pos != c.end)
    return fail(&c, c.pos, "%zu bytes after the last group", left(&c));
  return true;
}


/* ---- the IR section: regions, blocks and operations, as the reader walks
 * them; every count is checked against the bytes left (each thing counted
 * takes at least one), every index against its table. */

static bool checkRegions(File *f, Cursor *c, uint64_t numRegions, unsigned depth);

/* Use-list orders of a range of `numValues` values (version >= 3). */
static bool checkUseLists(Cursor *c, uint64_t rangeSize) {
  uint64_t entries = 1, v, n;
  if (rangeSize > 1 && !count(c, &entries, "the number of use-list orders", 2))
    return false;
  for (uint64_t i = 0; i < entries; ++i) {
    if (rangeSize > 1 && !tableIndex(c, &v, "a use-list order's value", rangeSize, false))
      return false;
    size_t at = c->pos;
    if (!varint(c, &n, "the number of use-list indices"))
      return false;
    n >>= 1;
    if (n > left(c))
      return fail(c, at, "%" PRIu64 " use-list indices, more than the %zu bytes left can hold", n, left(c));
    for (uint64_t k = 0; k < n; ++k) {
      at = c->pos;
      if (!varint(c, &v, "a use-list index"))
        return false;
      if (v > UINT32_MAX)
        return fail(c, at, "use-list index %" PRIu64 " does not fit 32 bits", v);
    }
  }
  return true;
}

static bool checkOp(File *f, Cursor *c, unsigned depth) {
  uint64_t v, n;
  unsigned mask = 0;
  if (!tableIndex(c, &v, "an operation's name", f->numOpNames, false) || !byte(c, &mask, "an operation's mask") ||
      !tableIndex(c, &v, "an operation's location (attribute index)", f->numAttrs, false))
    return false;
  if ((mask & 0x01) && !tableIndex(c, &v, "an operation's attributes (attribute index)", f->numAttrs, false))
    return false;
  /* Properties: an index into the properties table (registered ops) or an
   * attribute (unregistered ones); the reader knows which, both are bounded. */
  if ((mask & 0x40) && !tableIndex(c, &v, "an operation's properties",
                                   f->numProperties > f->numAttrs ? f->numProperties : f->numAttrs, false))
    return false;
  uint64_t numResults = 0;
  if ((mask & 0x02)) {
    if (!count(c, &numResults, "the number of results", 1))
      return false;
    for (uint64_t i = 0; i < numResults; ++i)
      if (!tableIndex(c, &v, "a result's type", f->numTypes, false))
        return false;
  }
  if ((mask & 0x04)) {
    if (!count(c, &n, "the number of operands", 1))
      return false;
    for (uint64_t i = 0; i < n; ++i)
      if (!varint(c, &v, "an operand"))
        return false;
  }
  if ((mask & 0x08)) {
    if (!count(c, &n, "the number of successors", 1))
      return false;
    for (uint64_t i = 0; i < n; ++i)
      if (!varint(c, &v, "a successor"))
        return false;
  }
  if (f->version >= 3 && (mask & 0x20) && !checkUseLists(c, numResults))
    return false;
  if (!(mask & 0x10))
    return true;
  if (!varint(c, &n, "the number of regions"))
    return false;
  bool isolated = n & 1;
  n >>= 1;
  if (n > left(c))
    return fail(c, c->pos, "%" PRIu64 " regions, more than the %zu bytes left can hold", n, left(c));
  if (n == 0)
    return true;
  if (isolated && f->version >= 2) { /* the regions are a nested IR section */
    unsigned id;
    size_t start, length, at = c->pos;
    if (!sectionHeader(c, &id, &start, &length))
      return false;
    if (id != kIR)
      return fail(c, at, "an isolated region is a %s, not an IR section", kSectionNames[id]);
    Cursor inner = *c;
    inner.pos = start, inner.end = start + length;
    return checkRegions(f, &inner, n, depth + 1);
  }
  return checkRegions(f, c, n, depth + 1);
}

static bool checkBlock(File *f, Cursor *c, uint64_t numBlocks, unsigned depth) {
  uint64_t v, numOps, numArgs = 0;
  size_t at = c->pos;
  if (!varint(c, &numOps, "a block's header"))
    return false;
  bool hasArgs = numOps & 1;
  numOps >>= 1;
  if (numOps > left(c))
    return fail(c, at, "a block of %" PRIu64 " operations, more than the %zu bytes left can hold", numOps, left(c));
  if (hasArgs) {
    if (!count(c, &numArgs, "the number of block arguments", 1))
      return false;
    for (uint64_t i = 0; i < numArgs; ++i) {
      if (f->version >= 4) {
        if (!varint(c, &v, "a block argument's type"))
          return false;
        if ((v >> 1) >= f->numTypes)
          return fail(c, c->pos, "a block argument's type %" PRIu64 " is out of range (the table has %" PRIu64 ")",
                      v >> 1, f->numTypes);
        if ((v & 1) && !tableIndex(c, &v, "a block argument's location", f->numAttrs, false))
          return false;
      } else if (!tableIndex(c, &v, "a block argument's type", f->numTypes, false) ||
                 !tableIndex(c, &v, "a block argument's location", f->numAttrs, false)) {
        return false;
      }
    }
    if (f->version >= 3) {
      unsigned hasUseLists = 0;
      if (!byte(c, &hasUseLists, "a block's use-list flag"))
        return false;
      if (hasUseLists && !checkUseLists(c, numArgs))
        return false;
    }
  }
  (void)numBlocks;
  for (uint64_t i = 0; i < numOps; ++i)
    if (!checkOp(f, c, depth))
      return false;
  return true;
}

static bool checkRegions(File *f, Cursor *c, uint64_t numRegions, unsigned depth) {
  if (depth > XNN_BYTECODE_DEPTH_LIMIT)
    return fail(c, c->pos, "regions nested deeper than %d levels", XNN_BYTECODE_DEPTH_LIMIT);
  for (uint64_t r = 0; r < numRegions; ++r) {
    uint64_t numBlocks, numValues;
    if (!count(c, &numBlocks, "the number of blocks", 1))
      return false;
    if (numBlocks == 0)
      continue;
    size_t at = c->pos;
    if (!varint(c, &numValues, "the number of values of a region"))
      return false;
    if (numValues > left(c) || numValues > UINT32_MAX)
      return fail(c, at, "a region defining %" PRIu64 " values, more than the %zu bytes left can hold", numValues,
                  left(c));
    for (uint64_t b = 0; b < numBlocks; ++b)
      if (!checkBlock(f, c, numBlocks, depth))
        return false;
  }
  return true;
}

/* The top level: one block (a header, then its operations). */
static bool checkIR(File *f) {
  Cursor c = sectionCursor(f, kIR);
  return checkBlock(f, &c, 1, 0);
}

bool xnnBytecodeCheck(const unsigned char *data, size_t size, char *err, size_t errSize) {
  File f;
  memset(&f, 0, sizeof f);
  f.data = data, f.size = size, f.err = err, f.errSize = errSize;
  Cursor c = {data, 0, size, "header", err, errSize};
  if (size < 4 || memcmp(data, "ML\xefR", 4))
    return fail(&c, 0, "not MLIR bytecode (no \"ML\\xEFR\" magic)");
  c.pos = 4;
  size_t at = c.pos;
  if (!varint(&c, &f.version, "the bytecode version"))
    return false;
  if (f.version > kMaxVersion)
    return fail(&c, at, "bytecode version %" PRIu64 " is newer than %d, the newest this MLIR reads", f.version,
                kMaxVersion);
  const unsigned char *nul = memchr(data + c.pos, 0, size - c.pos);
  if (!nul)
    return fail(&c, c.pos, "the producer string has no NUL before the end of the file");
  c.pos = (size_t)(nul - data) + 1;
  c.what = "section headers";
  while (c.pos < c.end) {
    unsigned id;
    size_t start, length;
    at = c.pos;
    if (!sectionHeader(&c, &id, &start, &length))
      return false;
    if (f.present[id])
      return fail(&c, at, "a second %s", kSectionNames[id]);
    f.present[id] = true, f.start[id] = start, f.length[id] = length;
  }
  for (int id = 0; id < kNumSections; ++id) {
    bool optional = id == kResource || id == kResourceOffset || id == kDialectVersions ||
                    (id == kProperties && f.version < 5);
    if (!f.present[id] && !optional)
      return fail(&c, size, "the file has no %s", kSectionNames[id]);
  }
  return checkStrings(&f) && checkDialects(&f) && (!f.present[kProperties] || checkProperties(&f)) &&
         checkResources(&f) && checkAttrTypes(&f) && checkIR(&f);
}
