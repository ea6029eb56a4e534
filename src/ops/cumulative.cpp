// cumsum and cumprod along one dim, their in-place forms and backward.
//
// Note [Cumulative ops] (PyTorch 1.13: ReduceOps.cpp's cumsum/cumprod and
// impl_func_cum_ops, ReduceOpsKernel.cpp's cpu_cum_base_kernel)
// The result's dtype is dtype= when given, else int64 for integers and
// bool, else the input's; the input is converted to it first, then each
// line along dim (Note [Lines along a dim], ops/reduction.h) is scanned in
// order from its first element. The running value is PyTorch's
// at::acc_type on CPU: a double for float32 and float64, an int64 for the
// integers, each prefix converted to the result's dtype as it is written.
// So a float32 cumsum is the double running sum rounded per element, not
// float32 additions in a row:
//   cumsum(<[1e8, 1, 1, -1e8] float32>, 0)   // [1e8, 1e8, 1e8, 2]: the 1s are kept
// A 0-D input gives its one value, an empty one an empty result; bool has
// no kernel ("\"cumsum_out_cpu\" not implemented for 'Bool'") but for
// those two. The in-place forms compute in the tensor's own dtype (dtype=
// may only name it) and write into it. They record no trace: the
// playground's views explain elementwise ops and reductions, and a scan
// is neither (its dims stay, each element depends on those before it).
#include <type_traits>

#include "autograd/node.h"
#include "ops/reduction.h"
#include "work.h"

