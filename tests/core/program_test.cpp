// Programs end to end (src/lang/program.h, Note [Programs]): Python's
// semantics for numbers and operators (src/lang/operators.h, Note
// [Program operators]), tensors through the core, what each statement
// records, and every error with its line and columns. Expected values are
// Python's and PyTorch's, worked out by hand in the comments.
#include <catch.hpp>
#include <chrono>
#include <cmath>
#include <string>

#include "lang/operators.h"
#include "lang/program.h"
#include "ops.h"
#include "support.h"
#include "tensor_repr.h"
#include "work.h"

namespace {

using tc::lang::ProgramError;
using tc::lang::ProgramLimits;
using tc::lang::ProgramResult;
using tc::lang::run_program;
using tc::lang::Sequence;
using tc::lang::Value;

ProgramResult run_ok(const std::string& code, const ProgramLimits& limits = {}) {
  ProgramResult r = run_program(code, limits);
  INFO(code << "\nerror: " << (r.error ? r.error->message : std::string("none")));
  REQUIRE_FALSE(r.error.has_value());
  return r;
}

ProgramError run_error(const std::string& code, const ProgramLimits& limits = {}) {
  ProgramResult r = run_program(code, limits);
  INFO(code);
  REQUIRE(r.error.has_value());
  return *r.error;
}

// Limits whose work budget never stops the program: for the other limits.
ProgramLimits unbudgeted() {
  ProgramLimits limits;
  limits.max_work = int64_t{1} << 60;
  return limits;
}

// The global `name` after running `code`.
Value global(const ProgramResult& r, const std::string& name) {
  auto it = r.globals.find(name);
  REQUIRE(it != r.globals.end());
  return it->second;
}

int64_t int_of(const Value& v) {
  REQUIRE(std::holds_alternative<int64_t>(v.v));
  return std::get<int64_t>(v.v);
}
double float_of(const Value& v) {
  REQUIRE(std::holds_alternative<double>(v.v));
  return std::get<double>(v.v);
}
bool bool_of(const Value& v) {
  REQUIRE(std::holds_alternative<bool>(v.v));
  return std::get<bool>(v.v);
}
std::vector<float> tensor_values(const Value& v) {
  REQUIRE(v.is_tensor());
  return v.tensor().to_vector();
}

void check_error(const std::string& code, const std::string& message, const std::string& kind,
                 const std::string& python_type, int line, int column, int end_column) {
  INFO(code);
  const ProgramError e = run_error(code);
  CHECK(e.message == message);
  CHECK(e.kind == kind);
  CHECK(e.python_type == python_type);
  CHECK(e.line == line);
  CHECK(e.column == column);
  CHECK(e.end_column == end_column);
}

}  // namespace

TEST_CASE("programs: Python's arithmetic on numbers", "[program]") {
  const ProgramResult r = run_ok(
      "a = 7 // 2\n"      // 3
      "b = -7 // 2\n"     // -4: rounded down
      "c = 7 % -3\n"      // -2: the divisor's sign
      "d = -7 % 3\n"      // 2
      "e = 7 / 2\n"       // 3.5: / is always float
      "f = 4 / 2\n"       // 2.0
      "g = 2 ** 10\n"     // 1024
      "h = 2 ** -1\n"     // 0.5
      "i = -2 ** 2\n"     // -4: ** binds tighter than unary minus
      "j = True + True\n" // 2 (bool is an int)
      "k = 7.5 // 2\n"    // 3.0
      "l = -7.5 % 2\n"    // 0.5
      "m = 2 * 3 + 4\n"   // 10
      "n = 1 - 2 - 3\n"   // -4: left to right
      "o = 2 ** 3 ** 2\n" // 512: right to left
      "p = -(3)\n"        // -3
      "q = +True\n"       // 1
      "s = 0.1 + 0.2\n"); // 0.30000000000000004
  CHECK(int_of(global(r, "a")) == 3);
  CHECK(int_of(global(r, "b")) == -4);
  CHECK(int_of(global(r, "c")) == -2);
  CHECK(int_of(global(r, "d")) == 2);
  CHECK(float_of(global(r, "e")) == 3.5);
  CHECK(float_of(global(r, "f")) == 2.0);
  CHECK(int_of(global(r, "g")) == 1024);
  CHECK(float_of(global(r, "h")) == 0.5);
  CHECK(int_of(global(r, "i")) == -4);
  CHECK(int_of(global(r, "j")) == 2);
  CHECK(float_of(global(r, "k")) == 3.0);
  CHECK(float_of(global(r, "l")) == 0.5);
  CHECK(int_of(global(r, "m")) == 10);
  CHECK(int_of(global(r, "n")) == -4);
  CHECK(int_of(global(r, "o")) == 512);
  CHECK(int_of(global(r, "p")) == -3);
  CHECK(int_of(global(r, "q")) == 1);
  CHECK(float_of(global(r, "s")) == 0.1 + 0.2);
}

TEST_CASE("programs: comparisons chain as in Python", "[program]") {
  const ProgramResult r = run_ok(
      "a = 1 < 2 < 3\n"        // True
      "b = 1 < 3 < 2\n"        // False: the second link fails
      "c = 3 == 3.0\n"         // True
      "d = 2 != 2\n"           // False
      "e = (1, 2) == (1, 2)\n" // True
      "f = (1, 2) < (1, 3)\n"  // True: the first items that differ decide
      "g = [1] == (1,)\n"      // False: a list is never a tuple
      "h = None == None\n"     // True
      "i = 9007199254740993 > 9007199254740992.0\n");  // True: compared exactly, not as doubles
  CHECK(bool_of(global(r, "a")));
  CHECK_FALSE(bool_of(global(r, "b")));
  CHECK(bool_of(global(r, "c")));
  CHECK_FALSE(bool_of(global(r, "d")));
  CHECK(bool_of(global(r, "e")));
  CHECK(bool_of(global(r, "f")));
  CHECK_FALSE(bool_of(global(r, "g")));
  CHECK(bool_of(global(r, "h")));
  CHECK(bool_of(global(r, "i")));
}

