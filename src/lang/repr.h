// Python's repr and str of program values, for print() and the package
// (src/lang/value.h declares type_name and repr). A tensor's own text is
// the package's formatter's (bindings/ts/format.ts, PyTorch's repr), so
// what print() writes is a list of pieces: text, and tensors left for that
// formatter, in order.
#pragma once
#include <string>
#include <vector>

#include "program.h"
#include "value.h"

namespace tc::lang {

// Python's repr(value) as pieces: "(", tensor, ", ", tensor, ")" for a
// tuple of two tensors; one text piece when no tensor is inside.
void write_repr(const Value& value, std::vector<OutputPiece>& out);
// Python's str(value): a string's own characters, repr for the rest.
void write_str(const Value& value, std::vector<OutputPiece>& out);

// Python's repr of a float: the shortest text that reads back as the same
// double, fixed for exponents -4..15, else scientific with at least two
// exponent digits: "0.1", "1.0", "1e-05", "1e+16", "inf", "nan", "-0.0".
std::string float_repr(double value);
// Python's repr of a str: single quotes unless the text holds a ' and no ".
std::string string_repr(const std::string& text);

}  // namespace tc::lang
