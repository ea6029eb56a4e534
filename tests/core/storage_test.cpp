// Storage: sizes, the live-memory counters, and Note [4K aliasing].
#include <cstdint>

#include "support.h"

using namespace tct;

TEST_CASE("the live-memory counters follow storages, not views", "[storage]") {
  const tc::MemoryStats before = tc::memory_stats();
  {
    const Tensor t = Tensor::zeros({1000});
    const Tensor v = tc::expand(tc::view(t, {10, 100}), {3, 10, 100});
    CHECK(tc::memory_stats().storages == before.storages + 1);
    CHECK(tc::memory_stats().bytes == before.bytes + 4000);
  }
  CHECK(tc::memory_stats().storages == before.storages);
  CHECK(tc::memory_stats().bytes == before.bytes);
}

TEST_CASE("a large buffer starts apart from the addresses it is asked to avoid", "[storage]") {
  // Any addresses will do: only their low 12 bits matter.
  Random rng(71);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<const void*> avoid;
    for (int k = 0; k < rng.integer(1, 3); ++k)
      avoid.push_back(reinterpret_cast<const void*>(static_cast<uintptr_t>(rng.integer(0, 1 << 20) * 16)));
    const auto s = tc::Storage::allocate(int64_t{1} << 16, tc::DType::Float32, nullptr, avoid);
    const uintptr_t start = reinterpret_cast<uintptr_t>(s->data());
    CHECK(start % 16 == 0);
    for (const void* p : avoid) {
      INFO("start " << start << " other " << reinterpret_cast<uintptr_t>(p));
      CHECK((start - reinterpret_cast<uintptr_t>(p)) % 4096 >= 512);
    }
  }
}

TEST_CASE("an op's large output is placed apart from its inputs", "[storage]") {
  // The row of [2048, 2048] + [2048] at every 16-byte position of a page.
  const Tensor a = Tensor::ones({256, 2048});
  for (int64_t shift = 0; shift < 256; shift += 4) {
    const Tensor b = tc::narrow(Tensor::ones({2048 + shift}), 0, shift, 2048);
    const Tensor out = tc::add(a, b);
    for (const Tensor& in : {a, b}) {
      const uintptr_t d = reinterpret_cast<uintptr_t>(out.first_element()) -
                          reinterpret_cast<uintptr_t>(in.first_element());
      CHECK(d % 4096 >= 512);
    }
  }
}

TEST_CASE("clear_of_4k_aliasing: a store stream just above a load stream, modulo 4096, is not clear", "[storage]") {
  alignas(4096) static char page[3 * 4096];
  const char* load = page + 64;
  struct Case {
    int64_t above;  // bytes the store starts above the load
    bool clear;
  };
  const Case cases[] = {{0, true},     {4, false},    {511, false},  {512, true},   {2048, true},
                        {4095, true},  {4096, true},  {4100, false}, {4608, true},  {-4, true},
                        {-512, true},  {-3600, false}};
  for (const Case& c : cases) {
    INFO("store " << c.above << " bytes above the load");
    CHECK(tc::clear_of_4k_aliasing(load + 4096 + c.above, load + 4096) == c.clear);
  }
}
