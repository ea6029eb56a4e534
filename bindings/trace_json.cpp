// Traces as JSON, written field by field from their schema (Note [Trace
// schema] in src/trace_schema.h): the keys, the nesting and the checks of
// enumerated strings all come from describe().
#include "trace_json.h"

#include "trace_schema.h"

namespace tcjs {

namespace {

namespace schema = tc::schema;

struct JsonFields {
  JsonWriter& json;

  void object(const char*, const char* kind, const char*) {
    if (kind != nullptr) json.key("kind").value(kind);
  }
  template <class T>
  void operator()(const char* key, const T& value, const char*) {
    json.key(key);
    write(value);
  }
  template <class T>
  void operator()(const char* key, const T& value, const schema::Enum& e, const char*) {
    schema::check_enum(e, value);
    json.key(key);
    write(value);
  }

  template <class T>
  void write(const T& value) {
    if constexpr (schema::is_object<T>::value) {
      write_trace(json, value);
    } else if constexpr (schema::is_vector<T>::value) {
      json.begin_array();
      for (const auto& item : value) write(item);
      json.end_array();
    } else if constexpr (schema::is_optional<T>::value) {
      if (value) write(*value);
      else json.null();
    } else if constexpr (std::is_same_v<T, bool>) {
      json.value(value);
    } else if constexpr (std::is_integral_v<T>) {
      json.value(static_cast<int64_t>(value));
    } else {
      json.value(value);
    }
  }
};

}  // namespace

template <class T>
void write_trace(JsonWriter& json, const T& trace) {
  json.begin_object();
  JsonFields fields{json};
  schema::describe(fields, trace);
  json.end_object();
}

template void write_trace(JsonWriter&, const tc::BroadcastTrace&);
template void write_trace(JsonWriter&, const tc::OpTrace&);
template void write_trace(JsonWriter&, const tc::PromotionTrace&);
template void write_trace(JsonWriter&, const tc::ReduceGradTrace&);
template void write_trace(JsonWriter&, const tc::WarningEvent&);

void write_events(JsonWriter& json, const std::vector<tc::TraceEvent>& events) {
  json.begin_array();
  for (const tc::TraceEvent& event : events)
    std::visit([&](const auto& e) { write_trace(json, e); }, event);
  json.end_array();
}

}  // namespace tcjs
