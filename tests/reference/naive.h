// The naive reference that the fuzz targets and the Catch2 property tests
// compare tensorcast against: a dense row-major array per tensor and plain
// multi-index loops, written from the PyTorch rules (seeds 000-003) without
// looking at strides, plans or kernels. Slow and obvious on purpose; sizes
// in the tests stay small.
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ops.h"
#include "shape.h"

namespace naive {

using tc::Shape;
using Index = std::vector<int64_t>;

inline std::string show(const Shape& s) {
  std::string out = "[";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + "]";
}

// Product of sizes, or nullopt on int64 overflow (a 0 met first wins, as in
// a running product).
inline std::optional<int64_t> product(const Shape& s) {
  int64_t p = 1;
  for (int64_t v : s)
    if (__builtin_mul_overflow(p, v, &p)) return std::nullopt;
  return p;
}

inline int64_t count(const Shape& s) { return product(s).value_or(-1); }

// Calls fn(index, flat) for every index of shape, row-major.
template <class Fn>
void for_each_index(const Shape& shape, Fn fn) {
  const int64_t n = count(shape);
  Index idx(shape.size(), 0);
  for (int64_t flat = 0; flat < n; ++flat) {
    fn(static_cast<const Index&>(idx), flat);
    for (size_t d = shape.size(); d-- > 0;) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
}

inline int64_t ravel(const Index& idx, const Shape& shape) {
  int64_t flat = 0;
  for (size_t d = 0; d < shape.size(); ++d) flat = flat * shape[d] + idx[d];
  return flat;
}

// A tensor's logical values, row-major.
struct Dense {
  Shape shape;
  std::vector<float> v;
  float at(const Index& idx) const { return v[static_cast<size_t>(ravel(idx, shape))]; }
};

// Logical values of a strided layout over `cells`, by the definition of
// strides. Returns nullopt when some element falls outside the cells (a
// view pointing past its storage).
inline std::optional<Dense> gather(const std::vector<float>& cells, const Shape& shape,
                                   const std::vector<int64_t>& strides, int64_t offset) {
  Dense out{shape, {}};
  bool inside = true;
  for_each_index(shape, [&](const Index& idx, int64_t) {
    int64_t pos = offset;
    for (size_t d = 0; d < shape.size(); ++d) pos += idx[d] * strides[d];
    if (pos < 0 || pos >= static_cast<int64_t>(cells.size())) {
      inside = false;
      out.v.push_back(0);
    } else {
      out.v.push_back(cells[static_cast<size_t>(pos)]);
    }
  });
  if (!inside) return std::nullopt;
  return out;
}

// PyTorch's maybe_wrap_dim; nullopt when out of range. A 0-D tensor takes 0 and -1.
inline std::optional<int64_t> wrap(int64_t dim, int64_t ndim) {
  const int64_t n = std::max<int64_t>(ndim, 1);
  if (dim < -n || dim >= n) return std::nullopt;
  return dim < 0 ? dim + n : dim;
}

// The rules of seed 003: align from the right, a missing dim counts as 1,
// sizes must be equal or one of them 1, a 1 yields. Folds left like
// PyTorch; on failure sets *error to PyTorch's message.
inline std::optional<Shape> broadcast(const std::vector<Shape>& shapes, std::string* error) {
  Shape acc;
  for (const Shape& s : shapes) {
    const size_t n = std::max(acc.size(), s.size());
    Shape next(n);
    for (size_t k = 0; k < n; ++k) {  // from the right, as infer_size walks
      const size_t i = n - 1 - k;
      const int64_t a = k < acc.size() ? acc[acc.size() - 1 - k] : 1;
      const int64_t b = k < s.size() ? s[s.size() - 1 - k] : 1;
      if (a != b && a != 1 && b != 1) {
        if (error)
          *error = "The size of tensor a (" + std::to_string(a) +
                   ") must match the size of tensor b (" + std::to_string(b) +
                   ") at non-singleton dimension " + std::to_string(i);
        return std::nullopt;
      }
      next[i] = a == 1 ? b : a;
    }
    acc = next;
  }
  return acc;
}

// The value an operand of `shape` contributes at result index `idx` (the
// result having `out_ndim` dims): aligned from the right, index 0 on size-1 dims.
inline float broadcast_at(const Dense& t, const Index& idx) {
  Index own(t.shape.size());
  const size_t lead = idx.size() - t.shape.size();
  for (size_t d = 0; d < t.shape.size(); ++d) own[d] = t.shape[d] == 1 ? 0 : idx[lead + d];
  return t.at(own);
}

// --- views, by their definitions (nullopt: PyTorch raises) ---------------

inline std::optional<Dense> expand(const Dense& t, const Shape& target) {
  if (target.size() < t.shape.size()) return std::nullopt;
  const size_t lead = target.size() - t.shape.size();
  Shape out(target.size());
  for (size_t i = 0; i < target.size(); ++i) {
    if (i < lead) {
      if (target[i] < 0) return std::nullopt;  // -1 (or worse) in a new leading dim
      out[i] = target[i];
      continue;
    }
    const int64_t have = t.shape[i - lead];
    const int64_t want = target[i] == -1 ? have : target[i];
    if (want != have && have != 1) return std::nullopt;
    if (want < 0) return std::nullopt;
    out[i] = want;
  }
  if (out.size() > static_cast<size_t>(tc::kMaxDims) || !product(out)) return std::nullopt;
  Dense r{out, {}};
  for_each_index(out, [&](const Index& idx, int64_t) { r.v.push_back(broadcast_at(t, idx)); });
  return r;
}

inline std::optional<Dense> permute(const Dense& t, const std::vector<int64_t>& dims) {
  const int64_t nd = static_cast<int64_t>(t.shape.size());
  if (static_cast<int64_t>(dims.size()) != nd) return std::nullopt;
  std::vector<int64_t> p;
  std::vector<bool> seen(dims.size(), false);
  for (int64_t d : dims) {
    auto w = wrap(d, nd);
    if (!w || seen[*w]) return std::nullopt;
    seen[*w] = true;
    p.push_back(*w);
  }
  Shape out(dims.size());
  for (size_t i = 0; i < p.size(); ++i) out[i] = t.shape[p[i]];
  Dense r{out, {}};
  Index src(p.size());
  for_each_index(out, [&](const Index& idx, int64_t) {
    for (size_t i = 0; i < p.size(); ++i) src[p[i]] = idx[i];
    r.v.push_back(t.at(src));
  });
  return r;
}

inline std::optional<Dense> transpose(const Dense& t, int64_t d0, int64_t d1) {
  const int64_t nd = static_cast<int64_t>(t.shape.size());
  auto a = wrap(d0, nd), b = wrap(d1, nd);
  if (!a || !b) return std::nullopt;
  if (nd == 0) return t;
  std::vector<int64_t> p(nd);
  for (int64_t i = 0; i < nd; ++i) p[i] = i;
  std::swap(p[*a], p[*b]);
  return permute(t, p);
}

inline std::optional<Dense> narrow(const Dense& t, int64_t dim, int64_t start, int64_t length) {
  const int64_t nd = static_cast<int64_t>(t.shape.size());
  if (nd == 0 || length < 0) return std::nullopt;
  auto d = wrap(dim, nd);
  if (!d) return std::nullopt;
  const int64_t size = t.shape[*d];
  // PyTorch 1.13: start wraps as a dim of `size` would (maybe_wrap_dim: a
  // size of 0 counts as 1), unless it is size itself.
  if (start != size) {
    const int64_t n = std::max<int64_t>(size, 1);
    if (start < -n || start >= n) return std::nullopt;
    if (start < 0) start += n;
  }
  if (start + length > size) return std::nullopt;
  Shape out = t.shape;
  out[*d] = length;
  Dense r{out, {}};
  for_each_index(out, [&](const Index& idx, int64_t) {
    Index src = idx;
    src[*d] += start;
    r.v.push_back(t.at(src));
  });
  return r;
}

// view/reshape's shape argument: one -1 is inferred; nullopt when invalid.
inline std::optional<Shape> infer_shape(const Shape& requested, int64_t numel) {
  int64_t known = 1;
  int infer = -1;
  for (size_t i = 0; i < requested.size(); ++i) {
    if (requested[i] == -1) {
      if (infer >= 0) return std::nullopt;
      infer = static_cast<int>(i);
    } else if (requested[i] < 0) {
      return std::nullopt;
    } else if (__builtin_mul_overflow(known, requested[i], &known)) {
      return std::nullopt;
    }
  }
  Shape out = requested;
  if (infer < 0) return known == numel ? std::optional<Shape>(out) : std::nullopt;
  if (known == 0 || numel % known != 0) return std::nullopt;
  out[infer] = numel / known;
  if (out.size() > static_cast<size_t>(tc::kMaxDims)) return std::nullopt;
  return out;
}

inline std::optional<Dense> reshape(const Dense& t, const Shape& requested) {
  auto s = infer_shape(requested, static_cast<int64_t>(t.v.size()));
  if (!s || s->size() > static_cast<size_t>(tc::kMaxDims)) return std::nullopt;
  return Dense{*s, t.v};  // row-major order is what reshape keeps
}

inline std::optional<Dense> unsqueeze(const Dense& t, int64_t dim) {
  auto d = wrap(dim, static_cast<int64_t>(t.shape.size()) + 1);
  if (!d || t.shape.size() + 1 > static_cast<size_t>(tc::kMaxDims)) return std::nullopt;
  Shape out = t.shape;
  out.insert(out.begin() + *d, 1);
  return Dense{out, t.v};
}

inline Dense squeeze(const Dense& t) {
  Shape out;
  for (int64_t s : t.shape)
    if (s != 1) out.push_back(s);
  return Dense{out, t.v};
}

inline std::optional<Dense> squeeze(const Dense& t, int64_t dim) {
  auto d = wrap(dim, static_cast<int64_t>(t.shape.size()));
  if (!d) return std::nullopt;
  if (t.shape.empty() || t.shape[*d] != 1) return t;
  Shape out = t.shape;
  out.erase(out.begin() + *d);
  return Dense{out, t.v};
}

// --- shape ops: movedim, cat, stack, by their definitions ------

// movedim: result dim dst[i] is input dim src[i]; the other result dims
// take the other input dims in order. nullopt when PyTorch raises.
inline std::optional<Dense> movedim(const Dense& t, const std::vector<int64_t>& src,
                                    const std::vector<int64_t>& dst) {
  const int64_t nd = static_cast<int64_t>(t.shape.size());
  if (src.size() != dst.size()) return std::nullopt;
  std::vector<int64_t> order(static_cast<size_t>(nd), -1);
  std::vector<bool> used(static_cast<size_t>(nd), false);
  for (size_t i = 0; i < src.size(); ++i) {
    auto s = wrap(src[i], nd), d = wrap(dst[i], nd);
    if (!s || !d) return std::nullopt;
    if (nd == 0) continue;
    if (order[*d] != -1 || used[*s]) return std::nullopt;
    order[*d] = *s;
    used[*s] = true;
  }
  if (nd == 0) return t;
  int64_t next = 0;
  for (int64_t& o : order) {
    if (o != -1) continue;
    while (used[next]) ++next;
    o = next;
    used[next] = true;
  }
  return permute(t, order);
}

// cat along dim: the values of each input in turn along that dim; inputs
// of shape [0] are left out (PyTorch's legacy rule). nullopt when PyTorch
// raises.
inline std::optional<Dense> cat(const std::vector<Dense>& ts, int64_t dim) {
  const Dense* first = nullptr;
  for (const Dense& t : ts) {
    if (t.shape.empty()) return std::nullopt;
    if (!first && !(t.shape.size() == 1 && t.shape[0] == 0)) first = &t;
  }
  if (ts.empty()) return std::nullopt;
  if (!first) return Dense{{0}, {}};
  const int64_t nd = static_cast<int64_t>(first->shape.size());
  auto d = wrap(dim, nd);
  if (!d || nd == 0) return std::nullopt;
  Shape out = first->shape;
  out[*d] = 0;
  std::vector<const Dense*> parts;
  for (const Dense& t : ts) {
    if (t.shape.size() == 1 && t.shape[0] == 0) continue;
    if (t.shape.size() != first->shape.size()) return std::nullopt;
    for (int64_t i = 0; i < nd; ++i)
      if (i != *d && t.shape[i] != first->shape[i]) return std::nullopt;
    out[*d] += t.shape[*d];
    parts.push_back(&t);
  }
  Dense r{out, {}};
  for_each_index(out, [&](const Index& idx, int64_t) {
    Index src = idx;
    for (const Dense* p : parts) {
      if (src[*d] < p->shape[*d]) {
        r.v.push_back(p->at(src));
        return;
      }
      src[*d] -= p->shape[*d];
    }
  });
  return r;
}

// stack along dim: result[..., i, ...] (i at dim) is input i.
inline std::optional<Dense> stack(const std::vector<Dense>& ts, int64_t dim) {
  if (ts.empty()) return std::nullopt;
  auto d = wrap(dim, static_cast<int64_t>(ts[0].shape.size()) + 1);
  if (!d) return std::nullopt;
  for (const Dense& t : ts)
    if (t.shape != ts[0].shape) return std::nullopt;
  Shape out = ts[0].shape;
  out.insert(out.begin() + *d, static_cast<int64_t>(ts.size()));
  Dense r{out, {}};
  for_each_index(out, [&](const Index& idx, int64_t) {
    Index src = idx;
    src.erase(src.begin() + *d);
    r.v.push_back(ts[static_cast<size_t>(idx[*d])].at(src));
  });
  return r;
}

// --- the ops, by their definitions -----------------------------------------

inline float binary(tc::BinaryOp op, float a, float b, float alpha) {
  switch (op) {
    case tc::BinaryOp::Add: return a + alpha * b;
    case tc::BinaryOp::Sub: return a - alpha * b;
    case tc::BinaryOp::Mul: return a * b;
    case tc::BinaryOp::Div: return a / b;
    case tc::BinaryOp::Pow: return std::pow(a, b);
    case tc::BinaryOp::Maximum:
      return std::isnan(a) || std::isnan(b) ? std::numeric_limits<float>::quiet_NaN()
                                            : (a > b ? a : b);
    case tc::BinaryOp::Minimum:
      return std::isnan(a) || std::isnan(b) ? std::numeric_limits<float>::quiet_NaN()
                                            : (a < b ? a : b);
    // Python's // and %, from their definitions: floor(a / b) and
    // a - b * floor(a / b), taken in double; IEEE's a / b when b is 0, NaN
    // for an infinite a, and for an infinite b Python's answers (-5 // inf
    // is -1, 5 // inf is 0).
    case tc::BinaryOp::FloorDivide:
      if (b == 0) return a / b;
      if (std::isinf(a) || std::isnan(a) || std::isnan(b)) return std::numeric_limits<float>::quiet_NaN();
      if (std::isinf(b)) return a == 0 || (a < 0) == (b < 0) ? std::copysign(0.0f, a / b) : -1.0f;
      return static_cast<float>(std::floor(double(a) / double(b)));
    case tc::BinaryOp::Remainder: {
      if (b == 0 || std::isinf(a) || std::isnan(a) || std::isnan(b))
        return std::numeric_limits<float>::quiet_NaN();
      if (std::isinf(b)) return a == 0 || (a < 0) == (b < 0) ? a : b;
      const double r = double(a) - double(b) * std::floor(double(a) / double(b));
      return static_cast<float>(r);
    }
  }
  return 0;
}

inline bool binary_exact(tc::BinaryOp op) {
  return op != tc::BinaryOp::Div && op != tc::BinaryOp::Pow && op != tc::BinaryOp::FloorDivide &&
         op != tc::BinaryOp::Remainder;
}

inline float compare(tc::CompareOp op, float a, float b) {
  switch (op) {
    case tc::CompareOp::Eq: return a == b;
    case tc::CompareOp::Ne: return a != b;
    case tc::CompareOp::Lt: return a < b;
    case tc::CompareOp::Le: return a <= b;
    case tc::CompareOp::Gt: return a > b;
    case tc::CompareOp::Ge: return a >= b;
  }
  return 0;
}

inline float unary(tc::UnaryOp op, float a) {
  switch (op) {
    case tc::UnaryOp::Neg: return -a;
    case tc::UnaryOp::Abs: return std::fabs(a);
    case tc::UnaryOp::Exp: return std::exp(a);
    case tc::UnaryOp::Log: return std::log(a);
    case tc::UnaryOp::Sqrt: return std::sqrt(a);
    case tc::UnaryOp::Relu: return a > 0 || std::isnan(a) ? a : 0.0f;
    // --- the unary ops: in double, rounded once to float (within
    // an ulp of the core's float32, which rounds at each step)
    case tc::UnaryOp::Sigmoid: return float(1.0 / (1.0 + std::exp(-double(a))));
    case tc::UnaryOp::Tanh: return float(std::tanh(double(a)));
    case tc::UnaryOp::Sin: return float(std::sin(double(a)));
    case tc::UnaryOp::Cos: return float(std::cos(double(a)));
    case tc::UnaryOp::Sign: return a > 0 ? 1.0f : a < 0 ? -1.0f : 0.0f;
    case tc::UnaryOp::Floor: return std::floor(a);
    case tc::UnaryOp::Ceil: return std::ceil(a);
    case tc::UnaryOp::Round: return std::nearbyint(a);
    case tc::UnaryOp::Log1p: return float(std::log1p(double(a)));
    case tc::UnaryOp::Expm1: return float(std::expm1(double(a)));
    case tc::UnaryOp::Square: return a * a;
    case tc::UnaryOp::Rsqrt: return float(1.0 / std::sqrt(double(a)));
    case tc::UnaryOp::Reciprocal: return 1.0f / a;
  }
  return 0;
}

// out[idx] = f(values of every operand at idx, broadcast), over `shape`.
template <class Fn>
Dense elementwise(const Shape& shape, const std::vector<const Dense*>& in, Fn f) {
  Dense out{shape, {}};
  std::vector<float> args(in.size());
  for_each_index(shape, [&](const Index& idx, int64_t) {
    for (size_t k = 0; k < in.size(); ++k) args[k] = broadcast_at(*in[k], idx);
    out.v.push_back(f(args));
  });
  return out;
}

// Sums `t` into `out_shape` (same ndim as t, 1 on summed dims) in double.
inline Dense sum_keepdim(const Dense& t, const std::vector<bool>& summed) {
  Shape keep = t.shape;
  for (size_t d = 0; d < keep.size(); ++d)
    if (summed[d]) keep[d] = 1;
  std::vector<double> acc(static_cast<size_t>(count(keep)), 0.0);
  for_each_index(t.shape, [&](const Index& idx, int64_t flat) {
    Index o = idx;
    for (size_t d = 0; d < o.size(); ++d)
      if (summed[d]) o[d] = 0;
    acc[static_cast<size_t>(ravel(o, keep))] += t.v[static_cast<size_t>(flat)];
  });
  return Dense{keep, std::vector<float>(acc.begin(), acc.end())};
}

// --- reductions over dims (tests/core/reductions_test.cpp) ------------------

// The elements each output of a reduction over `reduced` dims sees, in the
// input's row-major order, keyed by the output's flat index in the keepdim
// shape (1 on reduced dims); `f` turns each group into one value (and
// gets the group's size, 0 for an empty reduction).
template <class F>
Dense reduce_keepdim(const Dense& t, const std::vector<bool>& reduced, F f) {
  Shape keep = t.shape;
  for (size_t d = 0; d < keep.size(); ++d)
    if (reduced[d]) keep[d] = 1;
  std::vector<std::vector<double>> groups(static_cast<size_t>(count(keep)));
  for_each_index(t.shape, [&](const Index& idx, int64_t flat) {
    Index o = idx;
    for (size_t d = 0; d < o.size(); ++d)
      if (reduced[d]) o[d] = 0;
    groups[static_cast<size_t>(ravel(o, keep))].push_back(t.v[static_cast<size_t>(flat)]);
  });
  Dense out{keep, {}};
  for (const std::vector<double>& g : groups) out.v.push_back(static_cast<float>(f(g)));
  return out;
}

inline std::string show_values(const std::vector<float>& v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + std::to_string(v[i]);
  return out + "]";
}

// The textbook definitions, on one group.
inline double group_mean(const std::vector<double>& g) {
  double s = 0;
  for (double v : g) s += v;
  return s / static_cast<double>(g.size());
}
inline double group_var(const std::vector<double>& g, int64_t correction) {
  const double m = group_mean(g);
  double s = 0;
  for (double v : g) s += (v - m) * (v - m);
  return s / static_cast<double>(std::max<int64_t>(0, static_cast<int64_t>(g.size()) - correction));
}
// The first position of the largest (or smallest); the first NaN wins.
inline int64_t group_arg(const std::vector<double>& g, bool largest) {
  int64_t at = 0;
  for (size_t i = 0; i < g.size(); ++i) {
    if (std::isnan(g[i])) return static_cast<int64_t>(i);
    if (largest ? g[i] > g[at] : g[i] < g[at]) at = static_cast<int64_t>(i);
  }
  return at;
}
inline double group_prod(const std::vector<double>& g) {
  double p = 1;
  for (double v : g) p *= v;
  return p;
}
inline double group_logsumexp(const std::vector<double>& g) {
  double s = 0;
  for (double v : g) s += std::exp(v);
  return std::log(s);
}

// --- comparing numbers ----------------------------------------------------

// NaN matches NaN, an infinity matches the same infinity; otherwise exact
// or within a relative tolerance.
inline bool same_value(float got, float want, bool exact) {
  if (std::isnan(want)) return std::isnan(got);
  if (std::isinf(want)) return got == want;
  if (exact) return got == want;
  return std::fabs(got - want) <= 1e-5f * std::max(1.0f, std::fabs(want));
}

// Index of the first value that differs, or -1.
inline int64_t first_difference(const std::vector<float>& got, const std::vector<float>& want,
                                bool exact) {
  if (got.size() != want.size()) return 0;
  for (size_t i = 0; i < got.size(); ++i)
    if (!same_value(got[i], want[i], exact)) return static_cast<int64_t>(i);
  return -1;
}

}  // namespace naive

// --- matmul: its reference lives beside this one (it uses broadcast above).
#include "naive_matmul.h"
// --- indexing (tests/core/indexing_test.cpp): x[items], written from the
// rules of Note [Basic indexing] and Note [Advanced indexing] on dense
// arrays: each dim of x is fixed (an integer), ranged (a slice), new (None)
// or indexed (a tensor or mask), then the result is enumerated.
namespace naive {

struct Item {
  enum Kind { Int, Slice, None, Ellipsis, Ints, Mask, Bool } kind = None;
  int64_t v = 0;                       // Int; Bool (0 or 1)
  std::optional<int64_t> start, stop;  // Slice
  int64_t step = 1;                    // Slice
  Shape shape;                         // Ints, Mask
  std::vector<int64_t> values;         // Ints, Mask (0/1), row-major
};

inline Dense index(const Dense& x, const std::vector<Item>& items) {
  struct Entry {
    int kind;       // 0 fixed, 1 range, 2 new axis, 3 advanced
    int64_t xdim;   // -1: not a dim of x
    int64_t fixed = 0;
    std::vector<int64_t> positions;  // range
    int adv = -1;                    // advanced: which index array
  };
  const int64_t nd = static_cast<int64_t>(x.shape.size());
  int64_t specified = 0;
  for (const Item& it : items) {
    if (it.kind == Item::Int || it.kind == Item::Slice || it.kind == Item::Ints) ++specified;
    if (it.kind == Item::Mask) specified += static_cast<int64_t>(it.shape.size());
  }
  std::vector<Entry> entries;
  std::vector<std::pair<Shape, std::vector<int64_t>>> arrays;  // shape, values
  auto range = [&](int64_t d, std::optional<int64_t> a, std::optional<int64_t> b, int64_t step) {
    const int64_t size = x.shape[static_cast<size_t>(d)];
    auto clamp = [size](int64_t v) { return std::min(std::max(v < 0 ? v + size : v, int64_t{0}), size); };
    const int64_t lo = a ? clamp(*a) : 0, hi = b ? clamp(*b) : size;
    Entry e{1, d};
    for (int64_t p = lo; p < hi; p += step) e.positions.push_back(p);
    return e;
  };
  int64_t d = 0;
  for (const Item& it : items) {
    switch (it.kind) {
      case Item::Int: {
        const int64_t size = x.shape[static_cast<size_t>(d)];
        entries.push_back({0, d, it.v < 0 ? it.v + size : it.v});
        ++d;
        break;
      }
      case Item::Slice: entries.push_back(range(d, it.start, it.stop, it.step)); ++d; break;
      case Item::None: entries.push_back({2, -1}); break;
      case Item::Ellipsis:
        for (int64_t k = 0; k < nd - specified; ++k, ++d) entries.push_back(range(d, {}, {}, 1));
        break;
      case Item::Bool: {
        Entry e{3, -1};
        e.adv = static_cast<int>(arrays.size());
        arrays.push_back({Shape{it.v ? 1 : 0}, std::vector<int64_t>(it.v ? 1 : 0, 0)});
        entries.push_back(e);
        break;
      }
      case Item::Ints: {
        if (it.shape.empty()) {  // a 0-D integer tensor is an integer
          const int64_t size = x.shape[static_cast<size_t>(d)];
          const int64_t v = it.values[0];
          entries.push_back({0, d, v < 0 ? v + size : v});
          ++d;
          break;
        }
        Entry e{3, d++};
        e.adv = static_cast<int>(arrays.size());
        std::vector<int64_t> vals = it.values;
        const int64_t size = x.shape[static_cast<size_t>(e.xdim)];
        for (int64_t& v : vals) v = v < 0 ? v + size : v;
        arrays.push_back({it.shape, vals});
        entries.push_back(e);
        break;
      }
      case Item::Mask: {
        std::vector<std::vector<int64_t>> where(it.shape.size());
        for_each_index(it.shape, [&](const Index& idx, int64_t flat) {
          if (it.values[static_cast<size_t>(flat)])
            for (size_t j = 0; j < idx.size(); ++j) where[j].push_back(idx[j]);
        });
        for (size_t j = 0; j < it.shape.size(); ++j) {
          Entry e{3, d++};
          e.adv = static_cast<int>(arrays.size());
          const int64_t n = static_cast<int64_t>(where[j].size());
          arrays.push_back({Shape{n}, where[j]});
          entries.push_back(e);
        }
        break;
      }
    }
  }
  for (; d < nd; ++d) entries.push_back(range(d, {}, {}, 1));
  // The broadcast shape of the index arrays (NumPy's rule, from the right).
  Shape bshape;
  for (const auto& a : arrays) {
    const Shape& s = a.first;
    if (s.size() > bshape.size()) bshape.insert(bshape.begin(), s.size() - bshape.size(), 1);
    for (size_t i = 0; i < s.size(); ++i) {
      int64_t& b = bshape[bshape.size() - s.size() + i];
      if (b == 1) b = s[i];
    }
  }
  // Placement: integers are gone before the tensors are applied, so only
  // ranges and new axes can separate two indexed dims.
  std::vector<const Entry*> kept;
  for (const Entry& e : entries)
    if (e.kind != 0) kept.push_back(&e);
  int first = -1, last = -1;
  for (size_t i = 0; i < kept.size(); ++i)
    if (kept[i]->kind == 3) {
      if (first < 0) first = static_cast<int>(i);
      last = static_cast<int>(i);
    }
  bool adjacent = true;
  for (int i = first; first >= 0 && i <= last; ++i) adjacent &= kept[static_cast<size_t>(i)]->kind == 3;
  // The result's dims: kept entries, the broadcast shape standing for the
  // indexed ones (at the first one when adjacent, else in front).
  std::vector<const Entry*> slots;  // nullptr: the broadcast block
  if (first >= 0 && !adjacent) slots.push_back(nullptr);
  for (size_t i = 0; i < kept.size(); ++i) {
    if (kept[i]->kind == 3) {
      if (adjacent && static_cast<int>(i) == first) slots.push_back(nullptr);
      continue;
    }
    slots.push_back(kept[i]);
  }
  Shape out_shape;
  for (const Entry* e : slots) {
    if (!e) out_shape.insert(out_shape.end(), bshape.begin(), bshape.end());
    else out_shape.push_back(e->kind == 1 ? static_cast<int64_t>(e->positions.size()) : 1);
  }
  Dense out{out_shape, {}};
  for_each_index(out_shape, [&](const Index& o, int64_t) {
    Index xi(x.shape.size(), 0);
    size_t k = 0;
    Index b;
    for (const Entry* e : slots) {
      if (!e) {
        b.assign(o.begin() + static_cast<std::ptrdiff_t>(k),
                 o.begin() + static_cast<std::ptrdiff_t>(k + bshape.size()));
        k += bshape.size();
      } else {
        if (e->kind == 1) xi[static_cast<size_t>(e->xdim)] = e->positions[static_cast<size_t>(o[k])];
        ++k;
      }
    }
    for (const Entry& e : entries) {
      if (e.kind == 0) xi[static_cast<size_t>(e.xdim)] = e.fixed;
      if (e.kind != 3 || e.xdim < 0) continue;
      const auto& a = arrays[static_cast<size_t>(e.adv)];
      Index ai(a.first.size());
      for (size_t i = 0; i < ai.size(); ++i) {
        const int64_t bi = b[b.size() - ai.size() + i];
        ai[i] = a.first[i] == 1 ? 0 : bi;
      }
      xi[static_cast<size_t>(e.xdim)] = a.second[static_cast<size_t>(ravel(ai, a.first))];
    }
    out.v.push_back(x.at(xi));
  });
  return out;
}

}  // namespace naive
