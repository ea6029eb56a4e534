// where(condition, a, b): three-way broadcasting, a and b promoted to
// their common dtype (Note [Type promotion]); forward, backward, trace.
#include "autograd/node.h"
#include "ops/internal.h"

namespace tc {

Tensor where(const Tensor& cond, const Operand& self, const Operand& other) {
  TC_CHECK(Value, cond.defined(), "where: the condition is undefined");
  const Promoted p = promote_operands({self, other}, DTypeRule::Promote);
  // PyTorch makes a number a tensor of the result's dtype first
  // (at::scalar_tensor, whose fill converts with Scalar::to<T>: a range
  // check), before it looks at the condition.
  for (const Operand* o : {&self, &other})
    if (o->is_number()) check_range(p.promotion.compute, o->number());
  // PyTorch still takes a uint8 condition (with a deprecation warning), as
  // bool: nonzero is true.
  const Tensor condition = cond.dtype() == DType::UInt8 ? to(cond, DType::Bool) : cond;
  TC_CHECK(Type, condition.dtype() == DType::Bool,
           "where expected condition to be a boolean tensor, but got a tensor with dtype ",
           dtype_c10_name(condition.dtype()));
  const Tensor &a = p.inputs[0], &b = p.inputs[1];
  ElementwiseSpec spec{"where",
                       {condition, a, b},
                       {"condition", "a", "b"},
                       {false, p.is_number[0], p.is_number[1]},
                       p.promotion.result};
  const Elementwise e = prepare(spec);
  const bool* c = condition.b8();
  const KernelChoice kernel = visit_dtype(p.promotion.compute, [&](auto tag) {
    using T = decltype(tag);
    return run_where(e, e.out.data<T>(), c, a.data<T>(), b.data<T>());
  });
  if (tracing()) {
    spec.given = {condition, p.given[0], p.given[1]};
    spec.promotion = promotion_trace(p, {"a", "b"}, p.promotion.result, false);
  }
  trace_op(spec, e, kernel);
  Tensor out_t = e.out;
  if (is_floating(p.promotion.compute) && needs_grad({a, b}))
    attach_grad(out_t, "where", {Tensor(), a, b},
                [](const BackwardArgs& args) {
                  const Tensor &g = args.grad, &c = args.saved[0];
                  return std::vector<Tensor>{Tensor(), args.needed[1] ? where(c, g, 0.0) : Tensor(),
                                             args.needed[2] ? where(c, 0.0, g) : Tensor()};
                },
                {condition});
  return out_t;
}

}  // namespace tc
