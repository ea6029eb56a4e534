// Fuzz target: matmul on random shapes and layouts.
// The bytes pick two operands of 0 to 4 dims (sizes around the GEMM's
// 4x8 tile and its one-row and one-column routes, batch dims that
// broadcast or not), each laid out contiguous, with its last two dims
// transposed, with a batch dim expanded (stride 0) or narrowed (an offset
// and gaps), and small integer values, so that every sum is exact in
// float32. tc::matmul must either equal naive::matmul number for number
// or, exactly when the naive reference says PyTorch raises, raise a
// tc::Error. Then sum(a @ b).backward() must hand each operand a gradient
// of its own shape (the broadcast batch dims summed back).
#include "bytes.h"
#include "check.h"
#include "error.h"
#include "naive_matmul.h"
#include "ops.h"

namespace {

using naive::Dense;
using naive::show;
using tc::Shape;

int64_t size_arg(fuzz::Bytes& in) {
  static const int64_t kSizes[] = {1, 2, 3, 4, 5, 7, 8, 9, 0, 13, 17};
  return kSizes[in.below(sizeof kSizes / sizeof kSizes[0])];
}

// A dense operand of `shape` with values in -4..4.
Dense values(fuzz::Bytes& in, const Shape& shape) {
  Dense d{shape, std::vector<float>(static_cast<size_t>(naive::count(shape)))};
  for (float& v : d.v) v = static_cast<float>(in.range(-4, 4));
  return d;
}

// d's values in a tensor laid out as the bytes say; same sizes and values.
tc::Tensor laid_out(fuzz::Bytes& in, const Dense& d) {
  const int64_t nd = static_cast<int64_t>(d.shape.size());
  switch (nd >= 1 ? in.below(4) : 0) {
    case 1:
      if (nd >= 2) {  // built transposed, then transposed back: strides (1, rows)
        const Dense t = *naive::transpose(d, nd - 2, nd - 1);
        return tc::transpose(tc::Tensor::from_data(t.v, t.shape), nd - 2, nd - 1);
      }
      break;
    case 2:
      if (nd >= 3 && d.shape[0] >= 1) {  // every batch index the same: an expanded batch dim
        bool repeated = true;
        const int64_t inner = naive::count(Shape(d.shape.begin() + 1, d.shape.end()));
        for (size_t i = static_cast<size_t>(inner); i < d.v.size() && repeated; ++i)
          repeated = d.v[i] == d.v[i % static_cast<size_t>(inner)];
        if (repeated) {
          const std::vector<float> first(d.v.begin(), d.v.begin() + inner);
          Shape one = d.shape;
          one[0] = 1;
          return tc::expand(tc::Tensor::from_data(first, one), d.shape);
        }
      }
      break;
    case 3: {  // narrowed out of a wider tensor: an offset and gaps in the last dim
      Shape wide = d.shape;
      wide.back() += 2;
      std::vector<float> cells(static_cast<size_t>(naive::count(wide)), 99.0f);
      naive::for_each_index(d.shape, [&](const naive::Index& idx, int64_t flat) {
        int64_t pos = 0;
        for (size_t k = 0; k < idx.size(); ++k) pos = pos * wide[k] + idx[k] + (k + 1 == idx.size());
        cells[static_cast<size_t>(pos)] = d.v[static_cast<size_t>(flat)];
      });
      return tc::narrow(tc::Tensor::from_data(cells, wide), -1, 1, d.shape.back());
    }
  }
  return tc::Tensor::from_data(d.v, d.shape);
}

// A batch dim that repeats its first slice, so the expanded layout applies.
void repeat_first(Dense& d) {
  if (d.shape.size() < 3 || d.shape[0] == 0) return;
  const size_t inner = static_cast<size_t>(naive::count(Shape(d.shape.begin() + 1, d.shape.end())));
  for (size_t i = inner; i < d.v.size(); ++i) d.v[i] = d.v[i % inner];
}

Shape operand_shape(fuzz::Bytes& in, int64_t ndim, int64_t k, bool is_a) {
  Shape s;
  for (int64_t i = 0; i + 2 < ndim; ++i) s.push_back(in.below(3) == 0 ? 1 : size_arg(in) % 4);
  if (ndim == 1) return {k};
  if (ndim >= 2) {
    if (is_a) s.insert(s.end(), {size_arg(in), k});
    else s.insert(s.end(), {k, size_arg(in)});
  }
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Bytes in(data, size);
  const int64_t k = size_arg(in);
  const int64_t k_b = in.below(8) == 0 ? size_arg(in) : k;  // sometimes a mismatch
  const Shape sa = operand_shape(in, in.below(5), k, true);
  const Shape sb = operand_shape(in, in.below(5), k_b, false);
  if (naive::count(sa) > 4096 || naive::count(sb) > 4096) return 0;
  Dense a = values(in, sa), b = values(in, sb);
  if (in.flag()) repeat_first(a);
  if (in.flag()) repeat_first(b);
  tc::Tensor ta = laid_out(in, a), tb = laid_out(in, b);
  FUZZ_CHECK(ta.sizes() == a.shape && ta.to_vector() == a.v, "layout of a changed its values");
  FUZZ_CHECK(tb.sizes() == b.shape && tb.to_vector() == b.v, "layout of b changed its values");
  const bool grad = in.flag();
  ta.set_requires_grad(grad);
  tb.set_requires_grad(grad);

  const std::optional<Dense> want = naive::matmul(a, b);
  tc::Tensor out;
  try {
    out = tc::matmul(ta, tb);
  } catch (const tc::Error& e) {
    FUZZ_CHECK(!want.has_value(), "%s @ %s raised \"%s\", want shape %s", show(sa).c_str(),
               show(sb).c_str(), e.what(), show(want->shape).c_str());
    return 0;
  }
  FUZZ_CHECK(want.has_value(), "%s @ %s gave %s, PyTorch raises", show(sa).c_str(),
             show(sb).c_str(), show(out.sizes()).c_str());
  FUZZ_CHECK(out.sizes() == want->shape, "%s @ %s: shape %s, want %s", show(sa).c_str(),
             show(sb).c_str(), show(out.sizes()).c_str(), show(want->shape).c_str());
  const int64_t bad = naive::first_difference(out.to_vector(), want->v, false);
  FUZZ_CHECK(bad < 0, "%s @ %s: element %lld is %g, want %g", show(sa).c_str(), show(sb).c_str(),
             (long long)bad, out.to_vector()[static_cast<size_t>(bad)],
             want->v[static_cast<size_t>(bad)]);
  if (grad) {
    tc::backward(tc::sum(out));
    FUZZ_CHECK(ta.grad().sizes() == sa && tb.grad().sizes() == sb,
               "%s @ %s: gradients %s and %s", show(sa).c_str(), show(sb).c_str(),
               show(ta.grad().sizes()).c_str(), show(tb.grad().sizes()).c_str());
  }
  return 0;
}
