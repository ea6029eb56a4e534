// Indexing: x[...] from text or from the array form (select and gather are
// generated members: bindings/bind_call.cpp).
// The text arrives as UTF-8 bytes in the scratch buffer (as parse_shape's:
// no std::string through Embind, which would leak each refused text);
// the array form as kIndexSlots doubles an item and its strings as text
// after them (Note [Index items across the boundary]).
#include <emscripten/bind.h>

#include "export.h"
#include "explained.h"
#include "handles.h"
#include "js_error.h"
#include "json_writer.h"
#include "ops.h"
#include "scratch.h"
#include "syntax/lexer.h"
#include "syntax/subscript.h"
#include "trace.h"
#include "trace_json.h"

namespace tcjs {
namespace {

// Note [Index items across the boundary]: bindings/ts/indexing.ts writes
// each item of the array form as five doubles, [kind, a, b, c, d]:
//   0 integer  [0, value]
//   2 None     [2]
//   3 ...      [3]
//   4 bool     [4, 0 or 1]
//   5 tensor   [5, handle]
//   6 text     [6, at, bytes, name bytes]: a string item ('1:3', '...'),
//              read here by the grammar of a.index(text)
// then, after the items' doubles, a text area: the calling function's name
// (for messages; `name bytes` long) and each text item at byte `at`.
constexpr size_t kIndexSlots = 5;

// A string item: one slice or '...', as x[...] reads it (Note [Subscript
// grammar]); anything else is refused naming the caller and the item.
tc::TensorIndex text_item(size_t i, size_t count, const std::vector<int64_t>& s) {
  const size_t area = count * kIndexSlots * sizeof(double);
  const auto n = [](int64_t v) { return static_cast<size_t>(v); };
  const std::string fn(read_bytes_at(area, n(s[3])), n(s[3]));
  const std::string text(read_bytes_at(area + n(s[1]), n(s[2])), n(s[2]));
  std::optional<tc::syntax::IndexSpec> spec;
  try {
    spec = tc::syntax::parse_index(text);
  } catch (const tc::Error&) {
    // refused below, as any text that is no single slice
  }
  if (spec && !spec->tuple && spec->items.size() == 1) {
    const tc::syntax::IndexSpecItem& item = spec->items[0];
    if (item.kind == tc::syntax::IndexSpecItem::Kind::Slice)
      return tc::TensorIndex::of_slice(item.start, item.stop, item.step);
    if (item.kind == tc::syntax::IndexSpecItem::Kind::Ellipsis) return tc::TensorIndex::ellipsis();
  }
  tc::fail(tc::ErrorKind::Value, fn, "(): item ", i,
           " must be '...' or a slice such as ':', '1:3' or '::2', not '",
           tc::syntax::printable(text), "'");
}

std::vector<tc::TensorIndex> read_items(size_t count) {
  std::vector<tc::TensorIndex> items;
  items.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    const std::vector<int64_t> s = read_ints(i * kIndexSlots, kIndexSlots);
    switch (s[0]) {
      case 0: items.push_back(tc::TensorIndex::of_integer(s[1])); break;
      case 2: items.push_back(tc::TensorIndex::none()); break;
      case 3: items.push_back(tc::TensorIndex::ellipsis()); break;
      case 4: items.push_back(tc::TensorIndex::of_bool(s[1] != 0)); break;
      case 5: items.push_back(tc::TensorIndex::of_tensor(get(static_cast<Handle>(s[1])))); break;
      case 6: items.push_back(text_item(i, count, s)); break;
      default: TC_ASSERT(false, "unknown index item kind ", s[0]);
    }
  }
  return items;
}

// count >= 0: that many items of the array form; count < 0: text of
// -count - 1 bytes. The array form's items are arguments: they are read
// (a string item that is no slice refused) before `run` gets them.
template <class Run>
auto with_index(double count, Run run) {
  const int64_t n = to_int(count);
  if (n < 0) {
    const size_t bytes = static_cast<size_t>(-n - 1);
    return run([text = std::string(read_bytes(bytes), bytes)](const tc::Tensor& t) {
      return tc::index(t, text);
    });
  }
  return run([items = read_items(static_cast<size_t>(n))](const tc::Tensor& t) {
    return tc::index(t, items, true);
  });
}

Handle index(Handle h, double count) {
  return with_index(count, [&](auto index) { return put(index(get(h))); });
}

// As explain_op: {"result": handle or 0, "error", "events"}; an argument
// that cannot be read is thrown, as from index().
std::string explain_index(Handle h, double count) {
  return with_index(count, [&](auto index) { return explained([&] { return put(index(get(h))); }); });
}

}  // namespace
}  // namespace tcjs

TC_EXPORT(tcjs::Handle, index, (tcjs::Handle h, double count), (h, count))

EMSCRIPTEN_BINDINGS(tensorcast_indexing) {
  using namespace emscripten;
  function("explainIndex", TC_GUARD(tcjs::explain_index));
}
