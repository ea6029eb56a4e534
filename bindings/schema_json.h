// Objects of the schema as JSON (Note [Trace schema] in src/trace_schema.h,
// Note [Program schema] in src/lang/program_schema.h): the keys, the nesting,
// null for an empty std::optional and the checks of enumerated strings all
// come from describe(). `Custom` writes the member types the schema leaves
// to the binding (schema::Custom: a printed tensor, a global), each with a
// write(JsonWriter&, const T&) of its own.
#pragma once
#include <map>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "json_writer.h"
#include "trace.h"
#include "trace_schema.h"

namespace tcjs {

// For objects that hold no custom member (the traces).
struct NoCustom {};

template <class Custom>
class SchemaJson {
 public:
  SchemaJson(JsonWriter& json, Custom& custom) : json_(json), custom_(custom) {}

  // Writes an object of the schema, `{...}`.
  template <class T>
  void write_object(const T& value) {
    json_.begin_object();
    tc::schema::describe(*this, value);
    json_.end_object();
  }

  // --- the visitor (Note [Trace schema])
  void object(const char*, const char* kind, const char*) {
    if (kind != nullptr) json_.key("kind").value(kind);
  }
  template <class T>
  void operator()(const char* key, const T& value, const char*) {
    json_.key(key);
    write(value);
  }
  template <class T>
  void operator()(const char* key, const T& value, const tc::schema::Enum& e, const char*) {
    tc::schema::check_enum(e, value);
    json_.key(key);
    write(value);
  }
  template <class T>
  void extends(const T& part) {
    tc::schema::describe(*this, part);
  }
  template <class T>
  void wire(const char* key, const T& value, const char* doc) {
    (*this)(key, value, doc);
  }
  void resolved(const char*, const char*, const char*) {}

 private:
  template <class T>
  void write(const T& value) {
    namespace schema = tc::schema;
    if constexpr (schema::is_object<T>::value) {
      write_object(value);
    } else if constexpr (schema::Custom<T>::value) {
      custom_.write(json_, value);
    } else if constexpr (std::is_same_v<T, tc::TraceEvent>) {
      std::visit([&](const auto& event) { write_object(event); }, value);
    } else if constexpr (schema::is_vector<T>::value) {
      json_.begin_array();
      for (const auto& item : value) write(item);
      json_.end_array();
    } else if constexpr (schema::is_map<T>::value) {
      json_.begin_object();
      for (const auto& [key, item] : value) {
        json_.key(key.c_str());
        write(item);
      }
      json_.end_object();
    } else if constexpr (schema::is_optional<T>::value) {
      if (value) write(*value);
      else json_.null();
    } else if constexpr (std::is_same_v<T, bool>) {
      json_.value(value);
    } else if constexpr (std::is_integral_v<T>) {
      json_.value(static_cast<int64_t>(value));
    } else {
      json_.value(value);
    }
  }

  JsonWriter& json_;
  Custom& custom_;
};

}  // namespace tcjs
