"""A small MLIR bytecode writer (stdlib only) for xnn-import-torch.

Writes one `builtin.module` holding one `func.func` whose body is a flat list
of ops (one result or several) and a `func.return`, in MLIR's bytecode format version 6
(what MLIR 22's `mlir-opt --emit-bytecode` writes and reads; the format is in
mlir/docs/BytecodeFormat.md, the reader in mlir/lib/Bytecode/Reader). What it
uses of the format:

- attributes and types are written in their textual form (an attr/type entry
  may be its assembly string, parsed by the reader with the MLIR parser),
  except the ones the builtin dialect encodes natively here: StringAttr,
  DictionaryAttr (so a dictionary may hold a resource reference), UnknownLoc,
  NameLoc and DenseResourceElementsAttr (type + index of a resource handle,
  so the constant refers to the blob of the resource section; a textual
  `dense_resource<k>` would be parsed on its own and name a new, empty
  resource);
- inherent attributes (func.func's sym_name, function_type, arg_attrs,
  res_attrs) go in the op's attribute dictionary, which the reader splits into
  properties; the properties section (required from version 5) is empty;
- blobs: the resource section is the last but one section, aligned to the
  largest blob alignment; each blob is padded (0xCB) to its alignment counted
  from the start of the file, as the reader checks, and written straight from
  a buffer (a memoryview of the tensor's storage): never copied or held as text;
- the producer string is free text (xnn-import-torch puts its command line there).

Usage: m = Module(producer); build with type(), attr_*(), resource(), op names
and values; then m.write(file, func) once, to a binary file object.
"""

VERSION = 6
ALIGNMENT_BYTE = 0xCB
SEC_STRING, SEC_DIALECT, SEC_ATTR_TYPE, SEC_ATTR_TYPE_OFFSET, SEC_IR, SEC_RESOURCE, SEC_RESOURCE_OFFSET, \
    SEC_DIALECT_VERSIONS, SEC_PROPERTIES = range(9)
HAS_ATTRS, HAS_RESULTS, HAS_OPERANDS, HAS_SUCCESSORS, HAS_INLINE_REGIONS = 0x01, 0x02, 0x04, 0x08, 0x10
# Builtin dialect attribute codes (BuiltinDialectBytecode.td).
ATTR_DICTIONARY, ATTR_STRING, ATTR_NAME_LOC, ATTR_UNKNOWN_LOC, ATTR_DENSE_RESOURCE = 1, 2, 14, 15, 16


def varint(v):
    """PrefixVarInt: the low bits of the first byte count the extra bytes."""
    if v < 0x80:
        return bytes(((v << 1) | 1,))
    for k in range(2, 9):
        if v < 1 << (7 * k):
            return ((v << k) | (1 << (k - 1))).to_bytes(k, "little")
    return b"\x00" + v.to_bytes(8, "little")


def varint9(v):
    """The 9-byte form of a varint (any value): for lengths written before they are known."""
    return b"\x00" + v.to_bytes(8, "little")


class Resource:
    """A blob: `data` is None (declared, no blob: `__elided__`) or a callable
    returning a buffer (bytes-like, C-contiguous) of `size` bytes."""

    def __init__(self, key, size, align, data):
        self.key, self.size, self.align, self.data = key, size, align, data


