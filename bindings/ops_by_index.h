// The op table as JavaScript receives it (Note [The op table] in
// src/op_table.h): ops are called by their index in tc::op_list(), and the
// facade checks at load that the module's table is the one it was generated
// from (tc::op_table_digest).
#pragma once
#include <string>

#include "handles.h"
#include "op_table.h"

namespace tcjs {

const tc::OpInfo& op_at(int index);  // raises InternalError for an unknown index
// tc::op_table_digest(), as a JavaScript number.
double op_table_digest();

// A JavaScript number as Python would have written it: an int when it is
// a safe integer (and not -0), else a float.
tc::Scalar js_number(double value);
// An operand as the facade passes it: a handle, or a number kind and a
// number (handles.h).
tc::Operand operand(Handle handle, double number);

// Runs op `index` on up to three operands (handles or numbers); the ones
// past its arity are ignored. Returns the result, or the tensor written to.
tc::Tensor run_op(int index, Handle h0, double n0, Handle h1, double n1, Handle h2, double n2,
                  double alpha);
// The promotion an op would make on these operands, without running it
// (tc.explain.promotion), as JSON: a PromotionTrace.
std::string promotion_json(int index, Handle h0, double n0, Handle h1, double n1);

}  // namespace tcjs
