// Indexing: x[...] from text or from the array form, select and gather.
// The text arrives as UTF-8 bytes in the scratch buffer (as parse_shape's:
// no std::string through Embind, which would leak each refused text);
// the array form as kIndexSlots doubles an item (Note [Index items across
// the boundary]).
#include <emscripten/bind.h>

#include "export.h"
#include "explained.h"
#include "handles.h"
#include "js_error.h"
#include "json_writer.h"
#include "ops.h"
#include "scratch.h"
#include "trace.h"
#include "trace_json.h"

namespace tcjs {
namespace {

// Note [Index items across the boundary]: bindings/ts/indexing.ts writes
// each item of the array form as five doubles, [kind, a, b, c, d]:
//   0 integer  [0, value]
//   1 slice    [1, has (start 1 | stop 2 | step 4), start, stop, step]
//   2 None     [2]
//   3 ...      [3]
//   4 bool     [4, 0 or 1]
//   5 tensor   [5, handle]
constexpr size_t kIndexSlots = 5;

std::vector<tc::TensorIndex> read_items(size_t count) {
  std::vector<tc::TensorIndex> items;
  items.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    const std::vector<int64_t> s = read_ints(i * kIndexSlots, kIndexSlots);
    switch (s[0]) {
      case 0: items.push_back(tc::TensorIndex::of_integer(s[1])); break;
      case 1: {
        auto part = [&](int bit, int64_t v) { return (s[1] & bit) ? std::optional<int64_t>(v) : std::nullopt; };
        items.push_back(tc::TensorIndex::of_slice(part(1, s[2]), part(2, s[3]), part(4, s[4])));
        break;
      }
      case 2: items.push_back(tc::TensorIndex::none()); break;
      case 3: items.push_back(tc::TensorIndex::ellipsis()); break;
      case 4: items.push_back(tc::TensorIndex::of_bool(s[1] != 0)); break;
      case 5: items.push_back(tc::TensorIndex::of_tensor(get(static_cast<Handle>(s[1])))); break;
      default: TC_ASSERT(false, "unknown index item kind ", s[0]);
    }
  }
  return items;
}

// count >= 0: that many items of the array form; count < 0: text of
// -count - 1 bytes.
tc::Tensor run_index(Handle h, double count) {
  const int64_t n = to_int(count);
  if (n < 0) {
    const size_t bytes = static_cast<size_t>(-n - 1);
    return tc::index(get(h), std::string(read_bytes(bytes), bytes));
  }
  return tc::index(get(h), read_items(static_cast<size_t>(n)), true);
}

Handle index(Handle h, double count) { return put(run_index(h, count)); }

Handle select(Handle h, double dim, double i) {
  return put(tc::select(get(h), to_int(dim), to_int(i)));
}

Handle gather(Handle h, double dim, Handle index) {
  return put(tc::gather(get(h), to_int(dim), get(index)));
}

// As explain_op: {"result": handle or 0, "error", "events"}.
std::string explain_index(Handle h, double count) {
  return explained([&] { return put(run_index(h, count)); });
}

}  // namespace
}  // namespace tcjs

TC_EXPORT(tcjs::Handle, index, (tcjs::Handle h, double count), (h, count))
TC_EXPORT(tcjs::Handle, select, (tcjs::Handle h, double dim, double i), (h, dim, i))
TC_EXPORT(tcjs::Handle, gather, (tcjs::Handle h, double dim, tcjs::Handle index), (h, dim, index))

EMSCRIPTEN_BINDINGS(tensorcast_indexing) {
  using namespace emscripten;
  function("explainIndex", TC_GUARD(tcjs::explain_index));
}
