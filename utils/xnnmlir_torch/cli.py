"""The command: xnn-import-torch SPEC ... -o OUT (see the package docstring)."""
import argparse
import importlib.util
import os
import sys

from .api import _import_module, eager_call, state_names
from .mlir import DTYPE_ARG, ImportError_, torch
from .npy import save_io
from .ops import DECOMPOSED
from .writers.output import check_output_dir, write_atomic


def randomise_batch_norms(module, gen):
    for m in module.modules():
        if isinstance(m, torch.nn.modules.batchnorm._BatchNorm) and m.track_running_stats:
            c = m.num_features
            with torch.no_grad():
                m.running_mean.copy_(torch.rand(c, generator=gen) * 0.2 - 0.1)
                m.running_var.copy_(torch.rand(c, generator=gen) * 0.5 + 0.75)
                if m.affine:
                    m.weight.copy_(torch.rand(c, generator=gen) * 0.5 + 0.75)
                    m.bias.copy_(torch.rand(c, generator=gen) * 0.2 - 0.1)


def randomise_zero_weights(module, gen):
    """Linear/conv weights torchvision initialises to zero (ViT's head): small
    random values, so the outputs say something."""
    for m in module.modules():
        if isinstance(m, (torch.nn.Linear, torch.nn.Conv2d)) and not m.weight.detach().abs().sum():
            with torch.no_grad():
                m.weight.copy_((torch.rand(m.weight.shape, generator=gen) * 2 - 1) * 0.02)


def user_code_error(e, what):
    """`what` raised `e`: the exception and where it was raised (file:line of the last frame)."""
    import traceback
    frames = traceback.extract_tb(e.__traceback__)
    where = "%s:%d: " % (frames[-1].filename, frames[-1].lineno) if frames else ""
    return "%s%s raised %s: %s" % (where, what, type(e).__name__, e)


def load_spec(spec, shapes, seed):
    """(module, inputs) for SPEC."""
    if spec.startswith("torchvision:"):
        try:
            import torchvision
        except ImportError:
            raise ImportError_("torchvision is not installed (Debian: apt-get install python3-torchvision)")
        name = spec.split(":", 1)[1]
        factory = getattr(torchvision.models, name, None)
        if factory is None or not callable(factory) or name.startswith("_"):
            raise ImportError_("torchvision has no model '%s'" % name)
        torch.manual_seed(seed)
        try:
            module = factory(weights=None)
        except TypeError:
            module = factory(pretrained=False)
        randomise_batch_norms(module, torch.Generator().manual_seed(seed))
        randomise_zero_weights(module, torch.Generator().manual_seed(seed + 1))
        inputs = None
    elif spec.endswith(".pt2"):
        module, inputs = load_pt2(spec)
    else:
        path, _, fn = spec.rpartition(":")
        if not path or not fn:
            raise ImportError_("SPEC must be torchvision:<model> or FILE.py:FACTORY, not '%s'" % spec)
        if not os.path.isfile(path):
            raise ImportError_("%s: no such file" % path)
        s = importlib.util.spec_from_file_location("xnn_import_user_model", path)
        mod = importlib.util.module_from_spec(s)
        torch.manual_seed(seed)
        try:
            s.loader.exec_module(mod)
        except Exception as e:  # the user's code: its error, located, not a traceback of ours
            raise ImportError_(user_code_error(e, "loading %s" % path))
        factory = getattr(mod, fn, None)
        if factory is None:
            raise ImportError_("%s has no function '%s'" % (path, fn))
        try:
            got = factory()
        except Exception as e:
            raise ImportError_(user_code_error(e, "%s:%s()" % (path, fn)))
        if not (isinstance(got, tuple) and len(got) == 2):
            raise ImportError_("%s:%s must return (module or ExportedProgram, example_inputs), not %s"
                               % (path, fn, type(got).__name__))
        module, inputs = got
        inputs = list(inputs) if isinstance(inputs, (list, tuple)) else [inputs]
    if shapes:
        gen = torch.Generator().manual_seed(seed)
        inputs = [torch.rand(s, generator=gen) * 2 - 1 for s in shapes]
    if inputs is None and spec.endswith(".pt2"):
        raise ImportError_("%s has no saved example inputs: give --input-shape" % spec)
    if inputs is None:
        raise ImportError_("torchvision models need --input-shape (for example 1,3,96,96)")
    return module, inputs