TEST_CASE("programs: tuples, lists, strings and unpacking", "[program]") {
  const ProgramResult r = run_ok(
      "t = (1, 2) + (3,)\n"
      "l = [0] * 3\n"
      "a, b = 1, 2\n"
      "(c, d) = [3, 4]\n"
      "e = f = 5\n"
      "a, b = b, a\n"
      "g = t[-1]\n"
      "h = t[1:]\n"
      "s = 'ab' + \"c\"\n");
  const Sequence* t = global(r, "t").sequence();
  REQUIRE(t != nullptr);
  CHECK(t->kind == Sequence::Kind::Tuple);
  CHECK(t->items.size() == 3);
  CHECK(int_of(t->items[2]) == 3);
  const Sequence* l = global(r, "l").sequence();
  REQUIRE(l != nullptr);
  CHECK(l->kind == Sequence::Kind::List);
  CHECK(l->items.size() == 3);
  CHECK(int_of(global(r, "a")) == 2);
  CHECK(int_of(global(r, "b")) == 1);
  CHECK(int_of(global(r, "c")) == 3);
  CHECK(int_of(global(r, "d")) == 4);
  CHECK(int_of(global(r, "e")) == 5);
  CHECK(int_of(global(r, "f")) == 5);
  CHECK(int_of(global(r, "g")) == 3);
  CHECK(global(r, "h").sequence()->items.size() == 2);
  CHECK(*global(r, "s").text() == "abc");
  // the names each statement bound
  CHECK(r.statements[2].names.count("a") == 1);
  CHECK(r.statements[2].names.count("b") == 1);
  CHECK(r.statements[4].names.size() == 2);
  CHECK(r.statements[0].names.at("t").type == "tuple");
  CHECK(r.statements[0].names.at("t").repr == "(1, 2, 3)");
  CHECK(r.statements[0].names.at("t").items.size() == 3);
}

TEST_CASE("programs: Python's errors, with the expression that raised", "[program]") {
  check_error("x = 1 / 0", "division by zero", "zero_division", "ZeroDivisionError", 1, 5, 10);
  check_error("x = 1 // 0", "integer division or modulo by zero", "zero_division",
              "ZeroDivisionError", 1, 5, 11);
  check_error("x = 5 % 0", "integer division or modulo by zero", "zero_division",
              "ZeroDivisionError", 1, 5, 10);
  check_error("x = 1.0 / 0", "float division by zero", "zero_division", "ZeroDivisionError", 1, 5, 12);
  check_error("x = 0 ** -1", "0.0 cannot be raised to a negative power", "zero_division",
              "ZeroDivisionError", 1, 5, 12);
  check_error("a = 1\ny = (a + b) * 2", "name 'b' is not defined", "name", "NameError", 2, 10, 11);
  check_error("x = torch.ones(2)", "name 'torch' is not defined", "name", "NameError", 1, 5, 10);
  check_error("x = 'a' - 1", "unsupported operand type(s) for -: 'str' and 'int'", "type",
              "TypeError", 1, 5, 12);
  check_error("x = (1, 2) + 3", "can only concatenate tuple (not \"int\") to tuple", "type",
              "TypeError", 1, 5, 15);
  check_error("x = 2 @ 3", "unsupported operand type(s) for @: 'int' and 'int'", "type",
              "TypeError", 1, 5, 10);
  check_error("x = 3\nx += 'a'", "unsupported operand type(s) for +=: 'int' and 'str'", "type",
              "TypeError", 2, 1, 9);
  check_error("x = -'a'", "bad operand type for unary -: 'str'", "type", "TypeError", 1, 5, 9);
  check_error("x = 1 < 'a'", "'<' not supported between instances of 'int' and 'str'", "type",
              "TypeError", 1, 5, 12);
  check_error("a, b = 1, 2, 3", "too many values to unpack (expected 2)", "value", "ValueError",
              1, 1, 15);
  check_error("a, b, c = 1, 2", "not enough values to unpack (expected 3, got 2)", "value",
              "ValueError", 1, 1, 15);
  check_error("a, b = 1", "cannot unpack non-iterable int object", "type", "TypeError", 1, 1, 9);
  check_error("x = (1, 2)[2]", "tuple index out of range", "index", "IndexError", 1, 5, 14);
  check_error("x = 3(1)", "'int' object is not callable", "type", "TypeError", 1, 5, 9);
  check_error("x = 9223372036854775807 + 1",
              "integer overflow: the result does not fit in 64 bits (tensorcast's integers are "
              "int64)",
              "overflow", "OverflowError", 1, 5, 28);
  check_error("x = 2 ** 64",
              "integer overflow: the result does not fit in 64 bits (tensorcast's integers are "
              "int64)",
              "overflow", "OverflowError", 1, 5, 12);
}

TEST_CASE("programs: what runs before an error stays", "[program]") {
  const ProgramResult r = run_program("a = 1\nb = a + 1\nc = d\ne = 5\n");
  REQUIRE(r.error);
  CHECK(r.error->line == 3);
  REQUIRE(r.statements.size() == 3);  // the failing one last
  CHECK(r.statements[2].source == "c = d");
  CHECK(r.statements[2].names.empty());
  CHECK(int_of(global(r, "b")) == 2);
  CHECK(r.globals.count("e") == 0);
}

TEST_CASE("programs: errors found before anything runs", "[program]") {
  // a syntax error on the last line: nothing ran
  ProgramResult r = run_program("import torch\nx = torch.ones(2)\ny = (x +\n");
  REQUIRE(r.error);
  CHECK(r.error->kind == "syntax");
  CHECK(r.error->line == 3);
  CHECK(r.statements.empty());
  CHECK(r.globals.empty());
  // a SyntaxError after a refused construct: still nothing ran, as in Python
  r = run_program("x = 1\nclass A:\n  pass\ny = (1 +\n");
  REQUIRE(r.error);
  CHECK(r.error->kind == "syntax");
  CHECK(r.error->line == 4);
  CHECK(r.statements.empty());
}

// What Python reads runs up to the refused statement (Note [Refused constructs]).
TEST_CASE("programs: a refused construct stops the program at its statement", "[program]") {
  ProgramResult r = run_program("import torch\nimport numpy as np\n");
  REQUIRE(r.error);
  CHECK(r.error->kind == "unsupported");
  CHECK(r.error->python_type == "NotImplementedError");
  CHECK(r.error->message ==
        "`import numpy` is not supported: programs may import torch, torch.nn and "
        "torch.nn.functional");
  CHECK(r.error->line == 2);
  CHECK(r.error->column == 8);
  CHECK(r.error->end_column == 13);
  CHECK(r.statements.size() == 2);
  r = run_program("import torch\nx = torch.ones(2)\ny = x * 2\nprint(y)\nclass A:\n  pass\nz = 1\n");
  REQUIRE(r.error);
  CHECK(r.error->kind == "unsupported");
  CHECK(r.error->line == 5);
  CHECK(r.error->message == "classes are not supported: tensorcast's programs define functions with `def`");
  REQUIRE(r.statements.size() == 5);
  CHECK(r.statements[3].output == "tensor([2., 2.])\n");
  CHECK(r.statements[2].names.count("y") == 1);
  CHECK(r.statements[4].source == "class A:");
  CHECK(r.globals.count("y") == 1);
  CHECK(r.globals.count("z") == 0);
}

