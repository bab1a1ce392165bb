#!/usr/bin/python3
"""Running at LLM scale (issue 31): the Gemma 3 test decoder
(test/Torch/Inputs/llm/gemma3_hf.py) at gemma-3-1b's widths (hidden 1152,
vocab 262144, cache --max-len) with --layers decoder layers and random
weights, in bf16: imported (one decode call: 1 token, the KV cache as
xnn.state), delegated to bytecode (`xnn-opt --xnn-delegate --emit-bytecode`),
then run for --steps steps by `xnn-run` and by the emitted C program
(`xnn-translate --xnn-to-c`, weights file beside it, compiled with
benchmarks/run_llm_driver.c). Prints for each: wall time, peak RSS (the
child's own, from wait4), the weights' bytes, peak RSS / weights, the
create (packing) time, the first and the steady step.

The importer writes text with hex blobs and needs about 8x the bf16 weights
in memory (4 layers: 6.8 GB): the default is 4 layers at full widths (the
262144 x 1152 embedding, tied to lm_head, is the largest tensor). --small is
2 layers. --model runs an existing edge model instead (text or bytecode,
e.g. `utils/gen_models.py gemma3 --dtype bf16 --weights random --force -o
g.mlirbc`, the whole gemma-3-1b: one delegate, no state).

The C program runs the delegates only (the portable ops between them, the
embedding gather and the cache writes, are not emitted as C yet), on zero
inputs: its step is the sum of the delegates' runs.

Wall times on a shared machine vary with the load: CPU times are printed too.

Usage: /usr/bin/python3 benchmarks/run_llm.py [--build-dir build]
       [--layers 4 | --small | --model FILE] [--steps 4] [--threads 1]
       [--max-len 1024] [--workdir DIR] [--skip-c]"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LLM = os.path.join(ROOT, "test", "Torch", "Inputs", "llm")

FACTORY = '''import os, sys
sys.path.insert(0, %r)
import gemma3_hf as g
c = dict(g.CONFIGS["1b"]); c["layers"] = %d
g.CONFIGS["bench"] = c
def make():
    m = g.build("bench", %d)
    seen, n = set(), 0
    for p in m.parameters():  # tied lm_head counted once; the KV cache is state, not weights
        if id(p) not in seen:
            seen.add(id(p))
            n += p.numel()
    with open(%r, "w") as f:
        f.write("%%d\\n" %% n)
    return m, g.inputs(1, %d, vocab=c["vocab"])
'''


def run(cmd, out=None, env=None):
    """Runs cmd; returns (wall s, peak RSS bytes, user+sys s, stdout text)."""
    t0 = time.perf_counter()
    with open(out or os.devnull, "w") as so, tempfile.TemporaryFile("w+") as se:
        p = subprocess.Popen(cmd, stdout=so, stderr=se, env=env)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        if p.returncode:
            se.seek(0)
            sys.exit("%s failed (%d): %s" % (os.path.basename(cmd[0]), p.returncode, se.read()[-2000:]))
    text = open(out).read() if out else ""
    return wall, ru.ru_maxrss * 1024, ru.ru_utime + ru.ru_stime, text


def gb(b):
    return "%.2f GB" % (b / 1e9)


def steps_of(text):
    return [(float(a), float(b)) for a, b in re.findall(r"^step \d+: time ([\d.]+) ms \(cpu ([\d.]+) ms\)", text, re.M)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("--layers", type=int, default=4)
    ap.add_argument("--small", action="store_true", help="--layers 2")
    ap.add_argument("--model", help="an existing edge model (text or bytecode) instead of the import")
    ap.add_argument("--weight-bytes", type=int, help="with --model: the weights' bytes (default: the file's size)")
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--max-len", type=int, default=1024)
    ap.add_argument("--start", type=int, default=8)
    ap.add_argument("--workdir")
    ap.add_argument("--skip-c", action="store_true")
    o = ap.parse_args()
    layers = 2 if o.small else o.layers
    work = o.workdir or tempfile.mkdtemp(prefix="run-llm-")
    os.makedirs(work, exist_ok=True)
    binary = os.path.join(o.build_dir, "bin")
    rows = []

    if o.model:
        model, name = o.model, os.path.basename(o.model)
        weight_bytes = o.weight_bytes or os.path.getsize(o.model)
    else:
        name = "gemma3_hf decode, %d layers, bf16" % layers
        model = os.path.join(work, "decode_%d.mlir" % layers)
        count = os.path.join(work, "params_%d.txt" % layers)
        if not os.path.exists(model):
            factory = os.path.join(work, "factory_%d.py" % layers)
            with open(factory, "w") as f:
                f.write(FACTORY % (LLM, layers, o.max_len, count, o.start))
            w, m, c, _ = run([sys.executable, os.path.join(ROOT, "utils", "xnn-import-torch"), factory + ":make",
                              "--dtype", "bf16", "-o", model])
            rows.append(("xnn-import-torch (text, hex blobs)", w, m, c, None, None, None))
        weight_bytes = 2 * int(open(count).read())
    lowered = os.path.join(work, "lowered.mlirbc")
    w, m, c, _ = run([os.path.join(binary, "xnn-opt"), model, "--xnn-delegate", "--emit-bytecode", "-o", lowered])
    rows.append(("xnn-opt --xnn-delegate --emit-bytecode", w, m, c, None, None, None))

    # xnn-run: stateful functions step with their state fed back; others just repeat.
    out = os.path.join(work, "xnn-run.txt")
    w, m, c, text = run([os.path.join(binary, "xnn-run"), lowered, "--steps", str(o.steps), "--memory-stats",
                         "--threads", str(o.threads), "--output-dir", os.path.join(work, "out")], out)
    create = re.search(r"^create: \d+ delegates: ([\d.]+) ms \(build ([\d.]+) ms, pack ([\d.]+) ms; cpu ([\d.]+) ms\), "
                       r"widened (\d+) bytes freed after packing, mapped (\d+) bytes released", text, re.M)
    after = re.search(r"^memory: after create: resident ([\d.]+) MB", text, re.M)
    st = steps_of(text)
    rows.append(("xnn-run (load, create, %d steps)" % o.steps, w, m, c, float(create.group(1)), st,
                 "build %s ms + pack %s ms, cpu %s ms; resident after create %s MB; widened %s B freed once "
                 "packed, mapped %s B released" % (create.group(2), create.group(3), create.group(4),
                                                  after.group(1), create.group(5), create.group(6))))

    if not o.skip_c:
        source = os.path.join(work, "model.c")
        w, m, c, _ = run([os.path.join(binary, "xnn-translate"), "--xnn-to-c", lowered, "-o", source,
                          "--weights-file=" + source + ".weights"])
        rows.append(("xnn-translate --xnn-to-c", w, m, c, None, None, None))
        n = int(re.search(r"^const size_t xnn_num_delegates = (\d+);", open(source).read(), re.M).group(1))
        table = os.path.join(work, "table.c")
        with open(table, "w") as f:
            f.write("#include <xnnpack.h>\n#include <stddef.h>\n")
            f.write("typedef struct LlmDelegate {\n  enum xnn_status (*create)(void **, pthreadpool_t, const char **);\n"
                    "  enum xnn_status (*run)(void *, const void *const[], void *const[], const char **);\n"
                    "  void (*destroy)(void *);\n  size_t numInputs, numOutputs;\n"
                    "  const size_t *inputBytes, *outputBytes;\n} LlmDelegate;\n")
            for i in range(n):
                f.write("struct xnn_delegate_{0};\n"
                        "enum xnn_status xnn_delegate_{0}_create(struct xnn_delegate_{0} **, pthreadpool_t, const char **);\n"
                        "enum xnn_status xnn_delegate_{0}_run(struct xnn_delegate_{0} *, const void *const[], void *const[], const char **);\n"
                        "void xnn_delegate_{0}_destroy(struct xnn_delegate_{0} *);\n"
                        "extern const size_t xnn_delegate_{0}_num_inputs, xnn_delegate_{0}_num_outputs;\n"
                        "extern const size_t xnn_delegate_{0}_input_bytes[], xnn_delegate_{0}_output_bytes[];\n"
                        "static enum xnn_status c{0}(void **d, pthreadpool_t p, const char **e) {{ return xnn_delegate_{0}_create((struct xnn_delegate_{0} **)d, p, e); }}\n"
                        "static enum xnn_status r{0}(void *d, const void *const i[], void *const o[], const char **e) {{ return xnn_delegate_{0}_run(d, i, o, e); }}\n"
                        "static void d{0}(void *d) {{ xnn_delegate_{0}_destroy(d); }}\n".format(i))
            f.write("LlmDelegate llm_delegates[%d] = {\n" % max(n, 1))
            for i in range(n):
                f.write("  {{c{0}, r{0}, d{0}, 0, 0, xnn_delegate_{0}_input_bytes, xnn_delegate_{0}_output_bytes}},\n"
                        .format(i))
            f.write("};\n")
        # The counts are not constant expressions in another unit: the driver reads them through a second table.
        with open(table, "a") as f:
            f.write("void llm_fix_counts(LlmDelegate *t);\nvoid llm_fix_counts(LlmDelegate *t) {\n")
            for i in range(n):
                f.write("  t[%d].numInputs = xnn_delegate_%d_num_inputs, t[%d].numOutputs = xnn_delegate_%d_num_outputs;\n"
                        % (i, i, i, i))
            f.write("}\n")
        program = os.path.join(work, "model")
        flags = open(os.path.join(o.build_dir, "share", "xnnmlir", "xnnpack.flags")).read().split()
        cc = os.environ.get("CC", "cc")
        w, m, c, _ = run([cc, "-std=c11", "-O1", source, table,
                          os.path.join(HERE, "run_llm_driver.c")] + flags + ["-o", program])
        rows.append(("cc -O1 (emitted C + driver)", w, m, c, None, None, None))
        out = os.path.join(work, "program.txt")
        w, m, c, text = run([program, str(o.steps), str(o.threads)], out)
        create = re.search(r"^create: \d+ delegates: ([\d.]+) ms \(cpu ([\d.]+) ms\)", text, re.M)
        after = re.search(r"^memory: after create: resident ([\d.]+) MB", text, re.M)
        pack = re.search(r"^pack: widened (\d+) bytes, (\d+) freed as soon as packed, at most (\d+) at once in chunks",
                         text, re.M)
        rows.append(("compiled program (map weights, create, %d steps of the delegates)" % o.steps, w, m, c,
                     float(create.group(1)), steps_of(text),
                     "cpu %s ms; resident after create %s MB; widened %s B, %s B freed once packed, at most %s B "
                     "in chunks at once" % (create.group(2), after.group(1), pack.group(1), pack.group(2),
                                            pack.group(3))))

    print()
    print("%s; weights %s (%d bytes); %d thread%s; workdir %s" % (name, gb(weight_bytes), weight_bytes, o.threads,
                                                                   "" if o.threads == 1 else "s", work))
    print()
    print("| step | wall s | CPU s | peak RSS | / weights | create ms | first step ms | steady step ms (median) | "
          "first / (2 x steady + create) | notes |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for label, w, m, c, create, st, notes in rows:
        first = steady = check = "-"
        if st:
            first = "%.1f (cpu %.1f)" % st[0]
            if len(st) > 1:
                sw, sc = statistics.median(s[0] for s in st[1:]), statistics.median(s[1] for s in st[1:])
                steady = "%.1f (cpu %.1f)" % (sw, sc)
                check = "%.2f" % ((create + st[0][0]) / (2 * sw + create))
        print("| %s | %.1f | %.1f | %s | %.2fx | %s | %s | %s | %s | %s |" % (
            label, w, c, gb(m), m / weight_bytes, "-" if create is None else "%.0f" % create, first, steady, check,
            notes or ""))


if __name__ == "__main__":
    main()
