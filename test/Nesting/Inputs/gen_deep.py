"""Writes an edge program with one construct nested N levels deep, for the
nesting tests (xnnmlir/Stack.h): gen_deep.py KIND N [OUT]. The program's
@main (relu of a tensor<2xf32>) stays valid at any depth."""
import sys

kind, n = sys.argv[1], int(sys.argv[2])
main = ('func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n'
        '  %0 = "edge.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>\n'
        '  return %0 : tensor<2xf32>\n}\n')


def with_attr(value):
    return "module attributes {x.deep = %s} {\n%s}\n" % (value, main)


if kind == "module":  # nested builtin.module ops (custom form: one brace each)
    text = "module {\n" * n + main + "}\n" * n
elif kind == "region":  # nested regions of an unregistered op (generic form: `({` each)
    text = (main + "func.func @deep() {\n" + '"x.op"() ({\n' * n +
            "}) : () -> ()\n" * n + "return\n}\n")
elif kind == "array":  # [[[...]]]
    text = with_attr("[" * n + "]" * n)
elif kind == "dict":  # {a = {a = ...}}
    text = with_attr("{a = " * n + "unit" + "}" * n)
elif kind == "tuple":  # tuple<tuple<...>> as a type attribute
    text = with_attr("tuple<" * n + ">" * n)
elif kind == "functype":  # ((((...)))) -> () function type parameters
    text = with_attr("(" * n + ") -> ()" * n)
elif kind == "loc":  # callsite(callsite(...)) locations
    text = main.replace("return %0 : tensor<2xf32>",
                        'return %0 : tensor<2xf32> loc(' + "callsite(" * n + '"a"' +
                        ' at "b")' * n + ")")
elif kind == "affine-neg":  # - - - d0: the affine parser recurses per operator, no brackets
    text = with_attr("affine_map<(d0) -> (" + "-" * n + "d0)>")
elif kind == "affine-sum":  # d0 + d0 + ...
    text = with_attr("affine_map<(d0) -> (d0" + " + d0" * n + ")>")
elif kind == "alias-attr":  # #a1 = [#a0], #a2 = [#a1], ...: each line shallow, the use deep
    text = "#a0 = [0]\n" + "".join("#a%d = [#a%d]\n" % (i, i - 1) for i in range(1, n)) + \
        with_attr("#a%d" % (n - 1))
elif kind == "alias-type":  # !t1 = tuple<!t0>, ...
    text = "!t0 = tuple<i32>\n" + "".join("!t%d = tuple<!t%d>\n" % (i, i - 1) for i in range(1, n)) + \
        with_attr("!t%d" % (n - 1))
elif kind == "decoys":  # brackets in strings (with escaped quotes) and comments: no level
    text = ("// " + "{" * n + "\n" +
            with_attr('"\\"' + "[" * n + '"').replace(
                "{\n", '{\n  // ' + "(" * n + '\n', 1) +
            "// " + "<" * n + "\n")
else:
    sys.exit("unknown kind " + kind)
out = open(sys.argv[3], "w") if len(sys.argv) > 3 else sys.stdout
out.write(text)
