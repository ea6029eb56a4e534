// Reductions over dims beside sum: mean, amax/amin, max/min (with a dim:
// values and indices; without: 0-D), argmax/argmin, prod, var/std,
// logsumexp, all/any. Forward, backward and trace together; the dims and
// shapes are sum's (Note [Reduced shape], ops/reduction.h).
#include <cmath>
#include <cstring>
#include <limits>
#include <set>
#include <string>

#include "for_size.h"
#include "autograd/node.h"
#include "engine/simd.h"
#include "ops/reduction.h"

namespace tc {

namespace {

// Note [Reductions as rows]
// mean is sum's loop followed by a division, as PyTorch's CPU mean is
// (sum_out(...).div_(dim_prod), aten/src/ATen/native/ReduceOps.cpp). The
// others run on rows: output element k reduces row k, the input's elements
// at k's kept indices, read through the input's strides in the row-major
// order of the reduced dims (Note [Reductions through strides],
// ops/reduction.h), so the first of several equal elements is the one
// PyTorch's index names.

// A row kernel's name in traces (Note [Kernel names]): the output's dtype,
// r<op> for a row reduced into one number (as f32_rsum_cascade), a scalar loop:
// f32_ramax__scalar_u1, i64_rargmax__scalar_u1. Interned: a trace keeps
// the pointer.
const char* row_kernel_name(DType out, const char* op) {
  static std::set<std::string> names;
  static const char* const prefixes[] = {"b8", "u8", "i32", "i64", "f32", "f64"};
  const std::string name =
      std::string(prefixes[static_cast<int>(out)]) + "_r" + op + "__scalar_u1";
  return names.insert(name).first->c_str();
}

bool is_nan(double v) { return v != v; }

// --- the row loops, on the input's C++ type T; `a` is its storage's start

// The largest (kMax) or smallest element of each row; a NaN wins. A row
// is never empty here (check_nonempty_dims).
template <class T, bool kMax>
void rows_extreme(const T* a, const RowsPlan& p, T* out) {
  for_each_row_start(p, [&](int64_t k, int64_t start) {
    T acc = a[start];
    for_each_run(p.row, start, [&](int64_t offset, int64_t n, int64_t stride, int64_t, int64_t) {
      const T* x = a + offset;
      // A local the loop keeps in a register (acc is the closure's).
      T m = acc;
      with_stride(stride, [&](auto step) {
        for (int64_t i = 0; i < n && !is_nan(static_cast<double>(m)); ++i) {
          const T v = x[i * step];
          if (is_nan(static_cast<double>(v)) || (kMax ? v > m : v < m)) m = v;
        }
      });
      acc = m;
      return !is_nan(static_cast<double>(m));
    });
    out[k] = acc;
  });
}

// The place of the first largest (kMax) or smallest element of each row,
// and optionally that element: PyTorch's compare_base_kernel
// (TensorCompareKernel.cpp) keeps the first and stops at the first NaN.
template <class T, bool kMax>
void rows_arg(const T* a, const RowsPlan& p, T* values, int64_t* indices) {
  for_each_row_start(p, [&](int64_t k, int64_t start) {
    T best = a[start];
    int64_t at = 0;
    for_each_run(p.row, start, [&](int64_t offset, int64_t n, int64_t stride, int64_t place, int64_t step) {
      const T* x = a + offset;
      T b = best;
      int64_t found = -1;
      with_stride(stride, [&](auto s) {
        for (int64_t i = 0; i < n && !is_nan(static_cast<double>(b)); ++i) {
          const T v = x[i * s];
          if (is_nan(static_cast<double>(v)) || (kMax ? v > b : v < b)) {
            b = v;
            found = i;
          }
        }
      });
      if (found >= 0) {
        best = b;
        at = place + found * step;
      }
      return !is_nan(static_cast<double>(b));
    });
    if (values) values[k] = best;
    indices[k] = at;
  });
}

// Note [A product over a repeated dim]
// An integer product wraps as int64 does in PyTorch, and wrapping
// multiplication is associative and commutative: a row whose numbers each
// occur `repeat` times multiplies to (product of the numbers)^repeat,
// taken by squaring.
// A float product is rounded at every step, so its value depends on the
// order, and PyTorch's order over an expanded input is the plain one: its
// reduction loop keeps the row-major order of dims that a stride 0 cannot
// rank (reorder_dimensions), and a stride-0 row is not vectorised. A
// shortcut such as pow(x, n) would round differently: PyTorch 1.13 gives
// tensor(0.9).expand(10**4).prod() = 5.6e-45 (the running product stops
// shrinking among the subnormals, where x * 0.9 rounds back to x) and
// tensor(1 - 2**-24).expand(10**7).prod() = 0.45197678, where pow gives 0
// and 0.37. So the row is walked in PyTorch's order, and a repeated dim
// is walked pass by pass, each pass a function of the running product
// alone (the pass reads the same numbers every time): once a pass leaves
// it unchanged, the later passes would too, and once two passes bring it
// back (a sign flipping: -1, -0, -inf), they alternate; either way the
// passes left are skipped, exactly. ones, 2 (inf after 128 passes), 0.9
// (about 1000), NaN, 0 and -1 expanded 2^34 times are at once; the worst
// case, 1 - 2^-24, runs about 2^30 passes before it stops changing (at
// 2^-126). The passes past the first are charged to the work budget as
// they run, 4096 at a time.
template <class T>
T wrap_pow(T base, int64_t n) {
  T result = 1;
  for (; n > 0; n >>= 1) {
    if (n & 1) result = fn::wrap_mul(result, base);
    base = fn::wrap_mul(base, base);
  }
  return result;
}

// The reduced dims of size > 1, outermost first, as the float walk sees
// them (repeated ones included), and what one pass of each dim's body reads.
struct ProductNest {
  Shape sizes;
  Strides strides;
  std::vector<int64_t> body;
};

ProductNest product_nest(const Tensor& a, const ReducedShape& r) {
  ProductNest n;
  for (int64_t d : r.dims)
    if (a.sizes()[static_cast<size_t>(d)] != 1) {
      n.sizes.push_back(a.sizes()[static_cast<size_t>(d)]);
      n.strides.push_back(a.strides()[static_cast<size_t>(d)]);
    }
  n.body.assign(n.sizes.size(), 1);
  for (size_t d = n.sizes.size(); d-- > 1;)
    n.body[d - 1] = n.body[d] * (n.strides[d] == 0 ? 1 : n.sizes[d]);
  return n;
}

template <class T>
bool same_bits(T x, T y) {
  return std::memcmp(&x, &y, sizeof(T)) == 0;
}

// Passes of a repeated dim charged at a time, before they run.
constexpr int64_t kPassesPerCharge = 4096;

// acc times the elements of dims d.. of the nest from storage index
// `offset`, in order, a repeated dim pass by pass (Note [A product over a
// repeated dim]).
template <class T>
T product_walk(const T* a, const ProductNest& n, size_t d, int64_t offset, T acc) {
  if (d == n.sizes.size()) return acc * a[offset];
  const int64_t size = n.sizes[d], stride = n.strides[d];
  if (stride != 0) {
    for (int64_t i = 0; i < size; ++i) acc = product_walk(a, n, d + 1, offset + i * stride, acc);
    return acc;
  }
  // Innermost, a pass is one multiplication by x (read only then: an
  // empty dim inside would leave `offset` past the storage's end).
  const bool innermost = d + 1 == n.sizes.size();
  const T x = innermost ? a[offset] : T(1);
  T before = acc;
  for (int64_t i = 0; i < size; ++i) {
    if (i % kPassesPerCharge == 1)  // the first pass was charged with the rows
      charge_work(WorkKind::Elements,
                  static_cast<double>(std::min(kPassesPerCharge, size - i)) * static_cast<double>(n.body[d]));
    const T next = innermost ? acc * x : product_walk(a, n, d + 1, offset, acc);
    // NaN stays NaN (its bits need not: wasm may change a NaN's payload).
    if (same_bits(next, acc) || is_nan(static_cast<double>(next))) return next;
    if (i > 0 && same_bits(next, before)) return (size - 1 - i) % 2 == 0 ? next : acc;
    before = acc;
    acc = next;
  }
  return acc;
}

// Products of each row: int64 (every integer and bool product) or floats.
template <class T>
void rows_prod(const T* a, const RowsPlan& p, const ProductNest& nest, T* out) {
  for_each_row_start(p, [&](int64_t k, int64_t start) {
    if constexpr (std::is_floating_point_v<T>) {
      if (p.row.repeat > 1) {
        out[k] = product_walk<T>(a, nest, 0, start, T(1));
        return;
      }
    }
    T acc = 1;
    for_each_run(p.row, start, [&](int64_t offset, int64_t n, int64_t stride, int64_t, int64_t) {
      const T* x = a + offset;
      T product = acc;
      with_stride(stride, [&](auto step) {
        for (int64_t i = 0; i < n; ++i) product = fn::wrap_mul(product, x[i * step]);
      });
      acc = product;
      return true;
    });
    if constexpr (std::is_floating_point_v<T>) out[k] = acc;
    else out[k] = wrap_pow(acc, p.row.repeat);
  });
}

// Variance (or its square root) of each row, accumulated in double as
// PyTorch's CPU kernels do (WelfordOps<scalar_t, double, ...> and
// std_var_all_cpu): the mean first, then the squared deviations, divided
// by max(0, len - correction) (0 / 0 is NaN: an empty row, or one element
// with correction 1). A row whose numbers each occur `repeat` times has
// their mean, and `repeat` times their squared deviations.
template <class T>
void rows_var(const T* a, const RowsPlan& p, int64_t len, T* out, int64_t correction,
              bool take_sqrt, std::optional<double> given_mean = std::nullopt) {
  const double divisor = static_cast<double>(std::max<int64_t>(0, len - correction));
  const double repeat = static_cast<double>(p.row.repeat);
  for_each_row_start(p, [&](int64_t k, int64_t start) {
    double sum = 0;
    if (!given_mean)
      for_each_run(p.row, start, [&](int64_t offset, int64_t n, int64_t stride, int64_t, int64_t) {
        double s = sum;
        with_stride(stride, [&](auto step) {
          for (int64_t i = 0; i < n; ++i) s += static_cast<double>(a[offset + i * step]);
        });
        sum = s;
        return true;
      });
    const double mean = given_mean ? *given_mean : sum / static_cast<double>(p.row.looped);
    double squares = 0;
    for_each_run(p.row, start, [&](int64_t offset, int64_t n, int64_t stride, int64_t, int64_t) {
      double s = squares;
      with_stride(stride, [&](auto step) {
        for (int64_t i = 0; i < n; ++i) {
          const double dx = static_cast<double>(a[offset + i * step]) - mean;
          s += dx * dx;
        }
      });
      squares = s;
      return true;
    });
    const double var = squares * repeat / divisor;
    out[k] = static_cast<T>(take_sqrt ? std::sqrt(var) : var);
  });
}

// Whether every (kAll) or any element of a row is nonzero (NaN is). One
// per dtype, result dtype and op: compiled for size (Note [Compiled for
// size]).
template <class T, class Out, bool kAll>
TC_SMALL_LOOP void rows_all_any(const T* a, const RowsPlan& p, Out* out) {
  for_each_row_start(p, [&](int64_t k, int64_t start) {
    bool acc = kAll;
    for_each_run(p.row, start, [&](int64_t offset, int64_t n, int64_t stride, int64_t, int64_t) {
      const T* x = a + offset;
      // Stops at the first element that decides the row.
      const bool decided = with_stride(stride, [&](auto step) {
        for (int64_t i = 0; i < n; ++i)
          if (convert<bool>(x[i * step]) != kAll) return true;
        return false;
      });
      if (decided) acc = !kAll;
      return !decided;
    });
    out[k] = static_cast<Out>(acc);
  });
}

// --- autograd helpers

// A gradient (or result) of the output's shape, viewed with the reduced
// dims back as size 1 (PyTorch's restore_reduced_dims / unsqueeze_multiple).
Tensor restore(const Tensor& g, const ReducedShape& r) {
  return r.keepdim ? g : view(contiguous(g), r.keep_shape);
}

// PyTorch's value_selecting_reduction_backward: zeros of the input's
// shape, with each gradient element written where its index points along
// dim. g and indices have keep_shape (dim kept as 1).
Tensor select_backward(const Tensor& g, const Tensor& indices, const Shape& in_shape, int64_t dim,
                       DType dtype) {
  Tensor out = Tensor::zeros(in_shape, dtype);
  if (out.numel() == 0) return out;
  const Tensor gc = contiguous(g), ic = contiguous(indices);
  int64_t outer = 1, inner = 1;
  const int64_t ndim = static_cast<int64_t>(in_shape.size());
  for (int64_t d = 0; d < ndim; ++d) (d < dim ? outer : inner) *= d == dim ? 1 : in_shape[d];
  const int64_t size = ndim ? in_shape[dim] : 1;
  const int64_t* idx = first_element<int64_t>(ic);
  visit_dtype(dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) {
      T* o = out.data<T>();
      const T* gp = first_element<T>(gc);
      for (int64_t i = 0; i < outer; ++i)
        for (int64_t j = 0; j < inner; ++j)
          o[(i * size + idx[i * inner + j]) * inner + j] = gp[i * inner + j];
    }
  });
  return out;
}

