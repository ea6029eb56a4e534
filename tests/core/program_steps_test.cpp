// Programs with loops, functions and grad-mode blocks: their steps (Note
// [Program steps] in src/lang/run.cpp), the limits that bound them, and
// how a step's record relates to the statement it ran. What they print and
// compute is checked against PyTorch in tests/js/program.test.js (course
// programs); here, the interpreter's own promises.
#include <catch.hpp>
#include <string>
#include <vector>

#include "lang/program.h"
#include "ops.h"
#include "support.h"

using tc::lang::ProgramLimits;
using tc::lang::ProgramResult;
using tc::lang::run_program;
using tc::lang::StatementResult;
using tc::lang::Value;

namespace {

ProgramResult run_ok(const std::string& code, const ProgramLimits& limits = {}) {
  ProgramResult r = run_program(code, limits);
  INFO(code);
  INFO((r.error ? r.error->message : std::string("no error")));
  REQUIRE_FALSE(r.error);
  return r;
}

// (line, run) of each step, in order.
std::vector<std::pair<int, int64_t>> steps(const ProgramResult& r) {
  std::vector<std::pair<int, int64_t>> out;
  for (const StatementResult& s : r.statements) out.emplace_back(s.line, s.run);
  return out;
}

}  // namespace

TEST_CASE("program steps: a loop's header and body, one step per run, in order", "[program][steps]") {
  const ProgramResult r = run_ok("t = 0\nfor i in range(3):\n    t = t + i\nprint(t)\n");
  using P = std::pair<int, int64_t>;
  CHECK(steps(r) == std::vector<P>{{1, 0}, {2, 0}, {3, 0}, {2, 1}, {3, 1}, {2, 2}, {3, 2}, {4, 0}});
  CHECK(tct::printed_text(r) == "3\n");
  // the header binds the loop's name; the first run also made range(3)
  CHECK(r.statements[1].names.count("i") == 1);
  REQUIRE(r.statements[1].calls.size() == 1);
  CHECK(r.statements[1].calls[0].op == "range");
  CHECK(r.statements[3].calls.empty());
  CHECK(r.statements[1].source == "for i in range(3):");
}

TEST_CASE("program steps: while, if/elif/else, break and continue", "[program][steps]") {
  const ProgramResult r = run_ok(
      "n = 0\nout = []\nwhile n < 10:\n    n += 1\n    if n == 2:\n        continue\n"
      "    elif n > 3:\n        break\n    else:\n        out = out + [n]\nprint(out, n)\n");
  CHECK(tct::printed_text(r) == "[1, 3] 4\n");
  int headers = 0;
  for (const StatementResult& s : r.statements) headers += s.line == 3;
  CHECK(headers == 4);  // n = 0, 1, 2, 3 tested true; break leaves before a fifth test
  // an empty loop still computes what it goes over: one header step
  const ProgramResult empty = run_ok("for i in []:\n    x = 1\n");
  CHECK(steps(empty) == std::vector<std::pair<int, int64_t>>{{1, 0}});
}

TEST_CASE("program steps: a function's steps come before the line that called it", "[program][steps]") {
  const ProgramResult r = run_ok("def f(x, k=2):\n    y = x * k\n    return y\nz = f(3)\nw = f(1, k=5)\n");
  using P = std::pair<int, int64_t>;
  CHECK(steps(r) == std::vector<P>{{1, 0}, {2, 0}, {3, 0}, {4, 0}, {2, 1}, {3, 1}, {5, 0}});
  CHECK(r.statements[1].function == "f");
  CHECK(r.statements[1].depth == 1);
  CHECK(r.statements[3].depth == 0);
  CHECK(r.statements[3].names.at("z").repr == "6");
  CHECK(r.statements[6].names.at("w").repr == "5");
  // locals stay in the function
  CHECK(r.globals.count("y") == 0);
  REQUIRE(r.statements[3].calls.size() == 1);
  CHECK(r.statements[3].calls[0].op == "f");
}

