// sum and sum_to: forward, backward and trace.
#include <algorithm>

#include "autograd/node.h"
#include "engine/cascade.h"
#include "engine/kernels.h"
#include "engine/parallel.h"
#include "engine/ukernels.h"
#include "work.h"
#include "ops/internal.h"
#include "ops/reduction.h"

namespace tc {

namespace {

// Sums `in` into `out_keepdim` (same ndim, size 1 on reduced dims, zeroed).
//
// Note [Summing a repeated dim]: where the input has stride 0 on a dim the
// sum reduces (an expanded tensor), every number along it is the same.
// PyTorch loops over it all the same, and so does tensorcast up to
// kLoopedRepeats elements, adding in PyTorch's order (Note [Cascade sum]).
// Past that the dim is not looped: it is dropped from the plan and the
// sums are multiplied by its size at the end, so that the work stays
// bounded by the memory actually read (sum(expand(ones([1]), [100000,
// 100000])) is one multiply), and the result is the exact product where
// PyTorch's float accumulators round (docs/limits.md). A dim the input
// repeats and the sum keeps is then summed once and the sums spread along
// it (Note [Reductions through strides], ops/reduction.h).
constexpr int64_t kLoopedRepeats = int64_t{1} << 24;

struct SumPlan {
  LoopPlan loop;                       // operand 0 out_keepdim, 1 in
  std::vector<int64_t> repeated_dims;  // dropped from the loop
  double repeat = 1.0;                 // the product of their sizes
};

// The loop over `in` and `out_keepdim` in the input's memory order, with
// the reduced dims `in` repeats dropped when `drop_repeats`: what an
// integer sum runs and what a sum's trace shows.
SumPlan plan_sum(const Tensor& in, const Tensor& out_keepdim, bool drop_repeats = true) {
  SumPlan p;
  Shape shape = in.sizes();
  for (size_t d = 0; d < shape.size(); ++d)
    if (drop_repeats && in.strides()[d] == 0 && shape[d] > 1 && out_keepdim.sizes()[d] == 1) {
      p.repeated_dims.push_back(static_cast<int64_t>(d));
      p.repeat *= static_cast<double>(shape[d]);
      shape[d] = 1;
    }
  const Geometry out_g = out_keepdim.geometry().expand(shape);
  std::vector<Strides> strides{out_g.strides(), in.strides()};
  const std::vector<int64_t> order = iteration_order(shape, strides, {false, true});
  p.loop = make_plan(shape, strides, {out_g.offset(), in.offset()}, order);
  return p;
}

// PyTorch's TensorIterator for a reduction of an input of `sizes` and
// `in_strides` into an output with `out_strides` (0 along each reduced dim
// of size > 1), as cascade_sum receives it: the dims reordered
// (reorder_dimensions: reduced dims first, then by the output's strides,
// then the input's) and coalesced (coalesce_dimensions), innermost first.
struct ReduceIteration {
  std::vector<int64_t> shape, in_strides, out_strides;
};

ReduceIteration reduce_iteration(const Shape& sizes, const Strides& in_strides,
                                 const Strides& out_strides) {
  const int64_t nd = static_cast<int64_t>(sizes.size());
  // perm[i]: the tensor dim that is loop dim i; at first the innermost first.
  std::vector<int64_t> perm(static_cast<size_t>(nd));
  for (int64_t i = 0; i < nd; ++i) perm[static_cast<size_t>(i)] = nd - 1 - i;
  const Strides* operands[2] = {&out_strides, &in_strides};
  const auto should_swap = [&](int64_t d0, int64_t d1) {
    for (int arg = 0; arg < 2; ++arg) {
      const int64_t s0 = (*operands[arg])[static_cast<size_t>(d0)];
      const int64_t s1 = (*operands[arg])[static_cast<size_t>(d1)];
      if (arg == 0 && (s0 == 0) != (s1 == 0)) return s1 == 0 ? 1 : -1;
      if (s0 == 0 || s1 == 0) continue;
      if (s0 != s1) return s0 < s1 ? -1 : 1;
      if (sizes[static_cast<size_t>(d0)] > sizes[static_cast<size_t>(d1)]) return 1;
    }
    return 0;
  };
  // PyTorch's insertion sort, which tolerates comparisons that decide nothing.
  for (int64_t i = 1; i < nd; ++i) {
    int64_t dim1 = i;
    for (int64_t dim0 = i - 1; dim0 >= 0; --dim0) {
      const int c = should_swap(perm[static_cast<size_t>(dim0)], perm[static_cast<size_t>(dim1)]);
      if (c > 0) {
        std::swap(perm[static_cast<size_t>(dim0)], perm[static_cast<size_t>(dim1)]);
        dim1 = dim0;
      } else if (c < 0) {
        break;
      }
    }
  }
  ReduceIteration it;
  for (const int64_t d : perm) {
    it.shape.push_back(sizes[static_cast<size_t>(d)]);
    it.in_strides.push_back(in_strides[static_cast<size_t>(d)]);
    it.out_strides.push_back(out_strides[static_cast<size_t>(d)]);
  }
  if (nd <= 1) return it;
  size_t prev = 0;
  for (size_t dim = 1; dim < it.shape.size(); ++dim) {
    const bool coalesces = it.shape[prev] == 1 || it.shape[dim] == 1 ||
                           (it.shape[prev] * it.in_strides[prev] == it.in_strides[dim] &&
                            it.shape[prev] * it.out_strides[prev] == it.out_strides[dim]);
    if (coalesces) {
      if (it.shape[prev] == 1) {
        it.in_strides[prev] = it.in_strides[dim];
        it.out_strides[prev] = it.out_strides[dim];
      }
      it.shape[prev] *= it.shape[dim];
    } else if (++prev != dim) {
      it.in_strides[prev] = it.in_strides[dim];
      it.out_strides[prev] = it.out_strides[dim];
      it.shape[prev] = it.shape[dim];
    }
  }
  it.shape.resize(prev + 1);
  it.in_strides.resize(prev + 1);
  it.out_strides.resize(prev + 1);
  return it;
}

// Sums the float32 or float64 `in` into `out_keepdim` (zeroed) in PyTorch's
// order (Note [Cascade sum]), every element looped (repeated ones too).
// Returns the path the loop took.
template <class T>
cascade::Path cascade_sum(const Tensor& in, const Tensor& out_keepdim) {
  Strides out_strides = out_keepdim.strides();
  for (size_t d = 0; d < out_strides.size(); ++d)
    if (out_keepdim.sizes()[d] == 1 && in.sizes()[d] != 1) out_strides[d] = 0;
  const ReduceIteration it = reduce_iteration(in.sizes(), in.strides(), out_strides);
  T* out = first_element<T>(out_keepdim);
  const T* a = first_element<T>(in);
  cascade::Path path = cascade::Path::Elementwise;
  if (in.numel() == 0) return path;
  const size_t nd = it.shape.size();
  const auto dim = [&](const std::vector<int64_t>& v, size_t i) { return i < nd ? v[i] : 0; };
  const int64_t size0 = nd > 0 ? it.shape[0] : 1, size1 = nd > 1 ? it.shape[1] : 1;
  // The dims past the two innermost, dim 2 fastest (TensorIterator's DimCounter).
  const size_t first_outer = std::min<size_t>(nd, 2);
  const Shape outer(it.shape.begin() + first_outer, it.shape.end());
  const Strides outer_in(it.in_strides.begin() + first_outer, it.in_strides.end());
  const Strides outer_out(it.out_strides.begin() + first_outer, it.out_strides.end());
  // Outer positions [p0, p1), dim 2 fastest; returns the path they took.
  const auto run = [&](int64_t p0, int64_t p1) {
    std::vector<int64_t> counter(outer.size(), 0);
    int64_t in_offset = 0, out_offset = 0;
    for (size_t d = 0, rest = static_cast<size_t>(p0); d < outer.size(); ++d) {
      counter[d] = static_cast<int64_t>(rest) % outer[d];
      rest /= static_cast<size_t>(outer[d]);
      in_offset += counter[d] * outer_in[d];
      out_offset += counter[d] * outer_out[d];
    }
    cascade::Path taken = cascade::Path::Elementwise;
    for (int64_t p = p0; p < p1; ++p) {
      taken = cascade::cascade_loop<T>(out + out_offset, a + in_offset, size0, size1,
                                       dim(it.in_strides, 0), dim(it.in_strides, 1),
                                       dim(it.out_strides, 0), dim(it.out_strides, 1));
      for (size_t d = 0; d < outer.size(); ++d) {
        in_offset += outer_in[d];
        out_offset += outer_out[d];
        if (++counter[d] < outer[d]) break;
        in_offset -= outer[d] * outer_in[d];
        out_offset -= outer[d] * outer_out[d];
        counter[d] = 0;
      }
    }
    return taken;
  };
  const int64_t positions = numel(outer);
  // The outer positions split between threads (Note [Threads],
  // engine/parallel.h) when each writes outputs of its own (no outer dim
  // reduced), and either there are enough of them or the two inner dims
  // are both reduced (cascade_loop keeps those on one thread).
  bool outer_kept = true;
  for (const int64_t s : outer_out) outer_kept &= s != 0;
  const bool inner_splits = dim(it.out_strides, 0) != 0 || dim(it.out_strides, 1) != 0;
  if (outer_kept && positions > 1 && (positions >= 4 * parallel::threads() || !inner_splits)) {
    parallel::parallel_for(positions, 1, static_cast<double>(in.numel()), [&](int64_t p0, int64_t p1) {
      const cascade::Path taken = run(p0, p1);
      if (p0 == 0) path = taken;  // the same for every position; one chunk writes it
    });
    return path;
  }
  return run(0, positions);
}

// The sums of int64 (every integer and bool sum is an int64 one: the input
// was converted first, and wrapping sums do not depend on the order).
KernelChoice run_int_sum(const SumPlan& p, const Tensor& in, const Tensor& out_keepdim) {
  const LoopPlan& plan = p.loop;
  int64_t* out = out_keepdim.data<int64_t>();
  const int64_t* a = in.data<int64_t>();
  using Off = std::array<int64_t, 2>;
  const bool inner = !plan.shape.empty() && plan.strides[0][0] == 0;
  for_each_row<2>(plan, [&](int64_t n, const Off& o, const Off& s) {
    kernels::x_sum_strided(n, out + o[0], s[0], a + o[1], s[1]);
  });
  if (!p.repeated_dims.empty()) {
    // The repeat is at most the product of sizes, which fits int64.
    const auto factor = static_cast<int64_t>(p.repeat);
    for (int64_t i = 0, n = out_keepdim.numel(); i < n; ++i) out[i] = fn::wrap_mul(out[i], factor);
  }
  return {ukernels::typed_kernel_name(DType::Int64, inner ? "rsum" : "acc", Pattern::Strided, false),
          inner ? Pattern::Contiguous : Pattern::Strided};
}

// The kernel a float sum ran, by its path (Note [Kernel names]).
const char* cascade_kernel_name(DType dtype, cascade::Path path) {
  namespace K = ukernels;
  const bool f32 = dtype == DType::Float32;
  switch (path) {
    case cascade::Path::Inner:
      return (f32 ? K::f32_rsum_cascade__autovec_4x8 : K::f64_rsum_cascade__autovec_4x4).name;
    case cascade::Path::Outer:
      return (f32 ? K::f32_vsum_cascade__autovec_4x8 : K::f64_vsum_cascade__autovec_4x4).name;
    case cascade::Path::ScalarInner:
      return (f32 ? K::f32_rsum_cascade__scalar_strided : K::f64_rsum_cascade__scalar_strided).name;
    case cascade::Path::ScalarOuter:
      return (f32 ? K::f32_sum_cascade__scalar_strided : K::f64_sum_cascade__scalar_strided).name;
    case cascade::Path::Elementwise:
      return (f32 ? K::f32_acc__scalar_strided : K::f64_acc__scalar_strided).name;
  }
  TC_ASSERT(false, "unknown cascade path");
}

// Its inner stride pattern in traces: a row summed into one number, rows
// added into a row, or neither contiguous.
const char* cascade_pattern_name(cascade::Path path) {
  switch (path) {
    case cascade::Path::Inner: return "reduce-inner";
    case cascade::Path::Outer: return "reduce-outer";
    case cascade::Path::ScalarInner:
    case cascade::Path::ScalarOuter:
    case cascade::Path::Elementwise: return "strided";
  }
  TC_ASSERT(false, "unknown cascade path");
}

// Records the sum's trace, if a TraceScope is active. `given` is the
// input before it was converted to the sum's dtype.
void trace_sum(const char* op, const Tensor& given, const Tensor& in, const Tensor& out_keepdim,
               const SumPlan& p, const ReducedShape& r, const char* kernel, const char* pattern) {
  if (!tracing()) return;
  OpTrace t;
  t.op = op;
  t.repeated_dims = p.repeated_dims;
  t.reduced_dims = r.dims;
  t.keepdim = r.keepdim;
  t.broadcast = trace_broadcast({in.sizes()});
  const char* out_dtype = dtype_name(out_keepdim.dtype());
  t.operands.push_back({"out", out_keepdim.sizes(), out_keepdim.strides(),
                        out_keepdim.geometry().expand(in.sizes()).strides(), out_keepdim.offset(),
                        out_dtype});
  t.operands.push_back({"a", given.sizes(), given.strides(), given.strides(), given.offset(),
                        dtype_name(given.dtype())});
  const Category c = given.ndim() ? Category::Dim : Category::ZeroDim;
  t.promotion.operands.push_back({"a", dtype_name(given.dtype()), category_name(c),
                                  given.dtype() != in.dtype()});
  (c == Category::Dim ? t.promotion.tensor_dtype : t.promotion.zero_dim_dtype) =
      dtype_name(given.dtype());
  t.promotion.common_dtype = dtype_name(given.dtype());
  t.promotion.decided_by = category_name(c);
  t.promotion.rule = dtype_rule_name(DTypeRule::Sum);
  t.promotion.compute_dtype = out_dtype;
  t.promotion.result_dtype = out_dtype;
  t.plan = {p.loop.order, p.loop.groups(), p.loop.shape, p.loop.strides, pattern};
  t.kernel = kernel;
  record(std::move(t));
}

}  // namespace

ReducedShape reduced_shape(const Shape& sizes, const std::vector<int64_t>& dims, bool keepdim) {
  const int64_t ndim = static_cast<int64_t>(sizes.size());
  ReducedShape r;
  r.keepdim = keepdim;
  r.reduced.assign(static_cast<size_t>(std::max<int64_t>(ndim, 1)), false);
  for (int64_t d : dims) {
    const int64_t w = wrap_dim(d, ndim);
    TC_CHECK(Index, !r.reduced[w], "dim ", w, " appears multiple times in the list of dims");
    r.reduced[w] = true;
  }
  if (dims.empty()) r.reduced.assign(r.reduced.size(), true);  // PyTorch: dim=[] reduces every dim
  r.keep_shape = sizes;
  for (int64_t d = 0; d < ndim; ++d) {
    if (r.reduced[d]) {
      r.dims.push_back(d);
      r.count *= sizes[d];
      r.keep_shape[d] = 1;
    } else {
      r.out_shape.push_back(sizes[d]);
    }
  }
  if (keepdim) r.out_shape = r.keep_shape;
  r.reduced.resize(static_cast<size_t>(ndim));
  return r;
}

DimLines dim_lines(const Shape& sizes, int64_t dim) {
  DimLines s;
  for (int64_t d = 0; d < static_cast<int64_t>(sizes.size()); ++d)
    (d < dim ? s.outer : d > dim ? s.inner : s.size) *= sizes[d];
  return s;
}

RowsPlan plan_rows(const Tensor& a, const ReducedShape& r) {
  RowsPlan p;
  p.offset = a.offset();
  p.compact_keep = r.keep_shape;
  // The row's dims from the innermost out, each one's step being the
  // number of places the dims inside it span (repeated ones included).
  RowLoop& row = p.row;
  int64_t step = 1;
  for (auto it = r.dims.rbegin(); it != r.dims.rend(); ++it) {
    const int64_t d = *it;
    const int64_t size = a.sizes()[static_cast<size_t>(d)];
    const int64_t stride = a.strides()[static_cast<size_t>(d)];
    if (repeats(a, d)) {
      row.repeat *= size;
      p.repeated_dims.insert(p.repeated_dims.begin(), d);
    } else if (size != 1) {
      const bool merges = !row.sizes.empty() && stride == row.sizes.front() * row.strides.front() &&
                          step == row.sizes.front() * row.steps.front();
      if (merges) {
        row.sizes.front() *= size;
      } else {
        row.sizes.insert(row.sizes.begin(), size);
        row.strides.insert(row.strides.begin(), stride);
        row.steps.insert(row.steps.begin(), step);
      }
    }
    step *= size;
  }
  row.looped = numel(row.sizes);
  for (int64_t d = 0; d < a.ndim(); ++d) {
    if (r.reduced[static_cast<size_t>(d)]) continue;
    if (repeats(a, d)) {
      p.compact_keep[static_cast<size_t>(d)] = 1;
      p.spread = true;
    } else if (a.sizes()[static_cast<size_t>(d)] != 1) {
      p.out_sizes.push_back(a.sizes()[static_cast<size_t>(d)]);
      p.out_strides.push_back(a.strides()[static_cast<size_t>(d)]);
    }
  }
  p.rows = numel(p.compact_keep);
  return p;
}

void charge_rows(const RowsPlan& p, int outputs) {
  charge_work(WorkKind::Elements,
              static_cast<double>(p.rows) * (static_cast<double>(p.row.looped) + outputs));
}

Tensor rows_target(const Tensor& out, const RowsPlan& p) {
  return p.spread ? Tensor::empty(p.compact_keep, out.dtype()) : out;
}

void spread_rows(const Tensor& target, const Tensor& out, const ReducedShape& r) {
  if (target.shares_storage(out)) return;
  copy_into(out.with_geometry(Geometry::contiguous(r.keep_shape)), expand(target, r.keep_shape));
}

Tensor compact(const Tensor& t, const std::vector<bool>& which) {
  Geometry g = t.geometry();
  for (int64_t d = 0; d < t.ndim(); ++d)
    if ((which.empty() || which[static_cast<size_t>(d)]) && repeats(t, d)) g = g.narrow(d, 0, 1);
  return t.with_geometry(std::move(g));
}

Tensor to_keeping_repeats(const Tensor& t, DType dtype) {
  if (t.dtype() == dtype) return t;
  NoGradGuard no_grad;
  TracePause quiet;
  const Tensor c = compact(t);
  return c.sizes() == t.sizes() ? to(c, dtype) : expand(to(c, dtype), t.sizes());
}

Tensor sum_reduction(const Tensor& self, const ReducedShape& r, const char* op) {
  const DType dtype = promote({{self.dtype(), Category::Dim}}, DTypeRule::Sum).result;
  // The result first: one too large for memory is refused before anything runs.
  const Tensor out_keepdim = Tensor::zeros(r.keep_shape, dtype);
  const Tensor a = to_keeping_repeats(self, dtype);
  // Floats loop over every element, repeated ones too, up to a size (Note
  // [Summing a repeated dim]). Otherwise a kept dim the input repeats is
  // summed once and spread (Note [Reductions through strides]), and a
  // reduced one is left out of the loop.
  const bool loop_all = dtype != DType::Int64 && a.numel() <= kLoopedRepeats;
  std::vector<bool> kept(r.reduced.size());
  for (size_t d = 0; d < kept.size(); ++d) kept[d] = !r.reduced[d];
  const Tensor c = loop_all ? a : compact(a, kept);
  const bool spread = c.sizes() != a.sizes();
  Shape compact_keep = c.sizes();
  for (int64_t d : r.dims) compact_keep[static_cast<size_t>(d)] = 1;
  const Tensor acc = spread ? Tensor::zeros(compact_keep, dtype) : out_keepdim;
  const SumPlan plan = plan_sum(c, acc, !loop_all);
  // the loop's reads and writes (the fill above, the spread below charge as copies)
  charge_work(WorkKind::Elements, static_cast<double>(numel(plan.loop.shape)) +
                                      static_cast<double>(acc.numel()));
  if (dtype == DType::Int64) {
    const KernelChoice kernel = run_int_sum(plan, c, acc);
    trace_sum(op, self, a, out_keepdim, plan, r, kernel.kernel,
              kernel.pattern == Pattern::Contiguous ? "reduce-inner" : "reduce-outer");
  } else {
    const Tensor looped = plan.repeated_dims.empty() ? c : compact(c, r.reduced);
    const cascade::Path path = visit_dtype(dtype, [&](auto tag) {
      using T = decltype(tag);
      if constexpr (std::is_floating_point_v<T>) {
        const cascade::Path taken = cascade_sum<T>(looped, acc);
        if (!plan.repeated_dims.empty()) {
          T* o = acc.data<T>();
          const T factor = static_cast<T>(plan.repeat);
          for (int64_t i = 0, n = acc.numel(); i < n; ++i) o[i] *= factor;
        }
        return taken;
      } else {
        TC_ASSERT(false, "a float sum in ", dtype_name(dtype));
        return cascade::Path::Elementwise;
      }
    });
    trace_sum(op, self, a, out_keepdim, plan, r, cascade_kernel_name(dtype, path),
              cascade_pattern_name(path));
  }
  if (spread) copy_into(out_keepdim, expand(acc, r.keep_shape));
  return out_keepdim.with_geometry(Geometry::contiguous(r.out_shape));
}

Tensor sum(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim) {
  TC_CHECK(Value, self.defined(), "sum: an undefined tensor");
  const ReducedShape r = reduced_shape(self.sizes(), dims, keepdim);
  Tensor out = sum_reduction(self, r, "sum");
  // Only a floating sum is differentiable, and then it kept self's dtype.
  if (is_floating(self.dtype()) && needs_grad({self})) {
    const Shape in_shape = self.sizes();
    const Shape keep_shape = r.keep_shape;
    attach_grad(out, "sum", {self}, [in_shape, keep_shape](const BackwardArgs& args) {
      const Tensor& g = args.grad;
      // The gradient of a sum is the incoming one, copied back over the
      // summed dims: a view with stride 0 there (an expand), no copy.
      return std::vector<Tensor>{expand(view(contiguous(g), keep_shape), in_shape)};
    });
    set_grad_fn(out, "SumBackward1");  // sum(dim): PyTorch's second overload
  }
  return out;
}

Tensor sum(const Tensor& self) {
  Tensor out = sum(self, {}, false);
  set_grad_fn(out, "SumBackward0");
  return out;
}

// Note [sum_to] (PyTorch's _sum_to, aten/src/ATen/ExpandUtils.h)
// Collect the dims to reduce: every leading dim the target lacks, and every
// dim where the target has 1 and the tensor does not. One sum over them
// with keepdim, then a view to the target (only needed when leading dims
// went away). [2, 3] -> [1, 3]: reduce {0}, keepdim gives [1, 3], done.
// [3] -> [1]: reduce {0} -> [1]. [5,3,4,1] -> [3,1,1]: reduce {0, 2} with
// keepdim gives [1,3,1,1], viewed as [3,1,1].
SumToPlan sum_to_plan(const Shape& sizes, const Shape& target) {
  check_shape(target);
  const int64_t ndim = static_cast<int64_t>(sizes.size());
  const int64_t leading = ndim - static_cast<int64_t>(target.size());
  bool expandable = leading >= 0;
  for (int64_t i = std::max<int64_t>(leading, 0); expandable && i < ndim; ++i)
    expandable = target[i - leading] == sizes[i] || target[i - leading] == 1;
  TC_CHECK(Shape, expandable, "size {", format_shape(target), "} is not expandable to size {",
           format_shape(sizes), "}.");
  SumToPlan plan;
  plan.target = target;
  plan.keepdim_shape = sizes;
  for (int64_t i = 0; i < ndim; ++i) {
    if (i < leading)
      plan.leading_dims.push_back(i);
    else if (target[i - leading] == 1 && sizes[i] != 1)
      plan.ones_dims.push_back(i);
    else
      continue;
    plan.keepdim_shape[i] = 1;
  }
  plan.viewed = leading > 0;
  return plan;
}

Tensor sum_as_planned(const Tensor& self, const SumToPlan& plan) {
  // sum_to(x, []) is x.sum(), a new 0-D tensor even when x is 0-D.
  if (plan.target.empty()) return sum(self);
  std::vector<int64_t> dims = plan.leading_dims;  // all before the ones dims
  dims.insert(dims.end(), plan.ones_dims.begin(), plan.ones_dims.end());
  const Tensor t = dims.empty() ? self : sum(self, dims, true);
  return plan.viewed ? view(t, plan.target) : t;
}

Tensor sum_to(const Tensor& self, const Shape& shape) {
  return sum_as_planned(self, sum_to_plan(self.sizes(), shape));
}

}  // namespace tc
