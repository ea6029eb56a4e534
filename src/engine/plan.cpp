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

LoopPlan make_plan(const Shape& shape, const std::vector<Strides>& strides,
                   const std::vector<int64_t>& offsets, const std::vector<int64_t>& order) {
  TC_ASSERT(strides.size() == offsets.size());
  TC_ASSERT(order.size() == shape.size());
  LoopPlan plan;
  plan.order = order;
  plan.offsets = offsets;
  plan.strides.assign(strides.size(), Strides());
  for (int64_t dim : order) {
    plan.shape.push_back(shape[dim]);
    plan.groups.push_back({dim});
    for (size_t k = 0; k < strides.size(); ++k) {
      TC_ASSERT(strides[k].size() == shape.size());
      plan.strides[k].push_back(strides[k][dim]);
    }
  }
  if (plan.shape.empty()) return plan;
  auto can_coalesce = [&](size_t d0, size_t d1) {
    if (plan.shape[d0] == 1 || plan.shape[d1] == 1) return true;
    for (const Strides& s : plan.strides)
      if (plan.shape[d0] * s[d0] != s[d1]) return false;
    return true;
  };
  size_t prev = 0;
  for (size_t d = 1; d < plan.shape.size(); ++d) {
    if (can_coalesce(prev, d)) {
      if (plan.shape[prev] == 1)
        for (Strides& s : plan.strides) s[prev] = s[d];
      plan.shape[prev] *= plan.shape[d];
      plan.groups[prev].insert(plan.groups[prev].end(), plan.groups[d].begin(), plan.groups[d].end());
    } else {
      ++prev;
      if (prev != d) {
        for (Strides& s : plan.strides) s[prev] = s[d];
        plan.shape[prev] = plan.shape[d];
        plan.groups[prev] = plan.groups[d];
      }
    }
  }
  plan.shape.resize(prev + 1);
  plan.groups.resize(prev + 1);
  for (Strides& s : plan.strides) s.resize(prev + 1);
  return plan;
}

}  // namespace tc