// PyTorch's prod_safe_zeros_backward along `dim` of a (any number of
// zeros): each element's gradient is g times the product of the others in
// its slice, as the exclusive products from the left times those from
// the right (two cumprods there), so that a zero is never divided by.
Tensor prod_zeros_backward(const Tensor& g, const Tensor& a, int64_t dim) {
  const Tensor ac = contiguous(a);
  const Tensor gc = contiguous(g);  // keep shape: dim is 1
  Tensor out = Tensor::empty(a.sizes(), a.dtype());
  const Shape& s = a.sizes();
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < a.ndim(); ++d)
    if (d != dim) (d < dim ? outer : inner) *= s[d];
  const int64_t size = s[dim];
  visit_dtype(a.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) {
      const T* x = first_element<T>(ac);
      const T* gp = first_element<T>(gc);
      T* o = out.data<T>();
      for (int64_t i = 0; i < outer; ++i)
        for (int64_t j = 0; j < inner; ++j) {
          const int64_t base = i * size * inner + j;
          T left = 1;
          for (int64_t k = 0; k < size; ++k) {  // o holds the products from the left
            o[base + k * inner] = left;
            left *= x[base + k * inner];
          }
          T right = 1;
          for (int64_t k = size; k-- > 0;) {
            o[base + k * inner] = gp[i * inner + j] * (o[base + k * inner] * right);
            right *= x[base + k * inner];
          }
        }
    }
  });
  return out;
}

