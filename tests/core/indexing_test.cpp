// Indexing (Note [Basic indexing], Note [Advanced indexing], src/ops/indexing.cpp):
// select, slice, x[...] and gather against PyTorch's documented behaviour,
// hand-computed strides and offsets, every error text, the naive reference
// (tests/reference/naive.h) on random indices, and finite-difference gradients.
#include <cmath>

#include "autograd/node.h"
#include "syntax/lexer.h"
#include "syntax/subscript.h"
#include "support.h"

using namespace tct;
using tc::ErrorKind;
using tc::TensorIndex;

namespace {

Tensor arange(const Shape& shape) {
  return tc::view(Tensor::arange(0, static_cast<double>(tc::numel(shape))), shape);
}

Tensor longs(const std::vector<int64_t>& v, const Shape& shape) {
  return Tensor::from_values<int64_t>(v, shape);
}

std::string grad_fn(const Tensor& t) {
  return t.impl().grad_fn ? t.impl().grad_fn->grad_fn : "(none)";
}

Tensor leaf(const Shape& shape) {
  Tensor x = arange(shape);
  Tensor y = tc::clone(x);
  y.set_requires_grad(true);
  return y;
}

void check_view(const Tensor& t, const Shape& sizes, const tc::Strides& strides, int64_t offset) {
  CHECK(t.sizes() == sizes);
  CHECK(t.strides() == strides);
  CHECK(t.offset() == offset);
}

// Compares x.grad with central differences of sum(f(x) * w).
void check_gradient(const std::function<Tensor(const Tensor&)>& f, const Shape& shape) {
  Tensor x = tc::clone(tc::add(arange(shape), 0.5));
  x.set_requires_grad(true);
  Shape out_shape;
  {
    tc::NoGradGuard no;
    out_shape = f(x).sizes();
  }
  const Tensor w = tc::add(tc::mul(arange(out_shape), 0.25), 1.0);
  tc::backward(tc::sum(tc::mul(f(x), w)));
  REQUIRE(x.grad().defined());
  const std::vector<float> got = values(x.grad());
  auto loss = [&] {
    tc::NoGradGuard no;
    return tc::sum(tc::mul(f(x), w)).item();
  };
  const float h = 1e-2f;
  for (int64_t i = 0; i < x.numel(); ++i) {
    float* cell = x.f32() + i;
    const float saved = *cell;
    *cell = saved + h;
    const double up = loss();
    *cell = saved - h;
    const double down = loss();
    *cell = saved;
    INFO("element " << i);
    CHECK(std::fabs(got[static_cast<size_t>(i)] - (up - down) / (2 * h)) < 2e-2);
  }
}

}  // namespace

