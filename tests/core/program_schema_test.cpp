// Note [Program schema] and Note [Error kinds]: a program's results and the
// kinds of its errors are checked against their one declaration.
#include "lang/program_schema.h"

#include <set>
#include <string>

#include "error.h"
#include "support.h"

namespace schema = tc::schema;
using tc::ErrorKind;

TEST_CASE("error kinds: the core's ErrorKind names are the list's first entries, in order",
          "[schema][errors]") {
  const auto& kinds = schema::error_kinds();
  REQUIRE(kinds.size() > tc::kErrorKindCount);
  for (size_t i = 0; i < kinds.size(); ++i) {
    INFO(kinds[i].value);
    CHECK(kinds[i].core == (i < tc::kErrorKindCount));
  }
  // The texts JavaScript and programs have always read.
  CHECK(std::string(schema::error_kind_name(ErrorKind::Shape)) == "shape");
  CHECK(std::string(schema::error_kind_name(ErrorKind::Index)) == "index");
  CHECK(std::string(schema::error_kind_name(ErrorKind::Value)) == "value");
  CHECK(std::string(schema::error_kind_name(ErrorKind::Type)) == "type");
  CHECK(std::string(schema::error_kind_name(ErrorKind::Memory)) == "memory");
  CHECK(std::string(schema::error_kind_name(ErrorKind::Autograd)) == "autograd");
  CHECK(std::string(schema::error_kind_name(ErrorKind::Policy)) == "policy");
  CHECK(std::string(schema::error_kind_name(ErrorKind::Limit)) == "limit");
  CHECK_THROWS_AS(schema::error_kind_name(static_cast<ErrorKind>(tc::kErrorKindCount)),
                  tc::InternalError);
}

TEST_CASE("error kinds: each value once; every core kind is the package's and a program's",
          "[schema][errors]") {
  std::set<std::string> seen;
  for (const schema::ErrorKindValue& k : schema::error_kinds()) {
    INFO(k.value);
    CHECK(seen.insert(k.value).second);
    CHECK((k.package || k.program));
    if (k.core) CHECK((k.package && k.program));
  }
  CHECK(schema::kErrorKind.has("disposed"));
  CHECK_FALSE(schema::kProgramErrorKind.has("disposed"));
  CHECK(schema::kProgramErrorKind.has("zero_division"));
  CHECK_FALSE(schema::kErrorKind.has("zero_division"));
}

TEST_CASE("program schema: a run's results check, and a kind outside the declaration is refused",
          "[schema][program]") {
  tc::lang::ProgramResult r =
      tc::lang::run_program("import torch\nx = torch.ones(2, 3)\ny = x + torch.ones(4)\n");
  REQUIRE(r.error.has_value());
  CHECK(r.error->kind == "shape");
  CHECK_NOTHROW(schema::check(r));
  r.error->kind = "key";  // what a KeyError would make: not declared
  CHECK_THROWS_AS(schema::check(r), tc::InternalError);
  r.error->kind = "name";
  CHECK_NOTHROW(schema::check(r));
  // A tensor's dtype is an enumerated field too.
  REQUIRE(!r.statements.empty());
  REQUIRE(r.statements[1].names.count("x") == 1);
  CHECK_NOTHROW(schema::check(r.statements[1].names.at("x")));
}
