// PyTorch's repr of a tensor (Note [Tensor repr]): torch/_tensor_str.py's
// _str_intern, _Formatter, _tensor_str_with_formatter, _vector_str and
// _add_suffixes, with the default print options.
#include "tensor_repr.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "autograd/node.h"
#include "for_size.h"

// Not on the API's hot path: compiled for size (Note [Compiled for size]).
TC_FOR_SIZE_BEGIN

namespace tc {

namespace {

constexpr int kPrecision = 4;
constexpr int64_t kThreshold = 1000;
constexpr int64_t kEdgeItems = 3;
constexpr int64_t kLineWidth = 80;
// Elements shown that are read whatever the limit (Note [Tensor repr]):
// every dim of a summarised 5-dim tensor.
constexpr int64_t kAllShown = 6 * 6 * 6 * 6 * 6;
const char kPrefix[] = "tensor(";
constexpr int64_t kIndent = sizeof kPrefix - 1;

// Which items of each dim are shown: all, or (summarised, a dim longer
// than 2 * kEdgeItems) the first and last kEdgeItems with a gap between.
struct Shown {
  const Shape& sizes;
  bool summarize;

  bool cut(size_t dim) const { return summarize && sizes[dim] > 2 * kEdgeItems; }
  int64_t count(size_t dim) const { return cut(dim) ? 2 * kEdgeItems : sizes[dim]; }
  // The index into the dim of its k-th shown item.
  int64_t index(size_t dim, int64_t k) const {
    return cut(dim) && k >= kEdgeItems ? sizes[dim] - 2 * kEdgeItems + k : k;
  }
  // Elements shown in all: at most the tensor's numel, which fits int64.
  int64_t elements() const {
    int64_t n = 1;
    for (size_t d = 0; d < sizes.size(); ++d) n *= count(d);
    return n;
  }
};

// Python's '{:.{p}f}' / '{:.{p}e}' of a finite or non-finite double
// ("nan", "inf", "-inf": never C's "-nan").
std::string python_format(double v, char conversion, int precision) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[400];  // 1e308 with 0 decimals is 309 digits
  const char format[] = {'%', '.', '*', conversion, '\0'};
  std::snprintf(buf, sizeof buf, format, precision, v);
  return buf;
}

// The elements shown and how each is written (_Formatter): one notation
// and one width for all. A text is made when it is written: the width
// comes from the extremes alone (a text's length grows with its magnitude
// on each side of zero, but for a 3-digit exponent, which the smallest
// magnitude may have too), so a text cut at its limit formats only the
// elements it writes.
class Formatter {
 public:
  explicit Formatter(std::vector<double> values) : floats_(std::move(values)) {
    double min = INFINITY, max = 0;
    bool int_mode = true;
    // The nonzero finite values' extremes on each side of zero: the
    // smallest and largest positive, then the same negative.
    double extremes[4] = {INFINITY, 0, -INFINITY, 0};
    for (double v : floats_) {
      if (!std::isfinite(v) || v == 0) continue;
      min = std::min(min, std::fabs(v));
      max = std::max(max, std::fabs(v));
      if (v != std::ceil(v)) int_mode = false;
      double* side = v > 0 ? extremes : extremes + 2;
      if (std::fabs(v) < std::fabs(side[0])) side[0] = v;
      if (std::fabs(v) > std::fabs(side[1])) side[1] = v;
    }
    if (max == 0) return;  // no nonzero finite value: integers' notation, width 1
    const bool wide = max / min > 1000. || max > 1.e8;
    int_mode_ = int_mode;
    sci_ = int_mode ? wide : wide || min < 1.e-4;
    for (double v : extremes)
      if (std::isfinite(v) && v != 0) width_ = std::max(width_, float_text(v).size());
  }

  // Integers and bools: str() of each, the longest setting the width.
  Formatter(std::vector<int64_t> values, bool boolean)
      : ints_(std::move(values)), boolean_(boolean) {
    int64_t lo = 0, hi = 0;  // 0: width 1 at least
    for (int64_t v : ints_) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    const bool any_false = std::find(ints_.begin(), ints_.end(), 0) != ints_.end();
    if (boolean_)
      width_ = any_false ? 5 : 4;  // "False", or only "True"
    else
      width_ = std::max(std::to_string(lo).size(), std::to_string(hi).size());
  }

