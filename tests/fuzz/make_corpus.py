#!/usr/bin/env python3
"""Writes the seed corpus (tests/fuzz/corpus/<target>/): every worked example
of docs/examples.md in each target's input format. parse_shape and broadcast
read text; views and elementwise read bytes as a stream of decisions
(bytes.h), so the encoders below follow the order in which fuzz_views.cpp
and fuzz_elementwise.cpp read: change them together. The files are
committed; rerun this after changing a decoder.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

# The examples' shapes as PyTorch's note and a Python session write them
# (docs/examples.md), and near misses.
TYPED = [
    "torch.empty(5,7,3)", "torch.empty((0,))", "torch.empty(2,2)",
    "torch.empty(5,3,4,1)", "torch.empty(  3,1,1)", "torch.empty(5,2,4,1)",
    "torch.empty(5,1,4,1)", "torch.empty( 3,1,1)", "torch.empty(1)",
    "torch.empty(3,1,7)", "torch.empty(1,3,1)", "torch.ones(5,7,3)",
    "torch.ones((0,))", "torch.ones(5,3,4,1)", "torch.ones(  3,1,1)",
    "torch.ones(5,2,4,1)", "torch.ones(1,1)", "torch.ones(4,1)", "torch.ones(4)",
    "torch.randn(4)", "torch.Size([5, 7, 3])", "torch.Size([5, 3, 4, 1])",
    "torch.Size([3, 1, 7])", "torch.Size([4,4])", "torch.Size([4,1])",
    "torch.Size([2, 3])", "[3]", "[1]", "[0]", "(2, 3)", "5,3,4,1", "5 3 4 1",
    "()", "[]", "5,-1", "2.5", "torch.empty(5,3,4,1", "torch.tensor([1, 2, 3])",
]

INDICES = [
    "0", "-1", ":", "::2", "1:3", ":, None, 1:3", "...", "..., 0", "None", "True", "False",
    "0,", ":, :", "1, ..., None, ::2", "[0, 2], 1:", "[-1, 0, -1]", "[[0], [1]], [2, 0, 1]",
    "[True, False, True]", "0, :, [0, 1]", "[0, 1], :, [1, 0]", "None:3:None", "0x1, 0b1",
    "::-1", "::0", "1.5", "0 1", "", "a", "[[0], [1, 2]]", "99999999999999999999", "..., ...",
    "5", "0, 0, 0, 0", " 1:3", "[]", "'a'",
]

# View chains and shapes as the playground's fields take them
# (fuzz_syntax.cpp: the first byte picks the grammar).
CHAINS = [
    ".T", ".mT.t()", ".transpose(0, 1)", ".permute((2, 0, 1))", ".narrow(1, 1, 2)",
    ".expand(2, -1, 3).view(-1)", ".unsqueeze(0).squeeze().squeeze(-1)", "[:, 1:3]",
    "[..., None, -1][::2,]", ".permute(1,0).unsqueeze(0)[..., 1:]", "[[0, 1], True]",
    ".T()", ".transpose(0)", ".foo(1)", "[1.5]", "[:, 1", ".expand(99999999999)", "['a']",
    ".transpose(dim0=0, dim1=1)", "[" * 40,
]
NAMED_SHAPES = ["B,3,H,W", "(batch, 3, H, W)", "4x3", "4 x 3", "4\u00d73", "2*3*4", "Bx3", "（4，3）"]

# Programs (fuzz_program.cpp): the playground's presets (web/presets/*.py,
# the first preset's example first, as seeds preset-<slug>), classic snippets, and
# near misses of the language's edges.
PROGRAMS = [
    "import torch\nx = torch.ones(2, 3)\ny = torch.ones(4)\nz = x + y\n",
    "import torch\nimport torch.nn.functional as F\nx = torch.randn(2, 5)\n"
    "p = F.softmax(x, dim=-1)\nprint(p.sum(dim=-1))\n",
    "import torch\nx = torch.randn(4, 3)\nW = torch.randn(2, 3, requires_grad=True)\n"
    "b = torch.zeros(2)\ny = x @ W.T + b\ny.sum().backward()\n",
    "import torch\na = torch.randn(3, 2)\nb = torch.randn(4, 2)\n"
    "dist = ((a[:, None, :] - b[None, :, :]) ** 2).sum(-1)\n",
    "import torch\nlabels = torch.tensor([0, 2, 1])\none_hot = labels[:, None] == torch.arange(3)\n",
    "import torch\nq = torch.randn(2, 4, 8)\nk = torch.randn(2, 4, 8)\n"
    "scores = q @ k.transpose(-2, -1) / 8 ** 0.5\n",
    # loops that do not stop, recursion, and blocks at their edges
    "n = 0\nwhile True:\n    n += 1\n",
    "def f(n):\n    return f(n + 1) + 1\nf(0)\n",
    "for i in range(10**9):\n    for j in range(10**9):\n        pass\n",
    "x = 1\ny = [[x * i for i in range(10**9)] for x in range(3) if x]\nprint(sum([1, 2.5]), any([]), str(x))\n",
    "import torch\nx = torch.ones(2)\nfor r in torch.ones(3, 2):\n    x = x + r\n    if x.sum() > 5:\n        break\n",
    "def g(a, b=2, *c):\n    return a\n",
    "with torch.no_grad():\n    x = 1\n",
    "x = [1, 2]\nfor x[0] in x:\n    pass\n",
    "print(f'{1:{2}}', f'{x!q}', f'{', f'{{}}')\n",
    "é = 1\n中文 = é + 1\nprint(f'{中文=}')\n",
    "import torch\nx = torch.rand(3, 4)\nx = x / x.mean(dim=1, keepdim=True)\n",
    "import torch\nx = torch.ones(3)\ny = torch.ones(3, 1)\nz = x * y  # the outer-product trap\n",
    "import torch\nx = torch.arange(12).reshape(3, 4)\nvalues, indices = x.max(dim=1)\n"
    "print(values, indices)\n",
    "a = 7 // 2; b = -7 % 3; c = 2 ** -1; d = 1 < 2 < 3\ne = (1, 2) + (3,)\nf = e[1:]\n",
    "import torch\nx = torch.ones(2)\nx += 1\nx *= x\ny = 2 - x\nz = 2 / x\n",
    "x = (1 +\n     2)\ny = x \\\n  + 3\n",
    "for i in range(3):\n    print(i)\n",
    "def f(x):\n    return x\n",
    "x = " + "(" * 120 + "1" + ")" * 120 + "\n",
    "x = 1 / 0\n",
    "import numpy as np\n",
    "x = [1, 2\n",
    "from torch import nn, tensor\nx = tensor([1., 2.])\n",
    # the unary ops and clamp in place, their cast refusals and autograd
    # (Note [Unary ops in place])
    "import torch\nx = torch.tensor([-1.0, 0.5, 2.0])\nv = x[1:]\nx.clamp_(0).exp_()\nprint(x, v)\n",
    "import torch\nx = torch.tensor([-3, 0, 5])\nx.clamp_(-1, 2)\nx.exp_()\n",
    "import torch\nx = torch.tensor([True, False])\nx.abs_()\n",
    "import torch\nx = torch.tensor([0.5]).expand(3)\nx.relu_()\n",
    "import torch\nx = torch.tensor([-1.0, 2.0], requires_grad=True)\ny = x * 2\ny.relu_().sigmoid_()\n"
    "y.sum().backward()\nprint(y.grad_fn, x.grad)\n",
    "import torch\nimport torch.nn.functional as F\nx = torch.ones(3, requires_grad=True)\nz = x * 2\n"
    "F.relu(z[1:], inplace=True)\n",
]

# Pairs (and more) the examples broadcast (docs/examples.md).
BROADCASTS = [
    [(5, 7, 3), (5, 7, 3)],
    [(0,), (2, 2)],
    [(0,), (5, 7, 3)],
    [(5, 3, 4, 1), (3, 1, 1)],
    [(5, 2, 4, 1), (3, 1, 1)],
    [(5, 1, 4, 1), (3, 1, 1)],
    [(1,), (3, 1, 7)],
    [(1, 3, 1), (3, 1, 7)],
    [(4, 1), (4,)],
    [(2, 3), (3,)],
    [(3,), (1,)],
    [(5, 2, 4, 1), (1, 1)],
    [(0,), (1,)],
    [(), (5, 7, 3)],
    [(5, 3, 4, 1), (3, 1, 1), (4, 1)],
]


def write(target, name, data):
    folder = os.path.join(HERE, "corpus", target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def slug(shapes):
    return "_".join("x".join(map(str, s)) or "scalar" for s in shapes)


def values():
    # palette of 4 (byte 3), values 1, -2 (byte 16), 0.25, NaN; step 1
    return [3, 19, 16, 147, 36, 0]


def contiguous(shape):
    return [0] + values()  # mode 0


def operand(result, shape):
    """Bytes making operand_shape() turn `result` into `shape`."""
    drop = len(result) - len(shape)
    out = [0, drop] if drop else [1]
    for r, s in zip(result[drop:], shape):
        out.append(5 if s == r else 0 if s == 1 else 14 if s == 0 else 15)
        if s not in (r, 1, 0):
            out.append(s)
    return out


def elementwise(kind, result, trace=0):
    return [kind, len(result)] + list(result) + [trace]


def main():
    for i, text in enumerate(TYPED):
        write("parse_shape", f"seed-{i:02d}", text)
    for i, text in enumerate(CHAINS):
        write("syntax", f"chain-{i:02d}", b"c" + text.encode())
    for i, text in enumerate(TYPED + NAMED_SHAPES):
        write("syntax", f"shape-{i:02d}", b"s" + text.encode())
    for shapes in BROADCASTS:
        write("broadcast", slug(shapes), "\n".join(", ".join(map(str, s)) for s in shapes))

    # views: base shape, contiguous (flag 0) or strided, then ops.
    def base(shape, strided=None):
        out = [len(shape)] + list(shape)
        if strided is None:
            return out + [0]
        strides, offset = strided
        return out + [1] + list(strides) + [offset]

    views = {
        # expand [3,1,7] to [1,3,1]: the older in-place error text PyTorch's note quotes
        "expand_3x1x7_to_1x3x1": base((3, 1, 7)) + [0, 0, 1, 1, 1, 3, 1, 1],
        # B [3] expanded to A's [2, 3] (the add followed through PyTorch's source)
        "expand_3_to_2x3": base((3,)) + [0, 1, 1, 2, 2],
        # y [3,1,1] expanded to x's [5,3,4,1] (the note's in-place example)
        "expand_3x1x1_to_5x3x4x1": base((3, 1, 1)) + [0, 1, 1, 5, 2, 1, 4, 2],
        "permute_5x3x4x1": base((5, 3, 4, 1)) + [1, 1, 3, 1, 2, 0, 0, 0, 0, 0],
        "transpose_narrow_2x3": base((2, 3)) + [2, 2, 3, 3, 1, 3, 2, 1],
        "reshape_view_5x7x3": base((5, 7, 3)) + [4, 1, 0, 1, 0, 0, 5, 3, 0, 0],
        "unsqueeze_squeeze_4": base((4,)) + [6, 1, 7, 8, 1, 9],
        "inplace_through_expand": base((3, 1)) + [0, 0, 2, 1, 4, 10],
        "inplace_through_transpose": base((2, 3)) + [2, 1, 2, 10],
        "strided_base_2x3": base((2, 3), ((1, 2), 1)) + [9, 4, 0, 0, 10],
        "zero_size_0": base((0,)) + [0, 1, 1, 2, 2, 4, 0, 0, 0],
    }
    for name, data in views.items():
        write("views", name, bytes(data))

    # elementwise: kind 0 binary, 1 compare, 2 where, 3 unary, 4 sum,
    # 5 sum_to, 6 in place.
    ew = {}
    for i, text in enumerate(CHAINS):
        write("syntax", f"chain-{i:02d}", b"c" + text.encode())
    for i, text in enumerate(TYPED + NAMED_SHAPES):
        write("syntax", f"shape-{i:02d}", b"s" + text.encode())
    for shapes in BROADCASTS:
        if len(shapes) != 2:
            continue
        a, b = shapes
        result = max(shapes, key=len)
        result = tuple(max(x, y) if 0 not in (x, y) else 0
                       for x, y in zip((1,) * (len(result) - len(a)) + a,
                                       (1,) * (len(result) - len(b)) + b))
        # add with alpha 1 (op 0, alpha index 0): PyTorch's kernel computes self + alpha * other
        ew["add_" + slug(shapes)] = (elementwise(0, result) + operand(result, a) +
                                     contiguous(a) + operand(result, b) + contiguous(b) + [0, 0])
        ew["lt_" + slug(shapes)] = (elementwise(1, result, 1) + operand(result, a) +
                                    contiguous(a) + operand(result, b) + contiguous(b) + [2])
    # in place: x (5,3,4,1) += y (3,1,1) works; x (1,3,1) += y (3,1,7) fails
    ew["add_inplace_5x3x4x1_3x1x1"] = (elementwise(6, (5, 3, 4, 1)) + contiguous((5, 3, 4, 1)) +
                                       operand((5, 3, 4, 1), (3, 1, 1)) + contiguous((3, 1, 1)) + [0])
    ew["add_inplace_1x3x1_3x1x7"] = (elementwise(6, (1, 3, 1)) + contiguous((1, 3, 1)) +
                                     [1, 15, 3, 5, 15, 7] + contiguous((3, 1, 7)) + [0])
    # sum_to (at::sum_to, which reduces B's gradient): [2,3] -> [1,3], [3] -> [1],
    # [5,3,4,1] -> [3,1,1]
    ew["sum_to_2x3_1x3"] = elementwise(5, (2, 3)) + contiguous((2, 3)) + [2, 3, 0]
    ew["sum_to_3_1"] = elementwise(5, (3,)) + contiguous((3,)) + [1, 3]
    ew["sum_to_5x3x4x1_3x1x1"] = elementwise(5, (5, 3, 4, 1)) + contiguous((5, 3, 4, 1)) + [3, 0, 3, 0]
    # (A + B).sum() of the backward example as a sum over every dim, and over dims
    ew["sum_all_3"] = elementwise(4, (3,)) + contiguous((3,)) + [0, 0]
    ew["sum_dims_5x3x4x1"] = elementwise(4, (5, 3, 4, 1)) + contiguous((5, 3, 4, 1)) + [2, 5, 7, 1]
    ew["where_3x1_1x4_4"] = (elementwise(2, (3, 4)) + operand((3, 4), (3, 1)) + contiguous((3, 1)) +
                             operand((3, 4), (1, 4)) + contiguous((1, 4)) + operand((3, 4), (4,)) +
                             contiguous((4,)))
    for op in range(6):
        ew[f"unary_{op}_2x3_strided"] = elementwise(3, (2, 3)) + [5, 2, 1, 1] + values() + [op]
    for name, data in ew.items():
        write("elementwise", name, bytes(data))
    # parse_index: indices as PyTorch's docs and tutorials write them between
    # x[ and ] (tests/core/indexing_test.cpp), and near misses.
    for i, text in enumerate(INDICES):
        write("parse_index", f"seed-{i:02d}", text)
    # matmul: the docs' shapes of torch.matmul and the broadcast-batch
    # example, in each layout, and a mismatch of k.
    for name, data in MATMUL_SEEDS():
        write("matmul", name, bytes(data))
    presets = os.path.join(HERE, "..", "..", "web", "presets")
    for name in sorted(os.listdir(presets)):
        if name.endswith(".py"):
            with open(os.path.join(presets, name), encoding="utf-8") as f:
                write("program", "preset-" + name[:-3], f.read())
    for i, text in enumerate(PROGRAMS):
        write("program", f"seed-{i:02d}", text)
    # course programs (loops, def, no_grad, f-strings: tests/js/fixtures/course)
    course = os.path.join(HERE, "..", "js", "fixtures", "course")
    for name in sorted(os.listdir(course)):
        if name.endswith(".py"):
            with open(os.path.join(course, name), encoding="utf-8") as f:
                write("program", "course-" + name[:-3], f.read())
    # programs with & | ^ ~, masks and the bitwise and logical ops, and
    # their refusals (tests/js/fixtures/bitwise)
    with open(os.path.join(HERE, "..", "js", "fixtures", "bitwise", "bitwise.json"), encoding="utf-8") as f:
        for i, case in enumerate(json.load(f)["cases"]):
            write("program", f"bitwise-{i:02d}", case["code"])


# fuzz_matmul.cpp's decoder, in its reading order.
MM_SIZES = [1, 2, 3, 4, 5, 7, 8, 9, 0, 13, 17]


def mm_size(n):
    return [MM_SIZES.index(n)]


def mm_batch(n):  # below(3) == 0 gives 1; else MM_SIZES[byte] % 4: 2, 3 or 4 -> 0
    return [0] if n == 1 else [1, {2: 1, 3: 2, 0: 3}[n]]


def mm_operand(shape, is_a):
    data = [len(shape)]
    for n in shape[:-2]:
        data += mm_batch(n)
    if len(shape) >= 2:
        data += mm_size(shape[-2] if is_a else shape[-1])
    return data


def MATMUL_SEEDS():
    cases = {
        "dot_3_3": ((3,), (3,)), "mv_3x4_4": ((3, 4), (4,)), "vm_3_3x4": ((3,), (3, 4)),
        "mm_5x7_7x9": ((5, 7), (7, 9)), "bmm_2x3x4_2x4x5": ((2, 3, 4), (2, 4, 5)),
        "folded_2x3x4_4x5": ((2, 3, 4), (4, 5)), "broadcast_3x1x2x4_2x4x1": ((3, 1, 2, 4), (2, 4, 1)),
        "k0_2x0_0x3": ((2, 0), (0, 3)), "tile_9x8_8x17": ((9, 8), (8, 17)),
    }
    for name, (sa, sb) in cases.items():
        k = sa[-1]
        for layout in range(4):
            data = mm_size(k) + [1] + mm_operand(sa, True) + mm_operand(sb, False)
            count = 1
            for n in sa:
                count *= n
            count2 = 1
            for n in sb:
                count2 *= n
            data += [(i * 5 + 3) % 9 for i in range(count + count2)]
            data += [layout & 1, layout >> 1, layout, 3 - layout, 1]
            yield f"{name}_layout{layout}", data
    # k differs: PyTorch raises
    yield "mismatch_2x3_4x5", mm_size(3) + [0] + mm_size(4) + mm_operand((2, 3), True) + mm_operand((4, 5), False)


if __name__ == "__main__":
    main()
