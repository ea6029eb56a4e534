// Fuzz target: broadcast-shape inference. The input is text, one shape per
// line (or per ';'), its sizes any integers in any notation: "5,3,4,1",
// "(3, 1, 1)", "-2 7", "" (a 0-D shape). broadcast_shapes must agree with
// the naive fold of the rules of PyTorch's broadcasting note
// (docs/examples.md; infer_size's exact message on a mismatch), and
// trace_broadcast must never throw and tell the same story:
// the same result or the same error text, dims from the right that stop at
// the failing one.
#include <cctype>
#include <climits>
#include <string>

#include "error.h"
#include "check.h"
#include "naive.h"
#include "trace.h"

namespace {

using naive::show;
using tc::Shape;

// Integers anywhere in a line; a '-' right before digits makes them
// negative; too many digits saturate (so huge sizes still reach the core).
Shape read_sizes(const std::string& line) {
  Shape out;
  for (size_t i = 0; i < line.size() && out.size() < 24;) {
    if (!std::isdigit(static_cast<unsigned char>(line[i]))) {
      ++i;
      continue;
    }
    const bool negative = i > 0 && line[i - 1] == '-';
    int64_t v = 0;
    for (; i < line.size() && std::isdigit(static_cast<unsigned char>(line[i])); ++i)
      if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, line[i] - '0', &v))
        v = INT64_MAX;
    out.push_back(negative ? -v : v);
  }
  return out;
}

// What check_shape refuses, in the order broadcast_shapes meets it.
bool refused(const Shape& s) {
  if (s.size() > static_cast<size_t>(tc::kMaxDims)) return true;
  for (int64_t v : s)
    if (v < 0) return true;
  return !naive::product(s).has_value();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<Shape> shapes;
  std::string line;
  for (size_t i = 0; i <= size && shapes.size() < 8; ++i) {
    if (i == size || data[i] == '\n' || data[i] == ';') {
      shapes.push_back(read_sizes(line));
      line.clear();
    } else {
      line += static_cast<char>(data[i]);
    }
  }

  std::optional<Shape> got;
  std::string got_error;
  try {
    got = tc::broadcast_shapes(shapes);
  } catch (const tc::Error& e) {
    got_error = e.what();
    FUZZ_CHECK(!got_error.empty(), "empty message");
  }

  // The naive fold: each shape checked, then folded in.
  std::optional<Shape> want = Shape{};
  std::string want_error;
  bool want_shape_refusal = false;
  for (const Shape& s : shapes) {
    if (refused(s)) {
      want.reset();
      want_shape_refusal = true;
      break;
    }
    std::string why;
    auto next = naive::broadcast({*want, s}, &why);
    if (!next) {
      want.reset();
      want_error = why;
      break;
    }
    want = next;
  }
  // Sizes that each fit can meet in a result that does not ([2^62, 1] with
  // [1, 4]): broadcast_shapes refuses that result too.
  if (want && refused(*want)) {
    want.reset();
    want_shape_refusal = true;
  }
  if (want) {
    FUZZ_CHECK(got && *got == *want, "broadcast gave %s, naive %s (error '%s')",
               got ? show(*got).c_str() : "error", show(*want).c_str(), got_error.c_str());
  } else if (want_shape_refusal) {
    FUZZ_CHECK(!got, "an invalid shape was accepted, giving %s", show(*got).c_str());
  } else {
    FUZZ_CHECK(!got && got_error == want_error, "broadcast gave '%s', naive '%s'",
               got ? show(*got).c_str() : got_error.c_str(), want_error.c_str());
  }

  // The trace: never throws, same verdict, and its steps hang together.
  const tc::BroadcastTrace t = tc::trace_broadcast(shapes);
  FUZZ_CHECK(t.result == got, "trace result %s, broadcast_shapes %s",
             t.result ? show(*t.result).c_str() : "none", got ? show(*got).c_str() : "none");
  FUZZ_CHECK(t.error.value_or("") == got_error, "trace error '%s', broadcast_shapes '%s'",
             t.error.value_or("").c_str(), got_error.c_str());
  FUZZ_CHECK(t.inputs == shapes, "inputs not kept");
  size_t ndim = 0;
  for (const Shape& s : shapes) ndim = std::max(ndim, s.size());
  FUZZ_CHECK(t.padded.size() == shapes.size(), "one padded shape per input");
  for (size_t k = 0; k < shapes.size(); ++k) {
    Shape p(ndim - shapes[k].size(), 1);
    p.insert(p.end(), shapes[k].begin(), shapes[k].end());
    FUZZ_CHECK(t.padded[k] == p, "padded %s, want %s", show(t.padded[k]).c_str(),
               show(p).c_str());
  }
  for (size_t k = 0; k < t.dims.size(); ++k) {
    const tc::DimStep& step = t.dims[k];
    FUZZ_CHECK(step.trailing == static_cast<int64_t>(k + 1) &&
                   step.dim == static_cast<int64_t>(ndim - 1 - k),
               "step %zu is dim %lld, trailing %lld", k, (long long)step.dim,
               (long long)step.trailing);
    FUZZ_CHECK(step.sizes.size() == shapes.size() && step.roles.size() == shapes.size(),
               "step %zu: one size and role per operand", k);
    for (const std::string& role : step.roles)
      FUZZ_CHECK(role == "missing" || role == "expanded" || role == "same" || role == "conflict",
                 "unknown role '%s'", role.c_str());
    FUZZ_CHECK(step.rule == "equal" || step.rule == "one" || step.rule == "missing" ||
                   step.rule == "mismatch",
               "unknown rule '%s'", step.rule.c_str());
    if (got) {
      FUZZ_CHECK(step.result && *step.result == (*got)[step.dim] && step.rule != "mismatch",
                 "step at dim %lld says %s/%lld, result %s", (long long)step.dim,
                 step.rule.c_str(), (long long)step.result.value_or(-999), show(*got).c_str());
    }
  }
  if (got) {
    FUZZ_CHECK(t.dims.size() == ndim && !t.failed_dim, "%zu steps for %zu dims", t.dims.size(),
               ndim);
  } else if (!want_shape_refusal) {
    // A mismatch: the steps stop at the failing dim, which is named.
    FUZZ_CHECK(t.failed_dim.has_value(), "no failed_dim for '%s'", got_error.c_str());
    // regressions/broadcast/fold-ndim-steps: with 3+ shapes the fold's ndim
    // can be smaller than the result's.
    FUZZ_CHECK(!t.dims.empty() && t.dims.back().rule == "mismatch",
               "steps for %s do not stop at a mismatch (last rule '%s', failed_dim %lld, error '%s')",
               [&] {
                 std::string all;
                 for (const Shape& s : shapes) all += show(s) + " ";
                 return all;
               }().c_str(),
               t.dims.empty() ? "none" : t.dims.back().rule.c_str(),
               (long long)t.failed_dim.value_or(-1), got_error.c_str());
  }
  return 0;
}
