// The bandwidth probe of bench/ (bindings/probe.h): a bench tool outside
// the core, tested here because its numbers are only worth what it moves.
#include <algorithm>
#include <vector>

#include "probe.h"
#include "support.h"

TEST_CASE("the bandwidth probe reads and writes what it is asked to", "[probe]") {
  // Exactly nw elements are written, the first ones copied from what is read.
  for (int64_t nr : {0, 3, 8, 17, 40})
    for (int64_t nw : {0, 5, 8, 19, 40}) {
      INFO("nr=" << nr << " nw=" << nw);
      std::vector<float> src(static_cast<size_t>(nr));
      for (int64_t i = 0; i < nr; ++i) src[i] = static_cast<float>(i % 7);
      std::vector<float> dst(static_cast<size_t>(nw) + 4, -1.0f);
      tcjs::f32_stream(nr, src.data(), nw, dst.data());
      for (int64_t i = 0; i < std::min(nr, nw) / 8 * 8; ++i) CHECK(dst[i] == src[i]);
      for (int64_t i = nw; i < nw + 4; ++i) CHECK(dst[i] == -1.0f);  // nothing past nw
      for (int64_t i = 0; i < nw; ++i) CHECK(dst[i] != -1.0f);        // everything up to it
    }
}