TEST_CASE("programs: statements, their text and spans", "[program]") {
  const ProgramResult r = run_ok("a = 1; b = 2  # two\n\nc = (a +\n     b)\n");
  REQUIRE(r.statements.size() == 3);
  CHECK(r.statements[0].source == "a = 1");
  CHECK(r.statements[1].source == "b = 2");
  CHECK(r.statements[1].column == 8);
  CHECK(r.statements[2].source == "c = (a +\n     b)");
  CHECK(r.statements[2].line == 3);
  CHECK(r.statements[2].end_line == 4);
  CHECK(r.statements[2].names.at("c").type == "int");
  CHECK(r.statements[2].names.at("c").repr == "3");
}

TEST_CASE("programs: imports", "[program]") {
  const ProgramResult r = run_ok(
      "import torch\n"
      "import torch as t\n"
      "import torch.nn.functional as F\n"
      "import torch.nn as nn\n"
      "from torch import nn as nn2\n"
      "from torch.nn import functional as G\n"
      "import torch.nn as torch2\n"
      "import torch.nn.functional as torch\n");  // rebinds torch to the functional module
  CHECK(std::get<tc::lang::ModuleRef>(global(r, "torch").v).path == "torch.nn.functional");
  CHECK(r.statements[0].names.at("torch").type == "module");
  CHECK(std::get<tc::lang::ModuleRef>(global(r, "t").v).path == "torch");
  CHECK(std::get<tc::lang::ModuleRef>(global(r, "torch2").v).path == "torch.nn");
  CHECK(std::get<tc::lang::ModuleRef>(global(r, "F").v).path == "torch.nn.functional");
  CHECK(std::get<tc::lang::ModuleRef>(global(r, "nn").v).path == "torch.nn");
  CHECK(std::get<tc::lang::ModuleRef>(global(r, "nn2").v).path == "torch.nn");
  CHECK(std::get<tc::lang::ModuleRef>(global(r, "G").v).path == "torch.nn.functional");
  const ProgramError e = run_error("from torch import nope");
  CHECK(e.message == "cannot import name 'nope' from 'torch'");
  CHECK(e.python_type == "ImportError");
  CHECK(e.column == 19);
}

const char* const kIssueExample =
    "import torch\n"
    "x = torch.arange(6.).reshape(2, 3)\n"
    "y = torch.tensor([10., 20., 30., 40.])\n"
    "d = x[:, :, None] - y            # [2, 3, 4]\n"
    "w = torch.ones(3, 1, requires_grad=True)\n"
    "loss = (d * w).sum()\n"
    "loss.backward()                  # w.grad: [3, 1], summed over dims 0 and 2\n";

TEST_CASE("programs: the first preset's example, its forward lines", "[program]") {
  const std::string code = kIssueExample;
  const ProgramResult r = run_ok(code.substr(0, code.find("loss.backward")));
  REQUIRE(r.statements.size() == 6);
  const auto& s = r.statements;
  CHECK(s[1].names.at("x").shape == tc::Shape{2, 3});
  CHECK(s[1].names.at("x").type == "Tensor");
  CHECK(s[2].names.at("y").shape == tc::Shape{4});
  CHECK(s[3].names.at("d").shape == tc::Shape{2, 3, 4});
  CHECK(s[3].names.at("d").grad_fn.empty());
  CHECK(s[4].names.at("w").requires_grad);
  CHECK(s[4].names.at("w").is_leaf);
  CHECK(s[5].names.at("loss").shape == tc::Shape{});
  CHECK(s[5].names.at("loss").grad_fn == "SumBackward0");
  CHECK_FALSE(s[5].names.at("loss").is_leaf);
  // line 4: an index (a view of x) and a broadcasting sub
  REQUIRE(s[3].calls.size() == 2);
  CHECK(s[3].calls[0].op == "index");
  CHECK(s[3].calls[0].view);
  CHECK(s[3].calls[0].column == 5);
  CHECK(s[3].calls[0].end_column == 18);
  CHECK(s[3].calls[1].op == "sub");
  CHECK_FALSE(s[3].calls[1].view);
  CHECK(s[3].calls[1].end_column == 22);
  CHECK(s[3].calls[1].inputs.size() == 2);
  CHECK(s[3].calls[1].end_event > s[3].calls[1].first_event);
  CHECK(s[3].events.size() >= 2);
  // line 6: mul then sum
  REQUIRE(s[5].calls.size() == 2);
  CHECK(s[5].calls[0].op == "mul");
}

TEST_CASE("programs: the first preset's example, end to end", "[program]") {
  const ProgramResult r = run_ok(kIssueExample);
  REQUIRE(r.statements.size() == 7);
  const auto& s = r.statements;
  // line 7: backward fills w.grad, [3, 1]: d summed over dims 0 and 2
  // dloss/dw[j] = sum_i sum_k (x[i, j] - y[k]) = 4 * (x[0, j] + x[1, j]) - 2 * 100
  //   j = 0: 4 * 3 - 200 = -188; j = 1: 4 * 5 - 200 = -180; j = 2: 4 * 7 - 200 = -172
  REQUIRE(s[6].grads.count("w") == 1);
  CHECK(s[6].grads.at("w").shape == tc::Shape{3, 1});
  CHECK(s[6].grads.size() == 1);
  CHECK(s[6].calls.back().op == "Tensor.backward");
  const tc::Tensor grad = global(r, "w").tensor().grad();
  CHECK(grad.to_vector() == std::vector<float>{-188, -180, -172});
  bool reduced = false;
  for (const tc::TraceEvent& e : s[6].events)
    if (const auto* g = std::get_if<tc::ReduceGradTrace>(&e))
      if (g->target_shape == tc::Shape{3, 1}) {
        reduced = true;
        CHECK(g->leading_dims == std::vector<int64_t>{0});
        CHECK(g->ones_dims == std::vector<int64_t>{2});
      }
  CHECK(reduced);
}

TEST_CASE("programs: each backward step names its node and the call that made it", "[program]") {
  // See Note [Call numbers]: the call's index among all the program's calls,
  // in the order the statements list them
  const ProgramResult r = run_ok(
      "import torch\n"
      "x = torch.ones(2, 3, requires_grad=True)\n"
      "w = torch.ones(3, requires_grad=True)\n"
      "y = x[0] * w.exp()\n"
      "l = y.sum()\n"
      "l.backward()\n");
  std::vector<std::string> calls;
  for (const auto& s : r.statements)
    for (const auto& c : s.calls) calls.push_back(c.op);
  REQUIRE(calls == std::vector<std::string>{"torch.ones", "torch.ones", "index", "Tensor.exp", "mul",
                                            "Tensor.sum", "Tensor.backward"});
  std::vector<std::tuple<std::string, int64_t, int>> steps;  // grad_fn, call, input index
  for (const tc::TraceEvent& e : r.statements.back().events)
    if (const auto* g = std::get_if<tc::ReduceGradTrace>(&e)) {
      REQUIRE(g->call.has_value());
      steps.emplace_back(g->grad_fn, *g->call, g->input_index);
    }
  CHECK(steps == std::vector<std::tuple<std::string, int64_t, int>>{
                     {"SumBackward0", 5, 0},
                     {"MulBackward0", 4, 0},
                     {"MulBackward0", 4, 1},
                     {"ExpBackward0", 3, 0},
                     {"SelectBackward0", 2, 0}});
  // Outside a program, a step has no call
  tc::Tensor a = tc::Tensor::ones({2});
  a.set_requires_grad(true);
  tc::TraceScope scope;
  tc::backward(tc::sum(tc::mul(a, a)));
  for (const tc::TraceEvent& e : scope.events())
    if (const auto* g = std::get_if<tc::ReduceGradTrace>(&e)) {
      CHECK_FALSE(g->call.has_value());
      CHECK(g->grad_fn.find("Backward0") != std::string::npos);
    }
}