TEST_CASE("program steps: an error inside a function stops the program at its line", "[program][steps]") {
  const ProgramResult r = run_program("import torch\ndef f(x):\n    return x + torch.ones(3)\ny = f(torch.ones(2))\n");
  REQUIRE(r.error);
  CHECK(r.error->line == 3);
  CHECK(r.error->column == 12);
  CHECK(r.error->python_type == "RuntimeError");
  // the failing step, then the line that called it (its call failed)
  REQUIRE(r.statements.size() == 4);
  CHECK(r.statements[2].line == 3);
  CHECK(r.statements[3].line == 4);
  REQUIRE_FALSE(r.statements[3].calls.empty());
  CHECK(r.statements[3].calls.back().failed);
}

TEST_CASE("program steps: the step limit stops a loop that never ends, at its line", "[program][steps]") {
  ProgramLimits limits;
  limits.max_steps = 100;
  const ProgramResult r = run_program("n = 0\nwhile True:\n    n += 1\n", limits);
  REQUIRE(r.error);
  CHECK(r.error->kind == "limit");
  CHECK(r.error->message ==
        "the program has run 100 statements, as many as a program may (the maxSteps limit): does a "
        "loop never end?");
  CHECK((r.error->line == 2 || r.error->line == 3));
  CHECK(r.statements.size() == 101);
  const ProgramResult deep = run_program("def f(n):\n    return f(n + 1)\nf(0)\n");
  REQUIRE(deep.error);
  CHECK(deep.error->kind == "limit");
  CHECK(deep.error->python_type == "RecursionError");
  CHECK(deep.error->line == 2);
}

TEST_CASE("program steps: a comprehension has a scope of its own and spends a step per item", "[program][steps]") {
  // (Note [Comprehensions]) x is the program's before and after; f does not see the comprehension's x.
  const ProgramResult r = run_ok(
      "x = 10\ndef f():\n    return x\nys = [x * 2 for x in range(3)]\nzs = [f() for x in range(2)]\n"
      "print(x, ys, zs)\nprint([(a, b) for a in range(3) if a for b in range(a)])\n");
  CHECK(tct::printed_text(r) == "10 [0, 2, 4] [10, 10]\n[(1, 0), (2, 0), (2, 1)]\n");
  // the statement binds ys, never the comprehension's x
  CHECK(r.statements[2].names.count("ys") == 1);
  CHECK(r.statements[2].names.count("x") == 0);
  ProgramLimits limits;
  limits.max_steps = 100;
  const ProgramResult big = run_program("n = 1\nys = [0 for i in range(10**9)]\n", limits);
  REQUIRE(big.error);
  CHECK(big.error->kind == "limit");
  CHECK(big.error->line == 2);
  CHECK(big.statements.size() == 2);
  // after the comprehension, x is still undefined where the program never bound it
  const ProgramResult leak = run_program("ys = [x for x in range(2)]\nprint(x)\n");
  REQUIRE(leak.error);
  CHECK(leak.error->python_type == "NameError");
  CHECK(leak.error->line == 2);
}

TEST_CASE("program steps: past its detailed runs a statement keeps its names and output only", "[program][steps]") {
  const ProgramResult r = run_ok("import torch\nx = torch.ones(2)\nfor i in range(60):\n    x = x + 1\nprint(x.sum().item())\n");
  int64_t detailed = 0, brief = 0;
  for (const StatementResult& s : r.statements) {
    if (s.line != 4) continue;
    if (s.detailed) {
      ++detailed;
      CHECK(s.calls.size() == 1);
      CHECK_FALSE(s.events.empty());
    } else {
      ++brief;
      CHECK(s.calls.empty());
      CHECK(s.events.empty());
      CHECK(s.names.count("x") == 1);
    }
  }
  CHECK(detailed == tc::lang::kDetailedRuns);
  CHECK(brief == 60 - tc::lang::kDetailedRuns);
  CHECK(tct::printed_text(r) == "122.0\n");
}

