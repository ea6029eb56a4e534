// Note [Kernel names]
// Every inner loop a trace can report has a name here, as an identifier:
// grep for the `kernel` of a trace (f32_vadd__wasmsimd_2x8) and this is
// where it is declared, beside the kernel template it runs (kernels.h).
// The names follow XNNPACK's scheme (docs/traces.md):
//   <dtype>_<op form>__<instruction set>_<tile>
// where the dtype is the output's (b8 bool, u8 uint8, i32, i64, f32, f64:
// b8_eq writes bool whatever it compares), the op form is
// v<op> (both inputs contiguous), v<op>c (b constant along the row),
// vr<op>c (a constant), v<op>_t (one input transposed) or <op> (strided); the instruction set is the one the 4-lane loops compile
// to (wasmsimd, sse2 natively, scalar), or scalar for ops without a 4-lane
// form (pow, exp, log); the tile is u8 (8 floats a pass), 2x8 (two rows of
// 8: a broadcast row read once for both), 4x4 (4 x 4 tiles transposed in
// registers), u1 (one float a pass) or strided. Loops left to the
// compiler's vectoriser (comparisons, where) are __autovec.
//
// One block per instruction set: each build compiles one, so the names a
// build reports are exactly its identifiers. tests/core/kernels_test.cpp
// checks every name against the scheme, so the table and docs/traces.md
// cannot drift apart. A new op adds one line per block (the same line
// for an op without a 4-lane form, outside the blocks) and its functor.
//
// Dtypes other than float32 run one template per pattern (kernels.h, x_*)
// with the functors of every dtype (functors.h, T*); their names are made
// by typed_kernel_name from the same scheme: i32_vadd__autovec (a plain
// loop left to the compiler's vectoriser), i64_vfloor_divide__scalar_u1
// (one that cannot be: integer division, libm), i32_add__scalar_strided.
#pragma once
#include "dtype.h"
#include "engine/functors.h"
#include "engine/simd.h"

namespace tc {
enum class Pattern;
}

namespace tc::ukernels {

// A kernel as traces name it.
struct UKernel {
  const char *name;
};

// The kernels an elementwise functor runs, one per inner stride pattern
// (Pattern in elementwise.h); Repeated is Contiguous two rows a pass.
template <class Op>
struct Binary;  // contiguous, scalar_b, scalar_a, repeated, transposed, strided
template <class Op>
struct Unary;  // contiguous, strided
template <class Op>
struct Compare;  // contiguous, strided (any input dtype, bool output)

// The name of the every-dtype loop (kernels.h, x_*) that runs `op` in
// `dtype` for a pattern: "i32_vadd__autovec". Stable for the program's life.
// autovec: the functor's kAutovec (contiguous patterns only).
const char* typed_kernel_name(DType dtype, const char* op, Pattern pattern, bool autovec);
// The dtype's part of a kernel name: "b8", "u8", "i32", "i64", "f32", "f64".
const char* dtype_prefix(DType dtype);

}  // namespace tc::ukernels

