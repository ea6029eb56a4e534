#include "ops_by_index.h"

#include <cmath>
#include <cstring>

#include "error.h"
#include "json_writer.h"
#include "ops/internal.h"
#include "scratch.h"
#include "trace_json.h"

namespace tcjs {

const tc::OpInfo& op_at(int index) {
  const auto& ops = tc::op_list();
  TC_ASSERT(index >= 0 && static_cast<size_t>(index) < ops.size(), "unknown op index ", index);
  return ops[static_cast<size_t>(index)];
}

double op_table_digest() { return tc::op_table_digest(); }

tc::Scalar js_number(double value) {
  constexpr double kMaxSafe = 9007199254740991.0;
  if (std::trunc(value) == value && std::fabs(value) <= kMaxSafe && !(value == 0 && std::signbit(value)))
    return tc::Scalar(static_cast<int64_t>(value));
  return tc::Scalar(value);
}

tc::Operand operand(Handle handle, double number) {
  if (handle == kNumber) return js_number(number);
  if (handle == kBoolNumber) return tc::Scalar(number != 0);
  if (handle == kInt64Number) return tc::Scalar(read_int64(static_cast<size_t>(to_int(number))));
  return tc::Operand(get(handle));
}

std::string promotion_json(int index, Handle h0, double n0, Handle h1, double n1) {
  const tc::OpInfo& op = op_at(index);
  TC_ASSERT(op.family == tc::OpFamily::Binary || op.family == tc::OpFamily::Compare,
            "promotion of a binary op or comparison");
  const tc::Operand a = operand(h0, n0), b = operand(h1, n1);
  tc::Promoted p = tc::promote_operands({a, b}, op.dtype_rule, false);
  const tc::DType result = op.inplace ? a.dtype() : p.promotion.result;
  tc::PromotionTrace t = tc::promotion_trace(p, op.inplace ? std::vector<std::string>{"self", "other"}
                                                           : std::vector<std::string>{"a", "b"},
                                             result, p.promotion.result != result);
  JsonWriter json;
  write_trace(json, t);
  return json.text();
}

tc::Tensor run_op(int index, Handle h0, double n0, Handle h1, double n1, Handle h2, double n2,
                  double alpha) {
  const tc::OpInfo& op = op_at(index);
  const tc::Operand operands[3] = {operand(h0, n0), operand(h1, n1), operand(h2, n2)};
  return tc::run_op(op, operands, static_cast<size_t>(op.arity), js_number(alpha));
}

}  // namespace tcjs