namespace tc {

namespace {

enum class Scan { Sum, Prod };

const char* scan_name(Scan op) { return op == Scan::Sum ? "cumsum" : "cumprod"; }

// One line: n (> 0) elements xs apart from x into out, os apart. The
// running value wraps for integers as an int64 one converted to T does.
// The op is a template argument, so that the loop holds one add or multiply.
template <class T, Scan op>
void scan_line(int64_t n, const T* x, int64_t xs, T* out, int64_t os) {
  using Acc = std::conditional_t<std::is_floating_point_v<T>, double, uint64_t>;
  Acc acc = op == Scan::Sum ? Acc(0) : Acc(1);
  // offsets rather than moving pointers: a reversed line's would step
  // before its storage's start after the last element
  for (int64_t i = 0, xi = 0, oi = 0; i < n; ++i, xi += xs, oi += os) {
    const Acc v = static_cast<Acc>(x[xi]);
    if constexpr (op == Scan::Sum) acc += v;
    else acc *= v;
    out[oi] = static_cast<T>(acc);
  }
}

// The same, from the last element back when `reverse` (flip, scan, flip:
// PyTorch's reversed_cumsum): the loop above with negated strides.
template <class T>
void scan_line(Scan op, int64_t n, const T* x, int64_t xs, T* out, int64_t os, bool reverse) {
  if (reverse) {
    x += (n - 1) * xs;
    out += (n - 1) * os;
    xs = -xs;
    os = -os;
  }
  if (op == Scan::Sum) scan_line<T, Scan::Sum>(n, x, xs, out, os);
  else scan_line<T, Scan::Prod>(n, x, xs, out, os);
}

// The scan of a (already in the result's dtype, not bool) along dim w, as
// a new contiguous tensor; no autograd, no trace.
Tensor scan(const Tensor& a, int64_t w, Scan op, bool reverse = false) {
  Tensor out = Tensor::empty(a.sizes(), a.dtype());
  charge_work(WorkKind::Elements, 2 * static_cast<double>(a.numel()));
  if (a.numel() == 0) return out;
  const DimLines s = dim_lines(a.sizes(), w);
  const int64_t xs = a.ndim() ? a.strides()[static_cast<size_t>(w)] : 1;
  visit_dtype(a.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (!std::is_same_v<T, bool>) {
      const T* x = a.data<T>();
      T* o = out.data<T>();
      for_each_line(a, w, [&](int64_t k, int64_t start) {
        scan_line<T>(op, s.size, x + start, xs, o + s.line_start(k), s.inner, reverse);
      });
    } else {
      TC_ASSERT(false, "a bool scan");
    }
  });
  return out;
}

// The dtype a cumulative op computes in and returns (Note [Cumulative ops]).
DType scan_dtype(const Tensor& self, std::optional<DType> dtype) {
  if (dtype) return *dtype;
  return is_floating(self.dtype()) ? self.dtype() : DType::Int64;
}

// self converted to dtype and scanned along w (wrapped), with PyTorch's
// special cases; the dim was checked by the caller.
Tensor scan_as(const Tensor& self, int64_t w, Scan op, DType dtype) {
  NoGradGuard no_grad;
  TracePause quiet;
  const Tensor a = to_keeping_repeats(self, dtype);
  if (self.ndim() == 0 || self.numel() == 0) return contiguous(clone(a));
  TC_CHECK(Type, dtype != DType::Bool, "\"", scan_name(op), "_out_cpu\" not implemented for 'Bool'");
  return scan(a, w, op);
}

// PyTorch's cumsum_backward: the gradient converted to the input's dtype,
// then summed from the end of each line.
Tensor cumsum_backward(const Tensor& grad, int64_t w, DType dtype) {
  const Tensor g = to(grad, dtype);
  if (g.numel() <= 1 || g.sizes()[static_cast<size_t>(w)] == 1) return g;
  return scan(g, w, Scan::Sum, true);
}

// Note [cumprod's backward] (PyTorch 1.13's cumprod_backward, its O(n)
// form for a first-order gradient). With out = cumprod(x) along a line and
// w = out * grad, an input with no zero anywhere gets
// reversed_cumsum(w) / x. Otherwise, in each line, with z1 its first zero
// and z2 its second (or the end):
// - before z1, the same, with w taken as 0 from z1 on;
// - at z1, prod(x[:z1]) * sum_j(grad[j] * prod(x[z1+1..j])) over
//   z1 <= j < z2: the products are a cumprod of x with every element
//   outside (z1, z2) taken as 1, and prod(x[:z1]) is that of x with every
//   element from z1 on taken as 1, read at z1 (it is out[z1 - 1] bit for
//   bit: the running value is the same double);
// - after z1, 0.
// Each step is the tensor op PyTorch runs (the sum is sum(dim, keepdim),
// in its order), so that the gradients are PyTorch's to the bit.
Tensor cumprod_backward(const Tensor& grad, const Tensor& x, int64_t w, const Tensor& out) {
  const Tensor g = to(grad, x.dtype());
  if (x.numel() <= 1 || x.sizes()[static_cast<size_t>(w)] == 1) return g;
  const Tensor prods = mul(out, g);
  const Tensor is_zero = compare(CompareOp::Eq, x, 0);
  if (any(is_zero, std::nullopt, false).item() == 0)
    return to(div(scan(prods, w, Scan::Sum, true), x), x.dtype());
  const Tensor zeros_so_far = scan(to(is_zero, DType::Int64), w, Scan::Sum);
  const Tensor before = compare(CompareOp::Eq, zeros_so_far, 0);
  const Tensor until_second = compare(CompareOp::Eq, zeros_so_far, 1);
  const Tensor first = compare(CompareOp::Eq, mul(is_zero, zeros_so_far), 1);
  const Tensor between = where(first, false, until_second);
  const Tensor head = div(scan(where(before, prods, 0), w, Scan::Sum, true), x);
  const Tensor after_first = mul(scan(where(between, x, 1), w, Scan::Prod), where(until_second, g, 0));
  const Tensor at_first =
      mul(expand(sum(after_first, {w}, true), x.sizes()), scan(where(before, x, 1), w, Scan::Prod));
  return to(where(before, head, where(first, at_first, 0)), x.dtype());
}

// cumsum/cumprod out of place: the checks in PyTorch's order (the dim,
// then the kernel's dtype), the scan, and the node when a float result
// comes from an input that requires grad.
Tensor cumulative(const Tensor& self, int64_t dim, std::optional<DType> dtype, Scan op) {
  TC_CHECK(Value, self.defined(), scan_name(op), ": an undefined tensor");
  const int64_t w = wrap_dim(dim, self.ndim());
  const DType out_dtype = scan_dtype(self, dtype);
  Tensor out = scan_as(self, w, op, out_dtype);
  if (is_floating(out_dtype) && needs_grad({self})) {
    const DType in_dtype = self.dtype();
    if (op == Scan::Sum) {
      attach_grad(out, "cumsum", {self}, [w, in_dtype](const BackwardArgs& args) {
        return std::vector<Tensor>{cumsum_backward(args.grad, w, in_dtype)};
      });
    } else {
      attach_grad(
          out, "cumprod", {self},
          [w](const BackwardArgs& args) {
            return std::vector<Tensor>{cumprod_backward(args.grad, args.saved[0], w, args.saved[1])};
          },
          {self, out});
    }
  }
  return out;
}

// The in-place forms: PyTorch's autograd check of the leaf, the dim, the
// dtype (the result's must be self's), the overlap, then the scan written
// into self. Like every in-place op here they are not recorded for
// autograd (Note [In-place rules], ops/inplace.cpp).
Tensor& cumulative_(Tensor& self, int64_t dim, std::optional<DType> dtype, Scan op) {
  TC_CHECK(Value, self.defined(), scan_name(op), "_: an undefined tensor");
  TC_CHECK(Autograd, !(grad_enabled() && self.requires_grad() && self.is_leaf()),
           "a leaf Variable that requires grad is being used in an in-place operation.");
  const int64_t w = wrap_dim(dim, self.ndim());
  TC_CHECK(Type, !dtype || *dtype == self.dtype(), "Bad in-place call: input tensor dtype ",
           dtype_cpp_name(self.dtype()), " and output tensor dtype ", dtype_cpp_name(*dtype),
           " should match");
  TC_CHECK(Autograd, !needs_grad({self}), scan_name(op),
           "_: tensorcast does not record in-place ops for autograd; use the out-of-place ",
           scan_name(op), " on tensors that require grad");
  check_no_internal_overlap(self);
  const Tensor result = scan_as(self, w, op, self.dtype());
  {
    TracePause quiet;
    copy_into(self, result);
  }
  self.impl().storage->bump_version();
  return self;
}

}  // namespace

// grad_fn CumsumBackward0 and CumprodBackward0, from the nodes' op names.
Tensor cumsum(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  return cumulative(self, dim, dtype, Scan::Sum);
}

Tensor cumprod(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  return cumulative(self, dim, dtype, Scan::Prod);
}

Tensor& cumsum_(Tensor& self, int64_t dim, std::optional<DType> dtype) {
  return cumulative_(self, dim, dtype, Scan::Sum);
}

Tensor& cumprod_(Tensor& self, int64_t dim, std::optional<DType> dtype) {
  return cumulative_(self, dim, dtype, Scan::Prod);
}

}  // namespace tc
