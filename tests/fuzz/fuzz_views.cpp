// Fuzz target: view operations on random strided tensors.
// The bytes build a base tensor (contiguous, or any strides and offset over
// a storage of distinct values), then a chain of views: expand, permute,
// transpose, narrow, reshape, view, unsqueeze, squeeze, contiguous, and last
// an in-place add through the view. Each step is compared with the same
// indexing done naively (naive.h) on the base's values. Because every
// storage cell holds a different value, equal values prove each element
// maps to the right cell; the in-place add then proves writes land there too.
#include <algorithm>
#include <cstring>
#include <set>

#include "bytes.h"
#include "error.h"
#include "check.h"
#include "naive.h"
#include "ops.h"

namespace {

using naive::Dense;
using naive::show;
using tc::Shape;

constexpr int64_t kMaxNumel = 4096;

std::vector<float> cells_of(const tc::Tensor& t) {
  const auto& storage = t.impl().storage;
  const size_t n = static_cast<size_t>(storage->nbytes() / 4);
  std::vector<float> cells(n);
  if (n) std::memcpy(cells.data(), storage->data(), n * 4);
  return cells;
}

std::vector<int64_t> positions(const tc::Tensor& t) {
  std::vector<int64_t> out;
  naive::for_each_index(t.sizes(), [&](const naive::Index& idx, int64_t) {
    int64_t pos = t.offset();
    for (size_t d = 0; d < idx.size(); ++d) pos += idx[d] * t.strides()[d];
    out.push_back(pos);
  });
  return out;
}

// The view's geometry read by hand over its storage, and its to_vector(),
// must both give the naive values.
void check_values(const char* op, const tc::Tensor& t, const Dense& want) {
  FUZZ_CHECK(t.sizes() == want.shape, "%s: shape %s, want %s", op, show(t.sizes()).c_str(),
             show(want.shape).c_str());
  FUZZ_CHECK(t.strides().size() == t.sizes().size(), "%s: %zu strides for %zu sizes", op,
             t.strides().size(), t.sizes().size());
  const auto by_hand = naive::gather(cells_of(t), t.sizes(), t.strides(), t.offset());
  FUZZ_CHECK(by_hand.has_value(), "%s: view %s strides %s offset %lld reaches past its storage",
             op, show(t.sizes()).c_str(), show(t.strides()).c_str(), (long long)t.offset());
  const int64_t bad = naive::first_difference(by_hand->v, want.v, true);
  FUZZ_CHECK(bad < 0, "%s: element %lld is %g, want %g (shape %s strides %s offset %lld)", op,
             (long long)bad, by_hand->v[bad], want.v[bad], show(t.sizes()).c_str(),
             show(t.strides()).c_str(), (long long)t.offset());
  const int64_t bad2 = naive::first_difference(t.to_vector(), want.v, true);
  FUZZ_CHECK(bad2 < 0, "%s: to_vector differs at %lld", op, (long long)bad2);
}

int64_t dim_arg(fuzz::Bytes& in, int64_t ndim) { return in.range(-ndim - 1, ndim); }

Shape expand_target(fuzz::Bytes& in, const Shape& have) {
  const int64_t lead = in.below(3);
  Shape target;
  for (int64_t i = 0; i < lead; ++i) target.push_back(in.below(6) == 0 ? -1 : in.below(5));
  for (int64_t s : have) {
    switch (in.below(4)) {
      case 0: target.push_back(-1); break;
      case 1: target.push_back(in.below(6)); break;
      default: target.push_back(s); break;
    }
  }
  return target;
}

std::vector<int64_t> permute_dims(fuzz::Bytes& in, int64_t ndim) {
  std::vector<int64_t> dims;
  if (in.below(8) == 0) {  // anything: wrong length, repeats, out of range
    const int64_t n = in.below(ndim + 2);
    for (int64_t i = 0; i < n; ++i) dims.push_back(dim_arg(in, ndim));
    return dims;
  }
  for (int64_t i = 0; i < ndim; ++i) dims.push_back(i);
  for (int64_t i = ndim - 1; i > 0; --i) std::swap(dims[i], dims[in.below(i + 1)]);
  for (int64_t& d : dims)
    if (in.below(4) == 0) d -= ndim;  // the same dim, counted from the end
  return dims;
}

// Mostly shapes with the same number of elements (merging, splitting,
// adding 1s, one -1), sometimes anything.
Shape regroup(fuzz::Bytes& in, const Shape& have) {
  Shape out;
  if (in.below(5) == 0) {
    const int64_t n = in.below(5);
    for (int64_t i = 0; i < n; ++i) out.push_back(in.below(8) - 1);
    return out;
  }
  for (size_t i = 0; i < have.size(); ++i) {
    switch (in.below(4)) {
      case 1:
        if (i + 1 < have.size()) {
          out.push_back(have[i] * have[i + 1]);
          ++i;
          continue;
        }
        break;
      case 2:
        if (have[i] % 2 == 0 && have[i] > 0) {
          out.push_back(2);
          out.push_back(have[i] / 2);
          continue;
        }
        break;
      case 3: out.push_back(1); break;
    }
    out.push_back(have[i]);
  }
  if (!out.empty() && in.below(3) == 0) out[in.below(static_cast<int64_t>(out.size()))] = -1;
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Bytes in(data, size);

  // The base: distinct values 1, 2, 3, ... in its storage cells.
  const int64_t ndim = in.below(7);
  Shape shape;
  for (int64_t i = 0; i < ndim; ++i) shape.push_back(in.below(8));
  if (naive::count(shape) > kMaxNumel) return 0;
  const bool strided = in.flag();
  tc::Tensor cur;
  Dense model;
  if (!strided) {
    std::vector<float> cells(static_cast<size_t>(naive::count(shape)));
    for (size_t i = 0; i < cells.size(); ++i) cells[i] = static_cast<float>(i + 1);
    cur = tc::Tensor::from_data(cells, shape);
    model = Dense{shape, cells};
  } else {
    std::vector<int64_t> strides;
    for (int64_t i = 0; i < ndim; ++i) strides.push_back(in.below(7));
    const int64_t offset = in.below(5);
    int64_t extent = 0;
    if (naive::count(shape) > 0) {
      extent = offset + 1;
      for (int64_t i = 0; i < ndim; ++i) extent += (shape[i] - 1) * strides[i];
    }
    std::vector<float> cells(static_cast<size_t>(extent));
    for (size_t i = 0; i < cells.size(); ++i) cells[i] = static_cast<float>(i + 1);
    const tc::Tensor storage = tc::Tensor::from_data(cells, {extent});
    cur = storage.with_geometry(tc::Geometry::make(shape, strides, offset));
    model = *naive::gather(cells, shape, strides, offset);
  }
  check_values("base", cur, model);

  for (int step = 0; step < 10 && !in.done(); ++step) {
    const int64_t nd = cur.ndim();
    const Shape& sizes = cur.sizes();
    const int op = static_cast<int>(in.below(11));
    std::optional<Dense> want;
    std::optional<tc::Tensor> got;
    std::string error;
    const char* name = "";
    auto attempt = [&](auto&& run) {
      try {
        got = run();
      } catch (const tc::Error& e) {
        error = e.what();
        FUZZ_CHECK(!error.empty(), "%s: empty message", name);
      }
    };
    switch (op) {
      case 0: {
        name = "expand";
        const Shape target = expand_target(in, sizes);
        // Chained expands grow without end; keep every run small and fast.
        int64_t bound = 1;
        for (int64_t t : target) bound *= t < 0 ? 8 : std::max<int64_t>(t, 1);
        if (bound > kMaxNumel) return 0;
        want = naive::expand(model, target);
        attempt([&] { return tc::expand(cur, target); });
        break;
      }
      case 1: {
        name = "permute";
        const auto dims = permute_dims(in, nd);
        want = naive::permute(model, dims);
        attempt([&] { return tc::permute(cur, dims); });
        break;
      }
      case 2: {
        name = "transpose";
        const int64_t a = dim_arg(in, nd), b = dim_arg(in, nd);
        want = naive::transpose(model, a, b);
        attempt([&] { return tc::transpose(cur, a, b); });
        break;
      }
      case 3: {
        name = "narrow";
        const int64_t d = dim_arg(in, nd);
        const auto w = naive::wrap(d, nd);
        const int64_t len = w && nd > 0 ? sizes[*w] : 2;
        const int64_t start = in.range(-len - 1, len + 1);
        const int64_t length = in.range(-1, len + 1);
        want = naive::narrow(model, d, start, length);
        attempt([&] { return tc::narrow(cur, d, start, length); });
        break;
      }
      case 4:
      case 5: {
        name = op == 4 ? "reshape" : "view";
        const Shape target = regroup(in, sizes);
        want = naive::reshape(model, target);
        if (op == 4) attempt([&] { return tc::reshape(cur, target); });
        else attempt([&] { return tc::view(cur, target); });
        // view may refuse what reshape would copy; never for a contiguous
        // tensor, and only with PyTorch's message.
        if (op == 5 && want && !got) {
          FUZZ_CHECK(!cur.is_contiguous(), "view %s of contiguous %s refused: %s",
                     show(target).c_str(), show(sizes).c_str(), error.c_str());
          FUZZ_CHECK(error.rfind("view size is not compatible", 0) == 0, "view: '%s'",
                     error.c_str());
          continue;
        }
        break;
      }
      case 6: {
        name = "unsqueeze";
        const int64_t d = in.range(-nd - 2, nd + 1);
        want = naive::unsqueeze(model, d);
        attempt([&] { return tc::unsqueeze(cur, d); });
        break;
      }
      case 7: {
        name = "squeeze";
        want = naive::squeeze(model);
        attempt([&] { return tc::squeeze(cur); });
        break;
      }
      case 8: {
        name = "squeeze(dim)";
        const int64_t d = dim_arg(in, nd);
        want = naive::squeeze(model, d);
        attempt([&] { return tc::squeeze(cur, d); });
        break;
      }
      case 9: {
        name = "contiguous";
        want = model;
        attempt([&] { return tc::contiguous(cur); });
        FUZZ_CHECK(got && got->is_contiguous(), "contiguous: not contiguous");
        break;
      }
      default: {
        // Last step: write through the view. A view whose elements share a
        // cell through a stride 0 must be refused, untouched; one whose
        // elements have distinct cells gets +1000 in exactly those cells.
        const std::vector<float> before = cells_of(cur);
        const std::vector<int64_t> pos = positions(cur);
        // PyTorch's has_internal_overlap: a view without elements never
        // overlaps, whatever its strides.
        const bool stride0 = cur.numel() > 0 && [&] {
          for (int64_t d = 0; d < nd; ++d)
            if (sizes[d] > 1 && cur.strides()[d] == 0) return true;
          return false;
        }();
        const bool distinct = std::set<int64_t>(pos.begin(), pos.end()).size() == pos.size();
        if (!stride0 && !distinct) return 0;  // overlap PyTorch does not detect either
        tc::Tensor target = cur;
        bool refused = false;
        try {
          tc::binary_(tc::BinaryOp::Add, target, 1000.0);
        } catch (const tc::Error& e) {
          refused = true;
        }
        const std::vector<float> after = cells_of(cur);
        FUZZ_CHECK(refused == stride0, "in-place add on %s strides %s: refused=%d",
                   show(sizes).c_str(), show(cur.strides()).c_str(), refused);
        std::vector<float> expect = before;
        if (!refused)
          for (int64_t p : pos) expect[static_cast<size_t>(p)] += 1000.0f;
        const int64_t bad = naive::first_difference(after, expect, true);
        FUZZ_CHECK(bad < 0, "in-place add: storage cell %lld is %g, want %g", (long long)bad,
                   after[bad], expect[bad]);
        return 0;
      }
    }
    if (!want) {
      FUZZ_CHECK(!got, "%s on %s (strides %s) succeeded, giving %s; PyTorch raises", name,
                 show(sizes).c_str(), show(cur.strides()).c_str(), show(got->sizes()).c_str());
      check_values("after a refused op", cur, model);
      continue;
    }
    FUZZ_CHECK(got.has_value(), "%s on %s (strides %s) raised '%s'; want %s", name,
               show(sizes).c_str(), show(cur.strides()).c_str(), error.c_str(),
               show(want->shape).c_str());
    // Views never copy; reshape and contiguous copy only into a fresh
    // contiguous tensor.
    const bool may_copy = op == 4 || op == 9;
    if (!got->shares_storage(cur))
      FUZZ_CHECK(may_copy && got->is_contiguous() && got->offset() == 0,
                 "%s copied (or copied badly)", name);
    check_values(name, *got, *want);
    cur = *got;
    model = *want;
  }
  return 0;
}
