// where(condition, a, b): three-way broadcasting; forward, backward, trace.
#include "autograd/node.h"
#include "ops/internal.h"

namespace tc {

Tensor where(const Tensor& condition, const Operand& self, const Operand& other) {
  TC_CHECK(Value, condition.defined(), "where: the condition is undefined");
  TC_CHECK(Type, condition.dtype() == DType::Bool,
           "where expected condition to be a boolean tensor, but got a tensor with dtype Float");
  // Two bool tensors pick bool values, as in PyTorch; anything else float32.
  const Tensor x = self.tensor(), y = other.tensor();
  const bool bools = !self.is_number() && !other.is_number() && x.dtype() == DType::Bool &&
                     y.dtype() == DType::Bool;
  const Tensor a = bools ? x : as_float(x);
  const Tensor b = bools ? y : as_float(y);
  ElementwiseSpec spec{"where",
                       {condition, a, b},
                       {"condition", "a", "b"},
                       {false, self.is_number(), other.is_number()},
                       bools ? DType::Bool : DType::Float32};
  const Elementwise e = prepare(spec);
  const uint8_t* c = condition.b8();
  trace_op(spec, e,
           bools ? run_where(e, e.out.b8(), c, a.b8(), b.b8())
                 : run_where(e, e.out.f32(), c, a.f32(), b.f32()));
  Tensor out_t = e.out;
  if (needs_grad({a, b}))
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
