#include "plan.h"

#include <algorithm>

#include "error.h"

namespace tc {

std::vector<int64_t> iteration_order(const Shape& shape, const std::vector<Strides>& strides,
                                     const std::vector<bool>& deciding) {
  const int64_t ndim = static_cast<int64_t>(shape.size());
  std::vector<int64_t> perm(ndim);
  for (int64_t i = 0; i < ndim; ++i) perm[i] = ndim - 1 - i;
  // 1: dim0 goes outside dim1; -1: dim0 stays inside; 0: no operand can tell.
  auto should_swap = [&](int64_t dim0, int64_t dim1) {
    for (size_t k = 0; k < strides.size(); ++k) {
      if (!deciding[k]) continue;
      const int64_t s0 = strides[k][dim0], s1 = strides[k][dim1];
      if (s0 == 0 || s1 == 0) continue;
      if (s0 < s1) return -1;
      if (s0 > s1) return 1;
      if (shape[dim0] > shape[dim1]) return 1;
    }
    return 0;
  };
  for (int64_t i = 1; i < ndim; ++i) {
    int64_t dim1 = i;
    for (int64_t dim0 = i - 1; dim0 >= 0; --dim0) {
      const int comparison = should_swap(perm[dim0], perm[dim1]);
      if (comparison > 0) {
        std::swap(perm[dim0], perm[dim1]);
        dim1 = dim0;
      } else if (comparison < 0) {
        break;
      }
    }
  }
  return perm;
}

Strides strides_for_order(const Shape& shape, const std::vector<int64_t>& order) {
  Strides strides(shape.size());
  int64_t running = 1;
  for (int64_t dim : order) {
    strides[dim] = running;
    running *= std::max<int64_t>(shape[dim], 1);
  }
  return strides;
}

std::vector<std::vector<int64_t>> LoopPlan::groups() const {
  std::vector<std::vector<int64_t>> out;
  int64_t begin = 0;
  for (int64_t end : group_ends) {
    out.emplace_back(order.begin() + begin, order.begin() + end);
    begin = end;
  }
  return out;
}

LoopPlan make_plan(const Shape& shape, const std::vector<Strides>& strides,
                   const std::vector<int64_t>& offsets, const std::vector<int64_t>& order) {
  TC_ASSERT(strides.size() == offsets.size());
  TC_ASSERT(order.size() == shape.size());
  const size_t ndim = shape.size();
  LoopPlan plan;
  plan.order = order;
  plan.offsets = offsets;
  plan.shape.reserve(ndim);
  plan.group_ends.reserve(ndim);
  plan.strides.assign(strides.size(), Strides());
  for (size_t k = 0; k < strides.size(); ++k) {
    TC_ASSERT(strides[k].size() == ndim);
    plan.strides[k].reserve(ndim);
  }
  // One pass over the dims in loop order: each either merges into the loop
  // dim before it or opens a new one.
  for (size_t pos = 0; pos < ndim; ++pos) {
    const int64_t dim = order[pos];
    const int64_t size = shape[dim];
    bool merge = !plan.shape.empty();
    if (merge && plan.shape.back() != 1 && size != 1)
      for (size_t k = 0; merge && k < strides.size(); ++k)
        merge = plan.shape.back() * plan.strides[k].back() == strides[k][dim];
    if (!merge) {
      plan.shape.push_back(size);
      for (size_t k = 0; k < strides.size(); ++k) plan.strides[k].push_back(strides[k][dim]);
      plan.group_ends.push_back(static_cast<int64_t>(pos) + 1);
      continue;
    }
    // A size-1 loop dim takes the strides of what joins it; a size-1 dim
    // joining keeps the loop dim's.
    if (plan.shape.back() == 1)
      for (size_t k = 0; k < strides.size(); ++k) plan.strides[k].back() = strides[k][dim];
    plan.shape.back() *= size;
    plan.group_ends.back() = static_cast<int64_t>(pos) + 1;
  }
  return plan;
}

}  // namespace tc
