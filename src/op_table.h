// Note [The op table]: every op reachable by name, in one list. The package
// (tc.ops, its methods and their TypeScript types), the playground's
// operation menu and rules, and explain.op all read this table; a new op is
// one entry here plus its kernel and backward in src/ops/<family>.cpp.
//
// One entry may stand for two ops: an op with `has_inplace` also gets its
// in-place form (`add` -> `add_`), listed right after it in op_list().
//
//   find_op("add_")->inplace       // returns true
//   find_op("add_")->base          // returns "add"
//   find_op("eq")->dtype_rule      // returns DTypeRule::Bool
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "ops.h"

namespace tc {

enum class OpFamily { Binary, Compare, Unary, Where, Matmul };

// Each op's DTypeRule (src/promotion.h) says how its result dtype follows
// from its operands'.

struct OpInfo {
  std::string name;          // as JavaScript spells it: "add", "add_", "where"
  OpFamily family;
  int code;                  // the BinaryOp / CompareOp / UnaryOp value (0 for where)
  int arity;                 // operands, the tensor written to included
  bool alpha;                // takes alpha: self + alpha * other
  bool inplace;              // writes into its first operand
  std::string inplace_form;  // "add_" for add; "" when there is none (or this is one)
  std::string base;          // for an in-place op, its out-of-place op ("add"); else ""
  DTypeRule dtype_rule;
  bool backward;             // has a derivative (false: its result never requires grad)
  std::string torch;         // PyTorch's name: "torch.add", "Tensor.add_"
  std::string doc;           // one line, for the package's types and docs
};

// Every op, in a fixed order: an op's index is its number across the wasm
// boundary.
const std::vector<OpInfo>& op_list();
// nullptr when there is no op of that name.
const OpInfo* find_op(const std::string& name);
// The index of the entry of a family and code (out of place).
const OpInfo& op_info(OpFamily family, int code);

const char* family_name(OpFamily family);  // "binary" | "compare" | "unary" | "where" | "matmul"

// A digest (FNV-1a) of every entry's fields, in order. The package's
// generated table carries the digest of the build it was generated from, and
// a loaded module must give the same: a package assembled from two builds
// would call ops by the wrong numbers. A number rather than the table itself,
// so that loading the package compares two numbers.
uint32_t op_table_digest(const std::vector<OpInfo>& ops = op_list());

// Runs the op on its operands in the table's order: (self, other) for
// binary and compare ops (self is written to when in place), (self) for
// unary ops, (condition, self, other) for where, (input, other) for
// matmul (both tensors: a number is PyTorch's TypeError text). Returns the result, or
// self for an in-place op. `count` must be op.arity (an InternalError
// otherwise); the pointer form spares the op path an allocation.
Tensor run_op(const OpInfo& op, const Operand* operands, size_t count, Scalar alpha = 1);
inline Tensor run_op(const OpInfo& op, const std::vector<Operand>& operands, Scalar alpha = 1) {
  return run_op(op, operands.data(), operands.size(), alpha);
}

}  // namespace tc