int64_t count_zeros(const Tensor& a) {
  NoGradGuard no_grad;
  return static_cast<int64_t>(sum(compare(CompareOp::Eq, a, 0.0)).item());
}

// PyTorch's checks before reducing an empty tensor (ReduceOpsUtils.h,
// zero_numel_check_dims): named dims must not be empty (`shown` is the dim
// as the message prints it), and a reduction with no identity needs a dim.
void check_nonempty_dims(const char* fn, const Tensor& self, const std::vector<int64_t>& dims,
                         bool wrapped_in_message) {
  if (self.numel() != 0) return;
  TC_CHECK(Shape, !dims.empty(), fn,
           ": Expected reduction dim to be specified for input.numel() == 0. Specify the "
           "reduction dim with the 'dim' argument.");
  for (int64_t d : dims) {
    const int64_t w = wrap_dim(d, self.ndim());
    TC_CHECK(Index, self.ndim() == 0 || self.sizes()[w] != 0, fn, ": Expected reduction dim ",
             wrapped_in_message ? w : d, " to have non-zero size.");
  }
}

void check_floating(const Tensor& self) {
  TC_CHECK(Type, is_floating(self.dtype()),
           "std and var only support floating point and complex dtypes");
}

// A reduction into one result of out_dtype (Note [Reductions through
// strides]): the result allocated first (one too large for memory is
// refused before anything runs), the work charged, run(plan, target)
// writing target's element k for row k, then spread and traced.
Tensor typed_rows(const char* op, const Tensor& self, const ReducedShape& r, DType out_dtype,
                  DTypeRule rule, const std::function<void(const RowsPlan&, const Tensor&)>& run) {
  Tensor out = Tensor::empty(r.out_shape, out_dtype);
  const RowsPlan plan = plan_rows(self, r);
  charge_rows(plan);
  const Tensor target = rows_target(out, plan);
  run(plan, target);
  spread_rows(target, out, r);
  trace_reduction(op, self, out, r, rule, self.dtype(), row_kernel_name(out_dtype, op),
                  "reduce-inner");
  return out;
}

}  // namespace

