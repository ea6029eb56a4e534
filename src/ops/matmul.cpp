// matmul: forward, backward and trace.
//
// Note [matmul]: PyTorch's at::matmul (aten/src/ATen/native/LinearAlgebra.cpp,
// the form of PyTorch 1.13 to 2.1, whose should_fold takes the other
// operand's dim) is composite: it picks one of six routes by the operands'
// dims, and the route decides the error texts and the result's grad_fn.
//
//   a      b      route       computes                          grad_fn
//   1-D    1-D    dot         a·b, a 0-D result                 DotBackward0
//   2-D    1-D    mv          a·b                               MvBackward0
//   1-D    2-D    mm          unsqueeze(a, 0)·b, squeeze_(0)    SqueezeBackward1
//   2-D    2-D    mm          a·b                               MmBackward0
//   N-D    1/2-D  folded-mv   a's batch folded into its rows,   UnsafeViewBackward0
//          (or 1/2-D @ N-D,   one mv/mm, _unsafe_view back;     (2-D @ N-D: mT().contiguous()
//          should_fold)       folded-mm                          of it: CloneBackward0)
//   else          bmm         batch dims broadcast (infer_size), UnsafeViewBackward0
//                             one bmm over them, _unsafe_view
//
// Here every route computes the same way: each operand is viewed as a
// batch of matrices (a 1-D a gets a 1 prepended, a 1-D b a 1 appended),
// the batch dims are broadcast by expanding the views (stride 0, nothing
// is copied), one product runs per batch index at the offsets the
// expanded strides give, and the promoted 1s are dropped from the result.
// When b is the same matrix for every batch index and a's batch dims
// merge into its rows, the batch is one tall product (as PyTorch's fold).
// The routes only name the errors, the grad_fn and the trace.
#include <algorithm>
#include <numeric>
#include <optional>

#include "autograd/node.h"
#include "engine/gemm.h"
#include "ops/internal.h"
#include "trace.h"

