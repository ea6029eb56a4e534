// The bench's workloads (bench/workloads.js), natively, on the core alone (no JavaScript):
//   build/native/bench/native/core_bench --benchmark_filter=add_
// Each benchmark reports bytes processed, so Google Benchmark prints the
// bandwidth reached next to the time.
#include <benchmark/benchmark.h>
#include <malloc.h>

#include "ops.h"

namespace {

using tc::Tensor;

// Bytes an elementwise op must move: each input's storage read once, the
// output written once.
int64_t bytes(const std::vector<Tensor>& inputs, const Tensor& out) {
  int64_t n = out.numel() * 4;
  for (const Tensor& t : inputs) n += t.geometry().storage_extent() * 4;
  return n;
}

void binary(benchmark::State& state, tc::BinaryOp op, const Tensor& a, const Tensor& b) {
  int64_t moved = 0;
  for (auto _ : state) {
    Tensor out = tc::binary(op, a, b);
    benchmark::DoNotOptimize(out.f32());
    moved = bytes({a, b}, out);
  }
  state.SetBytesProcessed(state.iterations() * moved);
}

void BM_add_same(benchmark::State& s) { binary(s, tc::BinaryOp::Add, Tensor::ones({4096, 1024}), Tensor::ones({4096, 1024})); }
void BM_mul_same(benchmark::State& s) { binary(s, tc::BinaryOp::Mul, Tensor::ones({4096, 1024}), Tensor::ones({4096, 1024})); }
void BM_add_row(benchmark::State& s) { binary(s, tc::BinaryOp::Add, Tensor::ones({2048, 2048}), Tensor::ones({2048})); }
void BM_add_column(benchmark::State& s) { binary(s, tc::BinaryOp::Add, Tensor::ones({2048, 2048}), Tensor::ones({2048, 1})); }
void BM_add_outer(benchmark::State& s) { binary(s, tc::BinaryOp::Add, Tensor::ones({2048, 1}), Tensor::ones({1, 2048})); }
void BM_add_4d(benchmark::State& s) { binary(s, tc::BinaryOp::Add, Tensor::ones({256, 3, 64, 64}), Tensor::ones({3, 1, 1})); }
void BM_add_4d_wide(benchmark::State& s) { binary(s, tc::BinaryOp::Add, Tensor::ones({16, 1, 256, 256}), Tensor::ones({16, 1, 1})); }
void BM_add_transposed(benchmark::State& s) {
  binary(s, tc::BinaryOp::Add, tc::transpose(Tensor::ones({2048, 2048}), 0, 1), Tensor::ones({2048, 2048}));
}
void BM_add_small(benchmark::State& s) { binary(s, tc::BinaryOp::Add, Tensor::ones({2, 3}), Tensor::ones({3})); }

void sum_to(benchmark::State& state, const Tensor& x, const tc::Shape& target) {
  for (auto _ : state) {
    Tensor out = tc::sum_to(x, target);
    benchmark::DoNotOptimize(out.f32());
  }
  state.SetBytesProcessed(state.iterations() * (x.numel() + tc::numel(target)) * 4);
}
void BM_sum_to_leading(benchmark::State& s) { sum_to(s, Tensor::ones({2048, 2048}), {2048}); }
void BM_sum_to_column(benchmark::State& s) { sum_to(s, Tensor::ones({2048, 2048}), {2048, 1}); }
void BM_sum_to_4d(benchmark::State& s) { sum_to(s, Tensor::ones({64, 3, 128, 128}), {3, 1, 1}); }

// backward of sum((a + b) * w), a [2048, 2048], b [2048], both leaves.
void BM_backward(benchmark::State& state) {
  Tensor a = Tensor::ones({2048, 2048});
  Tensor b = Tensor::ones({2048});
  const Tensor w = Tensor::full({2048, 2048}, 0.5f);
  a.set_requires_grad(true);
  b.set_requires_grad(true);
  for (auto _ : state) {
    state.PauseTiming();
    const Tensor loss = tc::sum(tc::mul(tc::add(a, b), w));
    a.zero_grad();
    b.zero_grad();
    state.ResumeTiming();
    tc::backward(loss);
    benchmark::DoNotOptimize(a.grad().f32());
  }
}

}  // namespace

BENCHMARK(BM_add_same)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_mul_same)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_add_row)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_add_column)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_add_outer)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_add_4d)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_add_4d_wide)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_add_transposed)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_sum_to_leading)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_sum_to_column)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_sum_to_4d)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_backward)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_add_small);

// glibc hands allocations above 32 MB back to the kernel on free, so every
// iteration of a 64 MB result would page-fault its memory in afresh; the
// wasm module reuses its linear memory. Keep freed memory, as wasm does.
int main(int argc, char** argv) {
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
