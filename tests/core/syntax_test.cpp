// The grammars of src/syntax that the playground asks for: view chains
// (view_chain.h, whose x[...] is the subscript grammar of a.index(text))
// and shapes with named dims (shape_text.h, tc.parseShape's grammar).
// Every refusal is data with a place, never an exception.
#include "syntax/shape_text.h"
#include "syntax/view_chain.h"

#include <chrono>

#include "support.h"

using namespace tct;
using tc::syntax::ChainLink;
using tc::syntax::parse_view_chain;
using tc::syntax::read_shape;

namespace {

// The links as "op(args)" / "[index]", for compact checks.
std::string links_of(const std::string& text) {
  const tc::syntax::ViewChain chain = parse_view_chain(text);
  if (chain.problem) return "problem " + chain.problem->kind + ": " + chain.problem->message;
  std::string out;
  for (const ChainLink& l : chain.links) {
    if (!out.empty()) out += " ";
    if (l.op == "index") {
      out += "[" + *l.index + "]";
      continue;
    }
    out += l.op;
    if (l.op == "T" || l.op == "mT") continue;
    out += "(";
    for (size_t i = 0; i < l.args.size(); ++i) out += (i ? "," : "") + std::to_string(l.args[i]);
    out += ")";
  }
  return out;
}

tc::syntax::ChainProblem problem_of(const std::string& text) {
  const tc::syntax::ViewChain chain = parse_view_chain(text);
  REQUIRE(chain.problem.has_value());
  CHECK(chain.links.empty());
  return *chain.problem;
}

}  // namespace

TEST_CASE("view chains read as Python reads PyTorch's view calls", "[syntax]") {
  CHECK(links_of("") == "");
  CHECK(links_of("  ") == "");
  CHECK(links_of(".T") == "T");
  CHECK(links_of(".mT.t()") == "mT t()");
  CHECK(links_of(" .transpose( 0 , -1 ) .permute((2, 0, 1))") == "transpose(0,-1) permute(2,0,1)");
  CHECK(links_of(".permute(1, 0).permute([1, 0])") == "permute(1,0) permute(1,0)");
  CHECK(links_of(".narrow(1, 1, 2).expand(2, -1, 3).view(-1)") == "narrow(1,1,2) expand(2,-1,3) view(-1)");
  CHECK(links_of(".expand((1,)).unsqueeze(0).squeeze().squeeze(-1)") ==
        "expand(1) unsqueeze(0) squeeze() squeeze(-1)");
  CHECK(links_of("[:, 1:3]") == "[:, 1:3]");
  CHECK(links_of("[..., None, -1][::2,]") == "[..., None, -1] [::2,]");
  CHECK(links_of(".permute(1,0).unsqueeze(0)[..., 1:]") == "permute(1,0) unsqueeze(0) [..., 1:]");
  // The subscript grammar of a.index(text): lists, booleans, None as a bound.
  CHECK(links_of("[[0, 1], True][None:2]") == "[[0, 1], True] [:2]");
  CHECK(links_of("[[[0, 1], [1, 0]]]") == "[[0, 1], [1, 0]]");
  // Each link keeps where it was typed and its text.
  const tc::syntax::ViewChain c = parse_view_chain(".T [0]");
  REQUIRE(c.links.size() == 2);
  CHECK(c.links[0].at == 0);
  CHECK(c.links[0].text == ".T");
  CHECK(c.links[1].at == 3);
  CHECK(c.links[1].text == "[0]");
  CHECK(c.links[1].items.size() == 1);
  CHECK_FALSE(parse_view_chain(".squeeze()").links[0].dim.has_value());
  CHECK(parse_view_chain(".squeeze(-2)").links[0].dim == -2);
}

