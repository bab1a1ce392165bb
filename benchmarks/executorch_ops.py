#!/usr/bin/python3
"""The whole ExecuTorch XNNPACK op-test corpus (issue 29; test/Torch/executorch-ops.test
runs its CI subset): every float case of backends/xnnpack/test/ops/test_*.py, written
afresh in test/Torch/Inputs/executorch_ops/cases.py, through xnn-import-torch ->
xnn-opt --xnn-delegate -> xnn-run against PyTorch eager.

  /usr/bin/python3 benchmarks/executorch_ops.py [--build-dir build] [--filter REGEX]
      [--front trace|export|export-decomposed] [--torch 1|2] [--workdir DIR] [--write]

--front says what is imported (run.py's option): the module (trace, the default) or its
torch.export program as ExecuTorch's tests export it (export), decomposed to core ATen
(export-decomposed). --torch says which torch runs it: 1 (Debian 12's torch 1.13,
/usr/bin/python3) by default for trace, 2 (utils/torch2-python) for the export fronts.

Prints run.py's table (one row per case: segments against ExecuTorch's count, max error,
tolerance, class and reason) and the counts. --write saves it in benchmarks/executorch_ops.md:
the trace front's output as the whole page, an export front's figures as its own section
of the page (the other sections are kept). Exit status: run.py's (1 on a FAIL or XPASS).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PAGE = os.path.join(HERE, "executorch_ops.md")
FRONTS = {"export": "each module exported by torch.export.export(module, inputs, strict=True) as ExecuTorch's "
                     "Tester.export does; its program (torch.export's default IR) imported",
          "export-decomposed": "as `export`, then run_decompositions() (core ATen, what ExecuTorch's to_edge "
                               "takes)"}
SECTION = re.compile(r"<!-- front (\S+) -->\n.*?<!-- end front \1 -->\n", re.S)


def write_page(front, command, out):
    """The page: title, the trace front's command, each export front's figures (a section
    between markers), the trace front's table. --write replaces its own part only."""
    old = open(PAGE).read() if os.path.exists(PAGE) else ""
    sections = {m.group(1): m.group(0) for m in SECTION.finditer(old)}
    trace = SECTION.sub("", old).split("\n\n", 2)  # title, command, table
    if front == "trace":
        trace = ["", "`%s` (per-case times in brackets)" % command, out]
    else:
        figures = out[out.index("## figures"):] if "## figures" in out else out
        about = "%s (run.py --front %s): `%s`" % (FRONTS[front][0].upper() + FRONTS[front][1:], front, command)
        sections[front] = "<!-- front %s -->\n## Front %s\n\n%s\n\n%s<!-- end front %s -->\n" % (
            front, front, about, figures.replace("## figures", "### figures", 1), front)
    head = trace[1] + "\n\n" if len(trace) == 3 else ""
    with open(PAGE, "w") as f:
        f.write("# ExecuTorch XNNPACK op tests through xnnmlir\n\n" + head +
                "".join(sections[k] + "\n" for k in sorted(sections)) + (trace[2] if len(trace) == 3 else ""))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("--filter")
    ap.add_argument("--front", choices=("trace", "export", "export-decomposed"), default="trace")
    ap.add_argument("--torch", choices=("1", "2"), help="1: torch 1.13 (default for trace); 2: torch 2.6")
    ap.add_argument("--workdir", help="keep each case's model, delegated module and .npy files there")
    ap.add_argument("--write", action="store_true", help="save the output in benchmarks/executorch_ops.md")
    o = ap.parse_args()
    torch = o.torch or ("1" if o.front == "trace" else "2")
    python = "/usr/bin/python3" if torch == "1" else os.path.join(ROOT, "utils", "torch2-python")
    work = o.workdir or tempfile.mkdtemp(prefix="xnn-et-ops-")
    cmd = [python, os.path.join(ROOT, "test", "Torch", "Inputs", "executorch_ops", "run.py"),
           os.path.join(o.build_dir, "bin"), work, "--subset", "all", "--front", o.front, "--verbose"]
    if o.filter:
        cmd += ["--filter", o.filter]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
    sys.stdout.write(p.stdout)
    if o.write:
        write_page(o.front, "/usr/bin/python3 benchmarks/executorch_ops.py --front %s --torch %s --write"
                   % (o.front, torch), p.stdout)
    if not o.workdir:
        subprocess.run(["rm", "-rf", work])
    return p.returncode


if __name__ == "__main__":
    sys.exit(main())
