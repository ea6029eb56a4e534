// The bitwise and logical ops (src/lang/library.h, src/ops/bitwise.cpp):
// bitwise_and/or/xor/not and logical_and/or/xor/not, as functions of torch,
// methods and in-place methods, with PyTorch 1.13's python signatures
// (torch.bitwise_and(1, x) takes a number first; the logical ops take
// tensors only). The operators & | ^ ~ reach the same core ops
// (src/lang/operators.cpp).
#include "lang/library.h"

namespace tc::lang {

namespace {

struct Pair {
  const char* base;  // "and"
  BitwiseOp bitwise;
  LogicalOp logical;
};
const Pair kPairs[] = {
    {"and", BitwiseOp::And, LogicalOp::And},
    {"or", BitwiseOp::Or, LogicalOp::Or},
    {"xor", BitwiseOp::Xor, LogicalOp::Xor},
};

// The first operand: "input" (a tensor), or "self" in the overload
// (Number self, Tensor other).
Operand first_operand(const Bound& b) { return b.takes("self") ? b.operand("self") : b.operand("input"); }

std::string with(const std::string& name, const char* params) { return name + params; }

void add_bitwise_pair(std::vector<Entry>& t, const Pair& p) {
  const std::string name = std::string("bitwise_") + p.base;
  const BitwiseOp op = p.bitwise;
  const std::string doc = std::string("input ") + p.base + " other, bit by bit (bool and integer dtypes)";
  Impl impl = [op](const Bound& b, CallContext&) -> Value { return bitwise(op, first_operand(b), b.operand("other")); };
  const std::string s1 = with(name, "(Tensor input, Tensor other, *, Tensor! out=None)"),
                    s2 = with(name, "(Number self, Tensor other)"),
                    s3 = with(name, "(Tensor input, Number other, *, Tensor! out=None)");
  t.push_back(entry(name.c_str(), kTorch, {s1.c_str(), s2.c_str(), s3.c_str()}, impl)
                  .in(Family::Elementwise, DTypeRule::Promote, false)
                  .says(doc));
  const std::string m1 = with(name, "(Tensor input, Tensor other)"), m2 = with(name, "(Tensor input, Number other)");
  t.push_back(entry(name.c_str(), kMethod, {m1.c_str(), m2.c_str()}, impl)
                  .in(Family::Elementwise, DTypeRule::Promote, false)
                  .says(doc));
  const std::string inplace = name + "_";
  const std::string i1 = with(inplace, "(Tensor input, Tensor other)"), i2 = with(inplace, "(Tensor input, Number other)");
  t.push_back(entry(inplace.c_str(), kMethod, {i1.c_str(), i2.c_str()},
                    [op](const Bound& b, CallContext&) -> Value {
                      Tensor self = b.tensor("input");
                      return bitwise_(op, self, b.operand("other"));
                    })
                  .in(Family::Elementwise, DTypeRule::Promote, false)
                  .says(doc + ", written into input"));
}

void add_logical_pair(std::vector<Entry>& t, const Pair& p) {
  const std::string name = std::string("logical_") + p.base;
  const LogicalOp op = p.logical;
  const std::string doc = std::string("input ") + p.base + " other, each nonzero element true: a bool result";
  const std::string s = with(name, "(Tensor input, Tensor other, *, Tensor! out=None)");
  t.push_back(entry(name.c_str(), kTorch | kMethod, {s.c_str()},
                    [op](const Bound& b, CallContext&) -> Value {
                      return logical(op, b.tensor("input"), b.tensor("other"));
                    })
                  .in(Family::Elementwise, DTypeRule::Bool, false)
                  .says(doc));
  const std::string inplace = name + "_";
  const std::string i = with(inplace, "(Tensor input, Tensor other)");
  t.push_back(entry(inplace.c_str(), kMethod, {i.c_str()},
                    [op](const Bound& b, CallContext&) -> Value {
                      Tensor self = b.tensor("input");
                      return logical_(op, self, b.tensor("other"));
                    })
                  .in(Family::Elementwise, DTypeRule::Bool, false)
                  .says(doc + ", written into input in input's dtype (1 and 0 for float32)"));
}

}  // namespace

void add_bitwise(std::vector<Entry>& t) {
  for (const Pair& p : kPairs) add_bitwise_pair(t, p);
  t.push_back(entry("bitwise_not", kTorch | kMethod, {"bitwise_not(Tensor input, *, Tensor! out=None)"},
                    [](const Bound& b, CallContext&) -> Value { return bitwise_not(b.tensor("input")); })
                  .in(Family::Elementwise, DTypeRule::Same, false)
                  .says("~input, bit by bit (bool: not; bool and integer dtypes)"));
  t.push_back(entry("bitwise_not_", kMethod, {"bitwise_not_(Tensor input)"},
                    [](const Bound& b, CallContext&) -> Value {
                      Tensor self = b.tensor("input");
                      return bitwise_not_(self);
                    })
                  .in(Family::Elementwise, DTypeRule::Same, false)
                  .says("~input, bit by bit, written into input"));
  for (const Pair& p : kPairs) add_logical_pair(t, p);
  t.push_back(entry("logical_not", kTorch | kMethod, {"logical_not(Tensor input, *, Tensor! out=None)"},
                    [](const Bound& b, CallContext&) -> Value { return logical_not(b.tensor("input")); })
                  .in(Family::Elementwise, DTypeRule::Bool, false)
                  .says("not input, each nonzero element true: a bool result"));
  t.push_back(entry("logical_not_", kMethod, {"logical_not_(Tensor input)"},
                    [](const Bound& b, CallContext&) -> Value {
                      Tensor self = b.tensor("input");
                      return logical_not_(self);
                    })
                  .in(Family::Elementwise, DTypeRule::Same, false)
                  .says("not input, written into input in input's dtype (1 and 0 for float32)"));
}

}  // namespace tc::lang
