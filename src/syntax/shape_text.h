// Reading a shape as a person copies it from code, a paper or a traceback:
// "4,3", "4 3", "4x3", "4×3", "2*3*4", "(4, 3)", "[4, 3]",
// "torch.Size([4, 3])", "torch.empty(4, 3)", "()" for 0-D, full-width forms
// ("（4，3）", as a Chinese keyboard types them) and named dims
// ("B,3,H,W") whose values are asked for separately. One grammar for
// tc.parseShape (src/parse_shape.h, sizes only) and the playground's shape
// fields (through the package, bindings/bind_syntax.cpp). Only reading,
// never throwing; linear in the text.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tc::syntax {

// One dim: a size, or a name still waiting for its value.
struct ShapeDim {
  std::optional<int64_t> size;
  std::optional<std::string> name;
  int64_t position = 0;  // where it starts, in characters from 1
};

// Why a shape could not be read (Note [Read problems]).
struct ShapeProblem {
  std::string kind;       // kShapeProblem: "empty", "unexpected", "negative", ...
  int64_t at = 0;         // where, in UTF-16 code units from 0 (a JavaScript string's index)
  int64_t position = 0;   // where, in characters from 1 (as messages say it)
  std::string found;      // unexpected: the character found; unclosed: the closer expected
  std::string message;    // in English, without the place: "a negative size; ..."
};

struct ShapeReading {
  std::vector<ShapeDim> dims;
  std::optional<ShapeProblem> problem;  // set: not a shape, dims is empty
};

//   read_shape("(B, 3)")   // dims: name B at 2, size 3 at 5
//   read_shape("4x3")      // dims: 4, 3
//   read_shape("5;3")      // problem: unexpected ';' after a size, at 1, position 2
ShapeReading read_shape(const std::string& text);

}  // namespace tc::syntax