def load_pt2(path):
    """(ExportedProgram, its saved example inputs or None) of a torch.export.save file."""
    if not os.path.isfile(path):
        raise ImportError_("%s: no such file" % path)
    export = getattr(torch, "export", None)
    if export is None or not hasattr(export, "load"):
        raise ImportError_("%s: a .pt2 program needs torch 2 (torch.export); this is torch %s"
                           % (path, torch.__version__))
    import warnings
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a foreign archive's version warnings: the error says it
            ep = export.load(path)
    except Exception as e:  # truncated, foreign or not a zip: torch's reason, without its traceback
        reason = str(e).strip().split("\n")[0] or type(e).__name__
        raise ImportError_("%s: not a torch.export program that torch %s can load (torch.export.load: %s: %s)"
                           % (path, torch.__version__, type(e).__name__, reason))
    example = getattr(ep, "example_inputs", None)
    inputs = None
    if example is not None:
        args, kwargs = example if isinstance(example, tuple) and len(example) == 2 and \
            isinstance(example[1], dict) else (example, {})
        if kwargs:
            raise ImportError_("%s: the program's example inputs have keyword arguments (%s): not supported"
                               % (path, ", ".join(sorted(kwargs))))
        inputs = list(args)
    return ep, inputs


def parse_shape(s):
    try:
        dims = [int(d) for d in s.split(",") if d.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError("'%s' is not a comma-separated list of sizes" % s)
    if not dims or any(d < 0 for d in dims):
        raise argparse.ArgumentTypeError("'%s' is not a shape" % s)
    return dims


# Weights above which a text output gets a note that bytecode is the form to use (issue 45 item 15).
TEXT_NOTE_BYTES = 256 << 20


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="xnn-import-torch",
        description="Writes a PyTorch model as edge MLIR (ATen ops traced with torch.fx).",
        epilog="Exit status: 0 on success, 1 on error. Buffers forward writes (in place through any view, "
               "or assigned anew) are state: an extra argument after the user inputs and an extra result after "
               "the user outputs, marked {xnn.state = \"<buffer name>\"}, in named_buffers() order; a write "
               "that cannot be state (to an input, a parameter, an unregistered tensor attribute) is an error. "
               "An int8/uint8/int16 input (edge has no such type) is an i32 argument when every use converts it "
               "(.to(float) ...), else an error. "
               "A FILE.py:FACTORY module is imported in its own mode (train or eval). Batch norm after a convolution (its only user, constant "
               "f32/f16 parameters) is folded into the convolution (in f64, as fuse_conv_bn_eval); other batch "
               "norms are edge.batch_norm, layer norm edge.layer_norm, addmm edge.addmm. Decomposed ATen ops "
               "(edge has no op, or none xnn-delegate runs, for them yet): " +
               "; ".join("%s -> %s" % kv for kv in sorted(DECOMPOSED.items())) + ". Comparisons with a "
               "Python scalar (eq.Scalar ...) take it as a constant of the promoted dtype; upsample_*2d with "
               "explicit scale factors is imported only where ATen computes the same indices or weights as "
               "from the sizes (edge's upsample ops take sizes).")
    ap.add_argument("spec", metavar="SPEC", help="torchvision:<model name>, FILE.py:FACTORY (returning (module or "
                    "torch.export ExportedProgram, example inputs)) or FILE.pt2 (torch.export.save; its example "
                    "inputs unless --input-shape)")
    ap.add_argument("--input-shape", action="append", type=parse_shape, default=[],
                    help="shape of one input, comma-separated (repeat per input); inputs are uniform in [-1, 1)")
    ap.add_argument("--dtype", choices=["f32", "f16", "bf16"],
                    help="convert the model's floating-point parameters, buffers and inputs to this type "
                         "(default: keep the types they have; torchvision models and --input-shape inputs are f32)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the weights and inputs (default 0)")
    ap.add_argument("--elide-weights", action="store_true",
                    help="write large constants as dense_resource<__elided__> (structure only)")
    ap.add_argument("--no-fold-batch-norm", action="store_true",
                    help="keep batch norms as edge.batch_norm instead of folding them into the convolution before")
    ap.add_argument("-o", dest="output", required=True,
                    help="output file ('-' for stdout): MLIR text, or MLIR bytecode when it ends in .mlirbc")
    ap.add_argument("--emit-bytecode", action="store_true",
                    help="write MLIR bytecode whatever the -o name (as mlir-opt's flag); the command line is its "
                         "producer string (text starts with a '// Imported by' comment instead)")
    ap.add_argument("--save-io", metavar="DIR",
                    help="write input_<i>.npy (every argument: user inputs, then initial state) and PyTorch's eager "
                         "output_<i>.npy (user outputs, then new state) there, from the state the trace started from")
    o = ap.parse_args(argv)
    if torch is None:
        print("xnn-import-torch: error: torch is not installed (Debian: apt-get install python3-torch; "
              "run with /usr/bin/python3)", file=sys.stderr)
        return 1
    import time
    clock = [time.time()]

    def phase(what):  # XNN_IMPORT_TIMING=1: each phase's wall time on stderr (benchmarks/import_llm.py)
        now = time.time()
        if os.environ.get("XNN_IMPORT_TIMING"):
            print("xnn-import-torch: timing: %s %.3f s" % (what, now - clock[0]), file=sys.stderr)
        clock[0] = now
    try:
        check_output_dir(o.output)  # before the model is built: a bad -o fails at once
        module, inputs = load_spec(o.spec, o.input_shape, o.seed)
        is_program = not isinstance(module, torch.nn.Module)
        if o.dtype and is_program:
            raise ImportError_("--dtype converts an nn.Module: export the program in the dtype wanted instead")
        if o.dtype:
            dtype = getattr(torch, DTYPE_ARG[o.dtype])
            module = module.to(dtype)
            inputs = [x.to(dtype) if isinstance(x, torch.Tensor) and x.is_floating_point() else x for x in inputs]
        if o.spec.startswith("torchvision:"):
            module.eval()  # random init for inference; a factory's module is imported in its own mode
        command = "xnn-import-torch %s" % " ".join(
            a if a.replace("-", "").replace(",", "").replace(":", "").replace(".", "").replace("_", "").replace(
                "/", "").isalnum() else repr(a) for a in (argv if argv is not None else sys.argv[1:]))
        bytecode = o.emit_bytecode or o.output.endswith(".mlirbc")
        phase("model")
        _, imp, all_inputs = _import_module(module, inputs, o.elide_weights, not o.no_fold_batch_norm, bytecode,
                                            defer_text=True)
        phase("import")
        eager = eager_call(module, inputs, state_names(imp)) if o.save_io else None
        if bytecode:
            write_atomic(o.output, lambda f: imp.write_bytecode(f, command.replace("\0", "")), binary=True)
        else:
            # Streaming: the ops' lines, then each blob hex-encoded from its tensor (issue 45 item 15).
            write_atomic(o.output, lambda f: imp.write_text(f, "// Imported by %s\n" % command))
            weights = sum(t.numel() * t.element_size() for _, t, _ in imp.w.resources)
            if weights > TEXT_NOTE_BYTES:
                print("xnn-import-torch: note: the text holds %.2f GB of weights as hex (%.2f GB of text); reading "
                      "it back (xnn-opt, xnn-run) takes 5-6x the weights in memory, as MLIR's parser keeps "
                      "the hex and the decoded blob: for a model this size write bytecode "
                      "(-o model.mlirbc, or --emit-bytecode)" % (weights / 1e9, 2 * weights / 1e9), file=sys.stderr)
        phase("write")
        imp.w = None  # the blobs' tensors
        if o.save_io:
            save_io(o.save_io, all_inputs, eager)
    except ImportError_ as e:
        print("xnn-import-torch: error: %s" % e, file=sys.stderr)
        return 1
    except (OSError, RuntimeError, ValueError, TypeError) as e:
        print("xnn-import-torch: error: %s: %s" % (type(e).__name__, e), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
