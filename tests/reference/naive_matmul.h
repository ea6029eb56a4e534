// The naive reference of matmul (Note [matmul] in src/ops/matmul.cpp),
// from torch.matmul's documentation: a 1-D a gets a 1 prepended and a 1-D b
// a 1 appended, removed from the result after; the dims before the last two
// broadcast; each result element is one sum over k, accumulated in double.
// Plain loops over indices, nothing of strides or kernels.
#pragma once
#include "naive.h"

namespace naive {

// nullopt: PyTorch raises (a 0-D operand, k differing, batch dims that do
// not broadcast).
inline std::optional<Dense> matmul(const Dense& a, const Dense& b) {
  if (a.shape.empty() || b.shape.empty()) return std::nullopt;
  Dense a2 = a, b2 = b;
  const bool a_promoted = a.shape.size() == 1, b_promoted = b.shape.size() == 1;
  if (a_promoted) a2.shape.insert(a2.shape.begin(), 1);
  if (b_promoted) b2.shape.push_back(1);
  const size_t na = a2.shape.size(), nb = b2.shape.size();
  const int64_t m = a2.shape[na - 2], k = a2.shape[na - 1];
  const int64_t k2 = b2.shape[nb - 2], n = b2.shape[nb - 1];
  if (k != k2) return std::nullopt;
  const Shape a_batch(a2.shape.begin(), a2.shape.end() - 2);
  const Shape b_batch(b2.shape.begin(), b2.shape.end() - 2);
  std::string error;
  const std::optional<Shape> batch = broadcast({a_batch, b_batch}, &error);
  if (!batch) return std::nullopt;
  Shape full = *batch;
  full.insert(full.end(), {m, n});
  Dense out{full, std::vector<float>(static_cast<size_t>(count(full)))};
  for_each_index(full, [&](const Index& idx, int64_t flat) {
    Index ai(idx.begin(), idx.end() - 2), bi = ai;
    ai.insert(ai.end(), {idx[idx.size() - 2], 0});
    bi.insert(bi.end(), {0, idx[idx.size() - 1]});
    double sum = 0;
    for (int64_t p = 0; p < k; ++p) {
      ai.back() = p;
      bi[bi.size() - 2] = p;
      sum += static_cast<double>(broadcast_at(a2, ai)) * static_cast<double>(broadcast_at(b2, bi));
    }
    out.v[static_cast<size_t>(flat)] = static_cast<float>(sum);
  });
  // The promoted 1s leave the result: m (at -2) for a, n (at -1) for b.
  Shape shape = *batch;
  if (!a_promoted) shape.push_back(m);
  if (!b_promoted) shape.push_back(n);
  out.shape = shape;
  return out;
}

}  // namespace naive
