// Broadcast-shape inference (Note [Broadcasting: infer_size]), contiguous
// strides and shape checks.
#include "support.h"

using namespace tct;
using tc::ErrorKind;

namespace {

struct ShapesCase {
  std::vector<Shape> inputs;
  Shape result;
};

// NumPy's published vectors (numpy/lib/tests/test_stride_tricks.py:
// test_same_input_shapes, test_two_compatible_by_ones_input_shapes,
// test_two_compatible_by_prepending_ones_input_shapes), zero sizes included.
// PyTorch agrees with every one of them.
const ShapesCase kNumpyCompatible[] = {
    {{{}, {}}, {}},
    {{{1}, {1}}, {1}},
    {{{3}, {3}, {3}}, {3}},
    {{{0, 1}, {0, 1}}, {0, 1}},
    {{{0, 3}, {0, 3}}, {0, 3}},
    {{{1, 0}, {1, 0}, {1, 0}}, {1, 0}},
    {{{3, 0}, {3, 0}}, {3, 0}},
    {{{1, 3}, {1, 3}}, {1, 3}},
    {{{3, 1}, {3, 1}}, {3, 1}},
    {{{3, 3}, {3, 3}}, {3, 3}},
    {{{1}, {3}}, {3}},
    {{{1, 3}, {3, 3}}, {3, 3}},
    {{{3, 1}, {3, 3}}, {3, 3}},
    {{{1, 3}, {3, 1}}, {3, 3}},
    {{{1, 1}, {3, 3}}, {3, 3}},
    {{{1, 1}, {1, 3}}, {1, 3}},
    {{{1, 1}, {3, 1}}, {3, 1}},
    {{{1, 0}, {0, 0}}, {0, 0}},
    {{{0, 1}, {0, 0}}, {0, 0}},
    {{{1, 0}, {0, 1}}, {0, 0}},
    {{{1, 1}, {0, 0}}, {0, 0}},
    {{{1, 1}, {1, 0}}, {1, 0}},
    {{{1, 1}, {0, 1}}, {0, 1}},
    {{{}, {3}}, {3}},
    {{{3}, {3, 3}}, {3, 3}},
    {{{3}, {3, 1}}, {3, 3}},
    {{{1}, {3, 3}}, {3, 3}},
    {{{}, {3, 3}}, {3, 3}},
    {{{1, 1}, {3}}, {1, 3}},
    {{{1}, {3, 1}}, {3, 1}},
    {{{1}, {1, 3}}, {1, 3}},
    {{{}, {1, 3}}, {1, 3}},
    {{{}, {3, 1}}, {3, 1}},
    {{{}, {0}}, {0}},
    {{{0}, {0, 0}}, {0, 0}},
    {{{0}, {0, 1}}, {0, 0}},
    {{{1}, {0, 0}}, {0, 0}},
    {{{}, {0, 0}}, {0, 0}},
    {{{1, 1}, {0}}, {1, 0}},
    {{{1}, {0, 1}}, {0, 1}},
    {{{1}, {1, 0}}, {1, 0}},
    {{{}, {1, 0}}, {1, 0}},
    {{{}, {0, 1}}, {0, 1}},
};

// NumPy's incompatible vectors, with PyTorch's message for the left fold.
struct FailCase {
  std::vector<Shape> inputs;
  const char* error;
};
const FailCase kNumpyIncompatible[] = {
    {{{3}, {4}},
     "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0"},
    {{{4}, {3}},
     "The size of tensor a (4) must match the size of tensor b (3) at non-singleton dimension 0"},
    {{{2, 3}, {2}},
     "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1"},
    {{{2}, {2, 3}},
     "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1"},
    {{{3}, {3}, {4}},
     "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0"},
    {{{4}, {3}, {3}},
     "The size of tensor a (4) must match the size of tensor b (3) at non-singleton dimension 0"},
    {{{1, 3, 4}, {2, 3, 3}},
     "The size of tensor a (4) must match the size of tensor b (3) at non-singleton dimension 2"},
    {{{2, 3, 3}, {1, 3, 4}},
     "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 2"},
};

}  // namespace

