# -*- Python -*-
import os
import shutil

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "XNNMLIR"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".c"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.xnnmlir_obj_root, "test")
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in"]

llvm_config.with_system_environment(["HOME", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tools_dir = os.path.join(config.xnnmlir_obj_root, "bin")
libs_dir = os.path.join(config.xnnmlir_obj_root, "lib")
config.substitutions.append(("%xnnmlir_libs", libs_dir))
config.substitutions.append(("%xnnmlir_src", config.xnnmlir_src_root))
config.substitutions.append(("%xnnmlir_obj_root", config.xnnmlir_obj_root))
config.substitutions.append(("%xnnmlir_irdl_dir", config.xnnmlir_irdl_dir))
config.substitutions.append(("%shlibext", config.shlibext))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%gen_models", os.path.join(config.xnnmlir_src_root, "utils", "gen_models.py")))
# mlir-opt's --irdl-file takes one file: the build combines edge and xnn into one.
config.substitutions.append(("%irdl_files", "--irdl-file=" + config.xnnmlir_irdl_combined))
config.substitutions.append(("%xnnmlir_irdl", config.xnnmlir_irdl_combined))
config.substitutions.append(("%mlir_opt_plugin", os.path.join(libs_dir, "XnnMlirOptPlugin" + config.shlibext)))

tools = ["xnn-opt", "xnn-probe", "xnn-probe-qd8", "xnn-ref-test", "xnn-translate", "xnn-run", "FileCheck", "not", "count", "split-file"]
mlir_opt = os.path.join(config.llvm_tools_dir, "mlir-opt")
if config.xnnmlir_sanitize:
    # Stock mlir-opt is not instrumented: an instrumented plugin needs the runtimes preloaded.
    import subprocess
    runtimes = [subprocess.check_output([config.cc, "-print-file-name=" + lib], text=True).strip()
                for lib in ("libasan.so", "libubsan.so")]
    tools.append(ToolSubst("mlir-opt", command="env", extra_args=["LD_PRELOAD=" + ":".join(runtimes), mlir_opt]))
else:
    tools.append(ToolSubst("mlir-opt", command=mlir_opt))
llvm_config.add_tool_substitutions(tools, [tools_dir, config.llvm_tools_dir])

if config.xnnmlir_sanitize:
    config.available_features.add("sanitize")
    # LeakSanitizer reports MLIR's intentional process-lifetime allocations; ASan/UBSan stay on.
    # A sanitizer report aborts (SIGABRT), so `not tool` fails on it instead of
    # passing as an ordinary exit 1; the exit codes are distinct besides.
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0:halt_on_error=1:abort_on_error=1:exitcode=86"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1:abort_on_error=1:exitcode=87"

# Compiling emitted C against the pinned XNNPACK (SPEC section 2 recipe when
# the prefix's loader is used): %cc, %xnnpack_cflags, %xnnpack_ldflags.
config.substitutions.append(("%cc", config.cc))
# Programs linking the instrumented libXnnMlir need the sanitizer runtimes too.
config.substitutions.append(("%sanitize_flags", "-fsanitize=address,undefined" if config.xnnmlir_sanitize else ""))
config.substitutions.append(("%xnnpack_cflags", "-I" + config.xnnpack_include_dir))
_xnn_ld = "-L%s -lXNNPACK -lpthreadpool -lm" % config.xnnpack_libdir
if config.xnnpack_loader:
    _xnn_ld = ("-Wl,--no-as-needed %s/libm.so.6 -Wl,--disable-new-dtags -Wl,-rpath,%s "
               "-Wl,--dynamic-linker=%s -Wl,--allow-shlib-undefined " % (
                   config.xnnpack_libdir, config.xnnpack_libdir, config.xnnpack_loader)) + _xnn_ld
config.substitutions.append(("%xnnpack_ldflags", _xnn_ld))
# Emitted C with --program also links libXnnMlir (the reference kernels; MLIR's
# libraries come with it): %xnnmlir_cflags, %xnnmlir_ldflags (after %xnnpack_ldflags).
config.substitutions.append(("%xnnmlir_cflags", "-I" + os.path.join(config.xnnmlir_src_root, "include")))
config.substitutions.append(("%xnnmlir_ldflags", "-L%s -Wl,-rpath,%s:%s -lXnnMlir" % (
    libs_dir, libs_dir, os.path.join(os.path.dirname(config.llvm_tools_dir), "lib"))))

# PyTorch as the oracle (issue 16): Debian's python3-torch lives under /usr/bin/python3,
# which need not be the first python3 on PATH. Tests that need it REQUIRE torch / torchvision.
# `--param torch=2` runs the same tests under torch 2 (Debian 13's 2.6, utils/setup-torch2.sh,
# run by utils/torch2-python) instead of Debian 12's torch 1.13: features `torch2` or `torch1`
# tell the two apart. `--param torch-only=1` runs only the tests that REQUIRE torch or
# torchvision (utils/check.sh's second pass); the others report UNSUPPORTED.
import subprocess
_torch = lit_config.params.get("torch", "1")
if _torch not in ("1", "2"):
    lit_config.fatal("--param torch=%s: expected 1 (Debian 12's torch 1.13) or 2 (utils/setup-torch2.sh)" % _torch)
if _torch == "2":
    _torch_python = os.path.join(config.xnnmlir_src_root, "utils", "torch2-python")
    _torch_hint = "utils/setup-torch2.sh"
else:
    _torch_python = "/usr/bin/python3"
    _torch_hint = "Debian: apt-get install python3-torch python3-torchvision"
config.available_features.add("torch" + _torch)
config.substitutions.append(("%torch_python", _torch_python))
config.substitutions.append(("%xnn_import_torch", _torch_python + " " + os.path.join(
    config.xnnmlir_src_root, "utils", "xnn-import-torch")))
for _feature, _probe in (("torch", "import torch"), ("torchvision", "import torch, torchvision")):
    try:
        if subprocess.run([_torch_python, "-c", _probe], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL, timeout=120).returncode == 0:
            config.available_features.add(_feature)
    except (OSError, subprocess.TimeoutExpired):
        pass
if "torchvision" not in config.available_features:
    lit_config.note("PyTorch model tests are skipped: %s cannot import torch and torchvision (%s)"
                    % (_torch_python, _torch_hint))
# torch-only=1: just the tests that need PyTorch (check.sh's torch 2 pass), those that
# need torch 2 itself (REQUIRES: torch2) included.
if lit_config.params.get("torch-only", "0") == "1":
    config.limit_to_features = {"torch", "torchvision", "torch2"}

# Headless Chromium renders xnn-opt --xnn-graph's HTML page (graph-render.test).
if os.access("/usr/bin/chromium", os.X_OK):
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", "/usr/bin/chromium"))
else:
    lit_config.note("The --xnn-graph rendering test is skipped: no /usr/bin/chromium "
                    "(Debian: apt-get install --no-install-recommends chromium)")

# strace shows which system calls copy a blob (bytecode-large-blobs.test).
if shutil.which("strace"):
    config.available_features.add("strace")