TEST_CASE("program steps: values of the run asked for", "[program][steps]") {
  const std::string code = "import torch\nx = torch.zeros(2)\nfor i in range(3):\n    x = x + i\n";
  const ProgramResult r = run_program(code, {}, 4, 2);
  REQUIRE_FALSE(r.error);
  int with_values = 0;
  for (const StatementResult& s : r.statements)
    for (const tc::lang::CallRecord& c : s.calls)
      if (!c.input_values.empty()) {
        ++with_values;
        CHECK(s.run == 2);
        CHECK(c.input_values[0].cells == std::vector<std::string>{"1", "1"});  // 0 + 0 + 1
      }
  CHECK(with_values == 1);
}

TEST_CASE("program steps: grad mode inside with blocks, restored after, and after the program", "[program][steps]") {
  const ProgramResult r = run_ok(
      "import torch\nw = torch.ones(2, requires_grad=True)\nwith torch.no_grad():\n    a = w * 2\n"
      "b = w * 2\ntorch.set_grad_enabled(False)\n");
  CHECK_FALSE(r.globals.at("a").tensor().requires_grad());
  CHECK(r.globals.at("b").tensor().requires_grad());
  CHECK(tc::grad_enabled());  // the program's set_grad_enabled(False) ends with it
  // an error inside the block restores the mode too
  const ProgramResult e = run_program("import torch\nwith torch.no_grad():\n    x = 1 / 0\n");
  REQUIRE(e.error);
  CHECK(tc::grad_enabled());
}

TEST_CASE("program steps: a backward in a loop names the calls of its own iteration", "[program][steps]") {
  const ProgramResult r = run_ok(
      "import torch\nw = torch.ones(3, requires_grad=True)\nfor k in range(2):\n"
      "    loss = (w * torch.ones(2, 1)).sum()\n    loss.backward()\n");
  // the flattened index of each backward step's call is a call of line 4
  // in the same iteration as the backward
  std::vector<std::pair<const tc::lang::CallRecord*, int64_t>> calls;  // with its step's run
  for (const StatementResult& s : r.statements)
    for (const tc::lang::CallRecord& c : s.calls) calls.emplace_back(&c, s.run);
  int muls = 0;
  for (const StatementResult& s : r.statements) {
    if (s.line != 5) continue;
    for (const tc::TraceEvent& event : s.events) {
      const auto* step = std::get_if<tc::ReduceGradTrace>(&event);
      if (step == nullptr || !step->call) continue;
      REQUIRE(*step->call < static_cast<int64_t>(calls.size()));
      const auto& [made, run] = calls[static_cast<size_t>(*step->call)];
      CHECK(made->line == 4);
      CHECK(run == s.run);
      muls += made->op == "mul";
    }
  }
  CHECK(muls == 2);  // w's gradient reduced from (2, 3) to (3,), once an iteration
}

TEST_CASE("program steps: columns in UTF-16 code units, Unicode names", "[program][steps]") {
  const ProgramResult r = run_program("é = 1\ns = '中文'; y = é + z\n");
  REQUIRE(r.error);
  CHECK(r.error->message == "name 'z' is not defined");
  CHECK(r.error->line == 2);
  CHECK(r.error->column == 19);  // s = '中文'; y = é + z: 18 code units before z
  CHECK(r.statements[0].names.count("é") == 1);
  CHECK(r.statements[2].source == "y = é + z");
  const ProgramResult comma = run_program("x = a，b\n");
  REQUIRE(comma.error);
  CHECK(comma.error->kind == "syntax");
  CHECK(comma.error->column == 6);
  CHECK(comma.error->message == "invalid character '，' (U+FF0C)");
}

