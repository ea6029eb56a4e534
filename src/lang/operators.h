// Python's operators on the values of a program (Note [Program
// operators]): numbers as Python computes them, tensors through the core
// as torch.Tensor's dunder methods do.
//
// Note [Program operators]: `a + b` tries a.__add__(b), then
// b.__radd__(a); PyTorch's Tensor defines both (torch/_tensor.py and
// python_variable_methods.cpp), so a number on the left reaches the
// tensor's reflected method:
//   2 + x  -> x.add(2)          2 * x  -> x.mul(2)
//   2 - x  -> torch.rsub(x, 2)  (here: sub(2, x), the same values, gradient and
//                                grad_fn RsubBackward1; the trace names the op sub)
//   2 / x  -> x.reciprocal() * 2   (two ops, as PyTorch runs them)
//   2 // x -> torch.floor_divide(2, x)   2 % x -> torch.remainder(2, x)
//   2 ** x -> torch.pow(2, x)     2 @ x -> TypeError (no reflected matmul of a number)
//   2 < x  -> x > 2 (comparisons swap sides)
//   x & y  -> torch.bitwise_and(x, y) (| bitwise_or, ^ bitwise_xor; 2 & x
//             is Tensor.__rand__: bitwise_and(x, 2)), ~x -> bitwise_not(x)
//             (a float x: Tensor.__invert__'s own TypeError)
// A TypeError a tensor method raises for an operand it cannot take becomes
// Python's "unsupported operand type(s) for +: 'Tensor' and 'list'", as
// PyTorch's TypeError_to_NotImplemented wrappers make it.
// Augmented assignment on a tensor is in place (__iadd__ is add_, and so
// on for -= *= /= //= %= **=, and &= |= ^= are bitwise_and_ ...), so
// every name bound to it sees the change;
// @= has no in-place form and rebinds (x = x @ y), as numbers and tuples
// do. A list's += rebinds here too, where Python extends the list in place
// (another name bound to the same list keeps the old items).
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "../tensor.h"
#include "ast.h"
#include "value.h"

namespace tc::lang {

// The interpreter's hook around every core op an operator runs: records
// its name, the tensors in, and what run() returns (src/lang/run.cpp).
using CoreCall = std::function<Tensor(const std::string& op, const std::vector<Tensor>& inputs,
                                      const std::function<Tensor()>& run)>;

// a op b for op one of + - * / // % ** @ & | ^.
Value binary_operator(Operator op, const Value& a, const Value& b, const CoreCall& call);
// op a for op - + ~ or not.
Value unary_operator(UnaryOperator op, const Value& a, const CoreCall& call);
// a op b for op one of == != < <= > >=.
Value compare_operator(CmpOp op, const Value& a, const Value& b, const CoreCall& call);
// target op= value: the value the target name is bound to after it (the
// same tensor when it was changed in place).
Value augmented_operator(Operator op, const Value& target, const Value& value,
                         const CoreCall& call);
// Python's int result that int64 cannot hold: OverflowError, where Python
// would grow the integer (docs/programs.md).
[[noreturn]] void int_overflow();

// Python's bool(value); a tensor of other than one element raises
// PyTorch's "Boolean value of Tensor with more than one value is ambiguous".
bool truth(const Value& value);

}  // namespace tc::lang