TEST_CASE("broadcast_shapes: NumPy's compatible vectors, both orders", "[shape]") {
  for (const ShapesCase& c : kNumpyCompatible) {
    INFO("inputs " << naive::show(c.inputs[0]) << " ...");
    CHECK(tc::broadcast_shapes(c.inputs) == c.result);
    std::vector<Shape> reversed(c.inputs.rbegin(), c.inputs.rend());
    CHECK(tc::broadcast_shapes(reversed) == c.result);
  }
}

TEST_CASE("broadcast_shapes: NumPy's incompatible vectors, PyTorch's messages", "[shape]") {
  for (const FailCase& c : kNumpyIncompatible)
    refuses([&] { tc::broadcast_shapes(c.inputs); }, ErrorKind::Shape, c.error);
}

TEST_CASE("broadcast_shapes: no shapes is 0-D; one shape is itself", "[shape]") {
  CHECK(tc::broadcast_shapes({}) == Shape{});
  CHECK(tc::broadcast_shapes({{2, 0, 3}}) == Shape{2, 0, 3});
}

TEST_CASE("broadcast_shapes: the fold names the accumulated shape as tensor a", "[shape]") {
  // [3,1] and [1,4] give [3,4]; then [5] meets 4 at dim 1 of the result.
  refuses([] { tc::broadcast_shapes({{3, 1}, {1, 4}, {5}}); }, ErrorKind::Shape,
          "The size of tensor a (4) must match the size of tensor b (5) at non-singleton dimension 1");
}

TEST_CASE("broadcast_shapes: every input is checked", "[shape]") {
  refuses([] { tc::broadcast_shapes({{2, -1}, {2, 1}}); }, ErrorKind::Value,
          "Trying to create tensor with negative dimension -1: [2, -1]");
  refuses([] { tc::broadcast_shapes({Shape(17, 1)}); }, ErrorKind::Value,
          "tensorcast supports at most 16 dimensions, got 17");
  refuses([] { tc::broadcast_shapes({{int64_t{1} << 32, int64_t{1} << 32}}); }, ErrorKind::Value,
          "numel: integer multiplication overflow for sizes [4294967296, 4294967296]");
}

TEST_CASE("broadcast_shapes: a result whose size overflows is refused", "[shape]") {
  // Each input is fine on its own; the result [2^62, 4] has 2^64 elements.
  refuses([] { tc::broadcast_shapes({{int64_t{1} << 62, 1}, {1, 4}}); }, ErrorKind::Value,
          "numel: integer multiplication overflow for sizes [4611686018427387904, 4]");
}

TEST_CASE("contiguous strides follow PyTorch, size 0 and 1 included", "[shape]") {
  CHECK(tc::contiguous_strides({2, 3, 4}) == tc::Strides{12, 4, 1});
  CHECK(tc::contiguous_strides({2, 0, 3}) == tc::Strides{3, 3, 1});
  CHECK(tc::contiguous_strides({5, 3, 4, 1}) == tc::Strides{12, 4, 1, 1});
  CHECK(tc::contiguous_strides({3, 1, 1}) == tc::Strides{1, 1, 1});
  CHECK(tc::contiguous_strides({0}) == tc::Strides{1});
  CHECK(tc::contiguous_strides({}) == tc::Strides{});
}

TEST_CASE("format_shape prints as PyTorch does in messages", "[shape]") {
  CHECK(tc::format_shape({5, 3, 4, 1}) == "[5, 3, 4, 1]");
  CHECK(tc::format_shape({}) == "[]");
}

TEST_CASE("infer_size: random shapes against the naive fold", "[shape][property]") {
  Random rng(2024);
  for (int i = 0; i < 5000; ++i) {
    std::vector<Shape> shapes(static_cast<size_t>(rng.integer(1, 4)));
    for (Shape& s : shapes) {
      s = rng.shape(5, 3);
      for (int64_t& d : s)
        if (rng.integer(0, 2) == 0) d = 1;
    }
    std::string want_error;
    const auto want = naive::broadcast(shapes, &want_error);
    if (want) {
      CHECK(tc::broadcast_shapes(shapes) == *want);
    } else {
      std::string got = "(no error)";
      try {
        tc::broadcast_shapes(shapes);
      } catch (const tc::Error& e) {
        got = e.what();
      }
      CHECK(got == want_error);
    }
  }
}