TEST_CASE("programs: each statement lists the bound names it read, also when it raised", "[program]") {
  const ProgramResult r = run_program(
      "import torch\n"
      "x = torch.ones(2, 3)\n"
      "y = x * x + x.sum()\n"
      "y += x\n"
      "z = y + w\n");
  REQUIRE(r.statements.size() == 5);
  CHECK(r.statements[0].reads.empty());  // import binds torch
  CHECK(r.statements[1].reads == std::vector<std::string>{"torch"});
  CHECK(r.statements[2].reads == std::vector<std::string>{"x"});
  CHECK(r.statements[3].reads == (std::vector<std::string>{"y", "x"}));
  // w is not bound: y was read before the NameError
  REQUIRE(r.error.has_value());
  CHECK(r.error->python_type == "NameError");
  CHECK(r.statements[4].reads == std::vector<std::string>{"y"});
}

TEST_CASE("programs: a failed broadcast keeps its trace", "[program]") {
  const ProgramResult r = run_program(
      "import torch\n"
      "x = torch.ones(2, 3)\n"
      "y = torch.ones(4)\n"
      "z = 1 + (x + y)\n");
  REQUIRE(r.error);
  CHECK(r.error->message ==
        "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1");
  CHECK(r.error->kind == "shape");
  CHECK(r.error->python_type == "RuntimeError");
  CHECK(r.error->line == 4);
  CHECK(r.error->column == 10);  // x + y, not the whole 1 + (x + y)
  CHECK(r.error->end_column == 15);
  REQUIRE(r.statements.size() == 4);
  bool failed_broadcast = false;
  for (const tc::TraceEvent& e : r.statements[3].events)
    if (const auto* b = std::get_if<tc::BroadcastTrace>(&e)) failed_broadcast |= b->error.has_value();
  CHECK(failed_broadcast);
  // The call that raised is recorded, failed, with its inputs (x and y) and
  // the events it made (the failed broadcast), so that a page can open it.
  const std::vector<tc::lang::CallRecord>& calls = r.statements[3].calls;
  REQUIRE(calls.size() == 1);
  CHECK(calls[0].op == "add");
  CHECK(calls[0].failed);
  CHECK(calls[0].outputs.empty());
  CHECK(calls[0].inputs == std::vector<uint64_t>{r.globals.at("x").tensor().id(), r.globals.at("y").tensor().id()});
  CHECK(calls[0].column == 10);
  CHECK(calls[0].end_event > calls[0].first_event);
  // A call that ran is never marked failed.
  for (const tc::lang::CallRecord& c : r.statements[1].calls) CHECK_FALSE(c.failed);
}

TEST_CASE("programs: operators on tensors, numbers on either side", "[program]") {
  const ProgramResult r = run_ok(
      "import torch\n"
      "x = torch.tensor([1., 2., 4.])\n"
      "a = 2 - x\n"        // [1, 0, -2]
      "b = 2 / x\n"        // x.reciprocal() * 2: [2, 1, 0.5]
      "c = 2 ** x\n"       // [2, 4, 16]
      "d = x ** 2\n"       // [1, 4, 16]
      "e = -x\n"           // [-1, -2, -4]
      "f = 10 // x\n"      // [10, 5, 2]
      "g = 7 % x\n"        // [0, 1, 3]
      "h = 3 * x + 1\n"    // [4, 7, 13]
      "m = 2 < x\n"        // x > 2: [False, False, True]
      "n = x == 2\n"       // [False, True, False]
      "p = +x\n");         // x itself
  CHECK(tensor_values(global(r, "a")) == std::vector<float>{1, 0, -2});
  CHECK(tensor_values(global(r, "b")) == std::vector<float>{2, 1, 0.5});
  CHECK(tensor_values(global(r, "c")) == std::vector<float>{2, 4, 16});
  CHECK(tensor_values(global(r, "d")) == std::vector<float>{1, 4, 16});
  CHECK(tensor_values(global(r, "e")) == std::vector<float>{-1, -2, -4});
  CHECK(tensor_values(global(r, "f")) == std::vector<float>{10, 5, 2});
  CHECK(tensor_values(global(r, "g")) == std::vector<float>{0, 1, 3});
  CHECK(tensor_values(global(r, "h")) == std::vector<float>{4, 7, 13});
  CHECK(tensor_values(global(r, "m")) == std::vector<float>{0, 0, 1});
  CHECK(global(r, "m").tensor().dtype() == tc::DType::Bool);
  CHECK(tensor_values(global(r, "n")) == std::vector<float>{0, 1, 0});
  CHECK(global(r, "p").tensor().impl_ptr() == global(r, "x").tensor().impl_ptr());
  const auto& s = r.statements;
  // 2 / x runs as PyTorch's __rtruediv__: reciprocal, then mul
  REQUIRE(s[3].calls.size() == 2);
  CHECK(s[3].calls[0].op == "reciprocal");
  CHECK(s[3].calls[1].op == "mul");
  CHECK(s[10].calls[0].op == "gt");  // 2 < x is x > 2
  CHECK(s[6].calls[0].op == "neg");
  CHECK(s[8].calls[0].op == "remainder");
  CHECK(s[2].calls[0].op == "sub");
  CHECK(s[4].calls[0].op == "pow");
  // grad_fn names as PyTorch's reflected methods make them
  const ProgramResult g = run_ok(
      "import torch\n"
      "x = torch.ones(2, requires_grad=True)\n"
      "a = 2 - x\n"    // torch.rsub(x, 2): RsubBackward1
      "b = 2 / x\n"    // x.reciprocal() * 2: MulBackward0
      "c = 2 ** x\n"   // torch.pow(2, x): PowBackward2
      "d = 2 * x\n"    // x.mul(2): MulBackward0
      "e = -x\n"       // NegBackward0
      "a.sum().backward()\n");
  CHECK(g.statements[2].names.at("a").grad_fn == "RsubBackward1");
  CHECK(g.statements[3].names.at("b").grad_fn == "MulBackward0");
  CHECK(g.statements[4].names.at("c").grad_fn == "PowBackward2");
  CHECK(g.statements[5].names.at("d").grad_fn == "MulBackward0");
  CHECK(g.statements[6].names.at("e").grad_fn == "NegBackward0");
  CHECK(global(g, "x").tensor().grad().to_vector() == std::vector<float>{-1, -1});  // d(2 - x)/dx
}

