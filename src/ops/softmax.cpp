// softmax and log_softmax along one dim: forward, backward and trace.
// PyTorch's CPU kernels (aten/src/ATen/native/cpu/SoftMaxKernel.cpp), per
// row along dim: the row's max m (NaN if any element is), then
// softmax = exp(x - m) * (1 / sum) and log_softmax = (x - m) - log(sum),
// sum being the sum of exp(x - m) over the row.
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "autograd/node.h"
#include "engine/parallel.h"
#include "engine/vexp.h"
#include "ops/reduction.h"
#include "work.h"

namespace tc {

namespace {

// Note [Softmax rows]: the input read through its strides (Note
// [Reductions through strides], ops/reduction.h: PyTorch copies it to
// contiguous memory first, which for an expanded input is the whole
// expansion), seen as outer x size x inner with dim in the middle; the
// result is contiguous, a row `size` elements `inner` apart. A dim the
// input repeats is computed once: along dim, every number of the row is
// the same, so the row is one number whose exponential counts `repeat`
// times in the sum; along another dim, the rows are the same and their
// results are spread along it. Over the last dim (inner 1), float32 runs
// the 4-lane loops below (rows gathered first when their elements are not
// adjacent) in PyTorch's three passes per row (vec_softmax_lastdim): the
// row's max m, then exp(x - m) written and summed, then the scale 1 / sum
// (log_softmax: the sum alone, then x - m - log(sum)). The row stays in
// L1 between the passes; what comes from memory is the first pass's read,
// so each row's exp pass also finds the next row's max (two rows a pass):
// the loads of the next row overlap the exps of this one, which are the
// arithmetic, and each row's max and sum are found in the same order as
// alone. logsumexp over the last dim runs the first two passes (Note
// [logsumexp rows]). The rows are lines along dim (Note [Lines along a
// dim], ops/reduction.h).
//
// Not the online form (one pass for the max and the sum of exponentials,
// the sum rescaled whenever the max grows): in a standalone wasm build it
// was 10-11% faster than the three passes for log_softmax and logsumexp,
// for the same reason (the max pass's read overlaps the exps), but it
// moves results: a rounding more in every sum, log_softmax's largest
// difference from PyTorch 2.3e-7 -> 4.6e-7 relative, results equal to
// PyTorch's bit for bit 95.6% -> 86.8% (bench/notes.md). The next row's
// max in this row's pass gives the overlap and keeps the numbers.

// A row's max for the shift, by pmax (a < b ? b : a) in four running
// maxima over blocks of 16: one would wait on the last max's latency every
// step, and pmax is one instruction where a NaN-propagating max is
// several in V8. pmax drops a NaN that comes second, so m may be a number
// when the row holds a NaN; the row's results are NaN all the same, as
// PyTorch's (its max is NaN): exp(NaN - m) makes the sum NaN, and the
// scale 1 / sum or the shift log(sum) every result. Without NaN it is the
// max PyTorch takes. begin() reads the first block, step(i) the block at i
// (16 <= i, i + 16 <= n), end(i) the elements from i on, after the blocks.
struct RowMax {
  const float* x;
  int64_t n;
  simd::f32x4 m0, m1, m2, m3;
  void begin() {
    if (n < 16) return;
    m0 = simd::load(x), m1 = simd::load(x + 4), m2 = simd::load(x + 8), m3 = simd::load(x + 12);
  }
  void step(int64_t i) {
    using simd::clamp_min;  // pmax
    m0 = clamp_min(m0, simd::load(x + i));
    m1 = clamp_min(m1, simd::load(x + i + 4));
    m2 = clamp_min(m2, simd::load(x + i + 8));
    m3 = clamp_min(m3, simd::load(x + i + 12));
  }
  float end(int64_t i) const {
    float m = x[0];
    if (n >= 16) {
      using simd::clamp_min;
      float lanes[4];
      simd::store(lanes, clamp_min(clamp_min(m0, m1), clamp_min(m2, m3)));
      m = lanes[0];
      for (int l = 1; l < 4; ++l) m = m < lanes[l] ? lanes[l] : m;
    } else {
      i = 0;
    }
    TC_SCALAR_LOOP
    for (; i < n; ++i) m = m < x[i] ? x[i] : m;
    return m;
  }
};

float row_max(int64_t n, const float* x) {
  RowMax r{x, n, {}, {}, {}, {}};
  r.begin();
  int64_t i = 16;
  for (; i + 16 <= n; i += 16) r.step(i);
  return r.end(i);
}

// exp(x[i] - m) into out (when kStore), returning their sum; and, when
// `next` (a row of n too) is given, its max into *next_max (RowMax's
// blocks, one per 16 exps).
template <bool kStore>
float exp_sum(int64_t n, const float* x, float m, float* out, const float* next, float* next_max) {
  const simd::f32x4 vm = simd::splat(m);
  const vexp::Constants k = vexp::constants();
  RowMax nm{next, n, {}, {}, {}, {}};
  if (next) nm.begin();
  simd::f32x4 acc0 = simd::splat(0.0f), acc1 = acc0;
  auto eight = [&](int64_t i) {  // e(i) into acc0, e(i + 4) into acc1
    const simd::f32x4 e0 = vexp::exp_nonpositive(simd::sub(simd::load(x + i), vm), k);
    const simd::f32x4 e1 = vexp::exp_nonpositive(simd::sub(simd::load(x + i + 4), vm), k);
    if constexpr (kStore) {
      simd::store(out + i, e0);
      simd::store(out + i + 4, e1);
    }
    acc0 = simd::add(acc0, e0);
    acc1 = simd::add(acc1, e1);
  };
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    if (next && i >= 16) nm.step(i);
    eight(i);
    eight(i + 8);
  }
  const int64_t blocks_end = i < 16 ? 16 : i;  // where the next row's blocks stopped
  for (; i + 8 <= n; i += 8) eight(i);
  float sum = simd::hsum(simd::add(acc0, acc1));
  TC_SCALAR_LOOP
  for (; i < n; ++i) {
    const float e = vexp::exp_nonpositive(x[i] - m);
    if constexpr (kStore) out[i] = e;
    sum += e;
  }
  if (next) *next_max = nm.end(blocks_end);
  return sum;
}

// softmax or log_softmax of the row x (n floats, max m) into out; the
// next row's max into *next_max when next is given.
void softmax_row_f32(int64_t n, const float* x, float m, float* out, bool log, const float* next,
                     float* next_max) {
  if (!log) {
    const float scale = 1.0f / exp_sum<true>(n, x, m, out, next, next_max);
    const simd::f32x4 vs = simd::splat(scale);
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
      const simd::f32x4 p = simd::mul(simd::load(out + i), vs);
      const simd::f32x4 q = simd::mul(simd::load(out + i + 4), vs);
      simd::store(out + i, p);
      simd::store(out + i + 4, q);
    }
    for (; i + 4 <= n; i += 4) simd::store(out + i, simd::mul(simd::load(out + i), vs));
    TC_SCALAR_LOOP
    for (; i < n; ++i) out[i] *= scale;
  } else {
    const float shift = std::log(exp_sum<false>(n, x, m, nullptr, next, next_max));
    const simd::f32x4 vm = simd::splat(m), vs = simd::splat(shift);
    int64_t i = 0;
    for (; i + 4 <= n; i += 4)
      simd::store(out + i, simd::sub(simd::sub(simd::load(x + i), vm), vs));
    TC_SCALAR_LOOP
    for (; i < n; ++i) out[i] = (x[i] - m) - shift;
  }
}