  size_t size() const { return floats_.empty() ? ints_.size() : floats_.size(); }
  size_t width() const { return width_; }

  // The i-th element as written before padding.
  std::string text(size_t i) const {
    if (!floats_.empty()) return float_text(floats_[i]);
    if (boolean_) return ints_[i] != 0 ? "True" : "False";
    return std::to_string(ints_[i]);
  }

 private:
  std::string float_text(double v) const {
    if (sci_) return python_format(v, 'e', kPrecision);
    if (!int_mode_) return python_format(v, 'f', kPrecision);
    std::string text = python_format(v, 'f', 0);
    if (std::isfinite(v)) text += '.';
    return text;
  }

  std::vector<double> floats_;
  std::vector<int64_t> ints_;
  bool boolean_ = false;
  bool int_mode_ = true, sci_ = false;
  size_t width_ = 1;
};

// At most `cap` of the elements shown, in row-major order, read in place
// through the strides (get_summarized_data), as Out.
template <class T, class Out>
std::vector<Out> read_shown(const Tensor& t, const Shown& shown, int64_t cap) {
  std::vector<Out> out;
  out.reserve(static_cast<size_t>(cap));
  const T* base = t.data<T>() + t.offset();
  const Strides& strides = t.strides();
  const size_t ndim = t.sizes().size();
  std::vector<int64_t> k(ndim, 0);
  for (int64_t n = 0; n < cap; ++n) {
    int64_t at = 0;
    for (size_t d = 0; d < ndim; ++d) at += shown.index(d, k[d]) * strides[d];
    out.push_back(static_cast<Out>(base[at]));
    // the next multi-index, the last dim fastest
    size_t d = ndim;
    while (d > 0 && ++k[d - 1] == shown.count(d - 1)) k[--d] = 0;
    if (d == 0) break;
  }
  return out;
}

Formatter formatter(const Tensor& t, const Shown& shown, int64_t cap) {
  return visit_dtype(t.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>)
      return Formatter(read_shown<T, double>(t, shown, cap));
    else
      return Formatter(read_shown<T, int64_t>(t, shown, cap), std::is_same_v<T, bool>);
  });
}

// Writes the body ([...] of each dim) into `out`, stopping once it passes
// `limit` characters or runs out of elements read.
class BodyWriter {
 public:
  BodyWriter(const Shown& shown, const Formatter& f, std::string& out, int64_t limit)
      : shown_(shown), f_(f), out_(out), limit_(static_cast<size_t>(limit)) {}

  // False when it stopped before the end.
  bool write() {
    if (shown_.sizes.empty()) {
      element();
    } else {
      dim(0, kIndent);
    }
    return !stopped_;
  }

 private:
  bool stop() {
    if (out_.size() > limit_ || next_ >= f_.size()) stopped_ = true;
    return stopped_;
  }

  void element() {
    const std::string text = f_.text(next_++);
    if (text.size() < f_.width()) out_.append(f_.width() - text.size(), ' ');
    out_ += text;
  }

  // _tensor_str_with_formatter: the slices of one dim, separated by a comma,
  // a blank line per dim inside, and the indent of the next level.
  void dim(size_t d, int64_t indent) {
    if (d + 1 == shown_.sizes.size()) {
      vector(d, indent);
      return;
    }
    const std::string separator = "," + std::string(shown_.sizes.size() - d - 1, '\n') +
                                  std::string(static_cast<size_t>(indent + 1), ' ');
    out_ += '[';
    const int64_t n = shown_.count(d);
    for (int64_t k = 0; k < n; ++k) {
      if (k > 0) out_ += separator;
      if (shown_.cut(d) && k == kEdgeItems) out_ += "..." + separator;
      dim(d + 1, indent + 1);
      if (stopped_) return;
    }
    out_ += ']';
  }

