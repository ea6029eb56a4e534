// Programs (src/lang/program.h) natively: reading and running the sizes
// that matter to the playground. A 30-line program must run well within a frame (16 ms)
// and 10,000 lines must read in milliseconds; measured here, never asserted.
//   build/native/bench/native/program_bench
#include <benchmark/benchmark.h>

#include <string>

#include "lang/parser.h"
#include "lang/program.h"

namespace {

// The example, then lines of the same kind up to 30.
std::string thirty_lines() {
  std::string code =
      "import torch\n"
      "x = torch.arange(6.).reshape(2, 3)\n"
      "y = torch.tensor([10., 20., 30., 40.])\n"
      "d = x[:, :, None] - y\n"
      "w = torch.ones(3, 1, requires_grad=True)\n"
      "loss = (d * w).sum()\n"
      "loss.backward()\n";
  for (int i = 0; i < 23; ++i)
    code += "z" + std::to_string(i) + " = (x[:, :, None] - y).sum(dim=-1) * 2 + x @ x.T @ x\n";
  return code;
}

std::string ten_thousand_lines() {
  std::string code;
  for (int i = 0; i < 10000; ++i)
    code += "x" + std::to_string(i % 7) + " = (a + b[0, 1:3]) * c.sum(dim=-1)  # a comment\n";
  return code;
}

void parse_10000_lines(benchmark::State& state) {
  const std::string code = ten_thousand_lines();
  for (auto _ : state) {
    tc::lang::ParseResult r = tc::lang::parse_program(code);
    benchmark::DoNotOptimize(r.module.statements.data());
  }
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(code.size()));
}
BENCHMARK(parse_10000_lines)->Unit(benchmark::kMillisecond);

void run_30_lines(benchmark::State& state) {
  const std::string code = thirty_lines();
  for (auto _ : state) {
    tc::lang::ProgramResult r = tc::lang::run_program(code);
    if (r.error) state.SkipWithError(r.error->message.c_str());
    benchmark::DoNotOptimize(r.statements.data());
  }
}
BENCHMARK(run_30_lines)->Unit(benchmark::kMicrosecond);

void run_10000_number_lines(benchmark::State& state) {
  std::string code;
  for (int i = 0; i < 10000; ++i) code += "a" + std::to_string(i % 13) + " = " + std::to_string(i) + " * 2 + 1\n";
  for (auto _ : state) {
    tc::lang::ProgramResult r = tc::lang::run_program(code);
    benchmark::DoNotOptimize(r.statements.data());
  }
}
BENCHMARK(run_10000_number_lines)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