TEST_CASE("what is not a view chain gets a reason and a place", "[syntax]") {
  struct Case {
    const char* text;
    const char* kind;
    int64_t at;
    const char* found;
  };
  const Case cases[] = {
      {"T", "unexpected", 0, "T"},
      {".T()", "unexpected", 2, "("},
      {".T; alert(1)", "unexpected", 2, ";"},
      {".T.", "unexpected", 3, ""},
      {".foo(1)", "unknown", 1, "foo"},
      {".__class__", "unknown", 1, "__class__"},
      {".transpose(dim0=0, dim1=1)", "unexpected", 11, "dim0"},
      {".t", "unexpected", 2, ""},
      {"[:, 1", "unclosed", 0, "["},
      {"[", "unclosed", 0, "["},
      {".narrow(0, 1", "unclosed", 7, "("},
      {".permute((1, 0)", "unclosed", 8, "("},
      {".expand(99999999999)", "number", 8, "99999999999"},
      {"[99999999999]", "number", 0, "99999999999"},
      {"[99999999999999999999]", "number", 1, "99999999999999999999"},
      {".T $", "unexpected", 3, "$"},
      {"é.T", "unexpected", 0, "é"},
      {"[]", "unexpected", 1, "]"},
      {"[x]", "unexpected", 1, "x"},
      {".expand(2.5)", "unexpected", 8, "2.5"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const tc::syntax::ChainProblem p = problem_of(c.text);
    CHECK(p.kind == c.kind);
    CHECK(p.at == c.at);
    CHECK(p.found == c.found);
    CHECK_FALSE(p.message.empty());
  }
  const tc::syntax::ChainProblem arity = problem_of(".transpose(0)");
  CHECK(arity.kind == "arity");
  CHECK(arity.expected == "2");
  CHECK(arity.found == "transpose");
  CHECK(arity.got == 1);
  CHECK(problem_of(".squeeze(0, 1)").expected == "0-1");
  // PyTorch's own text where PyTorch refuses the index.
  const tc::syntax::ChainProblem f = problem_of("[1.5]");
  CHECK(f.kind == "pytorch");
  CHECK(f.at == 1);
  CHECK(f.message ==
        "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid "
        "indices (got float)");
  CHECK(problem_of("[[[0, 1], [2]]]").message == "expected sequence of length 2 at dim 1 (got 1)");
  // Positions count UTF-16 code units, as a JavaScript string does.
  const tc::syntax::ChainProblem after_emoji = problem_of("['😀'] $");
  CHECK(after_emoji.at == 7);
  CHECK(after_emoji.found == "$");
  CHECK(problem_of("['😀']").kind == "pytorch");
}

TEST_CASE("view chains: long and hostile text is refused in one pass", "[syntax][limits]") {
  std::string many;
  for (int i = 0; i <= tc::syntax::kMaxChainLinks; ++i) many += ".T";
  const tc::syntax::ChainProblem p = problem_of(many);
  CHECK(p.kind == "too-long");
  CHECK(p.at == 2 * tc::syntax::kMaxChainLinks);
  CHECK(p.limit == tc::syntax::kMaxChainLinks);
  CHECK(problem_of(std::string(60, '.') + std::string(1 << 20, '[')).kind == "text-too-long");
  CHECK(problem_of(std::string(tc::syntax::kMaxChainText + 1, ' ')).limit == tc::syntax::kMaxChainText);
  CHECK(parse_view_chain(std::string(tc::syntax::kMaxChainText - 2, ' ') + ".T").links.size() == 1);
  // Within the limit, the text is lexed once and refused where it stops being a chain.
  auto timed = [](const std::string& text) {
    const auto start = std::chrono::steady_clock::now();
    const tc::syntax::ViewChain chain = parse_view_chain(text);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    WARN(text.substr(0, 12) << "... (" << text.size() << " bytes): read in " << ms << " ms");
    return chain;
  };
  CHECK(timed(std::string(60, '.') + std::string(4000, '[')).problem->kind == "unexpected");
  CHECK(timed(".T" + std::string(4000, '[')).problem->kind == "too-deep");
  CHECK(timed(".expand(" + std::string(4000, '(')).problem->kind == "unexpected");
  std::string args = ".view(";
  for (int i = 0; i < 2000; ++i) args += "1,";
  CHECK(timed(args + ")").links.at(0).args.size() == 2000u);
}

TEST_CASE("shapes are read with their named dims and every spelling", "[syntax]") {
  const tc::syntax::ShapeReading r = read_shape("(batch, 3, H, W)");
  REQUIRE_FALSE(r.problem.has_value());
  REQUIRE(r.dims.size() == 4);
  CHECK(r.dims[0].name == std::optional<std::string>("batch"));
  CHECK(r.dims[1].size == 3);
  CHECK(r.dims[3].name == std::optional<std::string>("W"));
  CHECK(read_shape("Bx3").dims.at(0).name == std::optional<std::string>("Bx3"));
  CHECK(read_shape("B x 3").dims.size() == 2);
  CHECK(read_shape("torch.Size([])").dims.empty());
  CHECK(read_shape("(3,)").dims.size() == 1);
  struct Case {
    const char* text;
    const char* kind;
    int64_t at;
  };
  const Case refused[] = {
      {"", "empty", 0},           {"   ", "empty", 3},        {"4,,3", "unexpected", 2},
      {"4;3", "unexpected", 1},   {"-1,3", "negative", 0},    {"2.5,3", "fraction", 1},
      {"(4, 3", "unclosed", 5},   {"[4, 3)", "unexpected", 5}, {"4,3)", "unexpected", 3},
      {"torch.Size([4, 3]", "unclosed", 17},
      {"1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1", "too-many-dims", 32},
      {"99999999999999999999", "too-large", 18},
      {"😀,x;", "unexpected", 0},  {"2,😀", "unexpected", 2},
      {"5\xff", "not-text", 1},
  };
  for (const Case& c : refused) {
    INFO(c.text);
    const tc::syntax::ShapeReading bad = read_shape(c.text);
    REQUIRE(bad.problem.has_value());
    CHECK(bad.problem->kind == c.kind);
    CHECK(bad.problem->at == c.at);
    CHECK(bad.dims.empty());
  }
  CHECK(read_shape("（4；3）").problem->found == "；");
}

TEST_CASE("a text of blanks is empty, not a character past its end", "[syntax]") {
  // The lexer once read the byte after trailing blanks as a character.
  for (const char* blanks : {" ", "   ", "\t ", " \n  "}) {
    INFO(blanks);
    tct::refuses_containing([&] { tc::syntax::parse_index(blanks); }, tc::ErrorKind::Value,
                            "the index is empty");
    CHECK(tc::syntax::tokenize(blanks).back().kind == tc::syntax::TokenKind::End);
  }
  CHECK(parse_view_chain(" \t ").links.empty());
  CHECK_FALSE(parse_view_chain(" \t ").problem.has_value());
}