TEST_CASE("programs: tensors and what Python cannot pair them with", "[program]") {
  check_error("import torch\nx = torch.ones(2)\ny = x + [1, 2]",
              "unsupported operand type(s) for +: 'Tensor' and 'list'", "type", "TypeError", 3, 5,
              15);
  check_error("import torch\nx = torch.ones(2)\ny = 2 @ x",
              "unsupported operand type(s) for @: 'int' and 'Tensor'", "type", "TypeError", 3, 5, 10);
  check_error("import torch\nx = torch.ones(2)\ny = x @ 2",
              "unsupported operand type(s) for @: 'Tensor' and 'int'", "type", "TypeError", 3, 5, 10);
  check_error("import torch\nx = torch.ones(2)\ny = 0 < x < 5",
              "Boolean value of Tensor with more than one value is ambiguous", "value",
              "RuntimeError", 3, 5, 14);
  check_error("import torch\nx = torch.ones(2)\ny = x < None",
              "'<' not supported between instances of 'Tensor' and 'NoneType'", "type", "TypeError",
              3, 5, 13);
  const ProgramResult r = run_ok(
      "import torch\nx = torch.ones(2)\na = x == None\nb = x != None\n"
      "c = 0 < torch.tensor([3.]) < 5\n");  // one element: its truth decides, True
  CHECK_FALSE(bool_of(global(r, "a")));
  CHECK(bool_of(global(r, "b")));
  CHECK(tensor_values(global(r, "c")) == std::vector<float>{1});
}

TEST_CASE("programs: += on a tensor is in place, on a number rebinds", "[program]") {
  const ProgramResult r = run_ok(
      "import torch\n"
      "a = torch.ones(3)\n"
      "b = a\n"
      "a += 1\n"        // add_: b sees it
      "a *= 3\n"        // mul_: [6, 6, 6]
      "n = 1\n"
      "m = n\n"
      "n += 1\n"        // rebinds n only
      "v = a.reshape(3, 1)\n"
      "v -= 1\n"        // a view: a sees it, [5, 5, 5]
      "c = a\n"
      "c = c @ c\n");   // not in place
  CHECK(tensor_values(global(r, "b")) == std::vector<float>{5, 5, 5});
  CHECK(global(r, "b").tensor().impl_ptr() == global(r, "a").tensor().impl_ptr());
  CHECK(int_of(global(r, "n")) == 2);
  CHECK(int_of(global(r, "m")) == 1);
  const auto& s = r.statements;
  REQUIRE(s[3].calls.size() == 1);
  CHECK(s[3].calls[0].op == "add_");
  CHECK(s[3].calls[0].outputs == s[3].calls[0].inputs);  // a itself, changed
  CHECK_FALSE(s[3].calls[0].view);
  CHECK(s[3].names.count("a") == 1);
  CHECK(s[4].calls[0].op == "mul_");
  CHECK(s[9].calls[0].op == "sub_");
  CHECK(s[11].names.at("c").shape == tc::Shape{});
  CHECK(global(r, "c").tensor().item() == 75);  // 5*5*3
  // an in-place op on a leaf that requires grad is refused, as PyTorch does
  const ProgramError e =
      run_error("import torch\nw = torch.ones(2, requires_grad=True)\nw += 1\n");
  CHECK(e.line == 3);
  CHECK(e.python_type == "RuntimeError");
  CHECK(e.message ==
        "a leaf Variable that requires grad is being used in an in-place operation.");
}

TEST_CASE("programs: x[...] with ints, slices, None, ..., tensors and lists", "[program]") {
  const ProgramResult r = run_ok(
      "import torch\n"
      "x = torch.arange(12.).reshape(3, 4)\n"
      "a = x[0]\n"             // [4], a view
      "b = x[:, None, 1:3]\n"  // [3, 1, 2]
      "c = x[..., -1]\n"       // [3]: 3, 7, 11
      "d = x[::2]\n"           // [2, 4]
      "i = 1\n"
      "e = x[i, i:]\n"         // [3]: 5, 6, 7
      "f = x[[0, 2]]\n"        // [2, 4], a copy
      "g = x[x > 9]\n"         // [10, 11]
      "idx = (0, 1)\n"
      "h = x[idx]\n"           // a tuple index: x[0, 1] == 1
      "n = x.shape[0]\n"
      "m = x.shape[-1]\n");
  const auto& s = r.statements;
  CHECK(s[2].names.at("a").shape == tc::Shape{4});
  CHECK(s[2].names.at("a").storage == s[1].names.at("x").storage);
  CHECK(s[3].names.at("b").shape == tc::Shape{3, 1, 2});
  CHECK(s[3].names.at("b").strides == tc::Strides{4, 4, 1});  // unsqueeze: sizes[1] * strides[1]
  CHECK(s[3].names.at("b").offset == 1);
  CHECK(tensor_values(global(r, "c")) == std::vector<float>{3, 7, 11});
  CHECK(s[5].names.at("d").shape == tc::Shape{2, 4});
  CHECK(tensor_values(global(r, "e")) == std::vector<float>{5, 6, 7});
  CHECK(s[8].names.at("f").shape == tc::Shape{2, 4});
  CHECK(s[8].names.at("f").storage != s[1].names.at("x").storage);
  CHECK_FALSE(s[8].calls.back().view);
  CHECK(tensor_values(global(r, "g")) == std::vector<float>{10, 11});
  CHECK(tensor_values(global(r, "h")) == std::vector<float>{1});
  CHECK(global(r, "h").tensor().ndim() == 0);
  CHECK(int_of(global(r, "n")) == 3);
  CHECK(int_of(global(r, "m")) == 4);
  check_error("import torch\nx = torch.ones(3)\ny = x[5]",
              "index 5 is out of bounds for dimension 0 with size 3", "index", "IndexError", 3, 5, 9);
  check_error("import torch\nx = torch.ones(3)\ny = x[1.5]",
              "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are "
              "valid indices (got float)",
              "index", "IndexError", 3, 5, 11);
}

TEST_CASE("programs: views share a storage number", "[program]") {
  const ProgramResult r = run_ok(
      "import torch\n"
      "x = torch.arange(6.)\n"
      "v = x.reshape(2, 3)\n"
      "t = v.T\n"
      "y = x + 1\n");
  const auto& s = r.statements;
  CHECK(s[1].names.at("x").storage == 1);
  CHECK(s[2].names.at("v").storage == 1);
  CHECK(s[3].names.at("t").storage == 1);
  CHECK(s[3].names.at("t").strides == tc::Strides{1, 3});
  CHECK(s[4].names.at("y").storage == 2);
  REQUIRE(s[3].calls.size() == 1);  // x.T is recorded: the graph shows where t came from
  CHECK(s[3].calls[0].op == "Tensor.T");
  CHECK(s[3].calls[0].view);
}

