// The limits of docs/limits.md, each checked the way a user meets it: the
// call must raise tc::Error (never InternalError, never a crash) with a
// message that says which limit, within a time bound, and leave everything
// as it was (no storage left behind, operands unchanged, the core still
// working). Built under ASan + UBSan by tests/fuzz/CMakeLists.txt and run
// by scripts/fuzz.sh.
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>

#include "error.h"
#include "ops.h"
#include "parse_shape.h"
#include "shape.h"
#include "storage.h"

namespace {

int g_failures = 0;

// Sanitizers slow everything several times; a limit check is a few
// comparisons, so even this bound is generous.
constexpr double kMaxMillis = 200.0;

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

// Runs `call`, which must raise tc::Error of `kind` whose message contains
// `words`, quickly, with the live storages and bytes as before. An `open`
// check is a gap already reported for src/: it is shown, not counted, until
// it passes (then it says so, to be made a plain check).
void refuses(const char* name, tc::ErrorKind kind, const std::string& words,
             const std::function<void()>& call, bool open = false) {
  const tc::MemoryStats before = tc::memory_stats();
  const auto start = std::chrono::steady_clock::now();
  std::string outcome;
  bool ok = false;
  try {
    call();
    outcome = "no error";
  } catch (const tc::Error& e) {
    outcome = std::string("tc::Error: ") + e.what();
    ok = e.kind() == kind && contains(e.what(), words);
  } catch (const std::exception& e) {
    outcome = std::string("other exception: ") + e.what();
  }
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const tc::MemoryStats after = tc::memory_stats();
  const bool unchanged = before.storages == after.storages && before.bytes == after.bytes;
  const bool fast = ms <= kMaxMillis;
  const bool pass = ok && unchanged && fast;
  const char* verdict = pass ? (open ? "FIXED" : "ok  ") : (open ? "open" : "FAIL");
  std::printf("%s %-48s %7.2f ms  %s\n", verdict, name, ms, outcome.c_str());
  if (open && pass) std::printf("     this gap is closed: drop `open` from its check\n");
  if (!ok) std::printf("     want kind %d and '%s'\n", static_cast<int>(kind), words.c_str());
  if (!unchanged)
    std::printf("     storages %lld -> %lld, bytes %lld -> %lld\n", (long long)before.storages,
                (long long)after.storages, (long long)before.bytes, (long long)after.bytes);
  if (!fast) std::printf("     slower than %.0f ms\n", kMaxMillis);
  if (!pass && !open) ++g_failures;
}

void holds(const char* name, bool cond) {
  std::printf("%s %s\n", cond ? "ok  " : "FAIL", name);
  if (!cond) ++g_failures;
}

tc::Shape dims(size_t n, int64_t size = 1) { return tc::Shape(n, size); }

}  // namespace