void trace_reduction(const char* op, const Tensor& in, const Tensor& out, const ReducedShape& r,
                     DTypeRule rule, DType compute, const char* kernel, const char* pattern) {
  if (!tracing()) return;
  OpTrace t;
  t.op = op;
  t.reduced_dims = r.dims;
  for (int64_t d : r.dims)
    if (repeats(in, d)) t.repeated_dims.push_back(d);
  t.keepdim = r.keepdim;
  t.broadcast = trace_broadcast({in.sizes()});
  const Tensor out_keep = out.with_geometry(Geometry::contiguous(r.keep_shape));
  t.operands.push_back({"out", out.sizes(), out.strides(),
                        out_keep.geometry().expand(in.sizes()).strides(), out.offset(),
                        dtype_name(out.dtype())});
  t.operands.push_back({"a", in.sizes(), in.strides(), in.strides(), in.offset(),
                        dtype_name(in.dtype())});
  const Category c = in.ndim() ? Category::Dim : Category::ZeroDim;
  t.promotion.operands.push_back({"a", dtype_name(in.dtype()), category_name(c),
                                  compute != in.dtype()});
  (c == Category::Dim ? t.promotion.tensor_dtype : t.promotion.zero_dim_dtype) =
      dtype_name(in.dtype());
  t.promotion.common_dtype = dtype_name(in.dtype());
  t.promotion.decided_by = category_name(c);
  t.promotion.rule = dtype_rule_name(rule);
  t.promotion.compute_dtype = dtype_name(compute);
  t.promotion.result_dtype = dtype_name(out.dtype());
  // See Note [Reductions as rows]: the row (the reduced dims) innermost, the
  // kept dims outside it.
  std::vector<int64_t> kept;
  for (int64_t d = 0; d < in.ndim(); ++d)
    if (!r.reduced[static_cast<size_t>(d)]) kept.push_back(d);
  t.plan.order.assign(r.dims.rbegin(), r.dims.rend());
  t.plan.order.insert(t.plan.order.end(), kept.rbegin(), kept.rend());
  t.plan.groups = {r.dims, kept};
  t.plan.shape = {r.count, numel(r.keep_shape)};
  t.plan.strides = {{0, 1}, {1, r.count}};
  t.plan.inner_pattern = pattern;
  t.kernel = kernel;
  record(std::move(t));
}

// --- mean

Tensor mean(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim) {
  TC_CHECK(Value, self.defined(), "mean: an undefined tensor");
  TC_CHECK(Type, is_floating(self.dtype()),
           "mean(): could not infer output dtype. Input dtype must be either a floating point or "
           "complex dtype. Got: ",
           dtype_c10_name(self.dtype()));
  const ReducedShape r = reduced_shape(self.sizes(), dims, keepdim);
  Tensor out;
  {
    NoGradGuard no_grad;
    out = sum_reduction(self, r, "mean");
    // PyTorch divides by the count as a number: x / 0 is NaN for an empty mean.
    visit_dtype(self.dtype(), [&](auto tag) {
      using T = decltype(tag);
      if constexpr (std::is_floating_point_v<T>) {
        T* o = out.data<T>();
        const T n = static_cast<T>(r.count);
        for (int64_t i = 0, e = out.numel(); i < e; ++i) o[i] = o[i] / n;
      }
    });
  }
  if (needs_grad({self})) {
    const Shape in_shape = self.sizes();
    attach_grad(out, "mean", {self}, [r, in_shape](const BackwardArgs& args) {
      return std::vector<Tensor>{div(expand(restore(args.grad, r), in_shape), r.count)};
    });
    set_grad_fn(out, "MeanBackward1");  // mean.dim
  }
  return out;
}

