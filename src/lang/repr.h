// Python's repr and str of program values, for print() and the package
// (src/lang/value.h declares type_name and repr). A tensor's text is
// PyTorch's repr (Note [Tensor repr] in src/tensor_repr.h), written when
// print() runs: what a statement printed shows the values of that moment.
#pragma once
#include <string>
#include <vector>

#include "program.h"
#include "value.h"

namespace tc::lang {

// Python's repr(value), appended to `out`: a tensor whole (within
// kMaxTensorRepr characters), anything else summarised past kReprLimit
// characters (Note [Bounded reprs] in src/lang/value.cpp), a tensor inside
// it whole. Returns the characters appended.
int64_t write_repr(const Value& value, std::string& out);
// Python's str(value): a string's own characters (at most kMaxItems), repr
// for the rest.
int64_t write_str(const Value& value, std::string& out);

// Note [Bounded output]: what a program hands back besides its tensors is
// text: the names each statement binds and each call's outputs, described
// as ValueInfo, the calls and their trace events, and what print() writes.
// Each piece is bounded (Note [Bounded reprs] in src/lang/value.cpp), and
// so is their sum: at most kMaxOutput characters in all, counted as each
// description's repr and kInfoOverhead characters for its other fields,
// each call as kInfoOverhead and 10 characters a tensor id, each trace
// event as kEventOverhead (about what the package's JSON of each takes),
// and as the characters print() writes, once written (a tensor's repr
// among them). A statement that would pass it raises a limit error, so
// that no program's result (the package's JSON of its statements) grows
// past some megabytes however its statements repeat, rebind or print.
// Each character counted is also work (WorkKind::Described, Note [Work
// budget] in src/work.h): the package spends about as long on a
// character of results as a loop on a hundred elements, so that under the
// default work budget a program's results stay far below kMaxOutput. That
// work is charged in batches, when a statement ends (settle) or when
// kDescribedBatch characters wait: an op's own charge, before its loop,
// is not preempted by the description of the calls before it on its line.
// A tuple's or list's ValueInfo::items hold at most kMaxInfoItems
// descriptions in all (its items', theirs, ... 4 levels down), each with
// its repr summarised past kItemReprLimit characters (its own repr is
// summarised past kReprLimit). A tensor's repr (Note [Tensor repr]) in a
// name's description is cut past kTensorInfoLimit characters, about 150
// elements in full: enough to show a lesson's values at each line, while a
// loop rebinding a large tensor describes a kilobyte a time, not ten.
constexpr int64_t kMaxOutput = int64_t{1} << 25;
constexpr int64_t kInfoOverhead = 160;
constexpr int64_t kEventOverhead = 1000;
constexpr int64_t kMaxInfoItems = 1000;
constexpr int64_t kItemReprLimit = 200;
constexpr int64_t kTensorInfoLimit = 1000;
constexpr int64_t kDescribedBatch = 10000;

class OutputBudget {
 public:
  // Counts `chars` more; raises ErrorKind::Limit, counting nothing, when
  // the program's output would pass kMaxOutput. Charges the work of what
  // waits once kDescribedBatch characters do.
  void spend(int64_t chars);
  // Charges the work of the characters counted since the last charge.
  void settle();
  int64_t used() const { return used_; }

 private:
  int64_t used_ = 0;
  int64_t unpaid_ = 0;
};

// Python's repr of a float: the shortest text that reads back as the same
// double, fixed for exponents -4..15, else scientific with at least two
// exponent digits: "0.1", "1.0", "1e-05", "1e+16", "inf", "nan", "-0.0".
std::string float_repr(double value);
// Python's repr of a str: single quotes unless the text holds a ' and no ".
std::string string_repr(const std::string& text);

}  // namespace tc::lang
