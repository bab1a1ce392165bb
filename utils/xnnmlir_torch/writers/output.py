"""Output files as the command writes them: checked before any work, then
replaced atomically (a temporary file renamed over the path)."""
import os
import sys
import tempfile

from ..mlir import ImportError_


def check_output_dir(path):
    """Fails before any work when `path` cannot be written (its directory is missing or not one)."""
    if path == "-":
        return
    real = os.path.realpath(path)
    if os.path.exists(real) and not os.path.isfile(real):
        return
    d = os.path.dirname(real) or "."
    if not os.path.isdir(d):
        raise ImportError_("cannot write '%s': directory '%s' does not exist" % (path, os.path.dirname(path) or "."))
    if not os.access(d, os.W_OK | os.X_OK):
        raise ImportError_("cannot write '%s': directory '%s' is not writable" % (path, os.path.dirname(path) or "."))


def write_atomic(path, text, binary=False):
    """Writes `text` (a str, or a function writing to a file object, binary with
    `binary`) to `path`: '-' is stdout; a device or FIFO is written in place; a
    regular file through a temporary file in its directory renamed over it (its
    mode kept), removed on any error."""
    mode = "wb" if binary else "w"

    def emit(f):
        if callable(text):
            text(f)
        else:
            f.write(text)
    if path == "-":
        emit(sys.stdout.buffer if binary else sys.stdout)
        (sys.stdout.buffer if binary else sys.stdout).flush()
        return
    real = os.path.realpath(path)
    if os.path.exists(real) and not os.path.isfile(real):
        with open(real, mode) as f:  # devices, FIFOs: written directly
            emit(f)
        return
    d = os.path.dirname(real) or "."
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".xnn-import-")
    try:
        with os.fdopen(fd, mode) as f:
            emit(f)
        if os.path.exists(real):
            os.chmod(tmp, os.stat(real).st_mode & 0o7777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, real)
    except BaseException:
        os.unlink(tmp)
        raise
