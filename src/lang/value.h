// What a name in a program may be bound to (Note [Programs] in
// src/lang/program.h): the values of the Python subset tensorcast runs.
// A Value is cheap to copy: tensors are handles, strings, tuples and lists
// are shared (Note [Bounded values]).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "../dtype.h"
#include "../tensor.h"

namespace tc::lang {

struct Value;

// Note [Bounded values]: a program's strings, tuples and lists are
// bounded, so that no statement and no walk over a value (repr, ==, the
// package's JSON, collecting the tensors in it) costs more than a bounded
// amount:
//  - a tuple or list has at most kMaxItems items, a string at most
//    kMaxItems characters;
//  - a value holds at most kMaxValueSize items and characters in all,
//    counted through its nesting as a walk meets them (a string counts its
//    characters, a tuple or list its items and what they hold; [s] * 16
//    counts s 16 times, though it holds one s): a walk over it visits no
//    more;
//  - tuples and lists nest at most kMaxNesting deep (walks recurse);
//  - the strings, tuples and lists alive at once hold at most kMaxLiveSize
//    items and characters, each counted once however often it is shared:
//    a program's Python values take at most about 150 MB natively (less in
//    wasm, where pointers are 4 bytes).
// Each limit is checked before anything is made: by Value::sequence and
// Value(std::string) themselves, and by an operator or builtin that would
// copy many items (x * n, a + b, list(x), range(n), x.tolist()) from the
// sizes alone, before it starts (check_new_sequence, check_new_string):
// [s] * 65536 is refused before one item is copied. What a real Python
// could not make either raises Python's exception: a value needing more
// memory than the program may use (Note [Program limits] in
// src/lang/run.cpp) a MemoryError, a string repeated past 2^63 - 1
// characters OverflowError "repeated string is too long". The rest is
// tensorcast's limit (ErrorKind::Limit), which says so.
//
// Strings and sequences are immutable and shared: copying a Value copies a
// pointer, never the characters or the items.
constexpr int64_t kMaxItems = int64_t{1} << 16;
constexpr int64_t kMaxValueSize = int64_t{1} << 20;
constexpr int kMaxNesting = 32;
constexpr int64_t kMaxLiveSize = int64_t{1} << 21;

// A tuple or a list. torch.Size is a tuple that prints as
// "torch.Size([2, 3])" (what x.shape and x.size() return).
// max(dim) returns a named tuple, torch.return_types.max(values=...,
// indices=...): Kind::Named with its name and field names.
// Made only by Value::sequence and Value::named, which check and count it.
struct Sequence {
  enum class Kind { Tuple, List, Size, Named };
  Kind kind = Kind::Tuple;
  std::vector<Value> items;
  std::string name;                 // Named: "torch.return_types.max"
  std::vector<std::string> fields;  // Named: "values", "indices"
  int64_t size = 0;                 // items and characters held, through nesting (Note [Bounded values])
  int depth = 1;                    // 1 + the depth of its deepest item (a sequence's)

  Sequence() = default;
  Sequence(const Sequence&) = delete;
  Sequence& operator=(const Sequence&) = delete;
  ~Sequence();  // leaves the live count

 private:
  friend struct Value;
  int64_t live_ = 0;  // what it added to the live count
};

// Python's str: UTF-8 text with its length in characters (code points, as
// Python's len counts them). Made only by Value(std::string), which checks
// and counts it.
struct Str {
  std::string utf8;
  int64_t length = 0;

  Str() = default;
  Str(const Str&) = delete;
  Str& operator=(const Str&) = delete;
  ~Str();  // leaves the live count
};

// A module or namespace a program can name: "torch", "torch.nn",
// "torch.nn.functional" (whatever alias the program imported it as).
struct ModuleRef {
  std::string path;
};

// Something callable: a function of a module ("torch.arange",
// "torch.nn.functional.relu", "print") or a method bound to its tensor
// ("Tensor.reshape" with self set).
struct Callable {
  std::string qualname;                // "torch.arange", "Tensor.sum", "print"
  std::optional<Tensor> self;          // the tensor a method is bound to
};

// A slice as Python's slice(start, stop, step), for x[...] items.
struct SliceValue {
  std::optional<int64_t> start, stop, step;
};

struct EllipsisValue {};

struct FunctionDef;  // src/lang/ast.h
// Note [Program functions]: a function the program defined with `def`:
// its tree (shared with the program's, so the value outlives the tree)
// and its parameters' defaults, computed once when the def ran, as
// Python computes them.
struct UserFunction {
  std::shared_ptr<const FunctionDef> def;
  std::vector<Value> defaults;  // one per parameter with a default, in order
};

// What torch.no_grad(), torch.enable_grad() and torch.set_grad_enabled(b)
// return: a context manager a `with` enters (grad mode `enabled` inside,
// the mode before it restored after).
struct GradMode {
  enum class Kind { NoGrad, EnableGrad, SetGradEnabled };
  Kind kind = Kind::NoGrad;
  bool enabled = false;
  bool previous = true;  // set_grad_enabled: the mode before the call set it
};

struct Value {
  // None, then Python's bool/int/float/str, then the library's types.
  std::variant<std::monostate, bool, int64_t, double, std::shared_ptr<const Str>, Tensor,
               std::shared_ptr<const Sequence>, DType, ModuleRef, Callable, SliceValue,
               EllipsisValue, std::shared_ptr<const UserFunction>, GradMode>
      v;