class Module:
    def __init__(self, producer="xnnmlir"):
        if "\0" in producer:
            raise ValueError("the producer string cannot hold a NUL")
        self.producer = producer
        self.strings, self.string_list = {}, []
        self.attrs, self.attr_list = {}, []     # key -> index; entries: (custom, bytes)
        self.types, self.type_list = {}, []
        self.resources, self.resource_index = [], {}
        self.dialects = ["builtin"]
        self._op_names = {}

    # ---- tables ----------------------------------------------------------------
    @staticmethod
    def _intern(index, entries, key, entry):
        """The index of `key` in a table (index: key -> position, entries: the list), adding
        `entry` for a new key."""
        i = index.get(key)
        if i is None:
            i = index[key] = len(entries)
            entries.append(entry)
        return i

    def string(self, s):
        return self._intern(self.strings, self.string_list, s, s.encode("utf-8") + b"\0")

    def _attr(self, key, custom, data):
        return self._intern(self.attrs, self.attr_list, key, (custom, data))

    def attr_asm(self, text):
        """An attribute in its textual form (`array<i64: 1, 2>`, `3 : i64`, `f32`, `dense<...> : tensor<..>`)."""
        return self._attr(("asm", text), False, text.encode("utf-8") + b"\0")

    def attr_string(self, s):
        return self._attr(("str", s), True, varint(ATTR_STRING) + varint(self.string(s)))

    def attr_unknown_loc(self):
        return self._attr(("unknown",), True, varint(ATTR_UNKNOWN_LOC))

    def attr_loc(self, name):
        """loc("name") (a NameLoc around an unknown location), or loc(unknown) for None."""
        if name is None:
            return self.attr_unknown_loc()
        s, u = self.attr_string(name), self.attr_unknown_loc()
        return self._attr(("nameloc", name), True, varint(ATTR_NAME_LOC) + varint(s) + varint(u))

    def attr_dict(self, items):
        """A DictionaryAttr of [(name, attribute index)], sorted by name as MLIR keeps them."""
        items = sorted(items, key=lambda kv: kv[0].encode("utf-8"))
        enc = [varint(ATTR_DICTIONARY), varint(len(items))]
        for name, a in items:
            enc.append(varint(self.attr_string(name)))
            enc.append(varint(a))
        data = b"".join(enc)
        return self._attr(("dict", data), True, data)

    def attr_dense_resource(self, type_text, resource):
        data = varint(ATTR_DENSE_RESOURCE) + varint(self.type(type_text)) + varint(resource)
        return self._attr(("res", data), True, data)

    def type(self, text):
        return self._intern(self.types, self.type_list, text, text.encode("utf-8") + b"\0")

    def resource(self, key, size=0, align=1, data=None):
        """Index of the builtin dialect resource `key` (declared once; the first declaration's blob wins)."""
        i = self.resource_index.get(key)
        if i is None:
            if align < 1 or align & (align - 1):
                raise ValueError("blob alignment %d is not a power of two" % align)
            i = self.resource_index[key] = len(self.resources)
            self.resources.append(Resource(key, size, align, data))
        return i

    # ---- writing ---------------------------------------------------------------
    def write(self, f, func):
        """Writes the module to binary file `f`. `func` is a Func."""
        module_op = self.dialect_op("builtin", "module")
        func_op = self.dialect_op("func", "func")
        return_op = self.dialect_op("func", "return")
        for name in func.op_names():
            self.dialect_op(*name.split(".", 1))
        # Op names grouped by dialect, in dialect order: their index is their place in this list.
        ops = sorted(self._op_names, key=lambda dn: (self.dialects.index(dn[0]), self._op_names[dn]))
        op_index = {dn: i for i, dn in enumerate(ops)}
        unknown = self.attr_unknown_loc()
        fattrs = [("sym_name", self.attr_string(func.name)),
                  ("function_type", self.attr_asm(func.function_type()))]
        if any(a for _, a in func.args):
            fattrs.append(("arg_attrs", self.attr_asm(func.arg_attrs_text())))
        if any(a for _, a in func.results):
            fattrs.append(("res_attrs", self.attr_asm(func.res_attrs_text())))
        fdict = self.attr_dict(fattrs)
        # The function's body: one block with the arguments, the ops, the return.
        num_results = sum(len(r) if isinstance(r, list) else int(r is not None) for _, _, _, r, _ in func.ops)
        body = [varint(1), varint(len(func.args) + num_results),
                varint(((len(func.ops) + 1) << 1) | (1 if func.args else 0))]
        if func.args:
            body.append(varint(len(func.args)))
            for ty, _ in func.args:
                body.append(varint(self.type(ty) << 1))  # no location: unknown
            body.append(b"\0")  # no use-list orders
        for name, operands, attrs, result_type, loc in func.ops:
            mask = (HAS_ATTRS if attrs is not None else 0) | (HAS_RESULTS if result_type is not None else 0) | \
                (HAS_OPERANDS if operands else 0)
            enc = [varint(op_index[tuple(name.split(".", 1))]), bytes((mask,)), varint(loc)]
            if attrs is not None:
                enc.append(varint(attrs))
            if result_type is not None:  # one type index, or a list of them
                types = result_type if isinstance(result_type, list) else [result_type]
                enc.append(varint(len(types)))
                enc.extend(varint(t) for t in types)
            if operands:
                enc.append(varint(len(operands)))
                enc.extend(varint(v) for v in operands)
            body.append(b"".join(enc))
        ret = [varint(op_index[return_op]), bytes((HAS_OPERANDS if func.returned else 0,)), varint(unknown)]
        if func.returned:
            ret.append(varint(len(func.returned)))
            ret.extend(varint(v) for v in func.returned)
        body.append(b"".join(ret))
        func_region = self.section(SEC_IR, b"".join(body))
        func_enc = varint(op_index[func_op]) + bytes((HAS_ATTRS | HAS_INLINE_REGIONS,)) + varint(unknown) + \
            varint(fdict) + varint((1 << 1) | 1) + func_region
        module_region = self.section(SEC_IR, varint(1) + varint(0) + varint(1 << 1) + func_enc)
        module_enc = varint(op_index[module_op]) + bytes((HAS_INLINE_REGIONS,)) + varint(unknown) + \
            varint((1 << 1) | 1) + module_region
        ir = varint(1 << 1) + module_enc

        # Dialects and op names.
        for d in self.dialects:
            self.string(d)
        dia = [varint(len(self.dialects))]
        dia.extend(varint(self.string(d) << 1) for d in self.dialects)  # no dialect versions
        dia.append(varint(len(ops)))
        for di, d in enumerate(self.dialects):
            names = [n for dd, n in ops if dd == d]
            if names:
                dia.append(varint(di) + varint(len(names)))
                dia.extend(varint((self.string(n) << 1) | 1) for n in names)  # registered
        # Attributes and types, all in the builtin dialect's group (textual entries need no dialect).
        offsets = [varint(len(self.attr_list)), varint(len(self.type_list))]
        for entries in (self.attr_list, [(False, t) for t in self.type_list]):
            if entries:
                offsets.append(varint(0) + varint(len(entries)))
                offsets.extend(varint((len(data) << 1) | (1 if custom else 0)) for custom, data in entries)
        attr_type = b"".join(data for _, data in self.attr_list) + b"".join(self.type_list)
        for r in self.resources:
            self.string(r.key)
        strings = varint(len(self.string_list)) + b"".join(varint(len(s)) for s in reversed(self.string_list)) + \
            b"".join(self.string_list)

        out = Counter(f)
        out.write(b"ML\xefR" + varint(VERSION) + self.producer.encode("utf-8") + b"\0")
        out.write(self.section(SEC_DIALECT, b"".join(dia)))
        out.write(self.section(SEC_ATTR_TYPE_OFFSET, b"".join(offsets)))
        out.write(self.section(SEC_ATTR_TYPE, attr_type))
        out.write(self.section(SEC_IR, ir))
        out.write(self.section(SEC_PROPERTIES, b""))
        out.write(self.section(SEC_STRING, strings))
        if self.resources:
            self.write_resources(out)

    def dialect_op(self, dialect, name):
        if dialect not in self.dialects:
            self.dialects.append(dialect)
        key = (dialect, name)
        if key not in self._op_names:
            self._op_names[key] = len(self._op_names)
        return key

    @staticmethod
    def section(sid, data):
        return bytes((sid,)) + varint(len(data)) + data

    def write_resources(self, out):
        """The resource section (blobs padded to their alignment from the start of the
        file), then its offset section (each entry's size)."""
        align = max(r.align for r in self.resources)
        head = bytes((SEC_RESOURCE | 0x80,))
        av = varint(align)
        start = out.n + len(head) + 9 + len(av)
        pad0 = -start % align
        pos = start + pad0
        sizes = []
        for r in self.resources:
            if r.data is None:
                sizes.append(0)
                continue
            h = varint(r.align) + varint(r.size)
            pad = -(pos + len(h)) % r.align
            sizes.append(len(h) + pad + r.size)
            pos += sizes[-1]
        total = pos - (start + pad0)
        out.write(head + varint9(total) + av + bytes((ALIGNMENT_BYTE,)) * pad0)
        for r, size in zip(self.resources, sizes):
            if r.data is None:
                continue
            h = varint(r.align) + varint(r.size)
            pad = -(out.n + len(h)) % r.align
            out.write(h + bytes((ALIGNMENT_BYTE,)) * pad)
            buf = r.data()
            mv = memoryview(buf).cast("B") if r.size else b""
            if len(mv) != r.size:
                raise ValueError("resource '%s': %d bytes, %d declared" % (r.key, len(mv), r.size))
            out.write(mv)
            del mv, buf
        ro = [varint(0), varint(0), varint(len(self.resources))]  # no external groups; builtin's group
        for r, size in zip(self.resources, sizes):
            ro.append(varint(self.strings[r.key]) + varint(size) + b"\0")  # kind: blob
        out.write(self.section(SEC_RESOURCE_OFFSET, b"".join(ro)))