// Note [logsumexp rows]: PyTorch's logsumexp_out_impl over the last dim of
// float32 rows, with the passes of Note [Softmax rows]: m the row's max, 0
// where it is infinite (a row of -inf gives log(0) + 0 = -inf, not NaN),
// then log(sum(exp(x - m))) + m. A row whose max is +inf has exp(inf - 0)
// = inf in its sum: inf, or NaN when it holds a NaN.
float logsumexp_row_f32(int64_t n, const float* x, float m, const float* next, float* next_max) {
  if (m == INFINITY) {
    bool nan = false;
    for (int64_t i = 0; i < n; ++i) nan |= x[i] != x[i];
    if (next) *next_max = row_max(n, next);
    return nan ? NAN : INFINITY;
  }
  if (m == -INFINITY) m = 0;
  return std::log(exp_sum<false>(n, x, m, nullptr, next, next_max)) + m;
}

// Calls row(x, out, next, m, next_max) for each line of c along its last
// dim w: x the line's first element (gathered into a buffer when its
// elements are not adjacent), out what out_at(line) says, next the
// following line of the same chunk (null for its last), m the line's max
// (found here for a chunk's first line, for the others by the call before,
// through next_max). The lines are split between threads (Note [Threads],
// engine/parallel.h), each chunk in order; a line's max and sum are found
// in the same order whichever call finds them.
template <class OutAt, class Row>
void lines_f32(const Tensor& c, int64_t w, OutAt&& out_at, Row&& row) {
  const int64_t n = c.ndim() ? c.sizes()[static_cast<size_t>(w)] : 1;
  const int64_t xs = c.ndim() ? c.strides()[static_cast<size_t>(w)] : 1;
  const DimLines s = dim_lines(c.sizes(), w);
  const float* data = c.data<float>();
  auto chunk = [&](int64_t begin, int64_t end) {
    std::vector<float> gathered(xs != 1 ? 2 * static_cast<size_t>(n) : 0);
    const float* held = nullptr;  // the line before, not yet computed
    float* held_out = nullptr;
    float m = 0, next_m = 0;
    int64_t turn = 0;
    for_each_line(c, w, begin, end, [&](int64_t line, int64_t start) {
      const float* px = data + start;
      if (xs != 1) {
        float* g = gathered.data() + turn * n;
        turn ^= 1;
        for (int64_t k = 0; k < n; ++k) g[k] = px[k * xs];
        px = g;
      }
      if (held) {
        row(held, held_out, px, m, &next_m);
        m = next_m;
      } else {
        m = row_max(n, px);
      }
      held = px;
      held_out = out_at(line);
    });
    if (held) row(held, held_out, nullptr, m, nullptr);
  };
  parallel::parallel_for(s.lines(), 1, static_cast<double>(c.numel()), chunk);
}

