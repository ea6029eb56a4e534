// PyTorch's repr of a tensor: the one formatter of tensorcast (Note
// [Tensor repr]). What print() writes in a program (src/lang), what each
// statement records of the names it binds, and the package's
// Tensor#toString() and util.inspect (bindings/bind_tensors.cpp) are all
// this text.
//
//   tensor_repr(x).text   // "tensor([[1., 2.],\n        [3., 4.]], requires_grad=True)"
#pragma once
#include <cstdint>
#include <string>

#include "tensor.h"

namespace tc {

// Note [Tensor repr]: the text is torch/_tensor_str.py's (PyTorch 1.13)
// with its default print options: 4 digits, more than 1000 elements
// summarised to the 3 first and 3 last items of every dim, 80 columns.
// One width and one notation for every element shown (_Formatter): for
// floats, integers with a trailing point when every nonzero finite value
// shown is an integer, else 4 decimals, and scientific notation when the
// largest magnitude is over 1000 times the smallest or over 1e8, or (not
// integers) the smallest is under 1e-4; the width is the widest nonzero
// finite value's (nan, inf and zeros are padded to it, never widen it).
// Integers and bools are str() of each, right-aligned. Then dtype= for
// what the values cannot show (not float32, int64 or bool; any dtype but
// float32 when the tensor is empty, with size= unless it has one dim), and
// grad_fn=<...> or requires_grad=True, each suffix on the last line if it
// fits in 80 columns. Numbers are written as Python's format() writes
// them: rounded from the exact binary value, ties to even.
//
// A summarised tensor shows at most 6 items a dim, but 6^ndim elements is
// still a lot (6^16 for 16 dims of an expanded view), so the text is
// bounded: it is PyTorch's exactly when it has at most `limit` characters;
// a longer one is cut to its first `limit` characters followed by "..."
// (complete false). Its first `limit` characters are PyTorch's when at
// most 6^5 elements are shown (every tensor of up to 5 dims, and any of
// at most 7,776 elements): they are all read for the width and notation.
// Past that, only about limit / 3 are read (each shown element takes at
// least 3 characters with its separator), and the width and notation are
// theirs, not necessarily PyTorch's. Only the elements shown are read: a
// 10^10-element expanded view prints at once.
constexpr int64_t kMaxTensorRepr = int64_t{1} << 20;

struct TensorRepr {
  std::string text;
  bool complete = true;  // false: cut at the limit (Note [Tensor repr])
};

// PyTorch's repr(t), bounded by `limit` characters (at least 16).
TensorRepr tensor_repr(const Tensor& t, int64_t limit = kMaxTensorRepr);

}  // namespace tc