class Counter:
    """A binary file that counts what was written (blob padding depends on the file offset)."""

    def __init__(self, f):
        self.f, self.n = f, 0

    CHUNK = 8 << 20

    def write(self, b):
        """Writes b; a large buffer in 8 MB pieces (memoryview slices: no copy), which the
        page cache takes faster than one write of a whole tensor."""
        n = len(b)
        if n <= self.CHUNK:
            self.f.write(b)
        else:
            mv = memoryview(b)
            for i in range(0, n, self.CHUNK):
                self.f.write(mv[i:i + self.CHUNK])
        self.n += n


class Func:
    """One func.func: args [(type text, {name: attr text} or None)], results likewise,
    ops [(op name, [value index], attr dict index or None, result type index (a list
    of them for several results) or None,
    location attr index)], returned [value index]. Values are numbered as the
    reader does: the arguments, then each op's result in order."""

    def __init__(self, name, args, results, ops, returned):
        self.name, self.args, self.results, self.ops, self.returned = name, args, results, ops, returned

    def op_names(self):
        seen = {}
        for op in self.ops:
            seen.setdefault(op[0], None)
        return list(seen)

    def function_type(self):
        return "(%s) -> (%s)" % (", ".join(t for t, _ in self.args), ", ".join(t for t, _ in self.results))

    @staticmethod
    def _attrs_text(items):
        return "[%s]" % ", ".join("{%s}" % ", ".join("%s = %s" % kv for kv in (a or {}).items()) for _, a in items)

    def arg_attrs_text(self):
        return self._attrs_text(self.args)

    def res_attrs_text(self):
        return self._attrs_text(self.results)