namespace tc {

namespace {

enum class Route { Dot, Mv, Mm, FoldedMv, FoldedMm, Bmm };

const char* route_name(Route r) {
  switch (r) {
    case Route::Dot: return "dot";
    case Route::Mv: return "mv";
    case Route::Mm: return "mm";
    case Route::FoldedMv: return "folded-mv";
    case Route::FoldedMm: return "folded-mm";
    case Route::Bmm: return "bmm";
  }
  TC_ASSERT(false, "unknown matmul route");
}

// PyTorch's should_fold(tensor1, dim_tensor2): t (N-D, N >= 3) times a
// 1-D or 2-D operand is folded into one mm or mv, unless t is a 3-D batch
// of transposed matrices stored batch-major (permute(0, 2, 1)), which bmm
// takes without a copy.
bool should_fold(const Tensor& t, int64_t other_dim) {
  if (t.ndim() < 3 || (other_dim != 1 && other_dim != 2)) return false;
  const Shape& s = t.sizes();
  const Strides& st = t.strides();
  return !(t.ndim() == 3 && other_dim == 2 && st.back() != 1 && st.front() == s[1] * s[2]);
}

int64_t product(const Shape& s, size_t begin, size_t end) {
  int64_t p = 1;
  for (size_t i = begin; i < end; ++i) p *= s[i];
  return p;
}

// What matmul will do with these operands, decided (and every shape checked)
// before anything is computed.
struct Plan {
  Route route;
  Shape a_batch, b_batch, batch;  // batch: the broadcast of the two
  int64_t m, n, k;
  bool a_promoted, b_promoted;
  // [batch..., m, k] and [batch..., k, n], expanded (no copy)
  Geometry a3 = Geometry::contiguous({}), b3 = Geometry::contiguous({});
  Shape product_shape;             // [batch..., m, n]
  Shape out_shape;                 // without the promoted 1s
  std::vector<int64_t> removed_dims;  // of product_shape
  const char* grad_fn;
  const char* dispatch_name;  // PyTorch's kernel, in "not implemented for 'Bool'"
  bool b_first = false;       // the kernel's first operand is b (2-D or 1-D @ N-D, folded)
};

// PyTorch's texts of the routes' shape checks.
[[noreturn]] void mm_mismatch(int64_t r1, int64_t c1, int64_t r2, int64_t c2) {
  fail(ErrorKind::Shape, "mat1 and mat2 shapes cannot be multiplied (", r1, "x", c1, " and ", r2,
       "x", c2, ")");
}
// (PyTorch 1.13's addmv text; later versions name input, mat and vec.)
[[noreturn]] void mv_mismatch(int64_t rows, int64_t cols, int64_t vec) {
  fail(ErrorKind::Shape, "size mismatch, got ", rows, ", ", rows, "x", cols, ",", vec);
}

Plan plan_matmul(const Tensor& a, const Tensor& b) {
  const int64_t da = a.ndim(), db = b.ndim();
  TC_CHECK(Shape, da != 0 && db != 0, "both arguments to matmul need to be at least 1D, but they are ",
           da, "D and ", db, "D");
  Plan p;
  const Shape& sa = a.sizes();
  const Shape& sb = b.sizes();
  p.a_promoted = da == 1;
  p.b_promoted = db == 1;
  const int64_t ka = sa.back(), kb = db == 1 ? sb[0] : sb[db - 2];
  p.m = da == 1 ? 1 : sa[da - 2];
  p.n = db == 1 ? 1 : sb.back();
  p.k = ka;
  p.a_batch.assign(sa.begin(), sa.end() - std::min<int64_t>(da, 2));
  p.b_batch.assign(sb.begin(), sb.end() - std::min<int64_t>(db, 2));
  if (da == 1 && db == 1) {
    p.route = Route::Dot;
    // dot checks the dtypes before the sizes (dot_check)
    TC_CHECK(Type, a.dtype() == b.dtype(), "dot : expected both vectors to have same dtype, but found ",
             dtype_c10_name(a.dtype()), " and ", dtype_c10_name(b.dtype()));
    TC_CHECK(Shape, ka == kb, "inconsistent tensor size, expected tensor [", ka, "] and src [", kb,
             "] to have the same number of elements, but got ", ka, " and ", kb,
             " elements respectively");
    p.grad_fn = "DotBackward0";
    p.dispatch_name = "dot";
  } else if (da == 2 && db == 1) {
    p.route = Route::Mv;
    if (ka != kb) mv_mismatch(p.m, ka, kb);
    p.grad_fn = "MvBackward0";
    p.dispatch_name = "addmv_impl_cpu";
  } else if (da <= 2 && db == 2) {
    p.route = Route::Mm;
    if (ka != kb) mm_mismatch(p.m, ka, kb, p.n);
    p.grad_fn = da == 1 ? "SqueezeBackward1" : "MmBackward0";
    p.dispatch_name = "addmm_impl_cpu_";
  } else if (should_fold(a, db) || should_fold(b, da)) {
    // The folded operand is the larger one; for b it is b.mT() (so its rows
    // are b's columns) against a.t() or a.
    const bool transpose = db > da;
    p.b_first = transpose;
    const int64_t rows = transpose ? product(sb, 0, db - 2) * p.n : product(sa, 0, da - 1);
    const bool vector = (transpose ? da : db) == 1;
    p.route = vector ? Route::FoldedMv : Route::FoldedMm;
    if (ka != kb) {
      if (vector) mv_mismatch(rows, transpose ? kb : ka, transpose ? ka : kb);
      if (transpose) mm_mismatch(rows, kb, ka, p.m);
      mm_mismatch(rows, ka, kb, p.n);
    }
    // 2-D @ N-D: the mm's result is transposed back and made contiguous, a
    // clone unless that transpose is already contiguous (a size-1 or empty
    // matrix).
    const bool clone = transpose && !vector && p.m != 1 && p.n != 1 &&
                       product(sb, 0, db - 2) * p.m * p.n != 0;
    p.grad_fn = clone ? "CloneBackward0" : transpose && !vector ? "TransposeBackward0"
                                                                : "UnsafeViewBackward0";
    p.dispatch_name = vector ? "addmv_impl_cpu" : "addmm_impl_cpu_";
  } else {
    p.route = Route::Bmm;
    const Shape batch = infer_size(p.a_batch, p.b_batch);
    const int64_t bs = product(batch, 0, batch.size());
    TC_CHECK(Shape, ka == kb, "Expected size for first two dimensions of batch2 tensor to be: [",
             bs, ", ", ka, "] but got: [", bs, ", ", kb, "].");
    p.grad_fn = "UnsafeViewBackward0";
    p.dispatch_name = "bmm";
  }
  p.batch = infer_size(p.a_batch, p.b_batch);
  // The operands as batches of matrices, expanded over the broadcast batch.
  Geometry ga = a.geometry(), gb = b.geometry();
  if (p.a_promoted) ga = ga.unsqueeze(0);
  if (p.b_promoted) gb = gb.unsqueeze(1);
  Shape a3 = p.batch, b3 = p.batch;
  a3.insert(a3.end(), {p.m, p.k});
  b3.insert(b3.end(), {p.k, p.n});
  p.a3 = ga.expand(a3);
  p.b3 = gb.expand(b3);
  p.product_shape = p.batch;
  p.product_shape.insert(p.product_shape.end(), {p.m, p.n});
  const int64_t nb = static_cast<int64_t>(p.batch.size());
  for (int64_t d = 0; d < nb + 2; ++d) {
    const bool removed = (d == nb && p.a_promoted) || (d == nb + 1 && p.b_promoted);
    if (removed) p.removed_dims.push_back(d);
    else p.out_shape.push_back(p.product_shape[d]);
  }
  return p;
}

// matmul does not promote (PyTorch's kernels read both operands as one
// type). The texts are PyTorch 1.13's: dot checks the dtypes first (in
// plan, before its sizes); mm, mv and bmm dispatch on their first
// operand's dtype (so a bool one is refused by name) and then read the
// second as that type (2.x words the mm case "expected m1 and m2 to have
// the same dtype, but got: long int != float"). The first operand of a
// folded 2-D (or 1-D) @ N-D is b (its batch folded into b.mT()'s rows).
void check_dtypes(const Plan& p, const Tensor& a, const Tensor& b) {
  const DType ta = p.b_first ? b.dtype() : a.dtype(), tb = p.b_first ? a.dtype() : b.dtype();
  TC_CHECK(Type, ta != DType::Bool, "\"", p.dispatch_name, "\" not implemented for 'Bool'");
  TC_CHECK(Type, ta == tb, "expected scalar type ", dtype_c10_name(ta), " but found ",
           dtype_c10_name(tb));
}

// When b is the same matrix for every batch index (stride 0 or size 1 on
// each batch dim) and a's batch dims and rows merge into one dim (each
// stride the next one's times its size, size-1 dims aside), the whole
// batch is one tall product: returns the stride of its rows.
std::optional<int64_t> fold_stride(const Plan& p) {
  const size_t nb = p.batch.size();
  for (size_t d = 0; d < nb; ++d)
    if (p.b3.strides()[d] != 0 && p.batch[d] != 1) return std::nullopt;
  int64_t stride = p.a3.strides()[nb], size = 1;
  for (size_t d = nb + 1; d-- > 0;) {
    const int64_t sz = d == nb ? p.m : p.batch[d], st = p.a3.strides()[d];
    if (sz == 1) continue;
    if (size == 1) stride = st;
    else if (st != stride * size) return std::nullopt;
    size *= sz;
  }
  return stride;
}

// The work of a matmul (Note [Work budget]): m x n x k multiply-adds per
// batch index, every index of the broadcast batch counted (a stride-0
// batch dim repeats the work, not the memory), at what the kernel takes
// for them: the packed float32 kernel for matrices, more for a vector (m
// or n of 1: dot, mv), a plain loop for the other dtypes; and each element
// of the result written (with k = 0 the m x n zeros are still written).
void charge_matmul(const Plan& p, DType dtype) {
  const double outputs = static_cast<double>(product(p.batch, 0, p.batch.size())) *
                         static_cast<double>(p.m) * static_cast<double>(p.n);
  const double madds = outputs * static_cast<double>(p.k);
  const double cost = dtype != DType::Float32         ? work_cost::kScalarMultiplyAdd
                      : p.m == 1 || p.n == 1          ? work_cost::kVectorMultiplyAdd
                                                      : work_cost::kMultiplyAdd;
  charge_work_units(WorkKind::MultiplyAdds, std::max(madds, outputs),
                    madds * cost + outputs * element_cost(dtype_size(dtype)));
}

// Runs one product per batch index (or one for the folded batch) into
// out (contiguous, product_shape); returns the kernel's name.
template <class T>
const char* run_products(const Plan& p, const Tensor& a, const Tensor& b, const Tensor& out,
                         bool& folded) {
  const T* ad = a.data<T>() + p.a3.offset();
  const T* bd = b.data<T>() + p.b3.offset();
  T* cd = out.data<T>();
  const size_t nb = p.batch.size();
  const int64_t a_rs = p.a3.strides()[nb], a_cs = p.a3.strides()[nb + 1];
  const int64_t b_rs = p.b3.strides()[nb], b_cs = p.b3.strides()[nb + 1];
  const int64_t count = product(p.batch, 0, nb);
  auto one = [&](int64_t m, const T* x, int64_t x_rs, const T* y, T* c) {
    if constexpr (std::is_same_v<T, float>) {
      return gemm::f32_gemm(m, p.n, p.k, {x, x_rs, a_cs}, {y, b_rs, b_cs}, c, p.n);
    } else {
      gemm::x_gemm<T>(m, p.n, p.k, {x, x_rs, a_cs}, {y, b_rs, b_cs}, c, p.n);
      return m * p.n * p.k == 0 ? gemm::Route::Empty : gemm::Route::Generic;
    }
  };
  if (count == 0) return gemm::kernel_name(a.dtype(), gemm::Route::Empty);
  if (count == 1) return gemm::kernel_name(a.dtype(), one(p.m, ad, a_rs, bd, cd));
  if (const std::optional<int64_t> rs = fold_stride(p)) {
    folded = true;
    return gemm::kernel_name(a.dtype(), one(p.m * count, ad, *rs, bd, cd));
  }
  // The batch odometer: offsets of a and b through their expanded strides.
  std::vector<int64_t> index(nb, 0);
  int64_t ao = 0, bo = 0;
  gemm::Route route = gemm::Route::Empty;
  for (int64_t i = 0; i < count; ++i) {
    route = one(p.m, ad + ao, a_rs, bd + bo, cd + i * p.m * p.n);
    for (size_t d = nb; d-- > 0;) {
      ao += p.a3.strides()[d];
      bo += p.b3.strides()[d];
      if (++index[d] < p.batch[d]) break;
      ao -= p.a3.strides()[d] * p.batch[d];
      bo -= p.b3.strides()[d] * p.batch[d];
      index[d] = 0;
    }
  }
  return gemm::kernel_name(a.dtype(), route);
}

void trace_matmul(const Plan& p, const Tensor& a, const Tensor& b, const Tensor& out,
                  const char* kernel, bool folded) {
  if (!tracing()) return;
  OpTrace t;
  t.op = "matmul";
  t.broadcast = trace_broadcast({p.a_batch, p.b_batch});
  const char* dtype = dtype_name(a.dtype());
  const Geometry c = Geometry::contiguous(p.product_shape);
  t.operands.push_back({"out", out.sizes(), out.strides(), c.strides(), 0, dtype});
  t.operands.push_back({"a", a.sizes(), a.strides(), p.a3.strides(), a.offset(), dtype});
  t.operands.push_back({"b", b.sizes(), b.strides(), p.b3.strides(), b.offset(), dtype});
  for (const char* name : {"a", "b"})
    t.promotion.operands.push_back({name, dtype, category_name(Category::Dim), false});
  t.promotion.tensor_dtype = dtype;
  t.promotion.common_dtype = dtype;
  t.promotion.decided_by = category_name(Category::Dim);
  t.promotion.rule = dtype_rule_name(DTypeRule::Same);
  t.promotion.compute_dtype = dtype;
  t.promotion.result_dtype = dtype;
  // The loop over batch indices, innermost first (folded: none).
  const int64_t nb = static_cast<int64_t>(p.batch.size());
  t.plan.strides.assign(3, {});
  if (!folded)
    for (int64_t d = nb; d-- > 0;) {
      t.plan.order.push_back(d);
      t.plan.groups.push_back({d});
      t.plan.shape.push_back(p.batch[d]);
      t.plan.strides[0].push_back(c.strides()[d]);
      t.plan.strides[1].push_back(p.a3.strides()[d]);
      t.plan.strides[2].push_back(p.b3.strides()[d]);
    }
  t.plan.inner_pattern = "strided";
  t.kernel = kernel;
  MatmulTrace mt;
  mt.route = route_name(p.route);
  mt.a_batch = p.a_batch;
  mt.b_batch = p.b_batch;
  mt.batch = t.broadcast;
  mt.a_contracted_dim = a.ndim() - 1;
  mt.b_contracted_dim = b.ndim() == 1 ? 0 : b.ndim() - 2;
  mt.m = p.m;
  mt.n = p.n;
  mt.k = p.k;
  mt.products = folded ? 1 : product(p.batch, 0, p.batch.size());
  mt.folded = folded;
  mt.a_promoted = p.a_promoted;
  mt.b_promoted = p.b_promoted;
  mt.removed_dims = p.removed_dims;
  t.matmul = std::move(mt);
  record(std::move(t));
}

// Note [matmul backward]: with A and B the operands as batches of
// matrices (the promoted 1s in place) and G the gradient in the same
// form, dA = G·Bᵀ and dB = Aᵀ·G, each over the broadcast batch: in the
// result's batch shape, which the engine sums back to each operand's
// (Note [Autograd]). A promoted 1 is squeezed out of its gradient again.
std::vector<Tensor> matmul_backward(const BackwardArgs& args, bool a_promoted, bool b_promoted,
                                    const Shape& product_shape) {
  const Tensor& a = args.saved[0];
  const Tensor& b = args.saved[1];
  const Tensor g = reshape(args.grad, product_shape);
  const Tensor a2 = a_promoted ? unsqueeze(a, 0) : a;
  const Tensor b2 = b_promoted ? unsqueeze(b, 1) : b;
  Tensor ga, gb;
  if (args.needed[0]) {
    ga = matmul(g, transpose(b2, -1, -2));
    if (a_promoted) ga = squeeze(ga, -2);
  }
  if (args.needed[1]) {
    gb = matmul(transpose(a2, -1, -2), g);
    if (b_promoted) gb = squeeze(gb, -1);
  }
  return {ga, gb};
}

}  // namespace

Tensor matmul(const Tensor& a, const Tensor& b) {
  TC_CHECK(Value, a.defined() && b.defined(), "matmul: an undefined tensor");
  const Plan p = plan_matmul(a, b);
  check_dtypes(p, a, b);
  charge_matmul(p, a.dtype());
  const Tensor product_out = Tensor::empty(p.product_shape, a.dtype(),
                                           {a.first_element(), b.first_element()});
  bool folded = false;
  const char* kernel = visit_dtype(a.dtype(), [&](auto tag) -> const char* {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, bool>) {
      TC_ASSERT(false, "bool matmul is refused by check_dtypes");
    } else {
      return run_products<T>(p, a, b, product_out, folded);
    }
  });
  Tensor out = product_out.with_geometry(Geometry::contiguous(p.out_shape));
  trace_matmul(p, a, b, out, kernel, folded);
  if (is_floating(a.dtype()) && needs_grad({a, b})) {
    const bool ap = p.a_promoted, bp = p.b_promoted;
    const Shape product_shape = p.product_shape;
    attach_grad(out, "matmul", {a, b},
                [ap, bp, product_shape](const BackwardArgs& args) {
                  return matmul_backward(args, ap, bp, product_shape);
                },
                {a, b});
    set_grad_fn(out, p.grad_fn);
  }
  return out;
}

}  // namespace tc
