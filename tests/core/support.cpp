#include "support.h"

#include <algorithm>
#include <numeric>

namespace tct {

Tensor strided_copy(const naive::Dense& want, Random& rng) {
  const size_t nd = want.shape.size();
  if (rng.integer(0, 3) == 0) return Tensor::from_data(want.v, want.shape);
  std::vector<int64_t> perm(nd);
  std::iota(perm.begin(), perm.end(), 0);
  std::shuffle(perm.begin(), perm.end(), rng.engine());
  Shape physical(nd), padded(nd);
  for (size_t i = 0; i < nd; ++i) {
    physical[i] = want.shape[perm[i]];
    padded[i] = physical[i] + rng.integer(0, 2);
  }
  const int64_t offset = rng.integer(0, 3);
  // Cells no element maps to hold a value no test produces, so a read of a
  // gap shows up as a wrong number.
  Tensor base = Tensor::full({offset + tc::numel(padded)}, -777.0f);
  const tc::Geometry phys = tc::Geometry::make(physical, tc::contiguous_strides(padded), offset);
  std::vector<int64_t> inverse(nd);
  for (size_t i = 0; i < nd; ++i) inverse[perm[i]] = static_cast<int64_t>(i);
  const Tensor t = base.with_geometry(phys.permute(inverse));
  naive::for_each_index(want.shape, [&](const naive::Index& idx, int64_t flat) {
    int64_t pos = t.offset();
    for (size_t d = 0; d < nd; ++d) pos += idx[d] * t.strides()[d];
    t.f32()[pos] = want.v[static_cast<size_t>(flat)];
  });
  return t;
}

}  // namespace tct
