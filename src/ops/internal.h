// Helpers shared by the op families in src/ops/ (not part of the API).
#pragma once
#include <string>

#include "engine/dispatch.h"
#include "engine/elementwise.h"
#include "engine/functors.h"
#include "engine/kernels.h"
#include "engine/loop.h"
#include "error.h"
#include "ops.h"

namespace tc {

// An elementwise op's operands after Note [Type promotion]: each in the
// dtype the kernel computes in (converted copies only where the dtype
// differs; numbers become 0-D tensors), with what the trace reports.
struct Promoted {
  DTypeRule rule;
  Promotion promotion;
  std::vector<Tensor> given;     // as given (numbers as 0-D tensors of their wrapped dtype)
  std::vector<Tensor> inputs;    // in promotion.compute
  std::vector<bool> is_number;
};
// convert: false leaves `inputs` empty (only the decision is wanted).
Promoted promote_operands(const std::vector<Operand>& operands, DTypeRule rule,
                          bool convert = true);

// The trace's account of a promotion (names: the operands' as in the trace).
PromotionTrace promotion_trace(const Promoted& p, const std::vector<std::string>& names,
                               DType result, bool result_cast);

// Copies src (broadcast to dst's shape) into dst, elementwise, converting
// its dtype to dst's (Note [Casts]); dst may be any strided view. Used by
// narrow's backward, contiguous/reshape, to() and in-place ops whose result
// is converted into self. Records no trace.
void copy_into(const Tensor& dst, const Tensor& src);

// autograd's check_inplace as Note [Fills] describes it (src/ops/fill.cpp):
// a leaf that requires grad, a view of one, and what tensorcast cannot
// rebase (a view of a non-leaf, a tensor an op has already used).
void check_inplace(const Tensor& self, const char* op);

// self = compute(self) (Note [Unary ops in place], src/ops/fill.cpp) in
// self's dtype, recorded for autograd as compute's own node. others: the
// op's other tensors (clamp's bounds), which may require grad.
Tensor& assign_result(Tensor& self, const char* op, const std::vector<Tensor>& others,
                      const std::function<Tensor(const Tensor&)>& compute);

// run_binary (engine/dispatch.h) for a BinaryOp chosen at run time, in
// the dtype of T (src/ops/binary.cpp); alpha is in that dtype too.
// pow_exponent: which of PyTorch's formulas a float tensor ** number
// takes (pow_exponent_of; Other for every other op and form).
template <class T>
KernelChoice run_binary(BinaryOp op, const Elementwise& e, T* out, const T* a, const T* b,
                        T alpha, fn::PowExponent pow_exponent = fn::PowExponent::Other);
fn::PowExponent pow_exponent_of(BinaryOp op, DType dtype, const Operand& self,
                                const Operand& other);

// What an elementwise op's function costs per element, in work units
// (ElementwiseSpec::function_cost, Note [Work budget]): 0 for a plain
// loop; for exp, log, sigmoid, log1p, expm1, sin, cos, tanh, and pow,
// // and % (of floats; of integers, which divide or loop) what the
// function took per value in wasm, in its dtype (dtype: the one it
// computes in). Pow of floats by 2, 3, -1, 0.5 ... multiplies or takes a
// square root: 0.
//   function_cost(BinaryOp::Pow, DType::Float32, fn::PowExponent::Two)  // returns 0
//   function_cost(UnaryOp::Exp, DType::Float32)                         // returns 16
double function_cost(BinaryOp op, DType dtype, fn::PowExponent pow_exponent);
double function_cost(UnaryOp op, DType dtype);

// run_compare (engine/dispatch.h) for a CompareOp chosen at run time, on
// inputs of T (src/ops/compare.cpp).
template <class T>
KernelChoice run_compare(CompareOp op, const Elementwise& e, bool* out, const T* a, const T* b);

// The loops of the bitwise and logical ops (src/ops/bitwise.cpp), in the
// dtype of T; run_bitwise only after check_bitwise_dtype, which raises
// PyTorch's "\"bitwise_and_cpu\" not implemented for 'Float'" for a float
// dtype (op: "bitwise_and", "bitwise_not" ...).
template <class T>
KernelChoice run_bitwise(BitwiseOp op, const Elementwise& e, T* out, const T* a, const T* b);
template <class T>
KernelChoice run_logical(LogicalOp op, const Elementwise& e, bool* out, const T* a, const T* b);
void check_bitwise_dtype(const char* op, DType dtype);

// PyTorch's checks of an arithmetic op (src/ops/binary.cpp): before the
// loop is built, on the operands as given (bool subtraction, integer
// powers of negative numbers); alpha against the compute dtype; a dtype
// without a kernel for the op (bool floor_divide, remainder, pow but for a
// bool number exponent).
void check_binary_operands(BinaryOp op, const Operand& self, const Operand& other);
void check_alpha(DType dtype, const Scalar& alpha);
void check_kernel_dtype(BinaryOp op, DType dtype, const Operand& self, const Operand& other);
// Raises c10::checked_convert's "value cannot be converted to type
// uint8_t without overflow" when s does not fit dtype (Scalar::to<T>).
void check_range(DType dtype, const Scalar& s);
// alpha (add, sub) and a number exponent (pow) converted to the compute
// dtype with c10's range check: "value cannot be converted to type
// uint8_t without overflow".
void check_scalar_ranges(BinaryOp op, DType dtype, const Operand& self, const Operand& other,
                         const Scalar& alpha);

// Raises PyTorch's "ZeroDivisionError" when an integer divisor (T
// integral) holds a zero (floor_divide, remainder); floats divide by zero
// as IEEE says. Callers skip it for an empty result: PyTorch checks each
// division made, and with broadcasting every divisor element is used once
// the result has one.
void check_integer_divisor(BinaryOp op, const Tensor& divisor);

}  // namespace tc
