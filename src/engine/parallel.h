// Note [Threads]
// The threaded module (built with -pthread: TC_THREADS) keeps a pool of
// threads started once, by set_threads at init({ threads }), and the
// engine splits large loops over it with parallel_for; every other build
// (native, the two single-threaded modules) has no pool and runs the same
// calls on the calling thread, so that their behaviour is unchanged.
//
// Where work is split, each element of a result is computed by the same
// code, in the same order, as on one thread: only which thread runs it
// changes. So elementwise ops and matmul are bit-identical to one thread,
// and sums keep PyTorch's cascade (Note [Cascade sum]) because they are
// split over output elements, or along a reduced dim only where the
// cascade's order allows it (Note [Outer sums by blocks of rows]): a sum
// into one number (x.sum()) stays on one thread.
// - elementwise ops: the plan's outermost dim that has enough positions
//   (split_plan, loop.h), else its inner dim in runs of whole cache lines;
// - sums (sum, mean, sum_to, the gradients that reduce_grad sums): the
//   rows or columns of each cascade loop (cascade.h), in groups of the
//   kernel's own width (Note [Cascade sum]); columns summed down many
//   rows, by blocks of those rows (Note [Outer sums by blocks of rows]);
// - softmax, log_softmax and logsumexp along a dim: its lines (each line's
//   max and sum found as on one thread; Note [Softmax rows], softmax.cpp);
// - matmul: C's rows in blocks of Note [GEMM blocking]'s kMC, each thread
//   packing its own panels (gemm.cpp);
// - backward is made of these ops.
// A loop under kMinParallelElements (Note [Thread threshold]) stays on the
// calling thread: waking the pool costs more than it saves. The calling
// thread takes chunks too, and a parallel_for inside a chunk runs inline.
#pragma once
#include <cstdint>
#include <type_traits>

namespace tc::parallel {

// Note [Thread threshold]: a loop touching fewer elements stays on the
// calling thread. Measured in Node 20 on a 2-core machine (bench/threads.js;
// bench/notes.md, "Threads"), an add on the threaded module's 2 threads
// against the single-threaded module: 0.62x at 64k elements, 0.92x at
// 256k, 1.33x at 1M; below 64k the threaded module is slower on one thread
// already, and the pool's wake-up (tens of microseconds) would add to it.
// Not yet measured: the threaded module on 1 thread against 2 between 64k
// and 1M, which is what would place the threshold.
constexpr int64_t kMinParallelElements = int64_t{1} << 16;

// The most threads the pool takes (init({ threads }) is capped to it):
// past it the bandwidth-bound ops gain nothing and each thread costs a worker.
constexpr int kMaxThreads = 16;

// Threads in use: 1 without a pool. A build without threads knows it when it
// compiles: the split paths (parallel_for here, for_each_part in loop.h, the
// sums' and gemm's) fold away there, and each loop is compiled once instead
// of once per path (which had made the single-threaded modules 0.5 MB larger).
#ifdef TC_THREADS
int threads();
#else
constexpr int threads() { return 1; }
#endif

// Starts the pool with n threads in all (the caller's among them) where the
// build has threads; once only (later calls keep the first pool). Returns
// the number in use.
int set_threads(int n);

// A chunk of [begin, end): what a parallel_for hands each thread.
using ChunkFn = void (*)(void* ctx, int64_t begin, int64_t end);

// The untyped core of parallel_for.
void run(int64_t n, int64_t align, double elements, ChunkFn fn, void* ctx);

// body(begin, end) over [0, n) in chunks whose bounds are multiples of
// `align` (but the last), on the pool when `elements` (what the whole loop
// touches) reaches kMinParallelElements, else as one chunk on the calling
// thread. Chunks may run in any order and at once: body must write only
// what its own range owns.
template <class Body>
void parallel_for(int64_t n, int64_t align, double elements, Body&& body) {
  if (n <= 0) return;
  if (threads() == 1 || elements < static_cast<double>(kMinParallelElements) || n <= align) {
    body(int64_t{0}, n);
    return;
  }
  using B = std::remove_reference_t<Body>;
  run(n, align, elements,
      [](void* ctx, int64_t begin, int64_t end) { (*static_cast<B*>(ctx))(begin, end); },
      const_cast<void*>(static_cast<const void*>(&body)));
}

}  // namespace tc::parallel
