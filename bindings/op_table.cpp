#include "op_table.h"

#include <vector>

#include "error.h"
#include "json_writer.h"

namespace tcjs {

namespace {

using tc::BinaryOp;
using tc::CompareOp;
using tc::UnaryOp;

const std::vector<OpInfo>& table() {
  static const std::vector<OpInfo> ops = {
      {"add", Family::Binary, int(BinaryOp::Add)},
      {"sub", Family::Binary, int(BinaryOp::Sub)},
      {"mul", Family::Binary, int(BinaryOp::Mul)},
      {"div", Family::Binary, int(BinaryOp::Div)},
      {"pow", Family::Binary, int(BinaryOp::Pow)},
      {"maximum", Family::Binary, int(BinaryOp::Maximum)},
      {"minimum", Family::Binary, int(BinaryOp::Minimum)},
      {"eq", Family::Compare, int(CompareOp::Eq)},
      {"ne", Family::Compare, int(CompareOp::Ne)},
      {"lt", Family::Compare, int(CompareOp::Lt)},
      {"le", Family::Compare, int(CompareOp::Le)},
      {"gt", Family::Compare, int(CompareOp::Gt)},
      {"ge", Family::Compare, int(CompareOp::Ge)},
      {"neg", Family::Unary, int(UnaryOp::Neg)},
      {"abs", Family::Unary, int(UnaryOp::Abs)},
      {"exp", Family::Unary, int(UnaryOp::Exp)},
      {"log", Family::Unary, int(UnaryOp::Log)},
      {"sqrt", Family::Unary, int(UnaryOp::Sqrt)},
      {"relu", Family::Unary, int(UnaryOp::Relu)},
      {"add_", Family::Inplace, int(BinaryOp::Add)},
      {"sub_", Family::Inplace, int(BinaryOp::Sub)},
      {"mul_", Family::Inplace, int(BinaryOp::Mul)},
      {"div_", Family::Inplace, int(BinaryOp::Div)},
      {"where", Family::Where, 0},
  };
  return ops;
}

}  // namespace

const OpInfo& op_info(int index) {
  const auto& ops = table();
  TC_ASSERT(index >= 0 && static_cast<size_t>(index) < ops.size(), "unknown op index ", index);
  return ops[static_cast<size_t>(index)];
}

std::string op_table_json() {
  JsonWriter json;
  json.begin_array();
  for (const OpInfo& op : table()) {
    const bool add_or_sub = op.code == int(BinaryOp::Add) || op.code == int(BinaryOp::Sub);
    json.begin_object();
    json.key("name").value(op.name);
    json.key("arity").value(int64_t{op.family == Family::Unary   ? 1
                                    : op.family == Family::Where ? 3
                                                                 : 2});
    json.key("inplace").value(op.family == Family::Inplace);
    json.key("alpha").value((op.family == Family::Binary || op.family == Family::Inplace) &&
                            add_or_sub);
    json.end_object();
  }
  json.end_array();
  return json.text();
}

tc::Tensor run_op(const OpInfo& op, Handle h0, double n0, Handle h1, double n1, Handle h2,
                  double n2, double alpha) {
  switch (op.family) {
    case Family::Binary:
      return tc::binary(BinaryOp(op.code), operand(h0, n0), operand(h1, n1), alpha);
    case Family::Compare:
      return tc::compare(CompareOp(op.code), operand(h0, n0), operand(h1, n1));
    case Family::Unary:
      return tc::unary(UnaryOp(op.code), get(h0));
    case Family::Inplace: {
      tc::Tensor self = get(h0);
      return tc::binary_(BinaryOp(op.code), self, operand(h1, n1), alpha);
    }
    case Family::Where:
      return tc::where(get(h0), operand(h1, n1), operand(h2, n2));
  }
  TC_ASSERT(false, "unknown op family");
}

}  // namespace tcjs
