// Fuzz target: an index typed as Python writes it (x[...] in the
// playground or a.index('...')), read by tc::syntax::parse_index and applied
// by tc::index to a few tensors. Any text must give a result or a
// tc::Error with a printable message (a reading error naming a column
// inside the text); what was read must read back the same from its
// printed form; a result must be readable (its view inside its storage).
#include <cstring>
#include <string>

#include "check.h"
#include "error.h"
#include "syntax/subscript.h"
#include "naive.h"
#include "ops.h"

namespace {

bool printable_ascii(const std::string& s) {
  for (unsigned char c : s)
    if (c < 0x20 || c >= 0x7f) return false;
  return true;
}

std::string print(const tc::syntax::IndexSpec& spec) {
  std::string out;
  for (size_t i = 0; i < spec.items.size(); ++i)
    out += (i ? ", " : "") + tc::syntax::format_index_item(spec.items[i]);
  if (spec.tuple && spec.items.size() == 1) out += ",";
  return out;
}

bool same(const tc::syntax::IndexSpecItem& a, const tc::syntax::IndexSpecItem& b) {
  return a.kind == b.kind && a.integer == b.integer && a.start == b.start && a.stop == b.stop &&
         a.step == b.step && a.boolean == b.boolean && a.list == b.list &&
         a.list_shape == b.list_shape && a.list_of_bools == b.list_of_bools;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  tc::syntax::IndexSpec spec;
  try {
    spec = tc::syntax::parse_index(text);
  } catch (const tc::Error& e) {
    const std::string msg = e.what();
    FUZZ_CHECK(!msg.empty(), "empty error message");
    FUZZ_CHECK(printable_ascii(msg), "message is not printable: '%s'", msg.c_str());
    const size_t at = msg.rfind("column ");
    FUZZ_CHECK(at != std::string::npos, "no column in '%s'", msg.c_str());
    const long col = std::strtol(msg.c_str() + at + 7, nullptr, 10);
    FUZZ_CHECK(col >= 1 && static_cast<size_t>(col) <= size + 1,
               "column %ld outside a text of %zu bytes: '%s'", col, size, msg.c_str());
    return 0;
  }
  FUZZ_CHECK(!spec.items.empty(), "an empty index was accepted");
  const std::string printed = print(spec);
  const tc::syntax::IndexSpec again = tc::syntax::parse_index(printed);
  FUZZ_CHECK(again.tuple == spec.tuple && again.items.size() == spec.items.size(),
             "'%s' read back differently", printed.c_str());
  for (size_t i = 0; i < spec.items.size(); ++i)
    FUZZ_CHECK(same(again.items[i], spec.items[i]), "item %zu of '%s' read back differently", i,
               printed.c_str());
  const tc::Tensor inputs[] = {
      tc::view(tc::Tensor::arange(0, 24), {2, 3, 4}),
      tc::Tensor::scalar(1.5f),
      tc::Tensor::zeros({0, 3}),
  };
  for (const tc::Tensor& x : inputs) {
    try {
      const tc::Tensor r = tc::index(x, text);
      const std::vector<float> v = r.to_vector();  // reads every element: ASan checks the view
      FUZZ_CHECK(static_cast<int64_t>(v.size()) == r.numel(), "numel mismatch");
      if (r.shares_storage(x))
        FUZZ_CHECK(r.geometry().storage_extent() <= x.impl().storage->nbytes() / 4,
                   "view of '%s' reaches past its storage", printed.c_str());
    } catch (const tc::Error& e) {
      const std::string msg = e.what();
      FUZZ_CHECK(!msg.empty() && printable_ascii(msg), "bad message '%s'", msg.c_str());
    }
  }
  return 0;
}