TEST_CASE("select: a view without the dim, PyTorch's strides and offset", "[indexing]") {
  const Tensor x = arange({3, 4});
  const Tensor col = tc::select(x, 1, -1);
  check_view(col, {3}, {4}, 3);
  CHECK(values(col) == std::vector<float>{3, 7, 11});
  CHECK(col.shares_storage(x));
  check_view(tc::select(x, 0, 2), {4}, {1}, 8);
  check_view(tc::select(tc::select(x, 0, 1), 0, 2), {}, {}, 6);
  refuses([&] { tc::select(arange({3}), 0, 5); }, ErrorKind::Index,
          "select(): index 5 out of range for tensor of size [3] at dimension 0");
  refuses([&] { tc::select(x, -1, -5); }, ErrorKind::Index,
          "select(): index -5 out of range for tensor of size [3, 4] at dimension 1");
  refuses([&] { tc::select(Tensor::scalar(1.0f), 0, 0); }, ErrorKind::Index,
          "select() cannot be applied to a 0-dim tensor.");
  refuses([&] { tc::select(x, 2, 0); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  refuses([&] { tc::select(arange({0, 2}), 0, 0); }, ErrorKind::Index,
          "select(): index 0 out of range for tensor of size [0, 2] at dimension 0");
}

TEST_CASE("slice: clamped as Python clamps, step multiplies the stride", "[indexing]") {
  const Tensor x = arange({10});
  const Tensor s = tc::slice(x, 0, 2, std::nullopt, 3);
  check_view(s, {3}, {3}, 2);
  CHECK(values(s) == std::vector<float>{2, 5, 8});
  check_view(tc::slice(x, 0, -3, std::nullopt), {3}, {1}, 7);
  check_view(tc::slice(x, 0, -100, 100), {10}, {1}, 0);
  check_view(tc::slice(x, 0, 7, 3), {0}, {1}, 7);      // stop below start: empty
  check_view(tc::slice(arange({3}), 0, 5, std::nullopt), {0}, {1}, 3);  // PyTorch's offset 3
  check_view(tc::slice(x, 0, 1, 9, 4), {2}, {4}, 1);
  const Tensor m = arange({3, 4});
  check_view(tc::slice(m, 1, 1, 3), {3, 2}, {4, 1}, 1);
  check_view(tc::slice(m, 1, std::nullopt, std::nullopt, 2), {3, 2}, {4, 2}, 0);
  refuses([&] { tc::slice(Tensor::scalar(1.0f), 0, 0, 1); }, ErrorKind::Index,
          "slice() cannot be applied to a 0-dim tensor.");
  refuses([&] { tc::slice(x, 0, 0, 1, 0); }, ErrorKind::Value, "slice step must be positive");
}

TEST_CASE("x[...]: views, grad_fn names and PyTorch's two paths", "[indexing]") {
  const Tensor x = leaf({2, 3, 4});  // strides 12, 4, 1
  Tensor r = tc::index(x, "1");
  check_view(r, {3, 4}, {4, 1}, 12);
  CHECK(grad_fn(r) == "SelectBackward0");
  r = tc::index(x, "-1, 1:3");
  check_view(r, {2, 4}, {4, 1}, 16);
  CHECK(grad_fn(r) == "SliceBackward0");
  r = tc::index(x, ":, None, 1:3");
  check_view(r, {2, 1, 2, 4}, {12, 12, 4, 1}, 4);
  CHECK(grad_fn(r) == "SliceBackward0");
  r = tc::index(x, "None");
  check_view(r, {1, 2, 3, 4}, {24, 12, 4, 1}, 0);
  CHECK(grad_fn(r) == "UnsqueezeBackward0");
  r = tc::index(x, "...");
  check_view(r, {2, 3, 4}, {12, 4, 1}, 0);
  CHECK(grad_fn(r) == "AliasBackward0");
  CHECK(r.impl_ptr() != x.impl_ptr());
  CHECK(grad_fn(tc::index(x, "...,")) == "AliasBackward0");
  CHECK(grad_fn(tc::index(x, "0:2,")) == "AliasBackward0");  // 0:size written out: skipped
  CHECK(grad_fn(tc::index(x, ":")) == "SliceBackward0");     // one item: always sliced
  CHECK(grad_fn(tc::index(x, ":, :")) == "SliceBackward0");  // omitted stop is not the size
  r = tc::index(x, "..., 0");
  check_view(r, {2, 3}, {12, 4}, 0);
  CHECK(grad_fn(r) == "SelectBackward0");
  r = tc::index(x, "1, ..., None, ::2");
  check_view(r, {3, 1, 2}, {4, 4, 2}, 12);  // None's stride: size * stride of the dim it precedes
  CHECK(values(r) == std::vector<float>{12, 14, 16, 18, 20, 22});
  r = tc::index(x, "0, 1:, 3:0");
  check_view(r, {2, 0}, {4, 1}, 7);
  CHECK(r.shares_storage(x));
}

TEST_CASE("x[...]: 0-D and zero-size tensors", "[indexing]") {
  const Tensor s = Tensor::scalar(5.0f);
  check_view(tc::index(s, "None"), {1}, {1}, 0);
  check_view(tc::index(s, "..."), {}, {}, 0);
  check_view(tc::index(s, "None, None"), {1, 1}, {1, 1}, 0);
  CHECK(values(tc::index(s, "True")) == std::vector<float>{5});
  CHECK(tc::index(s, "False").sizes() == Shape{0});
  const Tensor z = arange({0, 3});
  CHECK(tc::index(z, ":, 1").sizes() == Shape{0});
  CHECK(tc::index(z, "..., None").sizes() == Shape({0, 3, 1}));
  CHECK(tc::index(z, "[]").sizes() == Shape({0, 3}));
  CHECK(tc::index(arange({3}), "[]").sizes() == Shape{0});
}

TEST_CASE("x[...]: every refusal, in PyTorch's words", "[indexing]") {
  const Tensor x = arange({2, 3});
  const Tensor s = Tensor::scalar(5.0f);
  refuses([&] { tc::index(arange({3}), "5"); }, ErrorKind::Index,
          "index 5 is out of bounds for dimension 0 with size 3");
  refuses([&] { tc::index(arange({3}), "-4"); }, ErrorKind::Index,
          "index -4 is out of bounds for dimension 0 with size 3");
  refuses([&] { tc::index(x, ":, 7"); }, ErrorKind::Index,
          "index 7 is out of bounds for dimension 1 with size 3");
  // The position of the item in the index, not the dim (PyTorch's real_dim).
  refuses([&] { tc::index(arange({3}), "None, 5"); }, ErrorKind::Index,
          "index 5 is out of bounds for dimension 1 with size 3");
  refuses([&] { tc::index(s, "0"); }, ErrorKind::Index,
          "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` "
          "in C++ to convert a 0-dim tensor to a number");
  refuses([&] { tc::index(s, ":"); }, ErrorKind::Index,
          "slice() cannot be applied to a 0-dim tensor.");
  refuses([&] { tc::index(s, "0,"); }, ErrorKind::Index, "too many indices for tensor of dimension 0");
  refuses([&] { tc::index(x, "0, 0, 0"); }, ErrorKind::Index,
          "too many indices for tensor of dimension 2");
  refuses([&] { tc::index(x, "..., 0, ..."); }, ErrorKind::Index,
          "an index can only have a single ellipsis ('...')");
  refuses([&] { tc::index(x, "::-1"); }, ErrorKind::Value, "step must be greater than zero");
  refuses([&] { tc::index(x, "0, ::0"); }, ErrorKind::Value, "slice step cannot be zero");
  refuses([&] { tc::index(x, "1.5"); }, ErrorKind::Index,
          "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are "
          "valid indices (got float) at column 1");
  refuses([&] { tc::index(x, "0 1"); }, ErrorKind::Value,
          "cannot read index: expected ',' or the end, found integer '1' at column 3");
  refuses([&] { tc::index(x, ""); }, ErrorKind::Value,
          "cannot read index: the index is empty (write ':' or '...' for the whole tensor) at "
          "column 1");
  refuses([&] { tc::index(x, "0, $"); }, ErrorKind::Value,
          "cannot read index: unexpected character '$' at column 4");
  refuses([&] { tc::index(x, ":, y"); }, ErrorKind::Value,
          "cannot read index: name 'y' is not an index (an index holds integers, slices, None, "
          "..., True, False and lists of integers) at column 4");
  refuses([&] { tc::index(x, "[[0], [1, 2]], 0"); }, ErrorKind::Value,
          "expected sequence of length 1 at dim 1 (got 2) at column 7");
  refuses([&] { tc::index(x, "[0, [1]]"); }, ErrorKind::Value,
          "cannot read index: expected a number here, as before it at column 5");
  refuses([&] { tc::index(x, "99999999999999999999"); }, ErrorKind::Index,
          "cannot fit 'int' into an index-sized integer (99999999999999999999 at column 1)");
  refuses([&] { tc::index(x, "0:\"a\""); }, ErrorKind::Index,
          "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are "
          "valid indices (got str) at column 3");
}

TEST_CASE("the lexer: Python's tokens with lines and columns", "[indexing][lang]") {
  using tc::syntax::TokenKind;
  const auto tokens = tc::syntax::tokenize("x = a[0x1f, 1:3] ** 2.5e-1  # c\nif True:\n    y = None\n");
  std::vector<std::string> seen;
  for (const auto& t : tokens)
    seen.push_back(std::string(tc::syntax::token_kind_name(t.kind)) + ":" + t.text + "@" +
                   std::to_string(t.line) + "." + std::to_string(t.column));
  const std::vector<std::string> want = {
      "name:x@1.1",   "operator:=@1.3", "name:a@1.5",     "operator:[@1.6",  "integer:0x1f@1.7",
      "operator:,@1.11", "integer:1@1.13", "operator::@1.14", "integer:3@1.15", "operator:]@1.16",
      "operator:**@1.18", "float:2.5e-1@1.21", "end of line:@1.32", "keyword:if@2.1",
      "keyword:True@2.4", "operator::@2.8", "end of line:@2.9", "indent:@3.5", "name:y@3.5",
      "operator:=@3.7", "keyword:None@3.9", "end of line:@3.13", "dedent:@4.1", "end of text:@4.1"};
  CHECK(seen == want);
  int64_t v = 0;
  CHECK(tc::syntax::int_value(tokens[4], &v));
  CHECK(v == 31);
  refuses([] { tc::syntax::tokenize("a\n  b\n c", "program"); }, ErrorKind::Value,
          "cannot read program: unindent does not match any outer indentation level at line 3, "
          "column 2");
  // Fuzz finding (tests/fuzz/regressions/parse_index/dedent-below-base):
  // a line left of the first line's indentation closed the base level.
  refuses([] { tc::syntax::tokenize(" 11:\n[]]", "index"); }, ErrorKind::Value,
          "cannot read index: unindent does not match any outer indentation level at line 2, "
          "column 1");
  refuses([] { tc::syntax::tokenize("'abc", "program"); }, ErrorKind::Value,
          "cannot read program: unterminated string at column 1");
  refuses([] { tc::syntax::tokenize("1x", "index"); }, ErrorKind::Value,
          "cannot read index: invalid number '1x' at column 1");
  refuses([] { tc::syntax::tokenize("a\x01", "index"); }, ErrorKind::Value,
          "cannot read index: unexpected character '\\x01' at column 2");
  const auto spec = tc::syntax::parse_index(" None:3, ..., -2, [True, False], 0:-1:2,");
  REQUIRE(spec.items.size() == 5);
  CHECK(spec.tuple);
  std::string back;
  for (const auto& item : spec.items) back += tc::syntax::format_index_item(item) + "|";
  CHECK(back == ":3|...|-2|[True, False]|0:-1:2|");
  CHECK(!tc::syntax::parse_index("[1, -2]").tuple);
  // A lone list of lists is the tuple of its rows (treatSequenceAsTuple).
  const auto rows = tc::syntax::parse_index("[[0, 1], [True, 2]]");
  CHECK(rows.tuple);
  REQUIRE(rows.items.size() == 2);
  CHECK(tc::syntax::format_index_item(rows.items[1]) == "[1, 2]");
  const auto nested = tc::syntax::parse_index("[[[0], [1]]], [[], []]");
  CHECK(tc::syntax::format_index_item(nested.items[0]) == "[[[0], [1]]]");
  CHECK(nested.items[0].list_shape == std::vector<int64_t>{1, 2, 1});
  CHECK(nested.items[1].list_shape == std::vector<int64_t>{2, 0});
  CHECK(tc::syntax::format_index_item(nested.items[1]) == "[[], []]");
}

TEST_CASE("advanced indexing: PyTorch's examples and placement", "[indexing]") {
  // logp[torch.arange(n), y]: one entry per row.
  const Tensor logp = arange({3, 4});
  const Tensor picked = tc::index(logp, {TensorIndex::of_tensor(longs({0, 1, 2}, {3})),
                                         TensorIndex::of_tensor(longs({3, 0, 1}, {3}))});
  CHECK(values(picked) == std::vector<float>{3, 4, 9});
  CHECK(!picked.shares_storage(logp));
  // x[mask]
  const Tensor x = arange({2, 3});
  const Tensor mask = tc::compare(tc::CompareOp::Gt, x, 2.0);
  const Tensor m = tc::index(x, {TensorIndex::of_tensor(mask)});
  CHECK(m.sizes() == Shape{3});
  CHECK(values(m) == std::vector<float>{3, 4, 5});
  // Negative positions wrap; repeated ones repeat.
  CHECK(values(tc::index(arange({5}), "[-1, 0, -1]")) == std::vector<float>{4, 0, 4});
  // Broadcasting [2, 1] with [3].
  const Tensor b = tc::index(x, {TensorIndex::of_tensor(longs({0, 1}, {2, 1})),
                                 TensorIndex::of_tensor(longs({2, 0, 1}, {3}))});
  CHECK(b.sizes() == Shape({2, 3}));
  CHECK(values(b) == std::vector<float>{2, 0, 1, 5, 3, 4});
  // Placement, on [2, 3, 4, 5].
  const Tensor y = arange({2, 3, 4, 5});
  const Tensor i2 = longs({0, 1}, {2});
  CHECK(tc::index(y, {TensorIndex::of_slice(), TensorIndex::of_tensor(i2), TensorIndex::of_tensor(i2)})
            .sizes() == Shape({2, 2, 5}));  // adjacent: in place
  CHECK(tc::index(y, {TensorIndex::of_tensor(i2), TensorIndex::of_slice(), TensorIndex::of_tensor(i2)})
            .sizes() == Shape({2, 3, 5}));  // separated: first
  // An integer is a select before the tensors: [3, 4, 5] indexed at dim 1,
  // adjacent (NumPy would count 0 as an index array and put [2] first).
  const Tensor z = tc::index(y, "0, :, [0, 1]");
  CHECK(z.sizes() == Shape({3, 2, 5}));
  std::vector<float> want;
  for (int r = 0; r < 3; ++r)
    for (int j = 0; j < 2; ++j)
      for (int k = 0; k < 5; ++k) want.push_back(static_cast<float>(r * 20 + j * 5 + k));
  CHECK(values(z) == want);
  // Python's True and False: a new dim, kept or emptied; a copy.
  const Tensor t = tc::index(x, "True");
  CHECK(t.sizes() == Shape({1, 2, 3}));
  CHECK(!t.shares_storage(x));
  CHECK(tc::index(x, ":, False").sizes() == Shape({2, 0, 3}));
  CHECK(tc::index(x, {TensorIndex::of_tensor(Tensor::from_bools({1}, {}))}).sizes() ==
        Shape({1, 2, 3}));
  // A 0-D int64 tensor is an integer: a view.
  const Tensor sel = tc::index(x, {TensorIndex::of_tensor(longs({1}, {}))});
  check_view(sel, {3}, {1}, 3);
  // A 2-D mask takes two dims; a uint8 mask is a mask.
  const Tensor mask2 = Tensor::from_bools({1, 0, 0, 1, 1, 0}, {2, 3});
  CHECK(values(tc::index(arange({2, 3, 2}), {TensorIndex::of_tensor(mask2), TensorIndex::of_integer(1)})) ==
        std::vector<float>{1, 7, 9});
  CHECK(values(tc::index(arange({3}), {TensorIndex::of_tensor(Tensor::from_values<uint8_t>({0, 1, 1}, {3}))})) ==
        std::vector<float>{1, 2});
  // int64 data keep their dtype.
  const Tensor li = tc::index(longs({10, 20, 30}, {3}), "[2, 0]");
  CHECK(li.dtype() == tc::DType::Int64);
  CHECK(li.values<int64_t>() == std::vector<int64_t>{30, 10});
}

TEST_CASE("advanced indexing: every refusal, in PyTorch's words", "[indexing]") {
  const Tensor x = arange({3, 4});
  refuses([&] { tc::index(arange({4}), {TensorIndex::of_tensor(Tensor::from_bools({1, 0, 1}, {3}))}); },
          ErrorKind::Index,
          "The shape of the mask [3] at index 0 does not match the shape of the indexed tensor [4] "
          "at index 0");
  refuses([&] { tc::index(x, {TensorIndex::of_slice(), TensorIndex::of_tensor(Tensor::from_bools({1, 0}, {2}))}); },
          ErrorKind::Index,
          "The shape of the mask [2] at index 0 does not match the shape of the indexed tensor "
          "[3, 4] at index 1");
  refuses([&] { tc::index(x, "[0, 1], [0, 1, 2]"); }, ErrorKind::Index,
          "shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]");
  refuses([&] { tc::index(arange({3}), "[7]"); }, ErrorKind::Index,
          "index 7 is out of bounds for dimension 0 with size 3");
  refuses([&] { tc::index(arange({3}), "[0, -4]"); }, ErrorKind::Index,
          "index -4 is out of bounds for dimension 0 with size 3");
  // PyTorch's Indexer names the index tensor's position among the index
  // tensors, not the dim it indexes.
  refuses([&] { tc::index(x, ":, [7]"); }, ErrorKind::Index,
          "index 7 is out of bounds for dimension 0 with size 4");
  refuses([&] { tc::index(x, "[0], [4]"); }, ErrorKind::Index,
          "index 4 is out of bounds for dimension 1 with size 4");
  refuses([&] { tc::index(x, {TensorIndex::of_tensor(Tensor::from_values<int32_t>({0}, {1}))}); },
          ErrorKind::Index, "tensors used as indices must be long, byte or bool tensors");
  refuses([&] { tc::index(x, {TensorIndex::of_tensor(Tensor::from_data({0}, {1}))}); },
          ErrorKind::Index, "tensors used as indices must be long, byte or bool tensors");
  refuses([&] { tc::index(x, {TensorIndex::of_tensor(Tensor::from_bools({1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, {2, 7})), TensorIndex::of_integer(0)}); },
          ErrorKind::Index, "too many indices for tensor of dimension 2");
}

TEST_CASE("x[...] against the naive reference, random basic and advanced items",
          "[indexing][property]") {
  Random rng(1301);
  int advanced_cases = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const Shape shape = rng.shape(4, 4);
    const int64_t nd = static_cast<int64_t>(shape.size());
    std::vector<TensorIndex> items;
    std::vector<naive::Item> ref;
    std::string text;
    int64_t dim = 0;  // dims of x consumed
    bool ellipsis = false, tensors = false;
    const int count = static_cast<int>(rng.integer(1, 5));
    // One shared broadcast shape for index tensors, each maybe with 1s.
    const Shape bshape = rng.shape(2, 3);
    for (int k = 0; k < count; ++k) {
      const int64_t choice = rng.integer(0, 6);
      const int64_t size = dim < nd ? shape[static_cast<size_t>(dim)] : 0;
      naive::Item r;
      if (ellipsis && choice != 1 && choice != 2) continue;  // dims after '...' are not known here
      if (choice == 0 && dim < nd && size > 0) {
        const int64_t v = rng.integer(-size, size - 1);
        items.push_back(TensorIndex::of_integer(v));
        r.kind = naive::Item::Int;
        r.v = v;
        ++dim;
      } else if (choice == 1 && dim < nd) {
        std::optional<int64_t> a, b;
        if (rng.coin()) a = rng.integer(-6, 6);
        if (rng.coin()) b = rng.integer(-6, 6);
        const int64_t st = rng.integer(1, 3);
        items.push_back(TensorIndex::of_slice(a, b, st));
        r.kind = naive::Item::Slice;
        r.start = a;
        r.stop = b;
        r.step = st;
        ++dim;
      } else if (choice == 2) {
        items.push_back(TensorIndex::none());
        r.kind = naive::Item::None;
      } else if (choice == 3 && !ellipsis) {
        ellipsis = true;
        items.push_back(TensorIndex::ellipsis());
        r.kind = naive::Item::Ellipsis;
      } else if (choice == 4 && dim < nd && (size > 0 || tc::numel(bshape) == 0)) {
        Shape s = bshape;
        for (int64_t& d : s)
          if (rng.coin()) d = 1;
        s.erase(s.begin(), s.begin() + rng.integer(0, static_cast<int64_t>(s.size())));
        std::vector<int64_t> v(static_cast<size_t>(tc::numel(s)));
        for (int64_t& e : v) e = size > 0 ? rng.integer(-size, size - 1) : 0;
        if (size == 0 && !v.empty()) continue;
        items.push_back(TensorIndex::of_tensor(longs(v, s)));
        r.kind = naive::Item::Ints;
        r.shape = s;
        r.values = v;
        tensors = true;
        ++dim;
      } else if (choice == 5 && dim < nd) {
        // A mask over one or two dims, with exactly bshape's count of trues
        // unless it is the only index tensor.
        const int64_t k2 = dim + 1 < nd && rng.coin() ? 2 : 1;
        Shape s(shape.begin() + dim, shape.begin() + dim + k2);
        std::vector<int64_t> v(static_cast<size_t>(tc::numel(s)));
        for (int64_t& e : v) e = rng.coin();
        if (tensors) continue;  // a mask's count rarely broadcasts with others
        std::vector<uint8_t> bytes(v.begin(), v.end());
        items.push_back(TensorIndex::of_tensor(Tensor::from_bools(bytes, s)));
        r.kind = naive::Item::Mask;
        r.shape = s;
        r.values = v;
        tensors = true;
        dim += k2;
      } else if (choice == 6) {
        const bool v = rng.coin();
        items.push_back(TensorIndex::of_bool(v));
        r.kind = naive::Item::Bool;
        r.v = v;
        if (tensors && tc::numel(bshape) != (v ? 1 : 0) && !bshape.empty()) {
          items.pop_back();
          continue;
        }
      } else {
        continue;
      }
      ref.push_back(r);
    }
    if (items.empty()) continue;
    // Index tensors and masks must broadcast: keep only cases where the
    // reference's shapes agree (masks: checked by the reference's bshape).
    const naive::Dense want_x{shape, values(arange(shape))};
    Tensor got;
    try {
      got = tc::index(tc::add(arange(shape), 0.0), items);
    } catch (const tc::Error& e) {
      // Only a broadcast of a mask's count may fail here.
      INFO(e.what());
      CHECK(std::string(e.what()).rfind("shape mismatch", 0) == 0);
      continue;
    }
    const naive::Dense want = naive::index(want_x, ref);
    std::string kinds;
    for (const naive::Item& r : ref) kinds += std::to_string(r.kind) + naive::show(r.shape) + " ";
    INFO("trial " << trial << " shape " << naive::show(shape) << " items " << kinds);
    CHECK(got.sizes() == want.shape);
    CHECK(values(got) == want.v);
    bool has_tensor = false;
    for (const TensorIndex& i : items)
      has_tensor |= i.kind == TensorIndex::Kind::Tensor || i.kind == TensorIndex::Kind::Boolean;
    advanced_cases += has_tensor;
  }
  CHECK(advanced_cases > 50);
}

TEST_CASE("indexing gradients against finite differences", "[indexing][autograd]") {
  check_gradient([](const Tensor& x) { return tc::select(x, 1, -1); }, {3, 4});
  check_gradient([](const Tensor& x) { return tc::slice(x, 1, 1, std::nullopt, 2); }, {3, 5});
  check_gradient([](const Tensor& x) { return tc::index(x, "1:, None, ::2"); }, {3, 4});
  check_gradient([](const Tensor& x) { return tc::index(x, "..."); }, {2, 3});
  check_gradient([](const Tensor& x) { return tc::index(x, "[0, 2, 0], 1:"); }, {3, 4});
  check_gradient([](const Tensor& x) { return tc::index(x, "[1, 1], :, [0, -1]"); }, {2, 3, 4});
  check_gradient([](const Tensor& x) { return tc::index(x, "True, 0"); }, {2, 3});
  check_gradient(
      [](const Tensor& x) {
        return tc::gather(x, 1, Tensor::from_values<int64_t>({0, 0, 2, 1, 0, 1}, {3, 2}));
      },
      {3, 3});
  // A position read twice gets both gradients (index_put_ with accumulate).
  Tensor x = leaf({3});
  const Tensor r = tc::index(x, "[0, 0, 2]");
  CHECK(grad_fn(r) == "IndexBackward0");
  tc::backward(tc::sum(r));
  CHECK(values(x.grad()) == std::vector<float>{2, 0, 1});
  Tensor y = leaf({2, 2});
  const Tensor g = tc::gather(y, 0, Tensor::from_values<int64_t>({1, 1, 1, 0}, {2, 2}));
  CHECK(grad_fn(g) == "GatherBackward0");
  tc::backward(tc::sum(g));
  CHECK(values(y.grad()) == std::vector<float>{0, 1, 2, 1});
}

TEST_CASE("gather: PyTorch's example, shapes and refusals", "[indexing]") {
  // torch.gather's docs: t = [[1, 2], [3, 4]], index [[0, 0], [1, 0]] along 1.
  const Tensor t = Tensor::from_data({1, 2, 3, 4}, {2, 2});
  const Tensor g = tc::gather(t, 1, longs({0, 0, 1, 0}, {2, 2}));
  CHECK(values(g) == std::vector<float>{1, 1, 4, 3});
  // index smaller than self apart from dim; a transposed self.
  CHECK(values(tc::gather(tc::transpose(arange({3, 3}), 0, 1), 0, longs({2, 0}, {1, 2}))) ==
        std::vector<float>{2, 3});
  CHECK(values(tc::gather(Tensor::scalar(7.0f), 0, longs({0}, {}))) == std::vector<float>{7});
  CHECK(tc::gather(t, 0, Tensor::from_values<int32_t>({}, {0, 2})).sizes() == Shape({0, 2}));
  refuses([&] { tc::gather(t, 1, Tensor::from_values<int32_t>({0}, {1, 1})); }, ErrorKind::Index,
          "gather(): Expected dtype int64 for index");
  refuses([&] { tc::gather(t, 1, longs({0}, {1})); }, ErrorKind::Index,
          "Index tensor must have the same number of dimensions as input tensor");
  refuses([&] { tc::gather(t, 1, longs({0, 0, 0}, {3, 1})); }, ErrorKind::Index,
          "Size does not match at dimension 0 expected index [3, 1] to be smaller than self [2, 2] "
          "apart from dimension 1");
  refuses([&] { tc::gather(t, 1, longs({0, 2}, {1, 2})); }, ErrorKind::Index,
          "index 2 is out of bounds for dimension 1 with size 2");
  refuses([&] { tc::gather(t, -1, longs({-1}, {1, 1})); }, ErrorKind::Index,
          "index -1 is out of bounds for dimension 1 with size 2");
  refuses([&] { tc::gather(t, 2, longs({0}, {1, 1})); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
}

TEST_CASE("the index trace: each item's view, where the indexed dims land", "[indexing][trace]") {
  const Tensor y = arange({2, 3, 4, 5});
  tc::TraceScope scope;
  tc::index(y, "0, [0, 1], :, [[1], [2]]");
  REQUIRE(scope.events().size() == 1);
  const auto& op = std::get<tc::OpTrace>(scope.events()[0]);
  CHECK(op.op == "index");
  CHECK(op.kernel == "f32_gather__scalar_strided");
  REQUIRE(op.indexing.has_value());
  const tc::IndexingTrace& t = *op.indexing;
  REQUIRE(t.steps.size() == 4);
  CHECK(t.steps[0].kind == "integer");
  CHECK(t.steps[0].sizes == Shape({3, 4, 5}));
  CHECK(t.steps[0].offset == 0);
  CHECK(t.steps[1].kind == "tensor");
  CHECK(t.steps[1].text == "int64 [2]");
  CHECK(t.steps[3].dim == 2);
  CHECK(!t.view);
  CHECK(t.indexed_dims == std::vector<int64_t>{0, 2});
  CHECK(t.index_shapes == std::vector<Shape>{{2}, {2, 1}});
  CHECK(t.broadcast.result == Shape({2, 2}));
  CHECK(t.placement == std::string("separated"));
  CHECK(t.result_dim == 0);
  CHECK(t.result_shape == Shape({2, 2, 4}));
  tc::index(y, "1:, None");
  const auto& basic = *std::get<tc::OpTrace>(scope.events()[1]).indexing;
  CHECK(basic.view);
  CHECK(std::get<tc::OpTrace>(scope.events()[1]).kernel.empty());
  CHECK(!basic.placement);
  REQUIRE(basic.steps.size() == 2);
  CHECK(basic.steps[0].sizes == Shape({1, 3, 4, 5}));
  CHECK(basic.steps[0].offset == 60);
  CHECK(basic.steps[1].strides == tc::Strides({60, 60, 20, 5, 1}));
}
