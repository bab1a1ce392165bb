"""Aliasing and in-place writes made functional (SPEC 5.1 state).

Every tensor value the walk meets belongs to a storage; views record the node
they view. An in-place op runs on the walk's concrete values, then its
written view's new value is carried up the chain of views to the storage's
root (unview: a reshape, a permute, a slice spliced back, or a write by
positions), and every later read of a view of that storage is derived anew
(reread). A buffer found written becomes a state argument and result: the
walk restarts with it as state (_Restart)."""
import operator

from .aten import METADATA_MUTATING, OVERWRITING, op_name, written_args
from .mlir import arr, torch
from .ops import OPS
from .ops.common import slice_of
from .tensors import storage_key

# Storage key -> "module.path.attr" of plain tensor attributes seen by the last trace.
TENSOR_ATTR_NAMES = {}


class _Restart(Exception):
    """A buffer the walk found written: import again with it as state."""

    def __init__(self, name):
        super().__init__(name)
        self.name = name


class State:
    """The Importer's aliasing and write tracking (a mixin: the walk's tables
    key, parent, defver, version, root, state, members, snapped, fresh)."""

    def current(self, a):
        """("const", tensor) or ("ssa", Value) of node `a` now, after the writes so far."""
        k = self.key.get(a)
        if k is None or self.defver[a] == self.version[k]:
            if self.const.get(a):
                return ("const", self.values[a])
            return ("ssa", self.ssa.get(a))
        memo = (a, self.version[k])
        if memo not in self.fresh:
            if self.root[k] is a:
                st = self.state[k]
            else:
                p, how = self.parent[a]
                st = self.current(p) if how == "alias" else self.reread(a, p)
            self.fresh[memo] = st
        return self.fresh[memo]

    # ---- views of written storages -----------------------------------------------
    def tensor_inputs(self, n):
        """Tensor-valued input nodes of `n`, looking through tuple-valued ones (split -> getitem)."""
        out = []
        for a in n.all_input_nodes:
            if isinstance(self.values.get(a), torch.Tensor):
                out.append(a)
            elif isinstance(self.values.get(a), (tuple, list)):
                out.extend(self.tensor_inputs(a))
        return out

    def rerun(self, n, subst):
        """Runs view node `n` concretely with some input nodes' values replaced."""
        if n.target is operator.getitem:
            src, i = n.args
            return self.rerun(src, subst)[i]

        def val(x):
            return subst[x] if x in subst else self.values[x]
        args = torch.fx.node.map_arg(n.args, val)
        kwargs = torch.fx.node.map_arg(n.kwargs, val)
        return n.target(*args, **kwargs)

    def positions(self, n, p):
        """For view `n` of node `p`: the row-major flat index into p of each element of n."""
        pt = self.values[p]
        if op_name(n.target)[0] == "as_strided" and not (pt.is_contiguous() and pt.storage_offset() == 0):
            self.fail(n, "as_strided of a non-contiguous view of a written tensor is not supported")
        marker = torch.arange(pt.numel(), dtype=torch.int64).reshape(pt.shape)
        return self.rerun(n, {p: marker}), marker

    def reread(self, a, p):
        """View `a` of node `p`, derived from p's value after a write."""
        kind, pv = self.current(p)
        if kind == "const":
            return ("const", self.rerun(a, {p: pv}))
        saved = self.w.loc_name
        self.w.loc_name = "%s: %s" % (a.meta.get("xnn_path", "<root>"), a.target)
        try:
            if a.target is operator.getitem:
                vals = self.lower(a.args[0])
                return ("ssa", vals[a.args[1]])
            name = op_name(a.target)[0]
            if name.lstrip("_") in OPS:
                return ("ssa", self.lower(a))
            # A view op without a handler: gather its elements by their positions.
            pos, _ = self.positions(a, p)
            shape, dtype = self.out(a)
            flat = self.w.op("view", [pv], [], [self.values[p].numel()], dtype)
            idx = self.const_tensor(pos.reshape(-1).contiguous(), "view_positions")
            g = self.w.op("index", [flat, idx], [("indexed_dims", arr([0]))], [pos.numel()], dtype)
            return ("ssa", self.w.op("view", [g], [], shape, dtype))
        finally:
            self.w.loc_name = saved

    def unview(self, m, c, p, new_c):
        """p's new value when its view c becomes `new_c` (SSA values)."""
        pos, marker = self.positions(c, p)
        pshape = tuple(marker.shape)
        dtype = self.values[p].dtype
        pv = self.v(m, p)
        if pos.shape == marker.shape and torch.equal(pos, marker):
            return new_c  # the whole of p, in order
        if pos.numel() == marker.numel() and torch.equal(pos.reshape(-1), marker.reshape(-1)):
            return self.w.op("view", [new_c], [], pshape, dtype)  # a reshape
        if pos.dim() == marker.dim() and pos.numel() == marker.numel():
            # A permutation of p's dims: p = permute(c, inverse).
            for perm in self.permutations_matching(pos, marker):
                inv = [perm.index(i) for i in range(len(perm))]
                return self.w.op("permute", [new_c], [("dims", arr(inv))], pshape, dtype)
        first = [int(i) for i in torch.nonzero(marker == pos.reshape(-1)[0])[0]] if pos.numel() else None
        if first is not None and pos.dim() == marker.dim():
            diff = [d for d in range(marker.dim()) if pos.shape[d] != marker.shape[d]]
            if len(diff) == 1:
                d = diff[0]
                if torch.equal(pos, marker.narrow(d, first[d], pos.shape[d])):
                    return self.splice(m, pv, new_c, d, first[d], first[d] + pos.shape[d], pshape, dtype)
        if first is not None and pos.dim() == marker.dim() - 1:
            for d in range(marker.dim()):
                if torch.equal(pos, marker.select(d, first[d])):
                    shape = list(pshape)
                    shape[d] = 1
                    u = self.w.op("view", [new_c], [], shape, dtype)
                    return self.splice(m, pv, u, d, first[d], first[d] + 1, pshape, dtype)
        # Anything else (strided slices, diagonals, as_strided): write by positions.
        n = marker.numel()
        flat = self.w.op("view", [pv], [], [n], dtype)
        vals = self.w.op("view", [new_c], [], [pos.numel()], dtype)
        idx = self.const_tensor(pos.reshape(-1).contiguous(), "view_positions")
        put = self.w.op("index_put", [flat, vals, idx], [("indexed_dims", arr([0]))], [n], dtype)
        return self.w.op("view", [put], [], pshape, dtype)

    @staticmethod
    def permutations_matching(pos, marker):
        """The dim permutation perm with marker.permute(perm) == pos, if there is one."""
        import itertools
        if marker.dim() > 6:
            return []
        for perm in itertools.permutations(range(marker.dim())):
            if tuple(marker.shape[i] for i in perm) == tuple(pos.shape) and torch.equal(marker.permute(perm), pos):
                return [list(perm)]
        return []

    def splice(self, m, pv, piece, d, start, end, pshape, dtype):
        """p with [start, end) along dim d replaced by `piece`: slices and a cat."""
        parts = []
        size = pshape[d]
        if start > 0:
            parts.append(slice_of(self, m, pv, d, 0, start))
        parts.append(piece)
        if end < size:
            parts.append(slice_of(self, m, pv, d, end, size))
        if len(parts) == 1:
            return self.w.op("view", [piece], [], pshape, dtype) if tuple(piece.shape) != pshape else piece
        return self.w.op("cat", parts, [("dim", "%d : i64" % d)], pshape, dtype)

    def define(self, n, value):
        """Records the storage of a newly computed tensor node (fresh, or a view of an input)."""
        if not isinstance(value, torch.Tensor) or value.layout != torch.strided:
            return
        k = storage_key(value)
        self.members.setdefault(k, []).append(n)
        self.key[n] = k
        if k not in self.root:
            self.root[k], self.version[k], self.state[k] = n, 0, None
            self.defver[n] = 0
            return
        self.defver[n] = self.version[k]
        same = [a for a in self.tensor_inputs(n) if self.key.get(a) == k]
        if same:
            self.parent[n] = (same[0], "view")
        else:  # another handle on a storage seen before (the same attribute read twice)
            self.parent[n] = (self.root[k], "alias")

    def snapshot(self, k):
        """Before a write to storage k: every value aliasing it keeps its present contents."""
        for x in self.members.get(k, []):
            if x not in self.snapped:
                self.snapped.add(x)
                self.values[x] = self.values[x].clone()

    def write(self, m, interp):
        """An in-place op: runs it, then records the written storage's new value."""
        name = op_name(m.target)[0]
        if name in METADATA_MUTATING and self.local_reshape(m):
            return self.plain(m, interp)
        if name in METADATA_MUTATING:
            self.fail(m, "'%s' changes a tensor's shape or storage in place, which is not supported" % m.target)
        idx = written_args(m.target)
        if idx != [0] or not m.args or not isinstance(m.args[0], torch.fx.Node):
            self.fail(m, "'%s' writes to an argument other than its first (an out= variant?): not supported"
                      % m.target)
        a = m.args[0]
        k = self.key.get(a)
        if k is None:
            self.fail(m, "'%s' writes to a value that is not a tensor" % m.target)
        root = self.root[k]
        if root.op == "placeholder":
            kind, bname = self.kinds[self.placeholders.index(root)]
            if kind == "input":
                self.fail(m, "forward writes in place to its input %d ('%s'): not supported (clone it first)"
                          % (self.user_index(root), m.target))
            if kind == "param":
                self.fail(m, "forward writes in place to parameter '%s' ('%s'): only buffers can be state"
                          % (bname, m.target))
            if bname not in self.state_names:
                raise _Restart(bname)
            self.written_buffers.add(bname)
        elif root.op == "get_attr":
            attr = TENSOR_ATTR_NAMES.get(k, root.target)
            self.fail(m, "forward writes in place to tensor attribute '%s' ('%s'), which is not a registered "
                         "buffer: register it (register_buffer) so that it is state" % (attr, m.target))
        self.snapshot(k)
        self.w.before_write(k)
        r = interp.run_node(m)
        interp.env[m] = r
        others = [x for x in self.tensor_inputs(m) if x is not a]
        overwrites = name in OVERWRITING
        new_const = all(self.is_const(x) for x in others) and (overwrites or self.is_const(a))
        self.values[m] = r
        if new_const:
            new_a = ("const", r.clone())
            if self.current(root)[0] == "const":
                new_root = ("const", interp.env[root].clone())
            else:
                new_root = ("ssa", self.carry(m, a, self.const_tensor(new_a[1], "written")))
        else:
            new_a = ("ssa", self.lower(m))
            new_root = ("ssa", self.carry(m, a, new_a[1]))
        self.version[k] += 1
        self.state[k] = new_root
        self.fresh.clear()
        self.key[m], self.parent[m], self.defver[m] = k, (a, "alias"), self.version[k]
        self.members[k].append(m)
        self.values[m] = r
        if new_a[0] == "const":
            self.const[m] = True
            self.values[m] = new_a[1]
            self.snapped.add(m)
        else:
            self.const[m] = False
            self.ssa[m] = new_a[1]
        return r

    def local_reshape(self, m):
        """An in-place shape change (as_strided_ in a decomposition) of an intermediate tensor read
        by nothing after it: the same as its out-of-place form."""
        a = m.args[0] if m.args and isinstance(m.args[0], torch.fx.Node) else None
        k = self.key.get(a) if a is not None else None
        if k is None or self.root[k].op in ("placeholder", "get_attr"):
            return False
        pos = {x: i for i, x in enumerate(m.graph.nodes)}
        return all(pos[u] <= pos[m] for u in a.users if u is not m) and \
            all(pos[u] <= pos[m] for x in self.members.get(k, []) for u in x.users if u is not m)

    def evaluate(self, n, interp):
        """Runs node n on the concrete values and records its value and storage."""
        value = interp.run_node(n)
        interp.env[n] = value
        self.values[n] = value
        self.define(n, value)
        return value

    def plain(self, n, interp):
        """A node without side effects: run, then folded or lowered."""
        value = self.evaluate(n, interp)
        ins = list(n.all_input_nodes)
        if ins and all(self.is_const(a) for a in ins) and self.foldable(n):
            self.const[n] = True
        else:
            self.const[n] = False
            self.ssa[n] = self.lower(n)
        return value

    def carry(self, m, c, new_c):
        """The written storage's new root value, given its view c's new value."""
        while True:
            if self.root[self.key[c]] is c:
                return new_c
            p, how = self.parent[c]
            if how != "alias":
                new_c = self.unview(m, c, p, new_c)
            c = p