TEST_CASE("programs: print writes text, a tensor as the formatter writes it", "[program]") {
  const ProgramResult r = run_ok("import torch\nx = torch.ones(2)\nprint('x is', x, 3)\n");
  CHECK(r.statements[2].output == "x is " + tc::tensor_repr(global(r, "x").tensor()).text + " 3\n");
  CHECK(r.statements[1].output.empty());
}

TEST_CASE("programs: max(dim) unpacks into values and indices", "[program]") {
  const ProgramResult r = run_ok(
      "import torch\n"
      "x = torch.tensor([[1., 5., 3.], [7., 2., 7.]])\n"
      "values, indices = x.max(dim=1)\n");
  CHECK(tensor_values(global(r, "values")) == std::vector<float>{5, 7});
  CHECK(tensor_values(global(r, "indices")) == std::vector<float>{1, 0});
  CHECK(r.statements[2].calls[0].outputs.size() == 2);
}

TEST_CASE("programs: limits are errors like any other", "[program]") {
  ProgramLimits small;
  small.max_elements = 4096;
  const ProgramError e = run_error("import torch\nx = torch.ones(5000)\n", small);
  CHECK(e.kind == "memory");
  CHECK(e.line == 2);
  // the limit is the program's only: a bigger tensor is fine afterwards
  CHECK_NOTHROW(tc::Tensor::ones({5000}));
  const ProgramResult ok = run_ok("import torch\nx = torch.ones(4096)\n", small);
  CHECK(ok.statements[1].names.at("x").shape == tc::Shape{4096});
  CHECK(run_error("x = " + std::string(10000, '(') + "1" + std::string(10000, ')')).kind == "limit");
  // tuples nested one level per line stop at 32
  std::string nested = "a = 1\n";
  for (int i = 0; i < 40; ++i) nested += "a = (a,)\n";
  const ProgramError deep = run_error(nested);
  CHECK(deep.kind == "limit");
  CHECK(deep.python_type == "RecursionError");
  CHECK(deep.line == 34);  // line k + 1 nests k deep: 32 are fine, the 33rd is refused
  CHECK(deep.message == "tuples and lists may be nested 32 deep in a program (each inside the one before)");
  const ProgramError items = run_error("a = [0] * 100000\n");
  CHECK(items.kind == "limit");
  CHECK(items.message ==
        "a list of 100000 items is more than the 65536 tensorcast lets a program's tuples and lists "
        "have; keep many numbers in a tensor (torch.zeros(n), torch.arange(n)) instead");
}

TEST_CASE("programs: a 30-line program and 10,000 lines run fast", "[program]") {
  std::string code = "import torch\nx = torch.arange(6.).reshape(2, 3)\nw = torch.ones(3, 1, requires_grad=True)\n";
  for (int i = 0; i < 26; ++i) code += "y" + std::to_string(i) + " = (x[:, :, None] - x.sum()) * 2\n";
  code += "loss = (x @ w).sum()\n";
  auto t0 = std::chrono::steady_clock::now();
  const ProgramResult r = run_ok(code);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  CHECK(r.statements.size() == 30);
  std::string many;
  for (int i = 0; i < 10000; ++i) many += "a" + std::to_string(i % 13) + " = " + std::to_string(i) + " * 2 + 1\n";
  t0 = std::chrono::steady_clock::now();
  const ProgramResult r2 = run_ok(many);
  const double ms2 = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  CHECK(r2.statements.size() == 10000);
  WARN("30 lines ran in " << ms << " ms; 10,000 lines in " << ms2 << " ms");  // measured, not asserted
}

TEST_CASE("programs: attributes, from-imports, sizes and unpacking tensors", "[program]") {
  const ProgramResult r = run_ok(
      "from torch import tensor, ones\n"
      "x = tensor([[1., 2., 3.], [4., 5., 6.]])\n"
      "same = x.shape == (2, 3)\n"   // torch.Size is a tuple: True
      "rows, cols = x.shape\n"
      "top, bottom = x\n"            // iterating a tensor gives its rows
      "w = ones(3)\n"
      "w.requires_grad = True\n");
  CHECK(bool_of(global(r, "same")));
  CHECK(int_of(global(r, "rows")) == 2);
  CHECK(int_of(global(r, "cols")) == 3);
  CHECK(tensor_values(global(r, "top")) == std::vector<float>{1, 2, 3});
  CHECK(tensor_values(global(r, "bottom")) == std::vector<float>{4, 5, 6});
  CHECK(global(r, "bottom").tensor().shares_storage(global(r, "x").tensor()));
  CHECK(global(r, "bottom").tensor().offset() == 3);
  CHECK(r.statements[4].calls.size() == 2);  // one row each
  CHECK(global(r, "w").tensor().requires_grad());
  CHECK(r.statements[6].names.at("w").requires_grad);  // the statement shows the tensor it changed
  check_error("import torch\nx = torch.ones(3)\na, b = x",
              "too many values to unpack (expected 2)", "value", "ValueError", 3, 1, 9);
  check_error("import torch\nx = torch.ones(())\na, b = x", "iteration over a 0-d tensor", "type",
              "TypeError", 3, 1, 9);
}

// --- values and output stay bounded (Note [Bounded values], Note [Bounded
// reprs], Note [Bounded output]); strings by characters; int64's edges;
// a byte-order mark and CR line ends

namespace {

// A program of tests/js/fixtures/python-values/make_fixture.py with what
// Python printed and raised for it.
const tct::ProgramCase kPythonCases[] = {
#include "python_values.inc"
};

double elapsed_ms(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - since).count();
}

}  // namespace

TEST_CASE("programs: what Python prints and raises for strings, int64's edges, round, range, slices, a BOM, CR line ends and large values",
          "[program][values]") {
  for (const tct::ProgramCase& c : kPythonCases) tct::check_program_case(c);
}

