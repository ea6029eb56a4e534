// Refused constructs (Note [Refused constructs] in src/lang/parser.cpp):
// each construct the subset leaves out, on line 4 of a program whose first
// three statements run, against Python's verdict on the text
// (tests/js/fixtures/refused/make_fixture.py): what Python compiles runs
// its first statements and is refused when the construct's statement runs
// (kind "unsupported", on the construct's line), with the statements
// before it kept; what Python refuses runs nothing, with Python's text.
#include <catch.hpp>
#include <string>

#include "lang/program.h"

namespace {

struct RefusedCase {
  const char* source;
  bool compiles;        // Python compiles the text
  const char* type;     // else its exception: SyntaxError or IndentationError
  const char* message;  // and its text
  int line;             // the line refused (0: none, the program runs to its end) or Python's error's
};

const RefusedCase kRefusedCases[] = {
#include "refused_cases.inc"
};

}  // namespace

TEST_CASE("refused constructs: what Python reads runs up to the construct's statement", "[program][refused]") {
  for (const RefusedCase& c : kRefusedCases) {
    INFO(c.source);
    const tc::lang::ProgramResult r = tc::lang::run_program(c.source);
    if (!c.compiles) {
      REQUIRE(r.error);
      CHECK(r.error->kind == "syntax");
      CHECK(r.error->python_type == c.type);
      CHECK(r.error->message.rfind(c.message, 0) == 0);  // Python's text, perhaps with what was expected
      CHECK(r.error->line == c.line);
      CHECK(r.statements.empty());
      continue;
    }
    // the prelude ran: import torch; x = torch.ones(2); print(x)
    REQUIRE(r.statements.size() >= 3);
    CHECK(r.statements[2].output == "tensor([1., 1.])\n");
    CHECK(r.globals.count("x") == 1);
    if (c.line == 0) {
      INFO((r.error ? r.error->message : std::string()));
      CHECK_FALSE(r.error);
      CHECK(r.globals.count("y") == 1);
      continue;
    }
    REQUIRE(r.error);
    INFO(r.error->message);
    CHECK(r.error->kind == "unsupported");
    CHECK(r.error->python_type == "NotImplementedError");
    CHECK(!r.error->message.empty());
    CHECK(r.error->line == c.line);
    CHECK(r.globals.count("y") == 0);
    // the refused statement's step is among the last (the calls it ran in finish after it)
    bool refused_step = false;
    for (const tc::lang::StatementResult& s : r.statements) refused_step |= s.line <= c.line && s.end_line >= 4;
    CHECK(refused_step);
  }
}

TEST_CASE("refused constructs: a refused statement in a loop stops at its first run", "[program][refused]") {
  const tc::lang::ProgramResult r =
      tc::lang::run_program("n = 0\nfor i in [1, 2, 3]:\n    n += i\n    if i == 2:\n        del n\nm = 1\n");
  REQUIRE(r.error);
  CHECK(r.error->kind == "unsupported");
  CHECK(r.error->line == 5);
  CHECK(r.error->column == 9);
  CHECK(r.error->end_column == 12);
  CHECK(r.error->message == "`del` is not supported: set the name to None (x = None) to free its tensor");
  REQUIRE(r.globals.count("n") == 1);
  CHECK(std::get<int64_t>(r.globals.at("n").v) == 3);  // 1 + 2: the loop's first run and a half
  CHECK(r.globals.count("m") == 0);
  CHECK(r.statements.back().source == "del n");
}