// One row of any floating T: `n` elements `xs` apart from x, the result
// `os` apart from out, each element standing for `repeat` equal ones in
// the sum; the same three passes with libm's exp.
template <class T>
void softmax_row_any(int64_t n, const T* x, int64_t xs, T* out, int64_t os, double repeat,
                     bool log) {
  T m = x[0];
  for (int64_t k = 1; k < n; ++k) {
    const T v = x[k * xs];
    if (v != v || v > m) m = v;  // a NaN wins and then stays
  }
  T sum = 0;
  for (int64_t k = 0; k < n; ++k) {
    const T e = std::exp(x[k * xs] - m);
    if (!log) out[k * os] = e;
    sum += e;
  }
  if (repeat > 1) sum *= static_cast<T>(repeat);
  if (log) {
    const T shift = std::log(sum);
    for (int64_t k = 0; k < n; ++k) out[k * os] = (x[k * xs] - m) - shift;
  } else {
    const T scale = T(1) / sum;
    for (int64_t k = 0; k < n; ++k) out[k * os] *= scale;
  }
}

// Every row of the compact input c (strided) into `out` (contiguous, c's
// shape) along dim w; returns whether the 4-lane float32 rows ran.
bool softmax_rows(const Tensor& c, int64_t w, double repeat, const Tensor& out, bool log) {
  const DimLines s = dim_lines(c.sizes(), w);
  const bool fast = c.dtype() == DType::Float32 && s.inner == 1 && repeat == 1;
  if (fast) {
    float* o = out.data<float>();
    lines_f32(
        c, w, [&](int64_t line) { return o + s.line_start(line); },
        [&](const float* x, float* po, const float* next, float m, float* next_m) {
          softmax_row_f32(s.size, x, m, po, log, next, next_m);
        });
    return true;
  }
  const int64_t xs = c.ndim() ? c.strides()[static_cast<size_t>(w)] : 1;
  visit_dtype(c.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) {
      const T* x = c.data<T>();
      T* o = out.data<T>();
      auto chunk = [&](int64_t begin, int64_t end) {
        for_each_line(c, w, begin, end, [&](int64_t row, int64_t start) {
          softmax_row_any<T>(s.size, x + start, xs, o + s.line_start(row), s.inner, repeat, log);
        });
      };
      parallel::parallel_for(s.lines(), 1, static_cast<double>(c.numel()), chunk);
    }
  });
  return false;
}

const char* softmax_kernel_name(DType dtype, bool log, bool fast) {
  static std::set<std::string> names;
  const std::string op = log ? "log_softmax" : "softmax";
  const std::string name = fast ? "f32_v" + op + "__" TC_ISA "_u16"
                                : std::string(dtype == DType::Float64 ? "f64" : "f32") + "_" + op +
                                      "__scalar_strided";
  return names.insert(name).first->c_str();
}

