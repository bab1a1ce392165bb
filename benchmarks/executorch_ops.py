#!/usr/bin/python3
"""The whole ExecuTorch XNNPACK op-test corpus (issue 29; test/Torch/executorch-ops.test
runs its CI subset): every float case of backends/xnnpack/test/ops/test_*.py, written
afresh in test/Torch/Inputs/executorch_ops/cases.py, through xnn-import-torch ->
xnn-opt --xnn-delegate -> xnn-run against PyTorch eager.

  /usr/bin/python3 benchmarks/executorch_ops.py [--build-dir build] [--filter REGEX]
      [--workdir DIR] [--write]

Prints run.py's table (one row per case: segments against ExecuTorch's count, max error,
tolerance, class and reason) and the counts; --write also saves it as
benchmarks/executorch_ops.md. Exit status: run.py's (1 on a FAIL or XPASS).
"""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("--filter")
    ap.add_argument("--workdir", help="keep each case's model, delegated module and .npy files there")
    ap.add_argument("--write", action="store_true", help="save the output as benchmarks/executorch_ops.md")
    o = ap.parse_args()
    work = o.workdir or tempfile.mkdtemp(prefix="xnn-et-ops-")
    cmd = ["/usr/bin/python3", os.path.join(ROOT, "test", "Torch", "Inputs", "executorch_ops", "run.py"),
           os.path.join(o.build_dir, "bin"), work, "--subset", "all", "--verbose"]
    if o.filter:
        cmd += ["--filter", o.filter]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
    sys.stdout.write(p.stdout)
    if o.write:
        with open(os.path.join(HERE, "executorch_ops.md"), "w") as f:
            f.write("# ExecuTorch XNNPACK op tests through xnnmlir\n\n`/usr/bin/python3 benchmarks/executorch_ops.py "
                    "--write` (per-case times in brackets)\n\n" + p.stdout)
    if not o.workdir:
        subprocess.run(["rm", "-rf", work])
    return p.returncode


if __name__ == "__main__":
    sys.exit(main())