Tensor mean(const Tensor& self) {
  Tensor out = mean(self, {}, false);
  set_grad_fn(out, "MeanBackward0");
  return out;
}

// --- nansum

Tensor nansum(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim) {
  TC_CHECK(Value, self.defined(), "nansum: an undefined tensor");
  if (!is_floating(self.dtype())) return sum(self, dims, keepdim);  // no NaN to skip
  const ReducedShape r = reduced_shape(self.sizes(), dims, keepdim);
  Tensor out, kept;
  {
    NoGradGuard no_grad;
    kept = compare(CompareOp::Eq, self, self);  // false where NaN
    out = sum(where(kept, self, Scalar(0)), dims, keepdim);
  }
  if (needs_grad({self})) {
    const Shape in_shape = self.sizes();
    attach_grad(out, "nansum", {self}, [r, in_shape, kept](const BackwardArgs& args) {
      return std::vector<Tensor>{mul(expand(restore(args.grad, r), in_shape), kept)};
    });
    set_grad_fn(out, "NansumBackward0");
  }
  return out;
}

// --- amax, amin

namespace {

// The largest (is_max) or smallest element of each reduced row, NaN
// winning, in self's dtype: amax/amin and max()/min() with no dim.
Tensor extreme_rows(const char* name, const Tensor& self, const ReducedShape& r, bool is_max) {
  return typed_rows(name, self, r, self.dtype(), DTypeRule::Same,
                    [&](const RowsPlan& p, const Tensor& o) {
                      visit_dtype(self.dtype(), [&](auto tag) {
                        using T = decltype(tag);
                        const T* a = self.data<T>();
                        if (is_max) rows_extreme<T, true>(a, p, o.data<T>());
                        else rows_extreme<T, false>(a, p, o.data<T>());
                      });
                    });
}

Tensor amax_amin(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim, bool is_max) {
  const char* name = is_max ? "amax" : "amin";
  TC_CHECK(Value, self.defined(), name, ": an undefined tensor");
  check_nonempty_dims(is_max ? "amax()" : "amin()", self, dims, false);
  const ReducedShape r = reduced_shape(self.sizes(), dims, keepdim);
  Tensor out = extreme_rows(name, self, r, is_max);
  if (is_floating(self.dtype()) && needs_grad({self})) {
    // PyTorch's scale_grad_by_count: the gradient split evenly among the
    // elements equal to the result (none when it is NaN: 0 * inf is NaN).
    attach_grad(
        out, name, {self},
        [r](const BackwardArgs& args) {
          const Tensor& a = args.saved[0];
          const Tensor mask = to(compare(CompareOp::Eq, restore(args.saved[1], r), a), a.dtype());
          const Tensor count = sum(mask, r.dims, true);
          return std::vector<Tensor>{mul(div(restore(args.grad, r), count), mask)};
        },
        {self, detach(out)});
  }
  return out;
}

}  // namespace

Tensor amax(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim) {
  return amax_amin(self, dims, keepdim, true);
}
Tensor amin(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim) {
  return amax_amin(self, dims, keepdim, false);
}

// --- max, min

namespace {

ValuesIndices max_min_dim(const Tensor& self, int64_t dim, bool keepdim, bool is_max) {
  const char* name = is_max ? "max" : "min";
  TC_CHECK(Value, self.defined(), name, ": an undefined tensor");
  const int64_t w = wrap_dim(dim, self.ndim());
  check_nonempty_dims(is_max ? "max()" : "min()", self, {w}, true);
  const ReducedShape r = reduced_shape(self.sizes(), {w}, keepdim);
  ValuesIndices out{Tensor::empty(r.out_shape, self.dtype()), Tensor::empty(r.out_shape, DType::Int64)};
  const RowsPlan plan = plan_rows(self, r);
  charge_rows(plan, 2);
  const Tensor values = rows_target(out.values, plan), indices = rows_target(out.indices, plan);
  visit_dtype(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    T* v = values.data<T>();
    int64_t* i = indices.data<int64_t>();
    if (is_max) rows_arg<T, true>(self.data<T>(), plan, v, i);
    else rows_arg<T, false>(self.data<T>(), plan, v, i);
  });
  spread_rows(values, out.values, r);
  spread_rows(indices, out.indices, r);
  trace_reduction(name, self, out.values, r, DTypeRule::Same, self.dtype(),
                  row_kernel_name(self.dtype(), is_max ? "argmax" : "argmin"), "reduce-inner");
  if (is_floating(self.dtype()) && needs_grad({self})) {
    const Shape in_shape = self.sizes();
    const DType dtype = self.dtype();
    attach_grad(
        out.values, name, {self},
        [r, in_shape, w, dtype](const BackwardArgs& args) {
          return std::vector<Tensor>{
              select_backward(restore(args.grad, r), restore(args.saved[0], r), in_shape, w, dtype)};
        },
        {out.indices});
    set_grad_fn(out.values, is_max ? "MaxBackward0" : "MinBackward0");  // max.dim
  }
  return out;
}