TEST_CASE("programs: output blow-ups are refused at once, before anything is copied", "[program][values]") {
  const int64_t live = tc::lang::live_value_size();
  struct Case {
    std::string code;
    int line;
    std::string message;
  };
  const std::string cap = " tensorcast lets one value of a program hold; keep many numbers in a tensor instead";
  const std::vector<Case> cases = {
      // 40 bytes: 2^32 characters in one list (43 s and 4.29 GB of wasm heap before)
      {"x = \"a\" * 65536; y = [x] * 65536", 1,
       "a list holding 4295032832 items and characters in all (counted through its nesting) is more "
       "than the 1048576" + cap},
      // 288 million characters: the package's JSON passed the longest string JavaScript has
      {"x = \"a\" * 65536; y = [x] * 4400", 1,
       "a list holding 288362800 items and characters in all (counted through its nesting) is more "
       "than the 1048576" + cap},
      // five nested [a] * 32 (70 bytes): 32^4 leaves at the fourth
      {"a = [0] * 32\nb = [a] * 32\nc = [b] * 32\nd = [c] * 32\ne = [d] * 32", 4,
       "a list holding 1082400 items and characters in all (counted through its nesting) is more "
       "than the 1048576" + cap},
      {"x = 'é' * 65537", 1, "a string of 65537 characters is more than the 65536 tensorcast lets a program's strings have"},
  };
  for (const Case& c : cases) {
    INFO(c.code.substr(0, 80));
    const auto t0 = std::chrono::steady_clock::now();
    {
      const ProgramResult r = run_program(c.code);
      const double ms = elapsed_ms(t0);
      REQUIRE(r.error.has_value());
      CHECK(r.error->kind == "limit");
      CHECK(r.error->python_type == "RuntimeError");
      CHECK(r.error->line == c.line);
      CHECK(r.error->message == c.message);
      WARN(c.code.substr(0, 40) << "...: refused in " << ms << " ms");  // measured, not asserted
    }
    // nothing the program made outlives its result
    CHECK(tc::lang::live_value_size() == live);
  }
  // a literal of 500,000 items (a megabyte; 86 MB of JSON before): refused
  // as it is read, at its 65,537th item, before anything runs
  std::string literal = "x = [";
  for (int i = 0; i < 500000; ++i) literal += "0,";
  literal += "]";
  auto t0 = std::chrono::steady_clock::now();
  const ProgramError e = run_error(literal);
  WARN("a 500,000-item literal refused in " << elapsed_ms(t0) << " ms");  // measured, not asserted
  CHECK(e.kind == "limit");
  CHECK(e.message ==
        "this list has more than 65536 items, more than tensorcast lets a program's tuples and lists "
        "have; keep many numbers in a tensor (torch.zeros(n), torch.arange(n)) instead");
  CHECK(e.line == 1);
  CHECK(e.column == 6 + 2 * 65536);
  std::string items;
  for (int i = 0; i < 70000; ++i) items += "1,";
  CHECK(run_error("x = (" + items + ")").kind == "limit");
  CHECK(run_error("x = " + items).kind == "limit");
  // what a real Python cannot make either is Python's error
  check_error("x = 'ab' * 4611686018427387904", "repeated string is too long", "overflow", "OverflowError", 1, 5, 31);
  check_error("x = 'a' * 4611686018427387904",
              "a string of 4611686018427387904 characters would need more memory than a program may use",
              "memory", "MemoryError", 1, 5, 30);
  check_error("x = [0, 1] * 1099511627776",
              "a list of 2199023255552 items would need more memory than a program may use", "memory",
              "MemoryError", 1, 5, 27);
  // the largest that fit
  const ProgramResult ok = run_ok("x = 'a' * 65536\ny = [x] * 15\nz = [0] * 65536\nw = list(range(65536))\n");
  CHECK(ok.statements[1].names.at("y").items.size() == 15);
}

TEST_CASE("programs: the strings, tuples and lists alive are bounded in all", "[program][values]") {
  std::string code;
  for (int i = 0; i < 40; ++i) code += "a" + std::to_string(i) + " = [0] * 65536\n";
  const ProgramError e = run_error(code, unbudgeted());
  CHECK(e.kind == "limit");
  CHECK(e.line <= 33);  // 32 lists of 2^16 items are 2^21
  CHECK(e.message.find("more than the 2097152 tensorcast lets a program's values hold at once") != std::string::npos);
  // a name bound to something else frees what it held
  std::string rebinding;
  for (int i = 0; i < 40; ++i) rebinding += "a = [0] * 65536\n";
  run_ok(rebinding, unbudgeted());
  // Under the default work budget, each item made is charged as handed
  // back (WorkKind::Items): the budget stops the program first.
  const ProgramError work = run_error(code);
  CHECK(work.kind == "limit");
  CHECK(work.line == 4);  // 3 lists of 65536 items at 2,000 units each: 3.9e8 of 5e8
  CHECK(work.message.find("this line would make 65536 items of tuples and lists (1.3e8 work units)") == 0);
}

TEST_CASE("programs: what a statement describes and prints is bounded", "[program][values]") {
  const ProgramResult r = run_ok(
      "x = list(range(65536))\n"
      "s = 'ab' * 30000\n"
      "t = (s, x)\n", unbudgeted());
  const tc::lang::ValueInfo& x = r.statements[0].names.at("x");
  CHECK(x.repr == "[0, 1, 2, ..., 65533, 65534, 65535]");
  CHECK(x.items.size() == 1000);  // kMaxInfoItems
  CHECK(x.items[999].repr == "999");
  CHECK(r.statements[1].names.at("s").repr == "'abababababababababababababa...abababababababababababababab'");
  const tc::lang::ValueInfo& t = r.statements[2].names.at("t");
  CHECK(t.repr == "('abababababababababababababa...abababababababababababababab', [0, 1, 2, ..., 65533, 65534, 65535])");
  REQUIRE(t.items.size() == 2);
  CHECK(t.items[1].repr == "[0, 1, 2, ..., 65533, 65534, 65535]");
  CHECK(t.items[1].items.size() == 998);  // 1000 in all, t's two items among them

  // the program's results stop at 2^25 characters, however a statement
  // repeats, rebinds or prints what is there
  const std::string big = "x = 'a' * 65536\nprint(" + [] {
    std::string args;
    for (int i = 0; i < 600; ++i) args += "x, ";
    return args;
  }() + ")\n";
  auto t0 = std::chrono::steady_clock::now();
  const ProgramError printed = run_error(big, unbudgeted());
  const double print_ms = elapsed_ms(t0);
  CHECK(printed.kind == "limit");
  CHECK(printed.line == 2);
  CHECK(printed.message ==
        "the program's results would pass 33554432 characters (what print() writes, and each "
        "statement's names, calls and traces described), more than tensorcast hands back for one "
        "program; print less, or run fewer statements");
  std::string chain = "a = list(range(2000))\n";
  for (int i = 0; i < 600; ++i) chain += "b" + std::to_string(i) + " = ";
  chain += "a\n";
  t0 = std::chrono::steady_clock::now();
  const ProgramError bound = run_error(chain, unbudgeted());
  const double chain_ms = elapsed_ms(t0);
  CHECK(bound.kind == "limit");
  CHECK(bound.line == 2);
  // Under the default work budget, describing is work (WorkKind::Described):
  // the print is refused by the budget, long before 2^25 characters.
  const ProgramError work = run_error(big);
  CHECK(work.line == 2);
  CHECK(work.message.find("this line would describe 65537 characters of its results (6.6e6 work units)") == 0);
  WARN("print of 600 x 65,536 characters refused in " << print_ms << " ms; 600 names of a 2,000-item list in "
                                                     << chain_ms << " ms");  // measured, not asserted
}

