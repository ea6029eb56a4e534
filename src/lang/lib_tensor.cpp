// A tensor's own methods (src/lang/library.h): its geometry (size, stride,
// dim, ...), its values (item, tolist), dtypes (to, float, ...) and
// autograd (backward, requires_grad_, detach).
#include "lang/library.h"

namespace tc::lang {

namespace {

Value size(const Bound& b, CallContext&) {
  const Tensor t = b.tensor("input");
  if (!b.has("dim")) return int_tuple(t.sizes(), Sequence::Kind::Size);
  return Value(t.sizes()[static_cast<size_t>(wrap_dim(b.integer("dim"), t.ndim(), false))]);
}

}  // namespace

void add_tensor(std::vector<Entry>& t) {
  t.push_back(entry("size", kMethod, {"size(Tensor input, int? dim=None)"}, size));
}

}  // namespace tc::lang