Tensor max_min_all(const Tensor& self, bool is_max) {
  const char* name = is_max ? "max" : "min";
  TC_CHECK(Value, self.defined(), name, ": an undefined tensor");
  // TensorCompare.cpp / ReduceAllOps.cpp: a RuntimeError, not an IndexError.
  check_nonempty_dims(is_max ? "max()" : "min()", self, {}, false);
  const ReducedShape r = reduced_shape(self.sizes(), {}, false);
  Tensor out = extreme_rows(name, self, r, is_max);
  if (is_floating(self.dtype()) && needs_grad({self})) {
    // PyTorch's evenly_distribute_backward: split among the elements equal
    // to the result, or among the NaNs when the result is NaN.
    attach_grad(
        out, name, {self},
        [](const BackwardArgs& args) {
          const Tensor& a = args.saved[0];
          const Tensor& value = args.saved[1];
          const bool nan = value.item() != value.item();
          const Tensor mask = nan ? compare(CompareOp::Ne, a, a) : compare(CompareOp::Eq, a, value);
          return std::vector<Tensor>{where(mask, div(args.grad, sum(mask)), 0.0)};
        },
        {self, detach(out)});
    set_grad_fn(out, is_max ? "MaxBackward1" : "MinBackward1");  // max(): the second overload
  }
  return out;
}

}  // namespace

ValuesIndices max(const Tensor& self, int64_t dim, bool keepdim) {
  return max_min_dim(self, dim, keepdim, true);
}
ValuesIndices min(const Tensor& self, int64_t dim, bool keepdim) {
  return max_min_dim(self, dim, keepdim, false);
}
Tensor max(const Tensor& self) { return max_min_all(self, true); }
Tensor min(const Tensor& self) { return max_min_all(self, false); }

// --- argmax, argmin

namespace {

Tensor arg_max_min(const Tensor& self, std::optional<int64_t> dim, bool keepdim, bool is_max) {
  const char* name = is_max ? "argmax" : "argmin";
  const char* shown = is_max ? "argmax()" : "argmin()";
  TC_CHECK(Value, self.defined(), name, ": an undefined tensor");
  std::vector<int64_t> dims;
  if (dim) {
    dims.push_back(wrap_dim(*dim, self.ndim()));
    check_nonempty_dims(shown, self, dims, true);
  } else {
    // check_argmax_argmin: an IndexError with a shorter text than max()'s.
    TC_CHECK(Index, self.numel() != 0, shown,
             ": Expected reduction dim to be specified for input.numel() == 0.");
  }
  // ReduceOps.cpp's dispatch (argmax_cpu, argmin_cpu) has no bool kernel;
  // the meta function's dim checks come before it, and argmax_argmin_impl
  // reaches it only with work to do: a reduced dim of size 1 is filled
  // with 0 and an empty input runs no kernel.
  const bool kernel = self.numel() != 0 && !(dim && self.ndim() > 0 && self.sizes()[dims[0]] == 1);
  TC_CHECK(Type, !kernel || self.dtype() != DType::Bool, "\"", name, "_cpu\" not implemented for 'Bool'");
  const ReducedShape r = reduced_shape(self.sizes(), dims, keepdim);
  return typed_rows(name, self, r, DType::Int64, DTypeRule::Index,
                    [&](const RowsPlan& p, const Tensor& o) {
                      visit_dtype(self.dtype(), [&](auto tag) {
                        using T = decltype(tag);
                        const T* a = self.data<T>();
                        int64_t* i = o.data<int64_t>();
                        if (is_max) rows_arg<T, true>(a, p, nullptr, i);
                        else rows_arg<T, false>(a, p, nullptr, i);
                      });
                    });
}

}  // namespace

Tensor argmax(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  return arg_max_min(self, dim, keepdim, true);
}
Tensor argmin(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  return arg_max_min(self, dim, keepdim, false);
}

// --- prod

