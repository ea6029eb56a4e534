// A minimal JSON writer: traces cross into JavaScript as one JSON text that
// JSON.parse turns into plain objects, instead of one Embind call per field.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tcjs {

class JsonWriter {
 public:
  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }
  JsonWriter& key(const char* name);
  JsonWriter& value(int64_t number);
  JsonWriter& value(bool flag);
  JsonWriter& value(const std::string& text);
  JsonWriter& value(const char* text) { return value(std::string(text)); }
  JsonWriter& null();
  template <class T>
  JsonWriter& value(const std::optional<T>& maybe) {
    return maybe ? value(*maybe) : null();
  }
  template <class T>
  JsonWriter& value(const std::vector<T>& items) {
    begin_array();
    for (const T& item : items) value(item);
    return end_array();
  }
  const std::string& text() const { return out_; }

 private:
  void separate();
  JsonWriter& open(char bracket);
  JsonWriter& close(char bracket);
  std::string out_;
  std::vector<bool> first_;  // per open container: nothing written in it yet
  bool after_key_ = false;
};

}  // namespace tcjs
