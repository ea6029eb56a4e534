// Fuzz target: the elementwise engine and the reductions against plain
// multi-index loops (naive.h). The bytes pick an op (every binary op with
// alpha, the comparisons, where, the unary ops, sum over dims, sum_to, an
// in-place binary op), a result shape, operand shapes that broadcast to it
// (or on purpose do not), and a layout per operand: contiguous, a plain
// number, permuted, expanded, narrowed, or any strides over a storage.
// Values are small multiples of 1/4 plus NaN, +-inf and -0, so add, sub,
// mul, maximum, minimum, the comparisons and where are checked exactly,
// the rest within a relative 1e-5.
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <set>

#include "bytes.h"
#include "diagnostics.h"
#include "error.h"
#include "check.h"
#include "naive.h"
#include "op_table.h"
#include "ops.h"
#include "trace.h"

namespace {

using naive::Dense;
using naive::Index;
using naive::show;
using tc::Shape;

constexpr int64_t kMaxNumel = 4096;

float value(uint8_t b) {
  switch (b % 40) {
    case 36: return std::numeric_limits<float>::quiet_NaN();
    case 37: return std::numeric_limits<float>::infinity();
    case 38: return -std::numeric_limits<float>::infinity();
    case 39: return -0.0f;
    default: return static_cast<float>(b % 40 - 18) * (b >= 128 ? 0.25f : 1.0f);
  }
}

struct Built {
  tc::Operand operand = 0.0;
  tc::Tensor tensor;  // undefined for a plain number
  Dense model;
  bool stride0 = false;   // some dim of size > 1 has stride 0
  bool distinct = true;   // every element has a cell of its own
};

// Values for n elements from a small palette the bytes choose.
std::vector<float> values(fuzz::Bytes& in, int64_t n, bool as_bool) {
  const int64_t kinds = 1 + in.below(6);
  std::vector<float> palette;
  for (int64_t i = 0; i < kinds; ++i)
    palette.push_back(as_bool ? static_cast<float>(in.below(2)) : value(in.u8()));
  const int64_t step = 1 + in.below(7);
  std::vector<float> out(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) out[i] = palette[(i * step + i / 3) % kinds];
  return out;
}

tc::Tensor make(const std::vector<float>& v, const Shape& shape, bool as_bool) {
  if (!as_bool) return tc::Tensor::from_data(v, shape);
  return tc::Tensor::from_bools(std::vector<uint8_t>(v.begin(), v.end()), shape);
}

Built build(fuzz::Bytes& in, const Shape& shape, bool allow_number, bool as_bool) {
  Built b;
  const int64_t nd = static_cast<int64_t>(shape.size());
  int mode = static_cast<int>(in.below(6));
  if (mode == 1 && !allow_number) mode = 0;
  switch (mode) {
    case 1: {  // a plain number: a 0-D operand whatever shape was asked for
      const float v = value(in.u8());
      b.operand = static_cast<double>(v);
      b.model = Dense{{}, {v}};
      return b;
    }
    case 2: {  // a permuted view of a contiguous tensor of permuted shape
      std::vector<int64_t> p(nd);
      for (int64_t i = 0; i < nd; ++i) p[i] = i;
      for (int64_t i = nd - 1; i > 0; --i) std::swap(p[i], p[in.below(i + 1)]);
      Shape stored(nd);
      for (int64_t i = 0; i < nd; ++i) stored[i] = shape[p[i]];
      const auto v = values(in, naive::count(stored), as_bool);
      std::vector<int64_t> inverse(nd);
      for (int64_t i = 0; i < nd; ++i) inverse[p[i]] = i;
      b.tensor = tc::permute(make(v, stored, as_bool), inverse);
      b.model = *naive::permute(Dense{stored, v}, inverse);
      break;
    }
    case 3: {  // an expanded view: some dims stored once, stride 0
      Shape stored = shape;
      for (int64_t& s : stored)
        if (in.flag()) s = 1;
      const int64_t drop = in.below(static_cast<int64_t>(stored.size()) + 1);
      for (int64_t i = 0; i < drop && stored[0] == 1; ++i) stored.erase(stored.begin());
      const auto v = values(in, naive::count(stored), as_bool);
      b.tensor = tc::expand(make(v, stored, as_bool), shape);
      b.model = *naive::expand(Dense{stored, v}, shape);
      break;
    }
    case 4: {  // a slice of a larger tensor
      Shape stored = shape;
      for (int64_t& s : stored) s += in.below(3);
      if (naive::count(stored) > kMaxNumel) stored = shape;
      const auto v = values(in, naive::count(stored), as_bool);
      b.tensor = make(v, stored, as_bool);
      Dense m{stored, v};
      for (int64_t d = 0; d < nd; ++d) {
        const int64_t start = in.below(stored[d] - shape[d] + 1);
        b.tensor = tc::narrow(b.tensor, d, start, shape[d]);
        m = *naive::narrow(m, d, start, shape[d]);
      }
      b.model = m;
      break;
    }
    case 5: {  // any strides and offset over a storage
      std::vector<int64_t> strides;
      for (int64_t i = 0; i < nd; ++i) strides.push_back(in.below(6));
      const int64_t offset = in.below(4);
      int64_t extent = 0;
      if (naive::count(shape) > 0) {
        extent = offset + 1;
        for (int64_t i = 0; i < nd; ++i) extent += (shape[i] - 1) * strides[i];
      }
      const auto cells = values(in, extent, as_bool);
      b.tensor = make(cells, {extent}, as_bool).with_geometry(tc::Geometry::make(shape, strides, offset));
      b.model = *naive::gather(cells, shape, strides, offset);
      break;
    }
    default: {
      const auto v = values(in, naive::count(shape), as_bool);
      b.tensor = make(v, shape, as_bool);
      b.model = Dense{shape, v};
      break;
    }
  }
  b.operand = b.tensor;
  std::set<int64_t> cells;
  naive::for_each_index(shape, [&](const Index& idx, int64_t) {
    int64_t pos = b.tensor.offset();
    for (int64_t d = 0; d < nd; ++d) pos += idx[d] * b.tensor.strides()[d];
    b.distinct &= cells.insert(pos).second;
  });
  for (int64_t d = 0; d < nd; ++d)
    b.stride0 |= shape[d] > 1 && b.tensor.strides()[d] == 0;
  return b;
}

// An operand shape for a result shape: leading dims dropped, some sizes 1,
// rarely a 0 or any size (which may not broadcast).
Shape operand_shape(fuzz::Bytes& in, const Shape& result) {
  Shape s = result;
  const int64_t drop = in.below(4) == 0 ? in.below(static_cast<int64_t>(s.size()) + 1) : 0;
  s.erase(s.begin(), s.begin() + drop);
  for (int64_t& v : s) {
    const int64_t c = in.below(16);
    if (c < 5) v = 1;
    else if (c == 14) v = 0;
    else if (c == 15) v = in.below(8);
  }
  if (naive::count(s) > kMaxNumel) s = result;
  return s;
}

void expect(const char* what, const std::optional<tc::Tensor>& got, const std::string& error,
            const std::optional<Dense>& want, bool exact, const std::string& about) {
  if (!want) {
    FUZZ_CHECK(!got, "%s %s: succeeded with %s, PyTorch raises", what, about.c_str(),
               show(got->sizes()).c_str());
    return;
  }
  FUZZ_CHECK(got.has_value(), "%s %s: raised '%s', want %s", what, about.c_str(), error.c_str(),
             show(want->shape).c_str());
  FUZZ_CHECK(got->sizes() == want->shape, "%s %s: shape %s, want %s", what, about.c_str(),
             show(got->sizes()).c_str(), show(want->shape).c_str());
  const std::vector<float> v = got->to_vector();
  const int64_t bad = naive::first_difference(v, want->v, exact);
  FUZZ_CHECK(bad < 0, "%s %s: element %lld is %.9g, want %.9g", what, about.c_str(),
             (long long)bad, v[bad], want->v[bad]);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Bytes in(data, size);
  tc::set_broadcast_policy(tc::BroadcastPolicy::Allow);
  tc::set_backcompat_warning(false);

  const int kind = static_cast<int>(in.below(7));
  const int64_t nd = in.below(5);
  Shape result;
  for (int64_t i = 0; i < nd; ++i) result.push_back(in.below(8));
  if (naive::count(result) > kMaxNumel) return 0;
  // Half the runs record traces, so the trace code sees every op too.
  std::optional<tc::TraceScope> scope;
  if (in.flag()) scope.emplace();

  std::optional<tc::Tensor> got;
  std::string error;
  auto attempt = [&](auto&& run) {
    try {
      got = run();
    } catch (const tc::Error& e) {
      error = e.what();
      FUZZ_CHECK(!error.empty(), "empty message");
    }
  };
  std::string about;

  switch (kind) {
    case 0:
    case 1: {  // binary ops and comparisons
      const Built a = build(in, operand_shape(in, result), true, false);
      const Built b = build(in, operand_shape(in, result), true, false);
      about = show(a.model.shape) + " with " + show(b.model.shape);
      const auto shape = naive::broadcast({a.model.shape, b.model.shape}, nullptr);
      if (kind == 0) {
        const auto op = static_cast<tc::BinaryOp>(in.below(9));
        const bool has_alpha = op == tc::BinaryOp::Add || op == tc::BinaryOp::Sub;
        const float alphas[] = {1.0f, 2.0f, -1.0f, 0.5f, 0.0f};
        const float alpha = has_alpha ? alphas[in.below(5)] : 1.0f;
        attempt([&] { return tc::binary(op, a.operand, b.operand, alpha); });
        std::optional<Dense> want;
        if (shape)
          want = naive::elementwise(*shape, {&a.model, &b.model},
                             [&](const std::vector<float>& x) { return naive::binary(op, x[0], x[1], alpha); });
        expect(tc::op_name(op), got, error, want, naive::binary_exact(op), about);
      } else {
        const auto op = static_cast<tc::CompareOp>(in.below(6));
        attempt([&] { return tc::compare(op, a.operand, b.operand); });
        std::optional<Dense> want;
        if (shape)
          want = naive::elementwise(*shape, {&a.model, &b.model},
                             [&](const std::vector<float>& x) { return naive::compare(op, x[0], x[1]); });
        expect(tc::op_name(op), got, error, want, true, about);
        if (got) FUZZ_CHECK(got->dtype() == tc::DType::Bool, "comparison not bool");
      }
      break;
    }
    case 2: {  // where: three-way broadcasting
      const Built c = build(in, operand_shape(in, result), false, true);
      const Built a = build(in, operand_shape(in, result), true, false);
      const Built b = build(in, operand_shape(in, result), true, false);
      about = show(c.model.shape) + ", " + show(a.model.shape) + ", " + show(b.model.shape);
      const auto shape = naive::broadcast({c.model.shape, a.model.shape, b.model.shape}, nullptr);
      attempt([&] { return tc::where(c.tensor, a.operand, b.operand); });
      std::optional<Dense> want;
      if (shape)
        want = naive::elementwise(*shape, {&c.model, &a.model, &b.model},
                           [](const std::vector<float>& x) { return x[0] != 0 ? x[1] : x[2]; });
      expect("where", got, error, want, true, about);
      break;
    }
    case 3: {  // unary
      const Built a = build(in, result, false, false);
      const auto op = static_cast<tc::UnaryOp>(in.below(6));
      about = show(result);
      attempt([&] { return tc::unary(op, a.tensor); });
      const Dense want = naive::elementwise(result, {&a.model},
                                     [&](const std::vector<float>& x) { return naive::unary(op, x[0]); });
      const bool exact = op != tc::UnaryOp::Exp && op != tc::UnaryOp::Log;
      expect(tc::op_name(op), got, error, want, exact, about);
      break;
    }
    case 4: {  // sum over dims, keepdim or not
      const Built a = build(in, result, false, false);
      const int64_t n = in.below(nd + 2);
      std::vector<int64_t> dims;
      for (int64_t i = 0; i < n; ++i) dims.push_back(in.range(-nd - 1, nd));
      const bool keepdim = in.flag();
      about = show(result) + " dims " + show(dims) + (keepdim ? " keepdim" : "");
      attempt([&] { return tc::sum(a.tensor, dims, keepdim); });
      std::optional<Dense> want;
      std::vector<bool> summed(std::max<int64_t>(nd, 1), dims.empty());
      bool valid = true;
      std::vector<bool> seen(summed.size(), false);
      for (int64_t d : dims) {
        const auto w = naive::wrap(d, nd);
        if (!w || seen[*w]) valid = false;
        else seen[*w] = summed[*w] = true;
      }
      if (valid) {
        summed.resize(nd);
        Dense s = naive::sum_keepdim(a.model, summed);
        if (!keepdim) {
          Shape out;
          for (int64_t d = 0; d < nd; ++d)
            if (!summed[d]) out.push_back(result[d]);
          s.shape = out;
        }
        want = s;
      }
      expect("sum", got, error, want, false, about);
      break;
    }
    case 5: {  // sum_to: PyTorch's at::sum_to (ExpandUtils.h)
      const Built a = build(in, result, false, false);
      Shape target;
      const int64_t tnd = in.below(nd + 2);
      for (int64_t i = 0; i < tnd; ++i) {
        const int64_t src = nd - tnd + i;  // aligned from the right
        const int64_t c = in.below(6);
        if (src >= 0 && c < 3) target.push_back(result[src]);
        else if (c < 5) target.push_back(1);
        else target.push_back(in.below(5));
      }
      about = show(result) + " to " + show(target);
      attempt([&] { return tc::sum_to(a.tensor, target); });
      std::optional<Dense> want;
      const int64_t lead = nd - tnd;
      bool valid = lead >= 0;
      for (int64_t i = 0; valid && i < tnd; ++i)
        valid = target[i] == result[lead + i] || target[i] == 1;
      if (valid) {
        std::vector<bool> summed(nd, false);
        for (int64_t d = 0; d < nd; ++d) summed[d] = d < lead || target[d - lead] == 1;
        Dense s = naive::sum_keepdim(a.model, summed);
        s.shape = target;
        want = s;
      }
      expect("sum_to", got, error, want, false, about);
      break;
    }
    default: {  // in place: self keeps its shape, refusals leave it untouched
      Built self = build(in, result, false, false);
      const Built other = build(in, operand_shape(in, result), true, false);
      if (!self.stride0 && !self.distinct) return 0;  // overlap nobody detects
      // PyTorch's has_internal_overlap: never for a tensor without elements.
      const bool overlaps = self.stride0 && naive::count(result) > 0;
      // The binary ops the table gives an in-place form (maximum and minimum have none).
      static const std::vector<tc::BinaryOp> kInplace = [] {
        std::vector<tc::BinaryOp> ops;
        for (const tc::OpInfo& o : tc::op_list())
          if (o.family == tc::OpFamily::Binary && !o.inplace && !o.inplace_form.empty())
            ops.push_back(static_cast<tc::BinaryOp>(o.code));
        return ops;
      }();
      const auto op = kInplace[in.below(static_cast<int>(kInplace.size()))];
      const bool has_alpha = op == tc::BinaryOp::Add || op == tc::BinaryOp::Sub;
      const float alpha = has_alpha && in.flag() ? 2.0f : 1.0f;
      about = show(result) + " with " + show(other.model.shape);
      tc::Tensor target = self.tensor;
      attempt([&] { return tc::binary_(op, target, other.operand, alpha); });
      const auto shape = naive::broadcast({result, other.model.shape}, nullptr);
      std::optional<Dense> want;
      if (shape && *shape == result && !overlaps)
        want = naive::elementwise(result, {&self.model, &other.model},
                           [&](const std::vector<float>& x) { return naive::binary(op, x[0], x[1], alpha); });
      const std::string name = std::string(tc::op_name(op)) + "_";
      if (!want) {
        // Refused: the tensor written to is as it was.
        const int64_t bad = naive::first_difference(self.tensor.to_vector(), self.model.v, true);
        FUZZ_CHECK(bad < 0, "%s %s: refused but element %lld changed", name.c_str(),
                   about.c_str(), (long long)bad);
      }
      expect(name.c_str(), got, error, want, naive::binary_exact(op), about);
      if (got) FUZZ_CHECK(got->shares_storage(self.tensor), "%s wrote elsewhere", name.c_str());
      break;
    }
  }
  // sum_to may return its input untouched, with nothing to record.
  if (scope && got && kind != 5)
    FUZZ_CHECK(!scope->events().empty(), "traced op recorded nothing");
  return 0;
}
