// sum and sum_to: forward, backward and trace.
#include <algorithm>

#include "autograd/node.h"
#include "engine/kernels.h"
#include "engine/ukernels.h"
#include "work.h"
#include "ops/internal.h"
#include "ops/reduction.h"

namespace tc {

namespace {

// Sums `in` into `out_keepdim` (same ndim, size 1 on reduced dims, zeroed).
// The output is expanded over the reduced dims (stride 0), and the loop
// order follows the input's memory, so the inner loop always streams the
// input: either summing a row into one number ("reduce-inner") or adding a
// row into a row of the output ("reduce-outer", the case of sum_to over
// leading dims, never a transpose).
//
// Note [Summing a repeated dim]: where the input has stride 0 on a dim the
// sum reduces (an expanded tensor), every number along it is the same, so
// that dim is not looped: it is dropped from the plan and the sums are
// multiplied by its size at the end. The work stays bounded by the memory
// actually read (sum(expand(ones([1]), [100000, 100000])) is one multiply),
// and the result is exact where a float accumulator would stall at 2^24.
// A dim the input repeats and the sum keeps is summed once and the sums
// spread along it (Note [Reductions through strides], ops/reduction.h).
// The inner loop a sum runs, by the strides of its innermost loop dim.
enum class SumKernel {
  RowSum,         // reduce-inner: a contiguous row into one number
  AccRows,        // reduce-outer: rows added into a row, four to a pass
  Acc,            // reduce-outer: a row added into a row
  RowSumStrided,  // strided: a strided row into one number
  AccStrided,     // strided: anything else
};

// Its name in traces (Note [Kernel names]).
const char* sum_kernel_name(SumKernel k) {
  using K = ukernels::Sum;
  switch (k) {
    case SumKernel::RowSum:
      return K::row.name;
    case SumKernel::AccRows:
      return K::rows4.name;
    case SumKernel::Acc:
      return K::acc.name;
    case SumKernel::RowSumStrided:
      return K::row_strided.name;
    case SumKernel::AccStrided:
      return K::acc_strided.name;
  }
  TC_ASSERT(false, "unknown sum kernel");
}

const char* sum_pattern_name(SumKernel k) {
  switch (k) {
    case SumKernel::RowSum: return "reduce-inner";
    case SumKernel::AccRows:
    case SumKernel::Acc: return "reduce-outer";
    case SumKernel::RowSumStrided:
    case SumKernel::AccStrided: return "strided";
  }
  TC_ASSERT(false, "unknown sum kernel");
}

struct SumPlan {
  LoopPlan loop;                       // operand 0 out_keepdim, 1 in
  std::vector<int64_t> repeated_dims;  // dropped from the loop
  double repeat = 1.0;                 // the product of their sizes
};

SumPlan plan_sum(const Tensor& in, const Tensor& out_keepdim) {
  SumPlan p;
  Shape shape = in.sizes();
  for (size_t d = 0; d < shape.size(); ++d)
    if (in.strides()[d] == 0 && shape[d] > 1 && out_keepdim.sizes()[d] == 1) {
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

// Runs plan p (from plan_sum over the same tensors) and returns the
// kernel it chose; nothing is built for a trace.
SumKernel run_sum(const SumPlan& p, const Tensor& in, const Tensor& out_keepdim) {
  const LoopPlan& plan = p.loop;
  float* out = out_keepdim.f32();
  const float* a = in.f32();
  const int64_t so = plan.shape.empty() ? 0 : plan.strides[0][0];
  const int64_t sa = plan.shape.empty() ? 1 : plan.strides[1][0];
  using Off = std::array<int64_t, 2>;
  SumKernel kernel;
  if (so == 0 && sa == 1) {
    kernel = SumKernel::RowSum;
    for_each_row<2>(plan, [&](int64_t n, const Off& o, const Off&) {
      out[o[0]] += kernels::f32_rsum(n, a + o[1]);
    });
  } else if (so == 1 && sa == 1 && plan.shape.size() >= 2 && plan.strides[0][1] == 0) {
    // The next loop dim is summed too: its rows go four to a pass.
    kernel = SumKernel::AccRows;
    for_each_plane<2>(plan, [&](int64_t n0, int64_t n1, const Off& o, const Off&, const Off& s1) {
      kernels::f32_vacc_rows(n0, n1, out + o[0], a + o[1], s1[1]);
    });
  } else if (so == 1 && sa == 1) {
    kernel = SumKernel::Acc;
    for_each_row<2>(plan, [&](int64_t n, const Off& o, const Off&) {
      kernels::f32_vacc(n, out + o[0], a + o[1]);
    });
  } else if (so == 0) {
    kernel = SumKernel::RowSumStrided;
    for_each_row<2>(plan, [&](int64_t n, const Off& o, const Off& s) {
      out[o[0]] += kernels::f32_rsum_strided(n, a + o[1], s[1]);
    });
  } else {
    kernel = SumKernel::AccStrided;
    for_each_row<2>(plan, [&](int64_t n, const Off& o, const Off& s) {
      kernels::f32_acc_strided(n, out + o[0], s[0], a + o[1], s[1]);
    });
  }
  if (!p.repeated_dims.empty()) {
    const float factor = static_cast<float>(p.repeat);
    for (int64_t i = 0, n = out_keepdim.numel(); i < n; ++i) out[i] *= factor;
  }
  return kernel;
}

// The sums of int64 and float64 (every integer and bool sum is an int64
// one: the input was converted first): plain loops, no 4-lane kernels.
template <class T>
KernelChoice run_sum_any(const SumPlan& p, const Tensor& in, const Tensor& out_keepdim) {
  const LoopPlan& plan = p.loop;
  T* out = out_keepdim.data<T>();
  const T* a = in.data<T>();
  using Off = std::array<int64_t, 2>;
  const bool inner = !plan.shape.empty() && plan.strides[0][0] == 0;
  for_each_row<2>(plan, [&](int64_t n, const Off& o, const Off& s) {
    kernels::x_sum_strided(n, out + o[0], s[0], a + o[1], s[1]);
  });
  if (!p.repeated_dims.empty()) {
    // The repeat is at most the product of sizes, which fits int64.
    const T factor = static_cast<T>(p.repeat);
    for (int64_t i = 0, n = out_keepdim.numel(); i < n; ++i) out[i] = fn::wrap_mul(out[i], factor);
  }
  return {ukernels::typed_kernel_name(dtype_of<T>(), inner ? "rsum" : "acc", Pattern::Strided,
                                      false),
          inner ? Pattern::Contiguous : Pattern::Strided};
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
  // A kept dim the input repeats is summed once and spread (Note
  // [Reductions through strides]); a reduced one, plan_sum leaves out.
  std::vector<bool> kept(r.reduced.size());
  for (size_t d = 0; d < kept.size(); ++d) kept[d] = !r.reduced[d];
  const Tensor c = compact(a, kept);
  const bool spread = c.sizes() != a.sizes();
  Shape compact_keep = c.sizes();
  for (int64_t d : r.dims) compact_keep[static_cast<size_t>(d)] = 1;
  const Tensor acc = spread ? Tensor::zeros(compact_keep, dtype) : out_keepdim;
  const SumPlan plan = plan_sum(c, acc);
  // the loop's reads and writes (the fill above, the spread below charge as copies)
  charge_work(WorkKind::Elements, static_cast<double>(numel(plan.loop.shape)) +
                                      static_cast<double>(acc.numel()));
  if (dtype == DType::Float32) {
    const SumKernel kernel = run_sum(plan, c, acc);
    trace_sum(op, self, a, out_keepdim, plan, r, sum_kernel_name(kernel), sum_pattern_name(kernel));
  } else {
    const KernelChoice kernel = dtype == DType::Int64 ? run_sum_any<int64_t>(plan, c, acc)
                                                      : run_sum_any<double>(plan, c, acc);
    trace_sum(op, self, a, out_keepdim, plan, r, kernel.kernel,
              kernel.pattern == Pattern::Contiguous ? "reduce-inner" : "reduce-outer");
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