int main() {
  using tc::ErrorKind;
  // What the wasm bindings set: the module may grow to this, no further.
  const int64_t limit = int64_t{256} << 20;
  tc::set_memory_limit(limit);

  // --- a result larger than the memory limit --------------------------------
  {
    const tc::Tensor a = tc::Tensor::ones({100000, 1});
    const tc::Tensor b = tc::Tensor::ones({1, 100000});
    refuses("[100000,1] + [1,100000] (40 GB)", ErrorKind::Memory, "out of memory",
            [&] { tc::add(a, b); });
    refuses("where over a 40 GB result", ErrorKind::Memory, "out of memory", [&] {
      tc::where(tc::compare(tc::CompareOp::Gt, tc::Tensor::ones({1, 1}), 0.0), a, b);
    });
    refuses("contiguous() of a 40 GB expanded view", ErrorKind::Memory, "out of memory",
            [&] { tc::contiguous(tc::expand(tc::Tensor::ones({1}), {100000, 100000})); });
    refuses("zeros just over the limit", ErrorKind::Memory, "out of memory",
            [&] { tc::Tensor::zeros({limit / 4 + 1}); });
    tc::Tensor x = tc::Tensor::ones({100000, 1});
    refuses("in place [100000,1] += [1,100000]", ErrorKind::Shape,
            "doesn't match the broadcast shape", [&] { tc::binary_(tc::BinaryOp::Add, x, b); });
    holds("  ... the tensor written to is unchanged", tc::sum(x).item() == 100000.0f);
    // The core keeps working after every refusal, up to the limit itself.
    holds("  ... a 64 MB tensor still allocates",
          tc::Tensor::zeros({int64_t{16} << 20}).numel() == (int64_t{16} << 20));
    holds("  ... and the seed example still adds",
          tc::add(tc::Tensor::ones({5, 1, 4, 1}), tc::Tensor::ones({3, 1, 1})).sizes() ==
              tc::Shape({5, 3, 4, 1}));
  }

  // --- more than kMaxDims dimensions ----------------------------------------
  {
    const std::string most = std::to_string(tc::kMaxDims);
    refuses("zeros with kMaxDims + 1 dims", ErrorKind::Value, "at most " + most,
            [] { tc::Tensor::zeros(dims(tc::kMaxDims + 1)); });
    refuses("broadcast_shapes with kMaxDims + 1 dims", ErrorKind::Value, "at most " + most,
            [] { tc::broadcast_shapes({{2}, dims(tc::kMaxDims + 1)}); });
    const tc::Tensor full = tc::Tensor::ones(dims(tc::kMaxDims));
    refuses("unsqueeze at kMaxDims dims", ErrorKind::Value, "at most " + most,
            [&] { tc::unsqueeze(full, 0); });
    refuses("expand to kMaxDims + 1 dims", ErrorKind::Value, "at most " + most,
            [&] { tc::expand(full, dims(tc::kMaxDims + 1)); });
    refuses("view as kMaxDims + 1 dims", ErrorKind::Value, "at most " + most,
            [&] { tc::view(full, dims(tc::kMaxDims + 1)); });
    refuses("reshape to kMaxDims + 1 dims", ErrorKind::Value, "at most " + most,
            [&] { tc::reshape(full, dims(tc::kMaxDims + 1)); });
    refuses("parse_shape of kMaxDims + 1 sizes", ErrorKind::Value, "at most " + most,
            [] {
              std::string text;
              for (int i = 0; i <= tc::kMaxDims; ++i) text += "1,";
              tc::parse_shape(text);
            });
    holds("  ... kMaxDims dims work", tc::add(full, full).ndim() == tc::kMaxDims);
  }

  // --- sizes whose product overflows int64 ----------------------------------
  {
    const int64_t big = int64_t{1} << 32;
    refuses("zeros [2^32, 2^32]", ErrorKind::Value, "overflow",
            [&] { tc::Tensor::zeros({big, big}); });
    refuses("broadcast_shapes [2^32, 2^32]", ErrorKind::Value, "overflow",
            [&] { tc::broadcast_shapes({{big, big}}); });
    refuses("expand [1] to [2^32, 2^32]", ErrorKind::Value, "overflow",
            [&] { tc::expand(tc::Tensor::ones({1}), {big, big}); });
    refuses("view with -1 beside overflowing sizes", ErrorKind::Shape, "invalid",
            [&] { tc::view(tc::Tensor::ones({4}), {big, big, -1}); });
    refuses("parse_shape '4294967296, 4294967296'", ErrorKind::Value, "overflow",
            [] { tc::parse_shape("4294967296, 4294967296"); });
    refuses("parse_shape of a size past int64", ErrorKind::Value, "too large",
            [] { tc::parse_shape("99999999999999999999"); });
    // Each input fits, the broadcast result does not: [2^62, 1] + [1, 4].
    const tc::Tensor tall = tc::expand(tc::Tensor::ones({1, 1}), {int64_t{1} << 62, 1});
    refuses("[2^62, 1] + [1, 4] (result overflows)", ErrorKind::Value, "overflow",
            [&] { tc::add(tall, tc::Tensor::ones({1, 4})); });
    // Open: broadcast_shapes checks each input, not the result it returns
    // (and trace_broadcast passes that result on to the playground).
    refuses("broadcast_shapes [2^62, 1], [1, 4]", ErrorKind::Value, "overflow",
            [] { tc::broadcast_shapes({{int64_t{1} << 62, 1}, {1, 4}}); }, true);
  }

  // --- a shape string of a megabyte -----------------------------------------
  {
    const size_t mb = size_t{1} << 20;
    std::string ones;
    for (size_t i = 0; ones.size() < mb; ++i) ones += "1,";
    refuses("parse_shape: 1 MB of '1,'", ErrorKind::Value, "at most", [&] { tc::parse_shape(ones); });
    refuses("parse_shape: 1 MB of digits", ErrorKind::Value, "too large",
            [&] { tc::parse_shape(std::string(mb, '7')); });
    refuses("parse_shape: 1 MB of '('", ErrorKind::Value, "cannot read shape",
            [&] { tc::parse_shape(std::string(mb, '(')); });
    refuses("parse_shape: 1 MB of 'x'", ErrorKind::Value, "cannot read shape",
            [&] { tc::parse_shape(std::string(mb, 'x')); });
    refuses("parse_shape: 1 MB of spaces", ErrorKind::Value, "empty shape",
            [&] { tc::parse_shape(std::string(mb, ' ')); });
    refuses("parse_shape: 'torch.' + 1 MB of letters", ErrorKind::Value, "cannot read shape",
            [&] { tc::parse_shape("torch." + std::string(mb, 'a')); });
    const auto start = std::chrono::steady_clock::now();
    const tc::Shape padded = tc::parse_shape(std::string(mb, ' ') + "(5, 3,4,1)" + std::string(mb, ' '));
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    holds("parse_shape: a shape inside 2 MB of spaces reads, quickly",
          padded == tc::Shape({5, 3, 4, 1}) && ms <= kMaxMillis);
  }

  const tc::MemoryStats end = tc::memory_stats();
  std::printf("live storages at the end: %lld (%lld bytes)\n", (long long)end.storages,
              (long long)end.bytes);
  if (g_failures) std::printf("%d limit check(s) failed\n", g_failures);
  else std::printf("all limit checks passed\n");
  return g_failures ? 1 : 0;
}
