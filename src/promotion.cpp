#include "promotion.h"

#include "error.h"

namespace tc {

const char* category_name(Category c) {
  switch (c) {
    case Category::Dim: return "tensor";
    case Category::ZeroDim: return "zero-dim";
    case Category::Number: return "number";
  }
  TC_ASSERT(false, "unknown category");
}

const char* dtype_rule_name(DTypeRule rule) {
  switch (rule) {
    case DTypeRule::Promote: return "promote";
    case DTypeRule::PromoteToFloat: return "promote-to-float";
    case DTypeRule::Bool: return "bool";
    case DTypeRule::Same: return "same";
    case DTypeRule::Sum: return "sum";
    case DTypeRule::Index: return "index";
  }
  TC_ASSERT(false, "unknown dtype rule");
}

namespace {

// PyTorch's combine_categories(higher, lower), without complex numbers:
// a lower category counts only when it brings a higher kind of number (or
// the higher one is bool).
std::optional<DType> combine(std::optional<DType> higher, std::optional<DType> lower) {
  if (!higher) return lower;
  if (!lower) return higher;
  if (is_floating(*higher)) return higher;
  if (*higher == DType::Bool || is_floating(*lower)) return promote_types(*higher, *lower);
  return higher;
}

}  // namespace

Promotion promote(const std::vector<PromotionInput>& inputs, DTypeRule rule) {
  TC_ASSERT(!inputs.empty(), "promote needs an operand");
  Promotion p;
  auto add = [](std::optional<DType>& slot, DType d) {
    slot = slot ? promote_types(*slot, d) : d;
  };
  for (const PromotionInput& in : inputs) {
    switch (in.category) {
      case Category::Dim: add(p.dim, in.dtype); break;
      case Category::ZeroDim: add(p.zero_dim, in.dtype); break;
      // A plain float takes part as the default dtype, float32.
      case Category::Number: add(p.number, is_floating(in.dtype) ? DType::Float32 : in.dtype); break;
    }
  }
  p.common = *combine(p.dim, combine(p.zero_dim, p.number));
  // The highest category whose dtype is the common one (its kind was not
  // raised by a lower one).
  p.decided_by = p.dim == p.common ? Category::Dim
                 : p.zero_dim == p.common ? Category::ZeroDim
                                          : Category::Number;
  switch (rule) {
    case DTypeRule::Promote: p.compute = p.result = p.common; break;
    case DTypeRule::PromoteToFloat:
      p.compute = p.result = is_floating(p.common) ? p.common : DType::Float32;
      break;
    case DTypeRule::Bool: p.compute = p.common; p.result = DType::Bool; break;
    case DTypeRule::Same: p.compute = p.result = inputs[0].dtype; break;
    case DTypeRule::Sum:
      p.compute = p.result = is_floating(inputs[0].dtype) ? inputs[0].dtype : DType::Int64;
      break;
    case DTypeRule::Index: p.compute = inputs[0].dtype; p.result = DType::Int64; break;
  }
  return p;
}

}  // namespace tc
