"""expect_exit.py CODE CMD...: run CMD, pass its stdout/stderr through, and
exit 0 iff it exited with exactly CODE (lit's `not` accepts any failure)."""
import subprocess
import sys

code = int(sys.argv[1])
rc = subprocess.call(sys.argv[2:])
if rc != code:
    sys.stderr.write("expect_exit.py: expected exit %d, got %d\n" % (code, rc))
    sys.exit(1)
