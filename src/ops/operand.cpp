// Operands and their promotion (Note [Type promotion]).
#include "ops.h"
#include "ops/internal.h"

namespace tc {

Tensor Operand::tensor() const {
  if (auto* t = std::get_if<Tensor>(&value_)) {
    TC_CHECK(Value, t->defined(), "an undefined tensor was passed as an operand");
    return *t;
  }
  return Tensor::scalar(std::get<Scalar>(value_));
}

DType Operand::dtype() const {
  if (is_number()) return number().dtype();
  return tensor().dtype();
}

Category Operand::category() const {
  if (is_number()) return Category::Number;
  return tensor().ndim() == 0 ? Category::ZeroDim : Category::Dim;
}

DType result_type(const std::vector<Operand>& operands) {
  std::vector<PromotionInput> inputs;
  for (const Operand& o : operands) inputs.push_back({o.dtype(), o.category()});
  return promote(inputs, DTypeRule::Promote).common;
}

// On every elementwise op's path: one allocation per vector (reserved),
// and each operand's tensor taken once (category() would take it again).
// See bench/notes.md, "The small op after dtypes".
Promoted promote_operands(const std::vector<Operand>& operands, DTypeRule rule, bool convert) {
  Promoted p;
  p.rule = rule;
  const size_t n = operands.size();
  p.given.reserve(n);
  p.is_number.reserve(n);
  std::vector<PromotionInput> kinds;
  kinds.reserve(n);
  for (const Operand& o : operands) {
    const Tensor& t = p.given.emplace_back(o.tensor());
    const bool number = o.is_number();
    p.is_number.push_back(number);
    kinds.push_back({t.dtype(), number          ? Category::Number
                                : t.ndim() == 0 ? Category::ZeroDim
                                                : Category::Dim});
  }
  p.promotion = promote(kinds, rule);
  if (convert) {
    p.inputs.reserve(n);
    for (const Tensor& t : p.given) p.inputs.push_back(to(t, p.promotion.compute));
  }
  return p;
}

PromotionTrace promotion_trace(const Promoted& p, const std::vector<std::string>& names,
                               DType result, bool result_cast) {
  PromotionTrace t;
  for (size_t k = 0; k < p.given.size(); ++k) {
    const Category c = p.is_number[k]      ? Category::Number
                       : p.given[k].ndim() ? Category::Dim
                                           : Category::ZeroDim;
    t.operands.push_back({names[k], dtype_name(p.given[k].dtype()), category_name(c),
                          p.given[k].dtype() != p.promotion.compute,
                          p.is_number[k] ? std::optional<std::string>(p.given[k].scalar_item().exact_text())
                                         : std::nullopt});
  }
  auto name = [](std::optional<DType> d) {
    return d ? std::optional<std::string>(dtype_name(*d)) : std::nullopt;
  };
  const Promotion& q = p.promotion;
  t.tensor_dtype = name(q.dim);
  t.zero_dim_dtype = name(q.zero_dim);
  t.number_dtype = name(q.number);
  t.common_dtype = dtype_name(q.common);
  t.decided_by = category_name(q.decided_by);
  t.rule = dtype_rule_name(p.rule);
  t.compute_dtype = dtype_name(q.compute);
  t.result_dtype = dtype_name(result);
  t.result_cast = result_cast;
  return t;
}

}  // namespace tc