// Changed in place (Note [Changed in place] in src/lang/run.cpp): grad_fn names as PyTorch 1.13 gives them
// (a.relu_() leaves ReluBackward0, f(a) whose body runs a.exp_() leaves
// ExpBackward0).
TEST_CASE("program steps: a statement that changes a tensor in place shows its names", "[program][steps]") {
  const ProgramResult r = run_ok(
      "import torch\n"
      "x = torch.ones(2, requires_grad=True)\n"
      "a = x * 2\n"
      "a.relu_()\n"
      "a.sum()\n"
      "def f(t):\n"
      "    t.exp_()\n"
      "    return t\n"
      "f(a)\n"
      "b = torch.zeros(3)\n"
      "for i in range(60):\n"
      "    b.add_(1)\n");
  const auto step = [&](int line) -> const StatementResult& {
    for (const StatementResult& s : r.statements)
      if (s.line == line) return s;
    FAIL("no step on line " << line);
    throw;
  };
  REQUIRE(step(4).names.count("a") == 1);
  CHECK(step(4).names.at("a").grad_fn == "ReluBackward0");
  CHECK(step(5).names.empty());  // a.sum() hands back a new tensor: a did not change
  // the body's step shows the local name, the calling line the program's
  REQUIRE(step(7).names.count("t") == 1);
  CHECK(step(7).names.size() == 1);
  CHECK(step(7).names.at("t").grad_fn == "ExpBackward0");
  REQUIRE(step(9).names.count("a") == 1);
  CHECK(step(9).names.at("a").grad_fn == "ExpBackward0");
  // past the detailed runs too: the last run shows b as it left it
  const StatementResult& last = r.statements.back();
  CHECK(last.line == 12);
  CHECK_FALSE(last.detailed);
  REQUIRE(last.names.count("b") == 1);
  CHECK(last.names.at("b").repr == "tensor([60., 60., 60.])");
}

// Note [Program inputs and result] in src/lang/run.cpp.
TEST_CASE("program inputs: names bound before the program, its last expression as the result", "[program][inputs]") {
  const tc::Tensor x = tc::Tensor::arange(0, 3);
  const tc::lang::ProgramInputs inputs{{"x", Value(x)}, {"n", Value(int64_t{2})}};
  ProgramResult r = run_program("import torch\ndef f(t):\n    return t * n\nf(x) + 1\n", {}, 0, 0, inputs);
  REQUIRE_FALSE(r.error);
  REQUIRE(r.result);
  REQUIRE(r.result->is_tensor());
  CHECK(tct::values(r.result->tensor()) == std::vector<float>{1, 3, 5});
  CHECK(r.globals.at("x").tensor().id() == x.id());  // the caller's tensor, not a copy

  // a program that ends with a statement, or stops, has no result
  CHECK_FALSE(run_program("y = 1\n", {}, 0, 0, inputs).result);
  CHECK_FALSE(run_program("x + 1\nfor i in range(2):\n    x + i\n", {}, 0, 0, inputs).result);
  CHECK_FALSE(run_program("x + 1\nx @ x.T @ x\n", {}, 0, 0, inputs).result);
  // None is a result (print's)
  const ProgramResult printed = run_program("print(n)\n", {}, 0, 0, inputs);
  REQUIRE(printed.result);
  CHECK(printed.result->is_none());
  // an in-place op changes the caller's tensor, as in Python
  CHECK_FALSE(run_program("x.add_(1)\n", {}, 0, 0, inputs).error);
  CHECK(tct::values(x) == std::vector<float>{1, 2, 3});

  // names a program could not bind are refused before anything runs
  for (const char* bad : {"", "1x", "a b", "for", "True", "x.y", "x\n"}) {
    INFO(bad);
    CHECK_THROWS_AS(run_program("1\n", {}, 0, 0, {{bad, Value(int64_t{1})}}), tc::Error);
  }
  CHECK_THROWS_WITH(run_program("1\n", {}, 0, 0, {{"x", Value(1.0)}, {"x", Value(2.0)}}),
                    "run(): the input 'x' is given twice");
  CHECK_THROWS_WITH(run_program("1\n", {}, 0, 0, {{"for", Value(1.0)}}),
                    "run(): the input name 'for' is not a Python name (letters, digits and _, "
                    "not starting with a digit, not a keyword)");
  CHECK_NOTHROW(run_program("1\n", {}, 0, 0, {{"数据", Value(1.0)}, {"_n2", Value(1.0)}}));
}
