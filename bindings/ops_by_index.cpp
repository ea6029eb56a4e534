#include "ops_by_index.h"

#include "error.h"
#include "json_writer.h"

namespace tcjs {

const tc::OpInfo& op_at(int index) {
  const auto& ops = tc::op_list();
  TC_ASSERT(index >= 0 && static_cast<size_t>(index) < ops.size(), "unknown op index ", index);
  return ops[static_cast<size_t>(index)];
}

// Keys as bindings/gen/contracts.cpp declares them for TypeScript (OpInfo).
std::string op_table_json() {
  JsonWriter json;
  json.begin_array();
  for (const tc::OpInfo& op : tc::op_list()) {
    json.begin_object();
    json.key("name").value(op.name);
    json.key("family").value(tc::family_name(op.family));
    json.key("arity").value(int64_t{op.arity});
    json.key("alpha").value(op.alpha);
    json.key("inplace").value(op.inplace);
    json.key("inplaceForm").value(op.inplace_form.empty() ? std::optional<std::string>()
                                                          : op.inplace_form);
    json.key("base").value(op.base.empty() ? std::optional<std::string>() : op.base);
    json.key("dtypeRule").value(tc::dtype_rule_name(op.dtype_rule));
    json.key("backward").value(op.backward);
    json.key("torch").value(op.torch);
    json.key("doc").value(op.doc);
    json.end_object();
  }
  json.end_array();
  return json.text();
}

tc::Tensor run_op(int index, Handle h0, double n0, Handle h1, double n1, Handle h2, double n2,
                  double alpha) {
  const tc::OpInfo& op = op_at(index);
  const tc::Operand operands[3] = {operand(h0, n0), operand(h1, n1), operand(h2, n2)};
  return tc::run_op(op, operands, static_cast<size_t>(op.arity), alpha);
}

}  // namespace tcjs
