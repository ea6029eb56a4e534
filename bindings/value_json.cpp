#include "value_json.h"

#include <cmath>
#include <cstdio>

#include "lang/repr.h"

namespace tcjs {

using tc::lang::Value;

std::string float_text(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", x);
  return text;
}

void ValueWriter::write(const Value& value) {
  json_.begin_object();
  std::visit([&](const auto& v) { item(v, value); }, value.v);
  json_.end_object();
}

void ValueWriter::item(const std::monostate&, const Value&) { kind("none"); }
void ValueWriter::item(bool b, const Value&) {
  kind("bool");
  json_.key("v").value(b);
}
void ValueWriter::item(int64_t i, const Value&) {
  kind("int");
  json_.key("v").value(std::to_string(i));
}
void ValueWriter::item(double d, const Value&) {
  kind("float");
  json_.key("v").value(float_text(d));
}
void ValueWriter::item(tc::DType d, const Value&) {
  kind("dtype");
  json_.key("v").value(tc::dtype_name(d));
}

bool ValueWriter::written(const void* p) {
  auto [it, added] = shared_.try_emplace(p, static_cast<int64_t>(shared_.size()));
  if (added) return false;
  kind("ref");
  json_.key("r").value(it->second);
  return true;
}

void ValueWriter::item(const std::shared_ptr<const tc::lang::Str>& s, const Value&) {
  if (written(s.get())) return;
  kind("str");
  json_.key("v").value(s->utf8);
}

void ValueWriter::item(const tc::Tensor& t, const Value&) {
  kind("tensor");
  auto [it, added] = handles_.try_emplace(t.id(), 0);
  if (added) it->second = put(t);
  json_.key("h").value(static_cast<int64_t>(it->second));
}

void ValueWriter::item(const std::shared_ptr<const tc::lang::Sequence>& s, const Value&) {
  if (written(s.get())) return;
  kind("sequence");
  if (s->kind == tc::lang::Sequence::Kind::Named) {
    json_.key("fields").begin_array();
    for (const std::string& f : s->fields) json_.value(f);
    json_.end_array();
  }
  json_.key("items").begin_array();
  for (const Value& v : s->items) write(v);
  json_.end_array();
}

template <class T>
void ValueWriter::item(const T&, const Value& value) {
  kind("other");
  json_.key("v").value(tc::lang::repr(value));
}

}  // namespace tcjs