Tensor prod(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  TC_CHECK(Value, self.defined(), "prod: an undefined tensor");
  const DType dtype = promote({{self.dtype(), Category::Dim}}, DTypeRule::Sum).result;
  std::vector<int64_t> dims;
  if (dim) dims.push_back(*dim);
  const ReducedShape r = reduced_shape(self.sizes(), dims, dim ? keepdim : false);
  Tensor out = Tensor::empty(r.out_shape, dtype);
  const Tensor a = to_keeping_repeats(self, dtype);
  const RowsPlan plan = plan_rows(a, r);
  charge_rows(plan);
  const Tensor target = rows_target(out, plan);
  const ProductNest nest = product_nest(a, r);
  visit_dtype(dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, int64_t> || std::is_floating_point_v<T>)
      rows_prod<T>(a.data<T>(), plan, nest, target.data<T>());
  });
  spread_rows(target, out, r);
  trace_reduction("prod", self, out, r, DTypeRule::Sum, dtype, row_kernel_name(dtype, "prod"),
                  "reduce-inner");
  if (is_floating(dtype) && needs_grad({self})) {
    const int64_t wrapped = dim ? wrap_dim(*dim, self.ndim()) : 0;
    const bool has_dim = dim.has_value();
    attach_grad(
        out, "prod", {self},
        [r, wrapped, has_dim](const BackwardArgs& args) {
          // PyTorch's prod_backward (FunctionsManual.cpp): result / input
          // when no element of the input is zero; else the products of the
          // others (per slice along dim; over everything for prod()).
          const Tensor& x = args.saved[0];
          const Tensor& result = args.saved[1];
          if (x.ndim() == 0) return std::vector<Tensor>{args.grad};
          const Tensor g = has_dim ? restore(args.grad, r) : args.grad;
          const Tensor res = has_dim ? restore(result, r) : result;
          const int64_t zeros = count_zeros(x);
          if (zeros == 0) return std::vector<Tensor>{mul(g, div(res, x))};
          if (has_dim) return std::vector<Tensor>{prod_zeros_backward(g, x, wrapped)};
          // prod(): with more than one zero every product of the others is 0.
          if (zeros > 1) return std::vector<Tensor>{Tensor::zeros(x.sizes(), x.dtype())};
          const Tensor flat = reshape(x, {x.numel()});
          return std::vector<Tensor>{
              view(prod_zeros_backward(view(g, {1}), flat, 0), x.sizes())};
        },
        {self, detach(out)});
    set_grad_fn(out, has_dim ? "ProdBackward1" : "ProdBackward0");
  }
  return out;
}

// --- var, std

namespace {

Tensor var_std(const Tensor& self, const std::vector<int64_t>& dims, int64_t correction,
               bool keepdim, bool take_sqrt) {
  const char* name = take_sqrt ? "std" : "var";
  TC_CHECK(Value, self.defined(), name, ": an undefined tensor");
  check_floating(self);
  const ReducedShape r = reduced_shape(self.sizes(), dims, keepdim);
  Tensor out = Tensor::empty(r.out_shape, self.dtype());
  const RowsPlan plan = plan_rows(self, r);
  charge_rows(plan);
  const Tensor target = rows_target(out, plan);
  // Note [var of everything]: when the result is one number, PyTorch's
  // std_var_all_cpu centres on self.mean() as computed in self's dtype (a
  // float32 cascade sum divided by n), not on a mean in double, then sums
  // the squares in double.
  Tensor all_mean;
  if (out.numel() == 1 && self.numel() > 0) {
    TracePause pause;
    NoGradGuard no_grad;
    all_mean = tc::mean(self);
  }
  visit_dtype(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) {
      const std::optional<double> m =
          all_mean.defined() ? std::optional<double>(static_cast<double>(*all_mean.data<T>())) : std::nullopt;
      rows_var<T>(self.data<T>(), plan, r.count, target.data<T>(), correction, take_sqrt, m);
    }
  });
  spread_rows(target, out, r);
  trace_reduction(name, self, out, r, DTypeRule::Same, self.dtype(),
                  row_kernel_name(self.dtype(), name), "reduce-inner");
  if (needs_grad({self})) {
    const bool every_dim = dims.empty();
    attach_grad(
        out, name, {self},
        [r, correction, take_sqrt, every_dim](const BackwardArgs& args) {
          // PyTorch's var_backward: (2 / (n - correction)) * grad * (x - mean);
          // std_backward first turns the gradient into var's, grad / (2 std),
          // 0 where std is 0.
          const Tensor& x = args.saved[0];
          Tensor g = restore(args.grad, r);
          if (take_sqrt) {
            const Tensor s = restore(args.saved[1], r);
            g = where(compare(CompareOp::Eq, s, 0.0), 0.0, div(g, mul(s, 2.0)));
          }
          const double dof = static_cast<double>(r.count - correction);
          // PyTorch 1.13, a reduction without a dim (or of a 0-D tensor) and
          // no degrees of freedom: the gradient is (2 / dof) * grad alone, a
          // 0-D tensor (inf for var(), NaN for std() of a 0-D x), which the
          // engine's check refuses for an x of one element and some dims.
          if (dof <= 0 && (every_dim || x.ndim() == 0) && x.numel() != 0) {
            TC_CHECK(Autograd, x.ndim() == 0, "Function ", take_sqrt ? "StdBackward0" : "VarBackward0",
                     " returned an invalid gradient at index 0 - got [] but expected shape compatible with ",
                     format_shape(x.sizes()));
            return std::vector<Tensor>{mul(g, 2.0 / dof)};
          }
          const Tensor centred = sub(x, mean(x, r.dims, true));
          return std::vector<Tensor>{mul(mul(g, 2.0 / dof), centred)};
        },
        {self, detach(out)});
    set_grad_fn(out, take_sqrt ? "StdBackward0" : "VarBackward0");
  }
  return out;
}

}  // namespace

