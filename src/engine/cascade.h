// Note [Cascade sum]
// PyTorch sums floating tensors in a cascade (cascade_sum,
// aten/src/ATen/native/cpu/SumKernel.cpp): a row is summed in chunks of
// 16 or more elements, the chunks' sums in chunks again, up to four
// levels, so that only numbers of a similar size are added together.
// torch.full((10**7,), 0.1).sum() is 999999.4375 that way; one running
// float32 total gives 1087937, blocks of 4096 gave 1000023.4. A student
// compares the printed number with a notebook's, so tensorcast adds in
// PyTorch's order, bit for bit, as its CPU build with AVX2 on one thread
// does (torch.get_num_threads() == 1, the default where PyTorch runs on
// one core; with more threads PyTorch splits a sum of 32768 elements or
// more between them and its last bits depend on how many: docs/limits.md).
//
// The order follows from three things, each reproduced here:
// - the vector width: AVX2's Vectorized<T> holds 32 bytes, 8 float32 or
//   4 float64 lanes (kLanes), each lane a cascade of its own;
// - the loop PyTorch's TensorIterator hands the kernel: dims reordered
//   (reduced dims innermost) and coalesced (reduce_iteration, reduce.cpp);
// - which of the kernel's four paths the two innermost dims take
//   (cascade_loop below): a contiguous reduced row (inner_sum), a
//   contiguous kept row (outer_sum), or neither (the scalar paths).
// A path's sums are added into the output (`+=`), so a reduction whose
// reduced dims do not coalesce into the two innermost adds each outer
// step's partial sums in turn, as PyTorch does.
#pragma once
#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/parallel.h"
#include "engine/vectorized.h"

