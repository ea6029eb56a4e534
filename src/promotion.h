// Note [Type promotion] (PyTorch's torch.result_type, aten/src/ATen/native/
// TypeProperties.cpp, and docs/source/tensor_attributes.rst)
// An op's operands fall into three categories: tensors with dims, 0-D
// tensors, and plain numbers. Within a category, dtypes promote as
// promote_types says; across categories, a lower one only counts when it
// brings a higher kind of number (bool < integer < float):
//   int64 [3] + 2.5            -> float32 (the number is a float: the default float)
//   int64 [3] + float64 0-D    -> float64 (a 0-D tensor counts with its own dtype)
//   float32 [3] + float64 0-D  -> float32 (the tensor with dims is already float)
//   int32 [3] + int64 0-D      -> int32
//   uint8 [3] + 1000           -> uint8   (the number is an int, as the tensor is)
//   bool [3] + 1               -> int64
// Plain numbers take part as their kind: a float as the default dtype
// (float32), an int as int64, a bool as bool. A 0-D tensor takes part with
// its own dtype.
//
// Then the op's DTypeRule turns the common dtype into the dtype the kernel
// computes in and the result's (op_dtypes).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "dtype.h"

namespace tc {

enum class Category { Dim, ZeroDim, Number };
const char* category_name(Category c);  // "tensor" | "zero-dim" | "number"

// How the result's dtype follows from the operands' (PyTorch's
// TensorIteratorConfig flags):
//  - Promote: the operands' common dtype (promote_inputs_to_common_dtype);
//  - PromoteToFloat: the same, integers and bool then to the default float
//    (promote_integer_inputs_to_float: div, exp, log, sqrt);
//  - Bool: computed in the common dtype, always a bool result (comparisons);
//  - Same: the input's dtype (neg, abs, relu);
//  - Sum: the input's dtype, but integers and bool widen to int64 (sum, prod);
//  - Index: int64 positions, computed in the input's dtype (argmax, argmin).
enum class DTypeRule { Promote, PromoteToFloat, Bool, Same, Sum, Index };
const char* dtype_rule_name(DTypeRule rule);

struct PromotionInput {
  DType dtype;
  Category category;
};

struct Promotion {
  // The promoted dtype of each category's operands; nullopt when none.
  std::optional<DType> dim, zero_dim, number;
  DType common;          // torch.result_type of all operands
  Category decided_by;   // the category whose dtype became the common one
  DType compute;         // what the kernel computes in (after the op's rule)
  DType result;          // the out-of-place result's dtype
};

// torch.result_type over `inputs` (at least one), then `rule`.
Promotion promote(const std::vector<PromotionInput>& inputs, DTypeRule rule);

}  // namespace tc
