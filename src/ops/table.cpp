// The op table (Note [The op table]): one entry per op, read by everything
// that names ops.
#include "op_table.h"

#include "error.h"

namespace tc {

namespace {

struct Entry {
  const char* name;
  OpFamily family;
  int code;
  bool alpha;
  bool has_inplace;
  DTypeRule dtype_rule;
  bool backward;
  const char* doc;
  const char* torch = nullptr;  // PyTorch's name, when not the same as ours
};

constexpr OpFamily B = OpFamily::Binary, C = OpFamily::Compare, U = OpFamily::Unary,
                   W = OpFamily::Where, M = OpFamily::Matmul;
constexpr DTypeRule kPromote = DTypeRule::Promote, kFloat = DTypeRule::PromoteToFloat,
                    kBool = DTypeRule::Bool, kSame = DTypeRule::Same;

// name, family, code, alpha, in-place form, dtype rule, backward, doc
const Entry kEntries[] = {
    {"add", B, int(BinaryOp::Add), true, true, kPromote, true, "input + alpha * other"},
    {"sub", B, int(BinaryOp::Sub), true, true, kPromote, true, "input - alpha * other"},
    {"mul", B, int(BinaryOp::Mul), false, true, kPromote, true, "input * other"},
    {"div", B, int(BinaryOp::Div), false, true, kFloat, true, "input / other (true division)"},
    {"pow", B, int(BinaryOp::Pow), false, true, kPromote, true, "input ** other"},
    // PyTorch has no maximum_ or minimum_ (docs/source/tensors.rst lists
    // maximum and minimum only), so neither has an in-place form here.
    {"maximum", B, int(BinaryOp::Maximum), false, false, kPromote, true,
     "the larger of input and other, elementwise (NaN if either is NaN)"},
    {"minimum", B, int(BinaryOp::Minimum), false, false, kPromote, true,
     "the smaller of input and other, elementwise (NaN if either is NaN)"},
    {"floorDivide", B, int(BinaryOp::FloorDivide), false, true, kPromote, false,
     "input // other: the quotient rounded down (integers stay integers)", "floor_divide"},
    {"remainder", B, int(BinaryOp::Remainder), false, true, kPromote, true,
     "input % other: the remainder with the sign of other, as Python's %"},
    {"eq", C, int(CompareOp::Eq), false, true, kBool, false, "input == other"},
    {"ne", C, int(CompareOp::Ne), false, true, kBool, false, "input != other"},
    {"lt", C, int(CompareOp::Lt), false, true, kBool, false, "input < other"},
    {"le", C, int(CompareOp::Le), false, true, kBool, false, "input <= other"},
    {"gt", C, int(CompareOp::Gt), false, true, kBool, false, "input > other"},
    {"ge", C, int(CompareOp::Ge), false, true, kBool, false, "input >= other"},
    {"neg", U, int(UnaryOp::Neg), false, false, kSame, true, "-input"},
    {"abs", U, int(UnaryOp::Abs), false, false, kSame, true, "|input|"},
    {"exp", U, int(UnaryOp::Exp), false, false, kFloat, true, "e ** input"},
    {"log", U, int(UnaryOp::Log), false, false, kFloat, true, "the natural logarithm of input"},
    {"sqrt", U, int(UnaryOp::Sqrt), false, false, kFloat, true, "the square root of input"},
    {"relu", U, int(UnaryOp::Relu), false, false, kSame, true, "max(input, 0)"},
    // --- unary ops (src/ops/unary.cpp)
    {"sigmoid", U, int(UnaryOp::Sigmoid), false, false, kFloat, true, "1 / (1 + e ** -input)"},
    {"tanh", U, int(UnaryOp::Tanh), false, false, kFloat, true, "the hyperbolic tangent of input"},
    {"sin", U, int(UnaryOp::Sin), false, false, kFloat, true, "the sine of input (radians)"},
    {"cos", U, int(UnaryOp::Cos), false, false, kFloat, true, "the cosine of input (radians)"},
    {"sign", U, int(UnaryOp::Sign), false, false, kSame, true,
     "-1, 0 or 1 as input is negative, zero (or NaN) or positive"},
    {"floor", U, int(UnaryOp::Floor), false, false, kSame, true,
     "input rounded down (integers: a copy)"},
    {"ceil", U, int(UnaryOp::Ceil), false, false, kSame, true, "input rounded up (integers: a copy)"},
    {"round", U, int(UnaryOp::Round), false, false, kSame, true,
     "input rounded to the nearest integer, halves to even (integers: a copy)"},
    {"log1p", U, int(UnaryOp::Log1p), false, false, kFloat, true, "log(1 + input), exact near 0"},
    {"expm1", U, int(UnaryOp::Expm1), false, false, kFloat, true, "e ** input - 1, exact near 0"},
    {"square", U, int(UnaryOp::Square), false, false, kPromote, true,
     "input ** 2 (PyTorch's pow(input, 2): bool becomes int64)"},
    {"rsqrt", U, int(UnaryOp::Rsqrt), false, false, kFloat, true, "1 / sqrt(input)"},
    {"reciprocal", U, int(UnaryOp::Reciprocal), false, false, kFloat, true, "1 / input"},
    {"where", W, 0, false, false, kPromote, true,
     "input where condition is true, else other (condition, input and other broadcast together)"},
    // --- matmul (src/ops/matmul.cpp): no promotion, both operands one dtype.
    {"matmul", M, 0, false, false, kSame, true,
     "the matrix product of input and other (1-D operands promoted, batch dims broadcast)"},
};

int arity_of(OpFamily family) {
  switch (family) {
    case OpFamily::Unary:
      return 1;
    case OpFamily::Where:
      return 3;
    default:
      return 2;
  }
}

std::vector<OpInfo> build() {
  std::vector<OpInfo> ops;
  for (const Entry& e : kEntries) {
    const std::string name = e.name;
    const std::string torch = e.torch ? e.torch : e.name;
    const std::string inplace = e.has_inplace ? name + "_" : "";
    ops.push_back({name, e.family, e.code, arity_of(e.family), e.alpha, false, inplace, "",
                   e.dtype_rule, e.backward, "torch." + torch, e.doc});
    if (e.has_inplace)
      ops.push_back({inplace, e.family, e.code, arity_of(e.family), e.alpha, true, "", name,
                     e.dtype_rule, e.backward, "Tensor." + torch + "_",
                     std::string(e.doc) + (e.family == OpFamily::Compare
                                               ? ", written into input in input's dtype (1 and 0 "
                                                 "for float32)"
                                               : ", written into input")});
  }
  return ops;
}

Tensor tensor_operand(const Operand& x) {
  TC_ASSERT(!x.is_number(), "this operand must be a tensor");
  return x.tensor();
}

// matmul's operands, each a tensor: a number is refused as PyTorch's
// argument parser words it.
Tensor matmul_operand(const Operand& x, const char* name, int position) {
  if (x.is_number()) {
    const Scalar& s = x.number();
    const char* kind = s.dtype() == DType::Bool ? "bool" : s.dtype() == DType::Int64 ? "int" : "float";
    fail(ErrorKind::Type, "matmul(): argument '", name, "' (position ", position,
         ") must be Tensor, not ", kind);
  }
  return x.tensor();
}

}  // namespace

const std::vector<OpInfo>& op_list() {
  static const std::vector<OpInfo> ops = build();
  return ops;
}

const OpInfo* find_op(const std::string& name) {
  for (const OpInfo& op : op_list())
    if (op.name == name) return &op;
  return nullptr;
}

// Every op runs this lookup (for its name), so it indexes instead of searching.
const OpInfo& op_info(OpFamily family, int code) {
  static const auto index = [] {
    std::vector<std::vector<const OpInfo*>> by_family(5);
    for (const OpInfo& op : op_list()) {
      if (op.inplace) continue;
      auto& codes = by_family[static_cast<size_t>(op.family)];
      if (codes.size() <= static_cast<size_t>(op.code)) codes.resize(static_cast<size_t>(op.code) + 1);
      codes[static_cast<size_t>(op.code)] = &op;
    }
    return by_family;
  }();
  const auto& codes = index[static_cast<size_t>(family)];
  TC_ASSERT(code >= 0 && static_cast<size_t>(code) < codes.size() && codes[static_cast<size_t>(code)],
            "no op of family ", family_name(family), " and code ", code);
  return *codes[static_cast<size_t>(code)];
}

const char* op_name(BinaryOp op) { return op_info(OpFamily::Binary, int(op)).name.c_str(); }
const char* op_name(CompareOp op) { return op_info(OpFamily::Compare, int(op)).name.c_str(); }
const char* op_name(UnaryOp op) { return op_info(OpFamily::Unary, int(op)).name.c_str(); }

// In the enums' order.
const char* family_name(OpFamily family) {
  static const char* const names[] = {"binary", "compare", "unary", "where", "matmul"};
  return names[static_cast<int>(family)];
}

uint32_t op_table_digest(const std::vector<OpInfo>& ops) {
  uint32_t h = 2166136261u;
  // Each field ends with a zero byte, which no field's text contains.
  const auto field = [&h](const std::string& text) {
    for (const unsigned char c : text) h = (h ^ c) * 16777619u;
    h *= 16777619u;
  };
  for (const OpInfo& op : ops) {
    field(op.name);
    field(family_name(op.family));
    field(std::to_string(op.code));
    field(std::to_string(op.arity));
    field(op.alpha ? "alpha" : "");
    field(op.inplace ? "inplace" : "");
    field(op.inplace_form);
    field(op.base);
    field(dtype_rule_name(op.dtype_rule));
    field(op.backward ? "backward" : "");
    field(op.torch);
    field(op.doc);
  }
  return h;
}

Tensor run_op(const OpInfo& op, const Operand* operands, size_t count, Scalar alpha) {
  TC_ASSERT(static_cast<int>(count) == op.arity, op.name, " takes ", op.arity,
            " operands, got ", count);
  if (op.inplace) {
    TC_ASSERT(op.family == OpFamily::Binary || op.family == OpFamily::Compare,
              "in-place ops are binary or comparisons");
    Tensor self = tensor_operand(operands[0]);
    if (op.family == OpFamily::Binary) binary_(BinaryOp(op.code), self, operands[1], alpha);
    else compare_(CompareOp(op.code), self, operands[1]);
    return self;
  }
  switch (op.family) {
    case OpFamily::Binary:
      return binary(BinaryOp(op.code), operands[0], operands[1], alpha);
    case OpFamily::Compare:
      return compare(CompareOp(op.code), operands[0], operands[1]);
    case OpFamily::Unary:
      return unary(UnaryOp(op.code), tensor_operand(operands[0]));
    case OpFamily::Where:
      return where(tensor_operand(operands[0]), operands[1], operands[2]);
    case OpFamily::Matmul:
      return matmul(matmul_operand(operands[0], "input", 1), matmul_operand(operands[1], "other", 2));
  }
  TC_ASSERT(false, "unknown op family");
}

}  // namespace tc
