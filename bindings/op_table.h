// The elementwise ops reachable from JavaScript by number. The facade learns
// the numbers, arities and options from op_table_json() at load, so this
// table is the one list of them.
#pragma once
#include <string>

#include "handles.h"
#include "ops.h"

namespace tcjs {

enum class Family { Binary, Compare, Unary, Inplace, Where };

struct OpInfo {
  const char* name;  // as the facade and explain.op spell it: "add", "add_", "where"
  Family family;
  int code;          // the tc::BinaryOp / CompareOp / UnaryOp value
};

const OpInfo& op_info(int index);  // raises InternalError for an unknown index
// [{"name": "add", "arity": 2, "inplace": false, "alpha": true}, ...] in index order
std::string op_table_json();

// An operand as the facade passes it: a handle, or 0 and a number.
inline tc::Operand operand(Handle handle, double number) {
  return handle ? tc::Operand(get(handle)) : tc::Operand(number);
}

// Runs the op. Operands in order: (a, b) for binary, compare and in-place
// ops (a is the tensor written to), (a) for unary, (condition, a, b) for
// where. Unused operands are ignored. In-place ops return a.
tc::Tensor run_op(const OpInfo& op, Handle h0, double n0, Handle h1, double n1, Handle h2,
                  double n2, double alpha);

}  // namespace tcjs
