// The one compiled walk per operand count behind for_each_row_by (Note
// [Rows by pointer], loop.h).
#include "engine/loop.h"

namespace tc {

template <size_t N>
void for_each_row_by(const LoopPlan& plan, RowFn row, const void* ctx) {
  for_each_row<N>(plan, [&](int64_t n, const Offsets<N>& o, const Offsets<N>& s) {
    row(ctx, n, o.data(), s.data());
  });
}
template void for_each_row_by<2>(const LoopPlan&, RowFn, const void*);
template void for_each_row_by<3>(const LoopPlan&, RowFn, const void*);
template void for_each_row_by<4>(const LoopPlan&, RowFn, const void*);

}  // namespace tc
