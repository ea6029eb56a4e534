// softmax and log_softmax along one dim: forward, backward and trace.
// PyTorch's CPU kernels (aten/src/ATen/native/cpu/SoftMaxKernel.cpp), per
// row along dim: the row's max m (NaN if any element is), then
// softmax = exp(x - m) * (1 / sum) and log_softmax = (x - m) - log(sum),
// sum being the sum of exp(x - m) over the row.
#include <cmath>
#include <set>
#include <string>

#include "autograd/node.h"
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
// the 4-lane loops below on each row (gathered first when its elements
// are not adjacent): one pass finds the max, one writes exp(x - m) and
// sums it, one scales; the row stays in cache between them, so the
// memory traffic is one read of the input and one write of the output.
// The rows are lines along dim (Note [Lines along a dim], ops/reduction.h).

// Four independent maxima: one would wait on the last max's latency
// every step (NaN-propagating f32x4.max is several instructions in V8),
// four keep the loads streaming.
float row_max(int64_t n, const float* x) {
  int64_t i = 0;
  float m = x[0];
  if (n >= 16) {
    simd::f32x4 m0 = simd::load(x), m1 = simd::load(x + 4), m2 = simd::load(x + 8),
                m3 = simd::load(x + 12);
    for (i = 16; i + 16 <= n; i += 16) {
      m0 = simd::max(m0, simd::load(x + i));
      m1 = simd::max(m1, simd::load(x + i + 4));
      m2 = simd::max(m2, simd::load(x + i + 8));
      m3 = simd::max(m3, simd::load(x + i + 12));
    }
    float lanes[4];
    simd::store(lanes, simd::max(simd::max(m0, m1), simd::max(m2, m3)));
    m = simd::max(simd::max(lanes[0], lanes[1]), simd::max(lanes[2], lanes[3]));
  }
  for (; i < n; ++i) m = simd::max(m, x[i]);
  return m;
}

// out[i] = exp(x[i] - m); returns their sum.
float row_exp_sum(int64_t n, const float* x, float m, float* out) {
  const simd::f32x4 vm = simd::splat(m);
  const vexp::Constants k = vexp::constants();
  simd::f32x4 acc0 = simd::splat(0.0f), acc1 = acc0;
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const simd::f32x4 e0 = vexp::exp_nonpositive(simd::sub(simd::load(x + i), vm), k);
    const simd::f32x4 e1 = vexp::exp_nonpositive(simd::sub(simd::load(x + i + 4), vm), k);
    if (out) {
      simd::store(out + i, e0);
      simd::store(out + i + 4, e1);
    }
    acc0 = simd::add(acc0, e0);
    acc1 = simd::add(acc1, e1);
  }
  float sum = simd::hsum(simd::add(acc0, acc1));
  TC_SCALAR_LOOP
  for (; i < n; ++i) {
    const float e = vexp::exp_nonpositive(x[i] - m);
    if (out) out[i] = e;
    sum += e;
  }
  return sum;
}

void softmax_row_f32(int64_t n, const float* x, float* out, bool log) {
  const float m = row_max(n, x);
  if (!log) {
    const float scale = 1.0f / row_exp_sum(n, x, m, out);
    const simd::f32x4 vs = simd::splat(scale);
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) simd::store(out + i, simd::mul(simd::load(out + i), vs));
    for (; i < n; ++i) out[i] *= scale;
  } else {
    const float shift = std::log(row_exp_sum(n, x, m, nullptr));
    const simd::f32x4 vm = simd::splat(m), vs = simd::splat(shift);
    int64_t i = 0;
    for (; i + 4 <= n; i += 4)
      simd::store(out + i, simd::sub(simd::sub(simd::load(x + i), vm), vs));
    for (; i < n; ++i) out[i] = (x[i] - m) - shift;
  }
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
  const int64_t xs = c.ndim() ? c.strides()[static_cast<size_t>(w)] : 1;
  const bool fast = c.dtype() == DType::Float32 && s.inner == 1 && repeat == 1;
  std::vector<float> gathered(fast && xs != 1 ? static_cast<size_t>(s.size) : 0);
  visit_dtype(c.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) {
      const T* x = c.data<T>();
      T* o = out.data<T>();
      for_each_line(c, w, [&](int64_t row, int64_t start) {
        T* po = o + s.line_start(row);
        if constexpr (std::is_same_v<T, float>) {
          if (fast) {
            const float* px = x + start;
            if (xs != 1) {
              for (int64_t k = 0; k < s.size; ++k) gathered[static_cast<size_t>(k)] = px[k * xs];
              px = gathered.data();
            }
            softmax_row_f32(s.size, px, po, log);
            return;
          }
        }
        softmax_row_any<T>(s.size, x + start, xs, po, s.inner, repeat, log);
      });
    }
  });
  return fast;
}

const char* softmax_kernel_name(DType dtype, bool log, bool fast) {
  static std::set<std::string> names;
  const std::string op = log ? "log_softmax" : "softmax";
  const std::string name = fast ? "f32_v" + op + "__" TC_ISA "_u8"
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

}  // namespace tc
