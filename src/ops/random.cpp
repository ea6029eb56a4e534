// rand, randn, randint and manual_seed.
//
// Note [Random]: the core's own generator, not PyTorch's (PyTorch's CPU
// generator is an mt19937 with its own float recipes, and its numbers are
// not a contract). A stream of 32-bit words from Philox4x32-10 (Salmon et
// al., "Parallel random numbers: as easy as 1, 2, 3", SC 2011; Random123's
// known answers are checked in tests/core/factories_test.cpp), keyed by
// the seed, counting blocks of four words. Plain integer arithmetic and
// the C library's log, cos and sin: the same numbers in the SIMD and the
// no-SIMD wasm builds after the same manual_seed.
//   rand: float32 (x >> 8) * 2^-24 from one word; float64 53 bits from two.
//   randn: Box-Muller on two 53-bit uniforms, u1 in (0, 1]: sqrt(-2 ln u1)
//     times cos and sin of 2 pi u2, two normals a pair, in double.
//   randint: low + x mod (high - low), x one word (a range up to 2^32) or
//     two.
// Each tensor starts at a fresh block, so that a draw's words never depend
// on how the previous draw ended within its block.
#include <cmath>

#include "ops/internal.h"

namespace tc {

namespace {

// PyTorch's default_rng_seed_val, so that an unseeded run starts somewhere
// fixed too.
constexpr uint64_t kDefaultSeed = 67280421310721ull;

struct Philox {
  uint64_t seed = kDefaultSeed;
  uint64_t block = 0;  // the next block's counter

  static std::array<uint32_t, 4> round10(std::array<uint32_t, 4> c, std::array<uint32_t, 2> k) {
    for (int r = 0; r < 10; ++r) {
      if (r > 0) {
        k[0] += 0x9E3779B9u;
        k[1] += 0xBB67AE85u;
      }
      const uint64_t p0 = uint64_t{0xD2511F53u} * c[0], p1 = uint64_t{0xCD9E8D57u} * c[2];
      c = {uint32_t(p1 >> 32) ^ c[1] ^ k[0], uint32_t(p1), uint32_t(p0 >> 32) ^ c[3] ^ k[1],
           uint32_t(p0)};
    }
    return c;
  }
  std::array<uint32_t, 4> next() {
    const uint64_t b = block++;
    return round10({uint32_t(b), uint32_t(b >> 32), 0, 0}, {uint32_t(seed), uint32_t(seed >> 32)});
  }
};

Philox& generator() {
  static Philox g;
  return g;
}

// Words of one draw, four a block.
class Words {
 public:
  uint32_t operator()() {
    if (i_ == 4) {
      block_ = generator().next();
      i_ = 0;
    }
    return block_[i_++];
  }

 private:
  std::array<uint32_t, 4> block_{};
  int i_ = 4;
};

double uniform53(Words& w) {
  const uint64_t a = w() >> 5, b = w() >> 6;
  return static_cast<double>(a * 67108864u + b) * (1.0 / 9007199254740992.0);
}

void check_floating(DType dtype, const char* kernel) {
  TC_CHECK(Type, is_floating(dtype), "\"", kernel, "\" not implemented for '",
           dtype_c10_name(dtype), "'");
}

}  // namespace

std::array<uint32_t, 4> philox4x32_10(std::array<uint32_t, 4> counter, std::array<uint32_t, 2> key) {
  return Philox::round10(counter, key);
}

void manual_seed(uint64_t seed) { generator() = Philox{seed, 0}; }

Tensor rand(const Shape& shape, DType dtype) {
  check_floating(dtype, "check_uniform_bounds");  // uniform_'s dispatch name
  Tensor t = Tensor::empty(shape, dtype);
  charge_work(WorkKind::FunctionValues, static_cast<double>(t.numel()), work_cost::kRandomValue);
  Words w;
  const int64_t n = t.numel();
  if (dtype == DType::Float32) {
    float* p = t.f32();
    for (int64_t i = 0; i < n; ++i) p[i] = static_cast<float>(w() >> 8) * (1.0f / 16777216.0f);
  } else {
    double* p = t.data<double>();
    for (int64_t i = 0; i < n; ++i) p[i] = uniform53(w);
  }
  return t;
}

Tensor randn(const Shape& shape, DType dtype) {
  check_floating(dtype, "normal_kernel_cpu");
  Tensor t = Tensor::empty(shape, dtype);
  charge_work(WorkKind::FunctionValues, static_cast<double>(t.numel()), work_cost::kNormalValue);
  Words w;
  const int64_t n = t.numel();
  constexpr double kTwoPi = 6.283185307179586476925286766559;
  for (int64_t i = 0; i < n; i += 2) {
    const double u1 = 1.0 - uniform53(w), u2 = uniform53(w);
    const double r = std::sqrt(-2.0 * std::log(u1));
    const double z[2] = {r * std::cos(kTwoPi * u2), r * std::sin(kTwoPi * u2)};
    for (int64_t k = 0; k < 2 && i + k < n; ++k) {
      if (dtype == DType::Float32) t.f32()[i + k] = static_cast<float>(z[k]);
      else t.data<double>()[i + k] = z[k];
    }
  }
  return t;
}

Tensor randint(int64_t low, int64_t high, const Shape& shape, DType dtype) {
  TC_CHECK(Value, low < high, "random_ expects 'from' to be less than 'to', but got from=", low,
           " >= to=", high);
  Tensor t = Tensor::empty(shape, dtype);
  charge_work(WorkKind::FunctionValues, static_cast<double>(t.numel()), work_cost::kRandomValue);
  const uint64_t range = static_cast<uint64_t>(high) - static_cast<uint64_t>(low);
  Words w;
  visit_dtype(dtype, [&](auto tag) {
    using T = decltype(tag);
    T* p = t.data<T>();
    for (int64_t i = 0, n = t.numel(); i < n; ++i) {
      const uint64_t x = range <= (uint64_t{1} << 32) ? uint64_t{w()} : (uint64_t{w()} << 32 | w());
      p[i] = convert<T>(static_cast<int64_t>(static_cast<uint64_t>(low) + x % range));
    }
  });
  return t;
}

}  // namespace tc
