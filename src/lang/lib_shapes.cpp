// Views, joins and matrix products (src/lang/library.h): src/ops/views.cpp,
// cat.cpp and matmul.cpp with PyTorch's signatures.
#include "lang/library.h"

namespace tc::lang {

namespace {

Value do_reshape(const Bound& b, CallContext&) { return reshape(b.tensor("input"), b.ints("shape")); }
Value do_view(const Bound& b, CallContext&) { return view(b.tensor("input"), b.ints("size")); }

}  // namespace

void add_shapes(std::vector<Entry>& t) {
  t.push_back(entry("reshape", kTorch | kMethod, {"reshape(Tensor input, int[] shape)"}, do_reshape));
  t.push_back(entry("view", kMethod, {"view(Tensor input, int[] size)"}, do_view));
}

}  // namespace tc::lang