Tensor var(const Tensor& self, const std::vector<int64_t>& dims, int64_t correction, bool keepdim) {
  return var_std(self, dims, correction, keepdim, false);
}
Tensor std(const Tensor& self, const std::vector<int64_t>& dims, int64_t correction, bool keepdim) {
  return var_std(self, dims, correction, keepdim, true);
}

// --- logsumexp

Tensor logsumexp(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim) {
  TC_CHECK(Value, self.defined(), "logsumexp: an undefined tensor");
  // Integers and bool give the default float (ReduceOps.cpp's logsumexp).
  const DType dtype = is_floating(self.dtype()) ? self.dtype() : DType::Float32;
  const ReducedShape r = reduced_shape(self.sizes(), dims, keepdim);
  // The result first: one too large for memory is refused before anything runs.
  Tensor out = Tensor::empty(r.out_shape, dtype);
  bool fast = false;
  {
    // PyTorch's logsumexp_out_impl: the max m of each row (0 where it is
    // infinite, so that a row of -inf gives -inf and not NaN), then
    // log(sum(exp(x - m))) + m. Each step is an op of the engine's own, on
    // the distinct numbers (Note [Reductions through strides]): the sum of
    // exponentials is multiplied by how many times each occurs in its row.
    TracePause pause;
    NoGradGuard no_grad;
    const Tensor a = to(compact(self), dtype);
    double repeat = 1;
    for (int64_t d : r.dims)
      if (repeats(self, d)) repeat *= static_cast<double>(self.sizes()[static_cast<size_t>(d)]);
    // Over the last dim of float32 rows: Note [logsumexp rows] (softmax.cpp).
    const bool last_dim = self.ndim() > 0 && r.dims == std::vector<int64_t>{self.ndim() - 1};
    fast = last_dim && repeat == 1 && a.sizes() == self.sizes() && logsumexp_lastdim_f32(a, out);
    if (!fast) {
      Tensor m;
      Tensor s;
      if (a.numel() != 0) {
        m = amax(a, r.dims, true);
        m = where(compare(CompareOp::Eq, unary(UnaryOp::Abs, m), INFINITY), 0.0, m);
        s = sum(unary(UnaryOp::Exp, sub(a, m)), r.dims, true);
      } else {
        s = sum(unary(UnaryOp::Exp, a), r.dims, true);
      }
      if (repeat > 1) s = mul(s, repeat);
      Tensor lse = unary(UnaryOp::Log, s);
      if (m.defined()) lse = add(lse, m);
      copy_into(out.with_geometry(Geometry::contiguous(r.keep_shape)), expand(lse, r.keep_shape));
    }
  }
  trace_reduction("logsumexp", self, out, r,
                  is_floating(self.dtype()) ? DTypeRule::Same : DTypeRule::PromoteToFloat, dtype,
                  fast ? "f32_rlogsumexp__" TC_ISA "_u16" : row_kernel_name(dtype, "logsumexp"),
                  "reduce-inner");
  if (is_floating(self.dtype()) && needs_grad({self})) {
    attach_grad(
        out, "logsumexp", {self},
        [r](const BackwardArgs& args) {
          // PyTorch's logsumexp_backward: grad * exp(x - result).
          const Tensor& x = args.saved[0];
          const Tensor res = restore(args.saved[1], r);
          return std::vector<Tensor>{mul(restore(args.grad, r), unary(UnaryOp::Exp, sub(x, res)))};
        },
        {self, detach(out)});
  }
  return out;
}

// --- all, any

namespace {

Tensor all_any(const Tensor& self, std::optional<int64_t> dim, bool keepdim, bool is_all) {
  const char* name = is_all ? "all" : "any";
  TC_CHECK(Value, self.defined(), name, ": an undefined tensor");
  std::vector<int64_t> dims;
  if (dim) dims.push_back(*dim);
  const ReducedShape r = reduced_shape(self.sizes(), dims, dim ? keepdim : false);
  // PyTorch keeps uint8 as uint8 here (its note on all and any's uint8 compatibility).
  const DType out_dtype = self.dtype() == DType::UInt8 ? DType::UInt8 : DType::Bool;
  return typed_rows(name, self, r, out_dtype, DTypeRule::Bool,
                    [&](const RowsPlan& p, const Tensor& o) {
                      visit_dtype(self.dtype(), [&](auto tag) {
                        using T = decltype(tag);
                        const T* a = self.data<T>();
                        if (out_dtype == DType::UInt8) {
                          uint8_t* u = o.data<uint8_t>();
                          if (is_all) rows_all_any<T, uint8_t, true>(a, p, u);
                          else rows_all_any<T, uint8_t, false>(a, p, u);
                        } else {
                          bool* b = o.data<bool>();
                          if (is_all) rows_all_any<T, bool, true>(a, p, b);
                          else rows_all_any<T, bool, false>(a, p, b);
                        }
                      });
                    });
}

}  // namespace

Tensor all(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  return all_any(self, dim, keepdim, true);
}
Tensor any(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  return all_any(self, dim, keepdim, false);
}

}  // namespace tc
