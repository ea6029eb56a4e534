// Fuzz target: the grammars the playground asks through the package
// (src/syntax: view_chain.h, shape_text.h) on arbitrary text. The first
// byte picks the grammar ('c' a view chain, anything else a shape), the
// rest is the text. Reading never throws and always answers within the
// text: a problem with a place inside it (or just past it), or links and
// dims that read back as they were read.
#include <string>

#include "check.h"
#include "parse_shape.h"
#include "syntax/lexer.h"
#include "syntax/shape_text.h"
#include "syntax/subscript.h"
#include "syntax/view_chain.h"

namespace {

using namespace tc::syntax;

void chain(const std::string& text) {
  const ViewChain c = parse_view_chain(text);
  const int64_t length = utf16_index(text, text.size());
  if (c.problem) {
    FUZZ_CHECK(c.links.empty(), "links with a problem");
    FUZZ_CHECK(c.problem->at >= 0 && c.problem->at <= length, "problem at %lld of %lld",
               static_cast<long long>(c.problem->at), static_cast<long long>(length));
    FUZZ_CHECK(!c.problem->message.empty(), "a problem without a message");
    return;
  }
  FUZZ_CHECK(static_cast<int64_t>(c.links.size()) <= kMaxChainLinks, "%zu links", c.links.size());
  int64_t last = -1;
  for (const ChainLink& l : c.links) {
    FUZZ_CHECK(l.at > last && l.at < length, "link at %lld", static_cast<long long>(l.at));
    last = l.at;
    FUZZ_CHECK(!l.text.empty() && text.find(l.text) != std::string::npos, "link text not typed");
    for (int64_t v : l.args) FUZZ_CHECK(v >= -kMaxChainInt && v <= kMaxChainInt, "argument %lld", static_cast<long long>(v));
    if (l.op != "index") continue;
    // The index it hands back is read by a.index(text)'s grammar as the same items.
    FUZZ_CHECK(l.index.has_value(), "an index link without its text");
    const IndexSpec again = parse_index(*l.index);
    FUZZ_CHECK(again.items.size() == l.items.size(), "'%s' read back as %zu items", l.index->c_str(),
               again.items.size());
    for (size_t i = 0; i < again.items.size(); ++i)
      FUZZ_CHECK(format_index_item(again.items[i]) == format_index_item(l.items[i]), "item %zu of '%s'", i,
                 l.index->c_str());
  }
}

void shape(const std::string& text) {
  const ShapeReading r = read_shape(text);
  if (r.problem) {
    FUZZ_CHECK(r.dims.empty(), "dims with a problem");
    FUZZ_CHECK(r.problem->at >= 0 && r.problem->at <= utf16_index(text, text.size()) &&
                   r.problem->position >= 1 && static_cast<size_t>(r.problem->position) <= text.size() + 1,
               "problem at %lld", static_cast<long long>(r.problem->at));
    bool refused = false;
    try {
      tc::parse_shape(text);
    } catch (const tc::Error&) {
      refused = true;
    }
    FUZZ_CHECK(refused, "parse_shape read what read_shape refused");
    return;
  }
  FUZZ_CHECK(r.dims.size() <= static_cast<size_t>(tc::kMaxDims), "%zu dims", r.dims.size());
  bool named = false;
  for (const ShapeDim& d : r.dims) {
    FUZZ_CHECK(d.size.has_value() != d.name.has_value(), "a dim both or neither size and name");
    named = named || d.name.has_value();
  }
  // parse_shape reads the same grammar: a shape of sizes only is its answer
  // (or its numel overflows).
  if (named) return;
  try {
    const tc::Shape s = tc::parse_shape(text);
    FUZZ_CHECK(s.size() == r.dims.size(), "parse_shape read %zu dims, read_shape %zu", s.size(), r.dims.size());
    for (size_t i = 0; i < s.size(); ++i) FUZZ_CHECK(s[i] == *r.dims[i].size, "dim %zu differs", i);
  } catch (const tc::Error& e) {
    FUZZ_CHECK(std::string(e.what()).find("overflow") != std::string::npos, "parse_shape refused: %s", e.what());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (data[0] == 'c') chain(text);
  else shape(text);
  return 0;
}