  // _vector_str: items (and " ..." for the gap) in lines of as many as fit.
  void vector(size_t d, int64_t indent) {
    const int64_t per_line =
        std::max<int64_t>(1, (kLineWidth - indent) / static_cast<int64_t>(f_.width() + 2));
    const std::string line_break = ",\n" + std::string(static_cast<size_t>(indent + 1), ' ');
    out_ += '[';
    const int64_t n = shown_.count(d);
    int64_t item = 0;  // items written, the gap counting as one
    auto next_item = [&]() {
      out_ += item == 0 ? "" : item % per_line == 0 ? line_break : ", ";
      ++item;
    };
    for (int64_t k = 0; k < n; ++k) {
      if (stop()) return;
      if (shown_.cut(d) && k == kEdgeItems) {
        next_item();
        out_ += " ...";
      }
      next_item();
      element();
    }
    out_ += ']';
  }

  const Shown& shown_;
  const Formatter& f_;
  std::string& out_;
  size_t limit_;
  size_t next_ = 0;
  bool stopped_ = false;
};

// Python's str(tuple(shape)).
std::string python_tuple(const Shape& shape) {
  std::string out = "(";
  for (size_t i = 0; i < shape.size(); ++i) out += (i > 0 ? ", " : "") + std::to_string(shape[i]);
  return out + (shape.size() == 1 ? ",)" : ")");
}

// _add_suffixes: each on the last line if it fits in kLineWidth columns.
void add_suffixes(std::string& text, const std::vector<std::string>& suffixes) {
  // As PyTorch counts it: len - rfind("\n") + 1, 2 more than the line when
  // there is no newline.
  const size_t newline = text.rfind('\n');
  int64_t last = static_cast<int64_t>(text.size()) -
                 (newline == std::string::npos ? -1 : static_cast<int64_t>(newline)) + 1;
  for (const std::string& suffix : suffixes) {
    const auto length = static_cast<int64_t>(suffix.size());
    if (last + length + 2 > kLineWidth) {
      text += ",\n" + std::string(static_cast<size_t>(kIndent), ' ') + suffix;
      last = kIndent + length;
    } else {
      text += ", " + suffix;
      last += length + 2;
    }
  }
  text += ')';
}

}  // namespace

TensorRepr tensor_repr(const Tensor& t, int64_t limit) {
  limit = std::max<int64_t>(limit, 16);
  TensorRepr out;
  out.text = kPrefix;
  std::vector<std::string> suffixes;
  const DType dtype = t.dtype();
  const std::string dtype_suffix = std::string("dtype=torch.") + dtype_name(dtype);
  if (t.numel() == 0) {
    // No element shows the dtype: every one but the default is named.
    if (t.ndim() != 1) suffixes.push_back("size=" + python_tuple(t.sizes()));
    if (dtype != DType::Float32) suffixes.push_back(dtype_suffix);
    out.text += "[]";
  } else {
    const Shown shown{t.sizes(), t.numel() > kThreshold};
    // Each element shown takes at least 3 characters with its ", ": past
    // that many, the text is cut anyway and no more need be read, unless
    // there are few enough to read them all for PyTorch's width.
    const int64_t cap = std::min(shown.elements(), std::max(limit / 3 + 2, kAllShown));
    const Formatter f = formatter(t, shown, cap);
    out.complete = BodyWriter(shown, f, out.text, limit).write();
    // float32 (the default), int64 and bool are what PyTorch guesses from
    // the printed values; the rest is named.
    if (dtype != DType::Float32 && dtype != DType::Int64 && dtype != DType::Bool)
      suffixes.push_back(dtype_suffix);
  }
  if (t.impl().grad_fn)
    suffixes.push_back("grad_fn=<" + t.impl().grad_fn->grad_fn + ">");
  else if (t.requires_grad())
    suffixes.push_back("requires_grad=True");
  if (out.complete) add_suffixes(out.text, suffixes);
  if (static_cast<int64_t>(out.text.size()) > limit) out.complete = false;
  if (!out.complete) {
    // Elements read run out only past the limit (3 characters each at least).
    out.text.resize(std::min(out.text.size(), static_cast<size_t>(limit)));
    out.text += "...";
  }
  return out;
}

}  // namespace tc

TC_FOR_SIZE_END
