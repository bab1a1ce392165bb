"""run_from_big_parent.py XNN_RUN MODEL: runs `XNN_RUN MODEL --memory-stats`
from a process holding ~600 MB and prints both resident sets."""
import re
import subprocess
import sys

held = b"\x01" * (600 << 20)  # touched: resident
with open("/proc/self/status") as f:
    rss = int(re.search(r"VmRSS:\s+(\d+) kB", f.read()).group(1)) // 1024
print("parent resident %d MB" % rss)
out = subprocess.run([sys.argv[1], sys.argv[2], "--memory-stats"], capture_output=True, text=True, check=True).stdout
peak = float(re.findall(r"^memory: at exit: .*peak ([\d.]+) MB", out, re.M)[-1])
print("xnn-run peak below 300 MB: %s (%.1f MB)" % ("yes" if peak < 300 else "no", peak))
del held
