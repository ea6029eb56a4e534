// The factories against PyTorch: linspace (its two-ended
// algorithm and documentation examples), eye, full_like (preserve_format),
// and the random ones: Philox4x32-10's known answers, determinism after
// manual_seed, and the statistics of a large sample.
#include <cmath>

#include "support.h"

using namespace tct;
using tc::DType;
using tc::ErrorKind;
using tc::Scalar;

namespace {

// Equal bit for bit (NaN matches NaN, and signed zeros must match).
bool same(const std::vector<float>& got, const std::vector<float>& want) {
  if (got.size() != want.size()) return false;
  for (size_t i = 0; i < got.size(); ++i)
    if (std::isnan(want[i]) ? !std::isnan(got[i])
                            : got[i] != want[i] || std::signbit(got[i]) != std::signbit(want[i]))
      return false;
  return true;
}

}  // namespace

TEST_CASE("linspace: PyTorch's examples and its two-ended algorithm", "[factories]") {
  CHECK(same(tc::linspace(3, 10, 5, DType::Float32).to_vector(), {3.0f, 4.75f, 6.5f, 8.25f, 10.0f}));
  CHECK(same(tc::linspace(-10, 10, 5, DType::Float32).to_vector(), {-10, -5, 0, 5, 10}));
  CHECK(same(tc::linspace(-10, 10, 1, DType::Float32).to_vector(), {-10}));
  CHECK(tc::linspace(0, 1, 0, DType::Float32).sizes() == Shape{0});
  // Both ends exact; the first half counted from start, the second from end.
  const float step = (1.0f - 0.0f) / 10.0f;
  const std::vector<float> v = tc::linspace(0, 1, 11, DType::Float32).to_vector();
  for (int i = 0; i < 11; ++i)
    CHECK(v[size_t(i)] == (i < 5 ? 0.0f + step * float(i) : 1.0f - step * float(10 - i)));
  const std::vector<float> sym = tc::linspace(-1, 1, 4, DType::Float32).to_vector();
  CHECK(sym[1] == -sym[2]);
  // Integer dtypes: the double value truncated toward zero.
  CHECK(tc::linspace(0, 10, 4, DType::Int64).values<int64_t>() == std::vector<int64_t>{0, 3, 6, 10});
  CHECK(tc::linspace(-5, 5, 4, DType::Int32).values<int32_t>() == std::vector<int32_t>{-5, -1, 1, 5});
  refuses([] { tc::linspace(0, 1, -1, DType::Float32); }, ErrorKind::Value, "number of steps must be non-negative");
}

TEST_CASE("eye and full_like", "[factories]") {
  CHECK(tc::eye(3, 3, DType::Float32).to_vector() == std::vector<float>{1, 0, 0, 0, 1, 0, 0, 0, 1});
  CHECK(tc::eye(2, 3, DType::Int64).values<int64_t>() == std::vector<int64_t>{1, 0, 0, 0, 1, 0});
  CHECK(tc::eye(0, 2, DType::Float32).sizes() == Shape{0, 2});
  refuses([] { tc::eye(-1, 2, DType::Float32); }, ErrorKind::Value, "n must be greater or equal to 0, got -1");
  refuses([] { tc::eye(2, -3, DType::Float32); }, ErrorKind::Value, "m must be greater or equal to 0, got -3");
  const Tensor t = tc::transpose(Tensor::zeros({2, 3}), 0, 1);
  const Tensor f = tc::full_like(t, Scalar(7), DType::Int32);
  CHECK(f.sizes() == Shape{3, 2});
  CHECK(f.strides() == t.strides());  // preserve_format keeps a dense order
  CHECK(f.values<int32_t>() == std::vector<int32_t>(6, 7));
  CHECK(tc::full_like(tc::expand(Tensor::zeros({1, 3}), {2, 3}), Scalar(1.5), DType::Float32).is_contiguous());
  refuses([&] { tc::full_like(t, Scalar(300), DType::UInt8); }, ErrorKind::Value,
          "value cannot be converted to type uint8_t without overflow");
}

TEST_CASE("Philox4x32-10 known answers, and the random factories' statistics", "[factories]") {
  // Random123's kat_vectors.
  CHECK(tc::philox4x32_10({0, 0, 0, 0}, {0, 0}) ==
        std::array<uint32_t, 4>{0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u});
  CHECK(tc::philox4x32_10({0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu}, {0xffffffffu, 0xffffffffu}) ==
        std::array<uint32_t, 4>{0x408f276du, 0x41c83b0eu, 0xa20bc7c6u, 0x6d5451fdu});
  tc::manual_seed(42);
  const std::vector<float> u = tc::rand({100000}, DType::Float32).to_vector();
  tc::manual_seed(42);
  CHECK(tc::rand({100000}, DType::Float32).to_vector() == u);  // the same after the same seed
  double mean = 0, var = 0;
  for (float x : u) {
    CHECK((x >= 0.0f && x < 1.0f));
    mean += x;
  }
  mean /= double(u.size());
  for (float x : u) var += (x - mean) * (x - mean);
  var /= double(u.size());
  // Uniform: mean 1/2 (sd of the mean 0.0009), variance 1/12.
  CHECK(std::fabs(mean - 0.5) < 0.005);
  CHECK(std::fabs(var - 1.0 / 12.0) < 0.002);
  const std::vector<double> n = tc::randn({100001}, DType::Float64).values<double>();
  double nm = 0, nv = 0;
  for (double x : n) nm += x;
  nm /= double(n.size());
  for (double x : n) nv += (x - nm) * (x - nm);
  nv /= double(n.size());
  CHECK(std::fabs(nm) < 0.02);
  CHECK(std::fabs(nv - 1.0) < 0.02);
  const std::vector<int64_t> k = tc::randint(-3, 5, {50000}, DType::Int64).values<int64_t>();
  std::vector<int> counts(8);
  for (int64_t x : k) {
    REQUIRE((x >= -3 && x < 5));
    ++counts[size_t(x + 3)];
  }
  for (int c : counts) CHECK(std::abs(c - 6250) < 400);  // each value about 1/8 of the time
  const std::vector<int64_t> big = tc::randint(0, int64_t{1} << 40, {1000}, DType::Int64).values<int64_t>();
  int64_t top = 0;
  for (int64_t x : big) top = std::max(top, x);
  CHECK(top > (int64_t{1} << 39));  // draws reach past 2^32
  refuses([] { tc::randint(5, 5, {2}, DType::Int64); }, ErrorKind::Value,
          "random_ expects 'from' to be less than 'to', but got from=5 >= to=5");
  refuses([] { tc::rand({2}, DType::Int64); }, ErrorKind::Type, "\"check_uniform_bounds\" not implemented for 'Long'");
  refuses([] { tc::randn({2}, DType::Int32); }, ErrorKind::Type, "\"normal_kernel_cpu\" not implemented for 'Int'");
  CHECK(tc::rand({0, 3}, DType::Float32).sizes() == Shape{0, 3});
  CHECK(tc::randn({}, DType::Float32).ndim() == 0);
}
