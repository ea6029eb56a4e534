// bitwise_and, bitwise_or, bitwise_xor, bitwise_not and logical_and,
// logical_or, logical_xor, logical_not (PyTorch's BinaryOps.cpp,
// UnaryOps.cpp): elementwise, without a gradient. Their in-place forms
// with two operands are in src/ops/inplace.cpp (Note [In-place rules]).
#include "ops/internal.h"

namespace tc {

const char* op_name(BitwiseOp op) {
  switch (op) {
    case BitwiseOp::And: return "bitwise_and";
    case BitwiseOp::Or: return "bitwise_or";
    case BitwiseOp::Xor: return "bitwise_xor";
  }
  TC_ASSERT(false, "unknown bitwise op");
}

const char* op_name(LogicalOp op) {
  switch (op) {
    case LogicalOp::And: return "logical_and";
    case LogicalOp::Or: return "logical_or";
    case LogicalOp::Xor: return "logical_xor";
  }
  TC_ASSERT(false, "unknown logical op");
}

void check_bitwise_dtype(const char* op, DType dtype) {
  TC_CHECK(Type, !is_floating(dtype), "\"", op, "_cpu\" not implemented for '", dtype_c10_name(dtype),
           "'");
}

template <class T>
KernelChoice run_bitwise(BitwiseOp op, const Elementwise& e, T* out, const T* a, const T* b) {
  if constexpr (std::is_integral_v<T>) {
    switch (op) {
      case BitwiseOp::And: return run_binary_any(e, out, a, b, fn::TBitwiseAnd<T>{});
      case BitwiseOp::Or: return run_binary_any(e, out, a, b, fn::TBitwiseOr<T>{});
      case BitwiseOp::Xor: return run_binary_any(e, out, a, b, fn::TBitwiseXor<T>{});
    }
  }
  TC_ASSERT(false, op_name(op), " reached a kernel in ", dtype_name(dtype_of<T>()),
            ": check_bitwise_dtype should have refused it");
}
template KernelChoice run_bitwise(BitwiseOp, const Elementwise&, bool*, const bool*, const bool*);
template KernelChoice run_bitwise(BitwiseOp, const Elementwise&, uint8_t*, const uint8_t*, const uint8_t*);
template KernelChoice run_bitwise(BitwiseOp, const Elementwise&, int32_t*, const int32_t*, const int32_t*);
template KernelChoice run_bitwise(BitwiseOp, const Elementwise&, int64_t*, const int64_t*, const int64_t*);
template KernelChoice run_bitwise(BitwiseOp, const Elementwise&, float*, const float*, const float*);
template KernelChoice run_bitwise(BitwiseOp, const Elementwise&, double*, const double*, const double*);

template <class T>
KernelChoice run_logical(LogicalOp op, const Elementwise& e, bool* out, const T* a, const T* b) {
  switch (op) {
    case LogicalOp::And: return run_compare(e, out, a, b, fn::LogicalAnd{});
    case LogicalOp::Or: return run_compare(e, out, a, b, fn::LogicalOr{});
    case LogicalOp::Xor: return run_compare(e, out, a, b, fn::LogicalXor{});
  }
  TC_ASSERT(false, "unknown logical op");
}
template KernelChoice run_logical(LogicalOp, const Elementwise&, bool*, const bool*, const bool*);
template KernelChoice run_logical(LogicalOp, const Elementwise&, bool*, const uint8_t*, const uint8_t*);
template KernelChoice run_logical(LogicalOp, const Elementwise&, bool*, const int32_t*, const int32_t*);
template KernelChoice run_logical(LogicalOp, const Elementwise&, bool*, const int64_t*, const int64_t*);
template KernelChoice run_logical(LogicalOp, const Elementwise&, bool*, const float*, const float*);
template KernelChoice run_logical(LogicalOp, const Elementwise&, bool*, const double*, const double*);

namespace {

// The op on operands already promoted (p), its trace recorded as
// compare() records a comparison's. The shapes are checked (prepare)
// before the dtype is refused, as TensorIterator builds the loop before
// the kernel's dispatch raises.
template <class Run>
Tensor run_promoted(const char* name, const Promoted& p, DType result, Run run) {
  ElementwiseSpec spec{name, {p.inputs[0], p.inputs[1]}, {"a", "b"}, p.is_number, result};
  const Elementwise e = prepare(spec);
  const KernelChoice kernel = run(e);
  if (tracing()) {
    spec.given = p.given;
    spec.promotion = promotion_trace(p, spec.names, result, false);
  }
  trace_op(spec, e, kernel);
  return e.out;
}

// logical_not's loop: any dtype in, bool out (a dtype conversion's loop
// shape with the op's own function), named as the every-dtype loops are.
template <class T>
KernelChoice run_logical_not(const Elementwise& e, const T* a) {
  struct Ctx {
    bool* out;
    const T* a;
  } ctx{e.out.b8(), a};
  // Rows by pointer (Note [Rows by pointer], engine/loop.h).
  for_each_row_with<2>(e.plan, ctx,
                       [](const Ctx& x, int64_t n, const int64_t* o, const int64_t* s) {
                         bool* w = x.out + o[0];
                         const T* r = x.a + o[1];
                         for (int64_t i = 0; i < n; ++i, w += s[0], r += s[1]) *w = *r == T(0);
                       });
  const Pattern pattern =
      inner_pattern(e.plan) == Pattern::Contiguous ? Pattern::Contiguous : Pattern::Strided;
  return {ukernels::typed_kernel_name(DType::Bool, "logical_not", pattern, true), pattern};
}

// A unary op of this family: prepare, run, trace (its dtype kept, or
// bool for `rule` Bool).
template <class Run>
Tensor run_unary_op(const char* name, const Tensor& self, DTypeRule rule, Run run) {
  TC_CHECK(Value, self.defined(), "an undefined tensor was passed as an operand");
  const Promoted p = promote_operands({self}, rule, false);
  ElementwiseSpec spec{name, {self}, {"a"}, {false}, p.promotion.result};
  const Elementwise e = prepare(spec);
  const KernelChoice kernel = run(e);
  if (tracing()) spec.promotion = promotion_trace(p, spec.names, p.promotion.result, false);
  trace_op(spec, e, kernel);
  return e.out;
}

}  // namespace

Tensor bitwise(BitwiseOp op, const Operand& self, const Operand& other) {
  const Promoted p = promote_operands({self, other}, DTypeRule::Promote);
  const DType dtype = p.promotion.compute;
  return run_promoted(op_name(op), p, p.promotion.result, [&](const Elementwise& e) {
    check_bitwise_dtype(op_name(op), dtype);
    return visit_dtype(dtype, [&](auto tag) {
      using T = decltype(tag);
      return run_bitwise(op, e, e.out.data<T>(), p.inputs[0].data<T>(), p.inputs[1].data<T>());
    });
  });
}

Tensor logical(LogicalOp op, const Tensor& self, const Tensor& other) {
  const Promoted p = promote_operands({self, other}, DTypeRule::Bool);
  return run_promoted(op_name(op), p, DType::Bool, [&](const Elementwise& e) {
    return visit_dtype(p.promotion.compute, [&](auto tag) {
      using T = decltype(tag);
      return run_logical(op, e, e.out.b8(), p.inputs[0].data<T>(), p.inputs[1].data<T>());
    });
  });
}

Tensor bitwise_not(const Tensor& self) {
  return run_unary_op("bitwise_not", self, DTypeRule::Same, [&](const Elementwise& e) {
    check_bitwise_dtype("bitwise_not", self.dtype());
    return visit_dtype(self.dtype(), [&](auto tag) -> KernelChoice {
      using T = decltype(tag);
      if constexpr (std::is_integral_v<T>)
        return run_unary_any(e, e.out.data<T>(), self.data<T>(), fn::TBitwiseNot<T>{});
      TC_ASSERT(false, "bitwise_not of a float dtype: check_bitwise_dtype refuses it");
    });
  });
}

Tensor logical_not(const Tensor& self) {
  return run_unary_op("logical_not", self, DTypeRule::Bool, [&](const Elementwise& e) {
    return visit_dtype(self.dtype(), [&](auto tag) {
      using T = decltype(tag);
      return run_logical_not(e, self.data<T>());
    });
  });
}

}  // namespace tc
