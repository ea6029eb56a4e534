// Python's format(value, spec), for the replacement fields of a program's
// f-strings (Note [F-strings] in src/lang/parser.cpp): the format
// specification mini-language of Python's `string` module for ints,
// floats, bools and strings ("{:.4f}", "{:>8}", "{:,}", "{:#x}", "{:.1%}"),
// and a tensor as Tensor.__format__ does it: a 0-D tensor formats its
// item() (f"{loss}" is "3.5", not its repr), any other tensor takes only
// an empty spec (its str). Errors
// are Python's words: "Unknown format code 'd' for object of type
// 'float'", "Invalid format specifier '...' for object of type 'float'".
#pragma once
#include <string>

#include "value.h"

namespace tc::lang {

// format(value, spec). `str` is Python's str(value), the text of an
// empty spec (the caller's, which writes a tensor's repr).
std::string format_value(const Value& value, const std::string& spec, const std::string& str);

}  // namespace tc::lang
