// What explain.op and explain.index hand back: {"result": a handle (0 for
// none), "error": PyTorch's message or null, "events": everything the core
// recorded}. A user error is reported, not thrown: its events (the failed
// broadcast) are what the playground shows. Internal errors still throw.
#pragma once
#include <optional>
#include <string>

#include "error.h"
#include "handles.h"
#include "json_writer.h"
#include "trace.h"
#include "trace_json.h"

namespace tcjs {

// run() returns the result's handle (0: none) with a TraceScope open.
template <class Run>
std::string explained(Run run) {
  tc::TraceScope scope;
  Handle result = 0;
  std::optional<std::string> error;
  try {
    result = run();
  } catch (const tc::Error& e) {
    error = e.what();
  }
  JsonWriter json;
  json.begin_object();
  json.key("result").value(static_cast<int64_t>(result));
  json.key("error").value(error);
  json.key("events");
  write_events(json, scope.events());
  json.end_object();
  return json.text();
}

}  // namespace tcjs
