// Fuzz target: a program as a person might type it into the playground's
// code mode, run by tc::lang::run_program with small limits (Note [Program
// limits], src/lang/run.cpp). Any text must give a ProgramResult: nothing
// thrown, no sanitizer report, no hang; an error with a kind, a message and
// a line inside the text (valid UTF-8 without control characters when it
// is the parser's); statements
// whose spans and source text match the text, and calls whose events lie
// inside their statement's; each statement's runs numbered 0, 1, 2, ...
// once each (in the order they started: a recursive call's finish
// first), no more steps than the limit (a loop that
// never ends stops: Note [Program steps]); and no string, tuple or list
// outlives the result (Note [Bounded values]).
#include <cstdint>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include "check.h"
#include "lang/program.h"
#include "lang/value.h"

namespace {

// Text a page can show as it is: valid UTF-8 without control characters.
// The reader quotes the bytes it cannot read as \xNN (Note [Python text]);
// a name it read may be any identifier Python allows (Note [Unicode
// names]), and a message naming it holds it as written.
bool showable(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7f) return false;
    const size_t n = c < 0x80 ? 1 : c < 0xC2 ? 0 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : c < 0xF5 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    uint32_t v = n == 1 ? c : c & (0x7F >> n);
    for (size_t k = 1; k < n; ++k) {
      if ((static_cast<unsigned char>(s[i + k]) >> 6) != 2) return false;
      v = (v << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    }
    // no overlong form, no surrogate, nothing past U+10FFFF
    if ((n == 3 && v < 0x800) || (n == 4 && (v < 0x10000 || v > 0x10FFFF)) || (v >= 0xD800 && v < 0xE000))
      return false;
    i += n;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const int64_t live = tc::lang::live_value_size();
  tc::lang::ProgramLimits limits;
  limits.max_elements = 4096;
  limits.max_statements = 200;
  limits.max_steps = 500;
  tc::lang::ProgramResult r;
  try {
    r = tc::lang::run_program(text, limits);
  } catch (const std::exception& e) {
    FUZZ_CHECK(false, "run_program threw: %s", e.what());
  } catch (...) {
    FUZZ_CHECK(false, "run_program threw something else");
  }
  // lines as the reader counts them: \n, \r\n or a lone \r ends one
  int lines = 1;
  for (size_t i = 0; i < text.size(); ++i)
    lines += text[i] == '\n' || (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'));
  if (r.error) {
    const tc::lang::ProgramError& e = *r.error;
    // a bare `assert` raises AssertionError without one, as Python's str(e) is ''
    FUZZ_CHECK(!e.message.empty() || e.python_type == "AssertionError", "an error without a message");
    FUZZ_CHECK(!e.kind.empty() && !e.python_type.empty(), "an error without a kind: '%s'",
               e.message.c_str());
    FUZZ_CHECK(e.kind != "internal", "an internal error: '%s'", e.message.c_str());
    FUZZ_CHECK(e.line >= 1 && e.line <= lines + 1 && e.column >= 1,
               "error at line %d column %d of a text of %d lines: '%s'", e.line, e.column, lines,
               e.message.c_str());
    FUZZ_CHECK(e.end_line > e.line || (e.end_line == e.line && e.end_column > e.column),
               "an empty error span %d:%d-%d:%d", e.line, e.column, e.end_line, e.end_column);
    if (e.kind == "syntax" || e.kind == "unsupported" || e.kind == "limit")
      FUZZ_CHECK(showable(e.message), "message is not showable text: '%s'", e.message.c_str());
    if (e.kind == "syntax")  // a refused construct ("unsupported") raises when it runs
      FUZZ_CHECK(r.statements.empty(), "statements ran before a %s error", e.kind.c_str());
  } else {
  }
  // the step past the limit raises; the calls it ran in finish as steps too
  FUZZ_CHECK(r.statements.size() <= 500 + 1 + static_cast<size_t>(tc::lang::kMaxCallDepth),
             "%zu steps, more than the limit", r.statements.size());
  std::map<std::tuple<int, int, int, int>, std::set<int64_t>> runs;
  for (const tc::lang::StatementResult& s : r.statements) {
    const bool first = runs[std::make_tuple(s.line, s.column, s.end_line, s.end_column)].insert(s.run).second;
    FUZZ_CHECK(first, "two steps of line %d are run %lld", s.line, static_cast<long long>(s.run));
    FUZZ_CHECK(s.detailed == (s.run < tc::lang::kDetailedRuns), "run %lld of line %d detailed: %d",
               static_cast<long long>(s.run), s.line, static_cast<int>(s.detailed));
    FUZZ_CHECK(s.detailed || (s.calls.empty() && s.events.empty()), "a brief step with calls");
    FUZZ_CHECK(s.depth >= 0 && s.depth <= tc::lang::kMaxCallDepth && (s.depth == 0) == s.function.empty(),
               "a step at depth %d in '%s'", s.depth, s.function.c_str());
  }
  for (const auto& [where, numbers] : runs)
    FUZZ_CHECK(*numbers.rbegin() == static_cast<int64_t>(numbers.size()) - 1,
               "line %d's runs are not 0 to %zu", std::get<0>(where), numbers.size() - 1);
  for (const tc::lang::StatementResult& s : r.statements) {
    FUZZ_CHECK(s.line >= 1 && s.line <= lines && s.end_line >= s.line, "statement at line %d",
               s.line);
    FUZZ_CHECK(!s.source.empty() && text.find(s.source) != std::string::npos,
               "statement source '%s' is not in the text", s.source.c_str());
    for (const tc::lang::CallRecord& c : s.calls)
      FUZZ_CHECK(c.first_event <= c.end_event && c.end_event <= s.events.size(),
                 "call %s has events %zu..%zu of %zu", c.op.c_str(), c.first_event, c.end_event,
                 s.events.size());
    for (const auto& [name, info] : s.names)
      if (info.type == "Tensor")
        FUZZ_CHECK(info.storage >= 1, "tensor %s without a storage number", name.c_str());
  }
  // See Note [Bounded values]: what the program made dies with its result
  r = tc::lang::ProgramResult();
  FUZZ_CHECK(tc::lang::live_value_size() == live, "strings, tuples or lists outlived their program");
  return 0;
}