  Value() = default;
  Value(bool b) : v(b) {}
  Value(int64_t i) : v(i) {}
  Value(int i) : v(static_cast<int64_t>(i)) {}
  Value(double d) : v(d) {}
  Value(std::string s);  // checks the string's limits (Note [Bounded values])
  Value(Tensor t) : v(std::move(t)) {}
  Value(DType d) : v(d) {}
  Value(ModuleRef m) : v(std::move(m)) {}
  Value(Callable c) : v(std::move(c)) {}
  Value(SliceValue s) : v(s) {}
  Value(EllipsisValue e) : v(e) {}
  Value(std::shared_ptr<const UserFunction> f) : v(std::move(f)) {}
  Value(GradMode m) : v(m) {}
  // A tuple, list or torch.Size of these items; raises (before making it)
  // past a limit of Note [Bounded values].
  static Value sequence(Sequence::Kind kind, std::vector<Value> items);
  // torch.return_types.<name>(field=item, ...).
  static Value named(std::string name, std::vector<std::string> fields, std::vector<Value> items);

  bool is_none() const { return std::holds_alternative<std::monostate>(v); }
  bool is_tensor() const { return std::holds_alternative<Tensor>(v); }
  const Tensor& tensor() const { return std::get<Tensor>(v); }
  const Sequence* sequence() const {
    auto p = std::get_if<std::shared_ptr<const Sequence>>(&v);
    return p ? p->get() : nullptr;
  }
  const Str* str() const {
    auto p = std::get_if<std::shared_ptr<const Str>>(&v);
    return p ? p->get() : nullptr;
  }
  // A str's UTF-8 text; nullptr for anything else.
  const std::string* text() const {
    const Str* s = str();
    return s ? &s->utf8 : nullptr;
  }

 private:
  static Value make_sequence(Sequence::Kind kind, std::vector<Value> items, std::string name,
                             std::vector<std::string> fields);
};

// Items and characters of the strings and sequences alive now (Note
// [Bounded values]).
int64_t live_value_size();

// What `value` holds, as Note [Bounded values] counts it: a string's
// characters, a sequence's size, 0 for anything else.
int64_t value_size(const Value& value);
// How deeply tuples and lists nest in `value`: 0 for anything else.
int value_depth(const Value& value);

// Raise, before a tuple or list (`kind`) of `items` items holding `size`
// items and characters in all is made, or a string of `length` characters
// and `bytes` bytes, if it would break a limit of Note [Bounded values].
// Doubles: n * len(x) may be past int64.
void check_new_sequence(Sequence::Kind kind, double items, double size);
void check_new_string(double length, double bytes);

// A string's characters as strings of one character each (Python's
// iteration of a str), charged to the work budget.
std::vector<Value> characters(const Str& s);

// Characters of UTF-8 text (Python's str is a sequence of code points). A
// byte that starts no valid UTF-8 sequence counts as a character of its
// own, so that every byte belongs to exactly one character.
int64_t utf8_length(const std::string& text);
// Where the character that starts at byte `at` ends.
size_t utf8_next(const std::string& text, size_t at);

// An error of Python's own (not the core's): raised by the interpreter and
// the builtins with the exception Python would raise and its text.
//   PythonError("NameError", "name 'x' is not defined")
//   PythonError("TypeError", "sum() got an unexpected keyword argument 'dims'")
// The core's tc::Error is the other kind a program meets (its ErrorKind
// says which exception PyTorch raises: src/lang/run.cpp).
class PythonError : public std::runtime_error {
 public:
  PythonError(std::string type, const std::string& message)
      : std::runtime_error(message), type_(std::move(type)) {}
  const std::string& type() const { return type_; }

 private:
  std::string type_;
};

// Python's type names as its messages use them: "NoneType", "bool", "int",
// "float", "str", "Tensor", "tuple", "list", "torch.Size", "torch.dtype",
// "module", "builtin_function_or_method", "slice", "ellipsis", "function",
// "no_grad".
const char* type_name(const Value& value);

// Python's repr(value) for everything but tensors (whose repr the package's
// formatter writes: see ProgramOutput): "3", "0.1", "1e-05", "True",
// "torch.Size([2, 3])", "(2, 3)", "torch.float32", "'a'"; summarised when
// longer than `limit` characters (Note [Bounded reprs] in src/lang/value.cpp).
constexpr int64_t kReprLimit = 10000;
std::string repr(const Value& value, int64_t limit = kReprLimit);

}  // namespace tc::lang