namespace tc::cascade {

using vectorized::kLanes;

// PyTorch's utils::CeilLog2: 1 up to 2, else the bit length of x - 1.
inline int64_t ceil_log2(int64_t x) {
  if (x <= 2) return 1;
  int64_t bits = 0;
  for (uint64_t v = static_cast<uint64_t>(x - 1); v != 0; v >>= 1) ++bits;
  return bits;
}

// The levels of PyTorch's multi_row_sum for a count of rows: four, each
// handing its sum up every `step` of the level below.
struct Levels {
  static constexpr int kCount = 4;
  int64_t power, step, mask;
  explicit Levels(int64_t size)
      : power(std::max<int64_t>(4, ceil_log2(size) / kCount)),
        step(int64_t{1} << power),
        mask(step - 1) {}
  // Whether, after row i, level j's sums stay (not yet handed up further).
  bool stays(int64_t i, int j) const { return (i & (mask << (j * power))) != 0; }
};

// The hand-ups after row i (a multiple of lv.step): level j takes level
// j - 1's sums, for j from `first` while the row count is a multiple of
// 2^(j * power), below `last`.
template <class T, class Width>
void hand_up(const Levels& lv, int64_t i, Width width, T* acc, int first, int last) {
  for (int j = first; j < last; ++j) {
    T* __restrict to = acc + j * width;
    T* __restrict from = acc + (j - 1) * width;
    for (int64_t c = 0; c < width; ++c) {
      to[c] += from[c];
      from[c] = T(0);
    }
    if (lv.stays(i, j)) break;
  }
}

// Whole steps of rows from i while they end by `end`, each added and handed
// up to levels below `last`; i ends after the last.
template <class T, class Width, class AddRows>
void cascade_steps(const Levels& lv, int64_t& i, int64_t end, Width width, T* acc,
                   AddRows& add_rows, int last) {
  while (i + lv.step <= end) {
    add_rows(acc, i, lv.step);
    i += lv.step;
    hand_up(lv, i, width, acc, 1, last);
  }
}

// The rows from i to size (the steps left, then the rows past the last
// whole step), and the levels added into the first.
template <class T, class Width, class AddRows>
void cascade_finish(const Levels& lv, int64_t i, int64_t size, Width width, T* acc,
                    AddRows& add_rows) {
  cascade_steps(lv, i, size, width, acc, add_rows, Levels::kCount);
  add_rows(acc, i, size - i);
  for (int j = 1; j < Levels::kCount; ++j)
    for (int64_t c = 0; c < width; ++c) acc[c] += acc[j * width + c];
}

// PyTorch's multi_row_sum, for any loads: each of `width` columns is the
// cascade sum of its `size` numbers; add_rows(acc, i, n) adds rows i to
// i + n - 1, in order, into acc[0 .. width). acc holds Levels::kCount *
// width numbers, zeroed; the sums end in its first width. Level j + 1
// takes level j's sums each time the row count is a multiple of
// 2^(j * power).
template <class T, class Width, class AddRows>
void cascade(int64_t size, Width width, T* acc, AddRows add_rows) {
  cascade_finish(Levels(size), 0, size, width, acc, add_rows);
}

// multi_row_sum over `width` contiguous columns: column c of row i is
// p[i * row_stride + c]. The rows are read in order, each across all its
// columns, so that a matrix summed down its rows streams through memory;
// each column still adds in PyTorch's order, which depends on the row
// only. A width known at compile time (a std::integral_constant: the 4
// vectors of a row_sum) keeps its running sums in registers.
template <class T, class Width>
auto column_adder(const T* p, int64_t row_stride, Width width) {
  return [p, row_stride, width](T* __restrict a, int64_t first, int64_t n) {
    if constexpr (std::is_integral_v<Width>) {
      for (int64_t i = first; i < first + n; ++i) {
        const T* __restrict row = p + i * row_stride;
        for (int64_t c = 0; c < width; ++c) a[c] += row[c];
      }
    } else {
      T local[Width::value];
      std::copy(a, a + Width::value, local);
      for (int64_t i = first; i < first + n; ++i) {
        const T* __restrict row = p + i * row_stride;
        for (int64_t c = 0; c < Width::value; ++c) local[c] += row[c];
      }
      std::copy(local, local + Width::value, a);
    }
  };
}

template <class T, class Width>
void cascade_columns(const T* p, int64_t row_stride, int64_t size, Width width, T* acc) {
  cascade(size, width, acc, column_adder(p, row_stride, width));
}

// Note [Outer sums by blocks of rows]: the Outer path sums columns down
// the rows. Split by columns, each thread reads a part of every row, and
// two threads gained 1.1-1.4x where rows split between them gain 1.5-2x
// (bench/notes.md, "Threads"). The rows can be split too without changing
// a bit of any column's cascade: at a multiple of step^2 rows (a block)
// levels 0 and 1 are empty, so each block's level-1 sum is the same
// numbers added in the same order whoever computes it, from zero. The
// threads compute the blocks' level-1 sums; the calling thread then hands
// them up in order (level 2 takes each in turn, level 3 at multiples of
// step^3), as one thread would, and finishes the rows past the last block.
// It applies where there are at least as many blocks as threads; a column
// of width 4 vectors (multi_row_sum's) and the ones past it are summed as
// before, on the calling thread.
template <class T>
bool outer_by_blocks(int64_t size0, int64_t size1) {
  const Levels lv(size0);
  const int64_t block = lv.step * lv.step;
  return parallel::threads() > 1 && size0 / block >= parallel::threads() &&
         size1 >= 4 * kLanes<T> &&
         static_cast<double>(size0) * static_cast<double>(size1) >=
             static_cast<double>(parallel::kMinParallelElements);
}

// The grouped columns (a multiple of 4 vectors) of outer_sum, by blocks of
// rows on the pool, added into out.
template <class T>
void outer_sum_by_blocks(const T* in, int64_t step, T* out, int64_t out_stride, int64_t size0,
                         int64_t size1) {
  const int64_t width = size1 / (4 * kLanes<T>)*(4 * kLanes<T>);
  const Levels lv(size0);
  const int64_t block = lv.step * lv.step;
  const int64_t blocks = size0 / block;
  const auto add_rows = column_adder(in, step, width);
  std::vector<T> sums(static_cast<size_t>(blocks * width));
  parallel::parallel_for(blocks, 1,
                         static_cast<double>(blocks * block) * static_cast<double>(width),
                         [&](int64_t b0, int64_t b1) {
                           std::vector<T> acc(static_cast<size_t>(2 * width));
                           for (int64_t b = b0; b < b1; ++b) {
                             std::fill(acc.begin(), acc.end(), T(0));
                             int64_t i = b * block;
                             auto rows = add_rows;
                             cascade_steps(lv, i, i + block, width, acc.data(), rows, 2);
                             std::copy(acc.begin() + width, acc.end(), sums.begin() + b * width);
                           }
                         });
  std::vector<T> acc(static_cast<size_t>(Levels::kCount * width), T(0));
  for (int64_t b = 0; b < blocks; ++b) {
    std::copy(sums.begin() + b * width, sums.begin() + (b + 1) * width, acc.begin() + width);
    hand_up(lv, (b + 1) * block, width, acc.data(), 2, Levels::kCount);
  }
  auto rows = add_rows;
  cascade_finish(lv, blocks * block, size0, width, acc.data(), rows);
  for (int64_t c = 0; c < width; ++c) out[c * out_stride] += acc[static_cast<size_t>(c)];
}

// PyTorch's multi_row_sum with four rows: out[k * L + l] is the cascade
// sum over i < size of p[i * row_stride + k * block_stride + l]: four
// blocks of L lanes (L = kLanes: four vectors; L = 1: four numbers).
template <class T, int L>
void multi_row_sum(const T* p, int64_t row_stride, int64_t block_stride, int64_t size, T* out) {
  constexpr int N = 4 * L;
  T acc[Levels::kCount * N] = {};
  if (block_stride == L) {  // the four blocks are N contiguous columns
    cascade_columns(p, row_stride, size, std::integral_constant<int64_t, N>{}, acc);
  } else {
    cascade(size, std::integral_constant<int64_t, N>{}, acc, [&](T* a, int64_t first, int64_t n) {
      for (int64_t i = first; i < first + n; ++i) {
        const T* row = p + i * row_stride;
        for (int k = 0; k < 4; ++k)
          for (int l = 0; l < L; ++l) a[k * L + l] += row[k * block_stride + l];
      }
    });
  }
  std::copy(acc, acc + N, out);
}

// PyTorch's row_sum: the size items at p + i * stride (L lanes each) as
// four interleaved cascades (item i into the (i mod 4)th), the items past
// the last four into the first, then the four added in order.
template <class T, int L>
void row_sum(const T* p, int64_t stride, int64_t size, T* out) {
  const int64_t size_ilp = size / 4;
  T partial[4 * L];
  multi_row_sum<T, L>(p, stride * 4, stride, size_ilp, partial);
  for (int64_t i = size_ilp * 4; i < size; ++i)
    for (int l = 0; l < L; ++l) partial[l] += p[i * stride + l];
  for (int k = 1; k < 4; ++k)
    for (int l = 0; l < L; ++l) partial[l] += partial[k * L + l];
  std::copy(partial, partial + L, out);
}

// The four paths of PyTorch's cascade_sum loop, each over size1 rows of
// size0 reduced elements, adding row j's sum into out[j * out_stride].
enum class Path {
  Inner,        // vectorized_inner_sum: the reduced dim contiguous
  Outer,        // vectorized_outer_sum: the kept dim contiguous
  ScalarInner,  // scalar_inner_sum
  ScalarOuter,  // scalar_outer_sum
  Elementwise,  // nothing reduced on these two dims: out += in
};

// vectorized_inner_sum: each row as vectors (row_sum), the elements past
// the last whole vector, then the lanes.
template <class T>
void inner_sum(const T* in, int64_t row_stride, T* out, int64_t out_stride, int64_t size0,
               int64_t size1) {
  constexpr int W = kLanes<T>;
  const int64_t vectors = size0 / W;
  for (int64_t j = 0; j < size1; ++j) {
    const T* row = in + j * row_stride;
    T lanes[W];
    row_sum<T, W>(row, W, vectors, lanes);
    T total = 0;
    for (int64_t k = vectors * W; k < size0; ++k) total += row[k];
    for (int l = 0; l < W; ++l) total += lanes[l];
    out[j * out_stride] += total;
  }
}

// vectorized_outer_sum: columns j (contiguous) summed down the reduced
// dim (stride `step`), 4 vectors at a time (multi_row_sum), then one
// vector at a time, then one at a time (row_sum). The two add in
// different orders.
template <class T>
void outer_sum(const T* in, int64_t step, T* out, int64_t out_stride, int64_t size0, int64_t size1) {
  constexpr int W = kLanes<T>;
  // Every group of 4 vectors at once: the same sums, the rows read in order.
  // On the pool, by blocks of rows where there are enough of them.
  const int64_t grouped = size1 / (4 * W) * (4 * W);
  int64_t j = grouped;
  if (outer_by_blocks<T>(size0, size1)) {
    outer_sum_by_blocks(in, step, out, out_stride, size0, size1);
  } else if (grouped > 0) {
    std::vector<T> acc(static_cast<size_t>(Levels::kCount * grouped), T(0));
    cascade_columns(in, step, size0, grouped, acc.data());
    for (int64_t c = 0; c < grouped; ++c) out[c * out_stride] += acc[static_cast<size_t>(c)];
  }
  for (; j + W <= size1; j += W) {
    T sums[W];
    row_sum<T, W>(in + j, step, size0, sums);
    for (int c = 0; c < W; ++c) out[(j + c) * out_stride] += sums[c];
  }
  for (; j < size1; ++j) {
    T sum;
    row_sum<T, 1>(in + j, step, size0, &sum);
    out[j * out_stride] += sum;
  }
}

// scalar_inner_sum: row j at in + j * s1, its elements s0 apart.
template <class T>
void scalar_inner_sum(const T* in, int64_t s0, int64_t s1, T* out, int64_t out_stride,
                      int64_t size0, int64_t size1) {
  for (int64_t j = 0; j < size1; ++j) {
    T sum;
    row_sum<T, 1>(in + j * s1, s0, size0, &sum);
    out[j * out_stride] += sum;
  }
}

// scalar_outer_sum: four rows at a time (multi_row_sum), then one.
template <class T>
void scalar_outer_sum(const T* in, int64_t s0, int64_t s1, T* out, int64_t out_stride,
                      int64_t size0, int64_t size1) {
  int64_t j = 0;
  for (; j + 3 < size1; j += 4) {
    T sums[4];
    multi_row_sum<T, 1>(in + j * s1, s0, s1, size0, sums);
    for (int k = 0; k < 4; ++k) out[(j + k) * out_stride] += sums[k];
  }
  scalar_inner_sum(in + j * s1, s0, s1, out + j * out_stride, out_stride, size0, size1 - j);
}

// The path cascade_loop takes, its dims already in its order (the reduced
// one first where only one is).
template <class T>
Path cascade_path(int64_t size0, int64_t size1, int64_t in_s0, int64_t in_s1, int64_t out_s0,
                  int64_t out_s1) {
  constexpr int W = kLanes<T>;
  if (out_s0 != 0 && out_s1 != 0) return Path::Elementwise;
  if (in_s0 == 1 && size0 >= W) return Path::Inner;
  if (in_s1 == 1 && size1 >= W) return Path::Outer;
  return in_s0 < in_s1 ? Path::ScalarInner : Path::ScalarOuter;
}

// One call of cascade_sum's loop: size0 x size1 elements of `in` (strides
// in_s0, in_s1, in elements) added into `out` (strides out_s0, out_s1; 0
// along a reduced dim), choosing the path as PyTorch does. Returns it.
// The kept dim's rows or columns are split between the pool's threads
// (Note [Threads], parallel.h): the path is chosen once for all of them,
// and the columns of the Outer path (and the rows of ScalarOuter) go in
// groups of the width it sums together, so that every output element is
// summed in the order one thread sums it.
template <class T>
Path cascade_loop(T* out, const T* in, int64_t size0, int64_t size1, int64_t in_s0, int64_t in_s1,
                  int64_t out_s0, int64_t out_s1) {
  if (out_s0 != 0 && out_s1 == 0) {  // the reduced dim first
    std::swap(in_s0, in_s1);
    std::swap(out_s0, out_s1);
    std::swap(size0, size1);
  }
  const Path path = cascade_path<T>(size0, size1, in_s0, in_s1, out_s0, out_s1);
  constexpr int W = kLanes<T>;
  int64_t group = path == Path::Outer ? 4 * W : path == Path::ScalarOuter ? 4 : 1;
  // The Outer path walks every row of its columns: one range of columns a
  // thread, so that each streams the longest runs of its rows (eight
  // narrower ranges ran slower than one thread in Node: bench/notes.md).
  if (path == Path::Outer) {
    const int64_t threads = parallel::threads();
    // By blocks of rows (Note [Outer sums by blocks of rows]): all the columns in one call.
    group = outer_by_blocks<T>(size0, size1)
                ? size1
                : std::max(group, (size1 + threads * group - 1) / (threads * group) * group);
  }
  // Both dims reduced (out_s1 == 0 too): every row adds into the same
  // element, in order, so the rows stay on one thread.
  const double elements = out_s1 == 0 ? 0.0 : static_cast<double>(size0) * static_cast<double>(size1);
  parallel::parallel_for(size1, group, elements, [&](int64_t j0, int64_t j1) {
    const T* p = in + j0 * in_s1;
    T* o = out + j0 * out_s1;
    const int64_t n1 = j1 - j0;
    switch (path) {
      case Path::Elementwise:
        for (int64_t j = 0; j < n1; ++j)
          for (int64_t i = 0; i < size0; ++i) o[i * out_s0 + j * out_s1] += p[i * in_s0 + j * in_s1];
        break;
      case Path::Inner: inner_sum(p, in_s1, o, out_s1, size0, n1); break;
      case Path::Outer: outer_sum(p, in_s0, o, out_s1, size0, n1); break;
      case Path::ScalarInner: scalar_inner_sum(p, in_s0, in_s1, o, out_s1, size0, n1); break;
      case Path::ScalarOuter: scalar_outer_sum(p, in_s0, in_s1, o, out_s1, size0, n1); break;
    }
  });
  return path;
}

}  // namespace tc::cascade