void trace_softmax(const char* op, const Tensor& given, const Tensor& out, int64_t dim,
                   const DimLines& s, const char* kernel) {
  if (!tracing()) return;
  OpTrace t;
  t.op = op;
  t.reduced_dims = {dim};
  if (given.ndim() && repeats(given, dim)) t.repeated_dims = {dim};
  t.keepdim = true;
  t.broadcast = trace_broadcast({given.sizes()});
  t.operands.push_back({"out", out.sizes(), out.strides(), out.strides(), out.offset(),
                        dtype_name(out.dtype())});
  t.operands.push_back({"a", given.sizes(), given.strides(), given.strides(), given.offset(),
                        dtype_name(given.dtype())});
  const Category c = given.ndim() ? Category::Dim : Category::ZeroDim;
  const char* dt = dtype_name(given.dtype());
  t.promotion.operands.push_back({"a", dt, category_name(c), false});
  (c == Category::Dim ? t.promotion.tensor_dtype : t.promotion.zero_dim_dtype) = dt;
  t.promotion.common_dtype = t.promotion.compute_dtype = t.promotion.result_dtype = dt;
  t.promotion.decided_by = category_name(c);
  t.promotion.rule = dtype_rule_name(DTypeRule::Same);
  // See Note [Softmax rows]: along dim innermost, then the dims after it, then those before.
  std::vector<int64_t> before, after;
  for (int64_t d = 0; d < given.ndim(); ++d)
    if (d != dim) (d < dim ? before : after).push_back(d);
  t.plan.order = {dim};
  t.plan.order.insert(t.plan.order.end(), after.rbegin(), after.rend());
  t.plan.order.insert(t.plan.order.end(), before.rbegin(), before.rend());
  t.plan.groups = {{dim}, after, before};
  t.plan.shape = {s.size, s.inner, s.outer};
  t.plan.strides = {{s.inner, 1, s.size * s.inner}, {s.inner, 1, s.size * s.inner}};
  t.plan.inner_pattern = s.inner == 1 ? "contiguous" : "strided";
  t.kernel = kernel;
  record(std::move(t));
}

Tensor softmax_impl(const Tensor& self, int64_t dim, bool log) {
  const char* name = log ? "log_softmax" : "softmax";
  TC_CHECK(Value, self.defined(), name, ": an undefined tensor");
  const int64_t w = wrap_dim(dim, self.ndim());
  const bool lastdim = self.ndim() == 0 || w == self.ndim() - 1;
  // The result first: it is as large as the input, and one too large for
  // memory is refused, naming its shape, before anything runs.
  Tensor out = Tensor::empty(self.sizes(), self.dtype());
  if (self.numel() == 0) return out;  // PyTorch returns before choosing a kernel
  // The kernel's dispatch names the dtypes it has (floating only).
  TC_CHECK(Type, is_floating(self.dtype()), "\"", name, lastdim ? "_lastdim" : "",
           "_kernel_impl\" not implemented for '", dtype_c10_name(self.dtype()), "'");
  const Tensor c = compact(self);
  const bool spread = c.sizes() != self.sizes();
  const double repeat = self.ndim() && repeats(self, w) ? static_cast<double>(self.sizes()[static_cast<size_t>(w)]) : 1;
  const Tensor target = spread ? Tensor::empty(c.sizes(), self.dtype()) : out;
  // the distinct numbers read and written (spreading them charges as a copy)
  charge_work(WorkKind::Elements, 2 * static_cast<double>(c.numel()));
  const bool fast = softmax_rows(c, w, repeat, target, log);
  if (spread) copy_into(out, expand(target, self.sizes()));
  const DimLines s = dim_lines(self.sizes(), w);
  trace_softmax(name, self, out, w, s, softmax_kernel_name(self.dtype(), log, fast));
  if (needs_grad({self})) {
    attach_grad(
        out, name, {self},
        [w, log](const BackwardArgs& args) {
          const Tensor& y = args.saved[0];
          const Tensor& g = args.grad;
          const std::vector<int64_t> dims{w};
          // PyTorch's _softmax_backward_data: y * (g - sum(g * y));
          // _log_softmax_backward_data: g - exp(y) * sum(g).
          if (log) return std::vector<Tensor>{sub(g, mul(unary(UnaryOp::Exp, y), sum(g, dims, true)))};
          return std::vector<Tensor>{mul(y, sub(g, sum(mul(g, y), dims, true)))};
        },
        {detach(out)});
    set_grad_fn(out, log ? "LogSoftmaxBackward0" : "SoftmaxBackward0");
  }
  return out;
}

}  // namespace

Tensor softmax(const Tensor& self, int64_t dim) { return softmax_impl(self, dim, false); }
Tensor log_softmax(const Tensor& self, int64_t dim) { return softmax_impl(self, dim, true); }

bool logsumexp_lastdim_f32(const Tensor& c, const Tensor& out) {
  if (c.dtype() != DType::Float32 || c.ndim() == 0 || c.numel() == 0) return false;
  const int64_t w = c.ndim() - 1;
  float* o = out.data<float>();
  const int64_t n = c.sizes()[static_cast<size_t>(w)];
  // Before anything runs: each number read and its exp, each row's result.
  const double numel = static_cast<double>(c.numel()), rows = static_cast<double>(out.numel());
  charge_work(WorkKind::Elements, numel + rows);
  charge_work(WorkKind::FunctionValues, numel);
  lines_f32(
      c, w, [&](int64_t line) { return o + line; },
      [&](const float* x, float* po, const float* next, float m, float* next_m) {
        *po = logsumexp_row_f32(n, x, m, next, next_m);
      });
  return true;
}

}  // namespace tc