// Declares each name as a constexpr UKernel, and Binary<fn::Op> (or Unary,
// Compare) as the set, by pattern.
#define TC_BINARY_UKERNELS(Op, v, vc, vrc, v2x, vt, vs)                              \
  inline constexpr UKernel v{#v}, vc{#vc}, vrc{#vrc}, v2x{#v2x}, vt{#vt}, vs{#vs};   \
  template <>                                                                        \
  struct Binary<fn::Op> {                                                            \
    static constexpr const UKernel &contiguous = v, &scalar_b = vc, &scalar_a = vrc, \
                                   &repeated = v2x, &transposed = vt, &strided = vs; \
  }
#define TC_UNARY_UKERNELS(Op, v, vs)                               \
  inline constexpr UKernel v{#v}, vs{#vs};                         \
  template <>                                                      \
  struct Unary<fn::Op> {                                           \
    static constexpr const UKernel &contiguous = v, &strided = vs; \
  }
#define TC_COMPARE_UKERNELS(Op, va, vs)                             \
  inline constexpr UKernel va{#va}, vs{#vs};                        \
  template <>                                                       \
  struct Compare<fn::Op> {                                          \
    static constexpr const UKernel &contiguous = va, &strided = vs; \
  }
namespace tc::ukernels {

// Ops without a 4-lane form: scalar loops under every instruction set.
TC_BINARY_UKERNELS(Pow, f32_vpow__scalar_u1, f32_vpowc__scalar_u1, f32_vrpowc__scalar_u1,
                   f32_vpow__scalar_2x1, f32_vpow_t__scalar_u1, f32_pow__scalar_strided);
TC_UNARY_UKERNELS(Exp, f32_vexp__scalar_u1, f32_exp__scalar_strided);
TC_UNARY_UKERNELS(Log, f32_vlog__scalar_u1, f32_log__scalar_strided);
// floor_divide and remainder of float32 (fmod, floor) run their
// every-dtype functors in the float32 loops.
TC_BINARY_UKERNELS(TFloorDivide<float>, f32_vfloor_divide__scalar_u1, f32_vfloor_dividec__scalar_u1,
                   f32_vrfloor_dividec__scalar_u1, f32_vfloor_divide__scalar_2x1,
                   f32_vfloor_divide_t__scalar_u1, f32_floor_divide__scalar_strided);
TC_BINARY_UKERNELS(TRemainder<float>, f32_vremainder__scalar_u1, f32_vremainderc__scalar_u1,
                   f32_vrremainderc__scalar_u1, f32_vremainder__scalar_2x1,
                   f32_vremainder_t__scalar_u1, f32_remainder__scalar_strided);

TC_COMPARE_UKERNELS(Eq, b8_eq__autovec, b8_eq__scalar_strided);
TC_COMPARE_UKERNELS(Ne, b8_ne__autovec, b8_ne__scalar_strided);
TC_COMPARE_UKERNELS(Lt, b8_lt__autovec, b8_lt__scalar_strided);
TC_COMPARE_UKERNELS(Le, b8_le__autovec, b8_le__scalar_strided);
TC_COMPARE_UKERNELS(Gt, b8_gt__autovec, b8_gt__scalar_strided);
TC_COMPARE_UKERNELS(Ge, b8_ge__autovec, b8_ge__scalar_strided);
TC_COMPARE_UKERNELS(LogicalAnd, b8_logical_and__autovec, b8_logical_and__scalar_strided);
TC_COMPARE_UKERNELS(LogicalOr, b8_logical_or__autovec, b8_logical_or__scalar_strided);
TC_COMPARE_UKERNELS(LogicalXor, b8_logical_xor__autovec, b8_logical_xor__scalar_strided);

// The float sums (src/ops/reduce.cpp, Note [Cascade sum] in
// src/engine/cascade.h): PyTorch's paths of cascade_sum, plain loops over
// AVX2's lanes left to the compiler's vectoriser (tile: 4 vectors of 8
// float32 or 4 float64); acc adds where nothing is reduced.
inline constexpr UKernel f32_rsum_cascade__autovec_4x8{"f32_rsum_cascade__autovec_4x8"},
    f32_vsum_cascade__autovec_4x8{"f32_vsum_cascade__autovec_4x8"},
    f32_rsum_cascade__scalar_strided{"f32_rsum_cascade__scalar_strided"},
    f32_sum_cascade__scalar_strided{"f32_sum_cascade__scalar_strided"},
    f32_acc__scalar_strided{"f32_acc__scalar_strided"},
    f64_rsum_cascade__autovec_4x4{"f64_rsum_cascade__autovec_4x4"},
    f64_vsum_cascade__autovec_4x4{"f64_vsum_cascade__autovec_4x4"},
    f64_rsum_cascade__scalar_strided{"f64_rsum_cascade__scalar_strided"},
    f64_sum_cascade__scalar_strided{"f64_sum_cascade__scalar_strided"},
    f64_acc__scalar_strided{"f64_acc__scalar_strided"};

#if defined(__wasm_simd128__)
TC_BINARY_UKERNELS(Add, f32_vadd__wasmsimd_u8, f32_vaddc__wasmsimd_u8, f32_vraddc__wasmsimd_u8,
                   f32_vadd__wasmsimd_2x8, f32_vadd_t__wasmsimd_4x4, f32_add__scalar_strided);
TC_BINARY_UKERNELS(Sub, f32_vsub__wasmsimd_u8, f32_vsubc__wasmsimd_u8, f32_vrsubc__wasmsimd_u8,
                   f32_vsub__wasmsimd_2x8, f32_vsub_t__wasmsimd_4x4, f32_sub__scalar_strided);
TC_BINARY_UKERNELS(Mul, f32_vmul__wasmsimd_u8, f32_vmulc__wasmsimd_u8, f32_vrmulc__wasmsimd_u8,
                   f32_vmul__wasmsimd_2x8, f32_vmul_t__wasmsimd_4x4, f32_mul__scalar_strided);
TC_BINARY_UKERNELS(Div, f32_vdiv__wasmsimd_u8, f32_vdivc__wasmsimd_u8, f32_vrdivc__wasmsimd_u8,
                   f32_vdiv__wasmsimd_2x8, f32_vdiv_t__wasmsimd_4x4, f32_div__scalar_strided);
TC_BINARY_UKERNELS(Maximum, f32_vmaximum__wasmsimd_u8, f32_vmaximumc__wasmsimd_u8,
                   f32_vrmaximumc__wasmsimd_u8, f32_vmaximum__wasmsimd_2x8,
                   f32_vmaximum_t__wasmsimd_4x4, f32_maximum__scalar_strided);
TC_BINARY_UKERNELS(Minimum, f32_vminimum__wasmsimd_u8, f32_vminimumc__wasmsimd_u8,
                   f32_vrminimumc__wasmsimd_u8, f32_vminimum__wasmsimd_2x8,
                   f32_vminimum_t__wasmsimd_4x4, f32_minimum__scalar_strided);
TC_UNARY_UKERNELS(Neg, f32_vneg__wasmsimd_u8, f32_neg__scalar_strided);
TC_UNARY_UKERNELS(Abs, f32_vabs__wasmsimd_u8, f32_abs__scalar_strided);
TC_UNARY_UKERNELS(Sqrt, f32_vsqrt__wasmsimd_u8, f32_sqrt__scalar_strided);
TC_UNARY_UKERNELS(Relu, f32_vrelu__wasmsimd_u8, f32_relu__scalar_strided);
TC_UNARY_UKERNELS(Copy, f32_vcopy__wasmsimd_u8, f32_copy__scalar_strided);
#elif defined(__SSE2__)
TC_BINARY_UKERNELS(Add, f32_vadd__sse2_u8, f32_vaddc__sse2_u8, f32_vraddc__sse2_u8,
                   f32_vadd__sse2_2x8, f32_vadd_t__sse2_4x4, f32_add__scalar_strided);
TC_BINARY_UKERNELS(Sub, f32_vsub__sse2_u8, f32_vsubc__sse2_u8, f32_vrsubc__sse2_u8,
                   f32_vsub__sse2_2x8, f32_vsub_t__sse2_4x4, f32_sub__scalar_strided);
TC_BINARY_UKERNELS(Mul, f32_vmul__sse2_u8, f32_vmulc__sse2_u8, f32_vrmulc__sse2_u8,
                   f32_vmul__sse2_2x8, f32_vmul_t__sse2_4x4, f32_mul__scalar_strided);
TC_BINARY_UKERNELS(Div, f32_vdiv__sse2_u8, f32_vdivc__sse2_u8, f32_vrdivc__sse2_u8,
                   f32_vdiv__sse2_2x8, f32_vdiv_t__sse2_4x4, f32_div__scalar_strided);
TC_BINARY_UKERNELS(Maximum, f32_vmaximum__sse2_u8, f32_vmaximumc__sse2_u8, f32_vrmaximumc__sse2_u8,
                   f32_vmaximum__sse2_2x8, f32_vmaximum_t__sse2_4x4, f32_maximum__scalar_strided);
TC_BINARY_UKERNELS(Minimum, f32_vminimum__sse2_u8, f32_vminimumc__sse2_u8, f32_vrminimumc__sse2_u8,
                   f32_vminimum__sse2_2x8, f32_vminimum_t__sse2_4x4, f32_minimum__scalar_strided);
TC_UNARY_UKERNELS(Neg, f32_vneg__sse2_u8, f32_neg__scalar_strided);
TC_UNARY_UKERNELS(Abs, f32_vabs__sse2_u8, f32_abs__scalar_strided);
TC_UNARY_UKERNELS(Sqrt, f32_vsqrt__sse2_u8, f32_sqrt__scalar_strided);
TC_UNARY_UKERNELS(Relu, f32_vrelu__sse2_u8, f32_relu__scalar_strided);
TC_UNARY_UKERNELS(Copy, f32_vcopy__sse2_u8, f32_copy__scalar_strided);
#else
TC_BINARY_UKERNELS(Add, f32_vadd__scalar_u8, f32_vaddc__scalar_u8, f32_vraddc__scalar_u8,
                   f32_vadd__scalar_2x8, f32_vadd_t__scalar_4x4, f32_add__scalar_strided);
TC_BINARY_UKERNELS(Sub, f32_vsub__scalar_u8, f32_vsubc__scalar_u8, f32_vrsubc__scalar_u8,
                   f32_vsub__scalar_2x8, f32_vsub_t__scalar_4x4, f32_sub__scalar_strided);
TC_BINARY_UKERNELS(Mul, f32_vmul__scalar_u8, f32_vmulc__scalar_u8, f32_vrmulc__scalar_u8,
                   f32_vmul__scalar_2x8, f32_vmul_t__scalar_4x4, f32_mul__scalar_strided);
TC_BINARY_UKERNELS(Div, f32_vdiv__scalar_u8, f32_vdivc__scalar_u8, f32_vrdivc__scalar_u8,
                   f32_vdiv__scalar_2x8, f32_vdiv_t__scalar_4x4, f32_div__scalar_strided);
TC_BINARY_UKERNELS(Maximum, f32_vmaximum__scalar_u8, f32_vmaximumc__scalar_u8,
                   f32_vrmaximumc__scalar_u8, f32_vmaximum__scalar_2x8, f32_vmaximum_t__scalar_4x4,
                   f32_maximum__scalar_strided);
TC_BINARY_UKERNELS(Minimum, f32_vminimum__scalar_u8, f32_vminimumc__scalar_u8,
                   f32_vrminimumc__scalar_u8, f32_vminimum__scalar_2x8, f32_vminimum_t__scalar_4x4,
                   f32_minimum__scalar_strided);
TC_UNARY_UKERNELS(Neg, f32_vneg__scalar_u8, f32_neg__scalar_strided);
TC_UNARY_UKERNELS(Abs, f32_vabs__scalar_u8, f32_abs__scalar_strided);
TC_UNARY_UKERNELS(Sqrt, f32_vsqrt__scalar_u8, f32_sqrt__scalar_strided);
TC_UNARY_UKERNELS(Relu, f32_vrelu__scalar_u8, f32_relu__scalar_strided);
TC_UNARY_UKERNELS(Copy, f32_vcopy__scalar_u8, f32_copy__scalar_strided);
#endif

// alpha does not change the loop's name: add with alpha is still f32_vadd.
template <>
struct Binary<fn::AddAlpha> : Binary<fn::Add> {};
template <>
struct Binary<fn::SubAlpha> : Binary<fn::Sub> {};
// Nor does a number exponent's formula: still f32_vpowc.
template <>
struct Binary<fn::PowNumber> : Binary<fn::Pow> {};

}  // namespace tc::ukernels

#undef TC_BINARY_UKERNELS
#undef TC_UNARY_UKERNELS
#undef TC_COMPARE_UKERNELS
