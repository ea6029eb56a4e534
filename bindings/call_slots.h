// The slots a JavaScript call's arguments arrive in (Note [Call slots]):
// read by the generic call (bind_call.cpp) and by tc.run's inputs
// (bind_program.cpp).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "error.h"
#include "handles.h"
#include "lang/value.h"
#include "scratch.h"

namespace tcjs {

// Note [Call slots]: a JavaScript call's arguments as doubles, each value
// a tag and what follows it:
//   0 None | 1 False | 2 True | 3 Int, its value (a safe integer) |
//   4 Int64, its 8 bytes (a BigInt) | 5 Float, its value |
//   6 Tensor, its handle | 7 List, its length, then its items |
//   8 Str, its length in bytes, then one UTF-8 byte per slot |
//   9 DType, its code (its index in DTYPES) |
//   10 Keyword, its name (as a Str without the tag), then its value.
// Keywords come after the positional arguments, as in Python.
enum Slot : int { kNone, kFalse, kTrue, kInt, kInt64, kFloat, kTensor, kList, kStr, kDType, kKeyword };

class SlotReader {
 public:
  explicit SlotReader(size_t count) : end_(count) {}
  bool done() const { return at_ >= end_; }
  int tag() { return static_cast<int>(to_int(next())); }

  tc::lang::Value value(int tag, int depth) {
    switch (tag) {
      case kNone: return tc::lang::Value();
      case kFalse: return tc::lang::Value(false);
      case kTrue: return tc::lang::Value(true);
      case kInt: return tc::lang::Value(to_int(next()));
      case kInt64: return tc::lang::Value(read_int64(take()));
      case kFloat: return tc::lang::Value(next());
      case kTensor: return tc::lang::Value(get(static_cast<Handle>(to_int(next()))));
      case kList: return list(depth);
      case kStr: return tc::lang::Value(text());
      case kDType: return tc::lang::Value(static_cast<tc::DType>(to_int(next())));
      default: break;
    }
    throw tc::InternalError("bind_call: unknown slot tag " + std::to_string(tag));
  }

  std::string text() {
    const int64_t n = to_int(next());
    std::string out;
    out.reserve(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) out += static_cast<char>(to_int(next()));
    return out;
  }

 private:
  size_t take() {
    if (at_ >= end_) throw tc::InternalError("bind_call: the slots end inside a value");
    return at_++;
  }
  double next() { return read_number(take()); }
  // The facade nests lists no deeper than Note [Bounded values] lets a
  // value nest; the check keeps a bad writer from recursing without end.
  tc::lang::Value list(int depth) {
    if (depth >= tc::lang::kMaxNesting) throw tc::InternalError("bind_call: lists nest too deeply");
    const int64_t n = to_int(next());
    std::vector<tc::lang::Value> items;
    for (int64_t i = 0; i < n; ++i) items.push_back(value(tag(), depth + 1));
    return tc::lang::Value::sequence(tc::lang::Sequence::Kind::List, std::move(items));
  }

  size_t at_ = 0;
  size_t end_;
};

}  // namespace tcjs