TEST_CASE("programs: ints past int64 are Python's OverflowError, never a wrong number", "[program][values]") {
  const std::string overflow =
      "integer overflow: the result does not fit in 64 bits (tensorcast's integers are int64)";
  for (const char* code : {"m = -9223372036854775807 - 1\nx = abs(m)", "m = -9223372036854775807 - 1\nx = -m",
                           "m = -9223372036854775807 - 1\nx = m // -1", "x = 2 ** 63",
                           "x = int('9223372036854775808')", "x = int(9.3e18)", "x = round(9.3e18)",
                           "x = round(9223372036854775807, -1)", "m = -9223372036854775807 - 1\nx = round(m, -1)",
                           "x = round(9223372036854775807, -19)", "x = 9223372036854775807 + 1"}) {
    INFO(code);
    const ProgramError e = run_error(code);
    CHECK(e.python_type == "OverflowError");
    CHECK(e.message == overflow);
  }
  // where the result fits, it is exact (Python's values in python_values.inc)
  const ProgramResult r = run_ok("x = round(9223372036854775807, -20)\ny = abs(-9223372036854775807)\n");
  CHECK(int_of(global(r, "x")) == 0);
  CHECK(int_of(global(r, "y")) == 9223372036854775807);
}

TEST_CASE("programs: a byte-order mark and CR line ends read as Python reads a file", "[program][values]") {
  // columns on the first line count from after the mark, as Python's do
  check_error("\xEF\xBB\xBFz = w", "name 'w' is not defined", "name", "NameError", 1, 5, 6);
  check_error("x = 1\rz = w", "name 'w' is not defined", "name", "NameError", 2, 5, 6);
  check_error("x = 1\r\nz = w", "name 'w' is not defined", "name", "NameError", 2, 5, 6);
  // a string ends at a CR, as at a newline
  CHECK(run_error("x = 'a\rb'").kind == "syntax");
  // each statement's text is its own line
  const ProgramResult r = run_ok("x = 1\ry = (2,\r 3)\r\nz = x\r");
  REQUIRE(r.statements.size() == 3);
  CHECK(r.statements[0].source == "x = 1");
  CHECK(r.statements[1].source == "y = (2,\r 3)");
  CHECK(r.statements[2].source == "z = x");
  CHECK(r.statements[2].line == 4);
  // a mark anywhere else is not text
  CHECK(run_error("x = 1\n\xEF\xBB\xBFy = 2").kind == "syntax");
}

TEST_CASE("programs: Python's walks over values are charged to the work budget", "[program][values]") {
  using tc::lang::Value;
  const tc::lang::CoreCall no_core = [](const std::string&, const std::vector<tc::Tensor>&,
                                        const std::function<tc::Tensor()>& run) { return run(); };
  const Value zero = Value::sequence(Sequence::Kind::List, {Value(0)});
  const Value a = tc::lang::binary_operator(tc::lang::Operator::Mult, zero, Value(65536), no_core);
  const Value b = tc::lang::binary_operator(tc::lang::Operator::Add, a, Value::sequence(Sequence::Kind::List, {}), no_core);
  {
    tc::WorkScope scope(1e12);
    tc::lang::binary_operator(tc::lang::Operator::Mult, zero, Value(65536), no_core);  // 65,536 items written
    CHECK(scope.used() >= 65536);
    const double before = scope.used();
    CHECK(tc::lang::truth(tc::lang::compare_operator(tc::lang::CmpOp::Eq, a, b, no_core)));  // 65,536 items compared
    CHECK(scope.used() - before >= 65536);
    const Value c = tc::lang::binary_operator(tc::lang::Operator::Mult, zero, Value(4000), no_core);
    const double before_repr = scope.used();
    CHECK(tc::lang::repr(c) == "[0, 0, 0, ..., 0, 0, 0]");  // 12,000 characters in full
    CHECK(scope.used() - before_repr >= 10000);  // the exact repr, abandoned past 10,000, then the summary
  }
  {
    // a budget too small refuses the walk before it starts
    tc::WorkScope scope(1000);
    try {
      tc::lang::binary_operator(tc::lang::Operator::Mult, zero, Value(65536), no_core);
      FAIL("no error");
    } catch (const tc::Error& e) {
      CHECK(e.kind() == tc::ErrorKind::Limit);
    }
  }
}

// The asked line's calls hand back their tensors' values (Note [Call
// values]), an in-place op's input as it was before; other lines'
// nothing; a tensor past kMaxValueCells cells comes without them.
TEST_CASE("programs: the asked line's calls hand back their tensors' values", "[program]") {
  const std::string code =
      "import torch\nx = torch.ones(2, 2)\nx += torch.tensor([0.5, -1.])\n"
      "y = torch.ones(65, 64) * 2\nz = x.T\n";
  const ProgramResult in_place = run_program(code, {}, 3);
  REQUIRE_FALSE(in_place.error.has_value());
  const tc::lang::CallRecord& add = in_place.statements[2].calls.back();
  CHECK(add.op == "add_");
  REQUIRE(add.input_values.size() == 2);
  REQUIRE(add.output_values.size() == 1);
  // x before (ones), [0.5, -1], x after: 1 + 0.5, 1 - 1 in each row
  CHECK(add.input_values[0].cells == std::vector<std::string>{"1", "1", "1", "1"});
  CHECK(add.input_values[1].cells == std::vector<std::string>{"0.5", "-1"});
  CHECK(add.output_values[0].cells == std::vector<std::string>{"1.5", "0", "1.5", "0"});
  for (const auto& s : in_place.statements)
    if (s.line != 3)
      for (const auto& c : s.calls) CHECK((c.input_values.empty() && c.output_values.empty()));

  const ProgramResult big = run_program(code, {}, 4);
  const tc::lang::CallRecord& mul = big.statements[3].calls.back();
  REQUIRE(mul.output_values.size() == 1);
  CHECK_FALSE(mul.output_values[0].complete);  // 65 * 64 = 4160 cells > 4096
  CHECK(mul.output_values[0].cells.empty());
  CHECK(mul.output_values[0].shape == tc::Shape{65, 64});

  // x.T: x's storage, read through strides (1, 2)
  const ProgramResult view = run_program(code, {}, 5);
  const tc::lang::TensorValues& t = view.statements[4].calls.back().output_values.at(0);
  CHECK(t.strides == tc::Strides{1, 2});
  CHECK(t.cells == std::vector<std::string>{"1.5", "0", "1.5", "0"});
}
