// Reading shapes typed by a person: every form the documents and the
// playground use, and refusals that say where and why in printable text.
#include "parse_shape.h"

#include "support.h"

using namespace tct;

namespace {

struct ReadCase {
  const char* text;
  Shape shape;
};

const ReadCase kReads[] = {
    {"5,3,4,1", {5, 3, 4, 1}},
    {"(5, 3, 4, 1)", {5, 3, 4, 1}},
    {"[5,3,4,1]", {5, 3, 4, 1}},
    {"5 3 4 1", {5, 3, 4, 1}},
    {"torch.empty(5,3,4,1)", {5, 3, 4, 1}},
    {"torch.ones(5,7,3)", {5, 7, 3}},
    {"torch.empty((0,))", {0}},
    {"torch.ones((0,))", {0}},
    {"torch.Size([5, 3, 4, 1])", {5, 3, 4, 1}},
    {"torch.empty(  3,1,1)", {3, 1, 1}},
    {"(1,)", {1}},
    {"()", {}},
    {"[]", {}},
    {"  7  ", {7}},
    {"（5，3，4，1）", {5, 3, 4, 1}},  // full-width, as a Chinese keyboard types
    {"5、3", {5, 3}},
    {"5，3", {5, 3}},  // tests/fuzz/regressions/parse_shape/raw-byte-fullwidth-comma
    {"［２，３］", {2, 3}},
    // As papers and tracebacks write shapes (the playground's fields read the same grammar).
    {"4x3", {4, 3}},
    {"4 x 3", {4, 3}},
    {"4×3", {4, 3}},
    {"2*3*4", {2, 3, 4}},
    {"torch.zeros((4, 3))", {4, 3}},
};

struct RefuseCase {
  const char* text;
  const char* message;
};

const RefuseCase kRefusals[] = {
    {"", "cannot read shape: an empty shape; write () for a 0-dimensional tensor at position 1"},
    {"5,-1", "cannot read shape: a negative size; sizes are whole numbers >= 0 at position 3"},
    {"2.5", "cannot read shape: a fractional size; sizes are whole numbers >= 0 at position 2"},
    {"5;3", "cannot read shape: unexpected ';' after a size at position 2"},
    {",3", "cannot read shape: ',' where a size was expected at position 1"},
    {"(5,3", "cannot read shape: expected ')' at position 5"},
    {"5,3)", "cannot read shape: unexpected ')' after a size at position 4"},
    {"(5,3)x", "cannot read shape: unexpected 'x' at position 6"},
    {"B,3", "cannot read shape: 'B' where a size was expected at position 1"},
    {"(4, batch)", "cannot read shape: 'b' where a size was expected at position 5"},
    {"torch.empty 5", "cannot read shape: expected '(' at position 13"},
    {"99999999999999999999", "cannot read shape: a size too large to represent at position 19"},
    {"5，x", "cannot read shape: 'x' where a size was expected at position 3"},
    {"5；3", "cannot read shape: unexpected '；' after a size at position 2"},
    {"5,\x01", "cannot read shape: U+0001 where a size was expected at position 3"},
    {"5\xff", "cannot read shape: a byte that is not UTF-8 text (0xFF) at position 2"},
    {"5\xe2\x82", "cannot read shape: a byte that is not UTF-8 text (0xE2) at position 2"},
    {"1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1", "tensorcast supports at most 16 dimensions"},
    {"4294967296,4294967296",
     "numel: integer multiplication overflow for sizes [4294967296, 4294967296]"},
};

}  // namespace

TEST_CASE("parse_shape reads every form", "[parse_shape]") {
  for (const ReadCase& c : kReads) {
    INFO(c.text);
    CHECK(tc::parse_shape(c.text) == c.shape);
  }
}

TEST_CASE("parse_shape refuses with a position and printable text", "[parse_shape]") {
  for (const RefuseCase& c : kRefusals) {
    INFO(c.text);
    refuses([&] { tc::parse_shape(c.text); }, tc::ErrorKind::Value, c.message);
  }
  // A NUL inside the text is quoted, not a place where the message ends
  // (tests/fuzz/regressions/parse_shape/raw-byte-nul).
  refuses([] { tc::parse_shape(std::string("5,\0", 3)); }, tc::ErrorKind::Value,
          "cannot read shape: U+0000 where a size was expected at position 3");
}

TEST_CASE("parse_shape reads back what PyTorch prints", "[parse_shape][property]") {
  Random rng(51);
  for (int trial = 0; trial < 500; ++trial) {
    const Shape s = rng.shape(6, 9);
    CHECK(tc::parse_shape(tc::format_shape(s)) == s);
    CHECK(tc::parse_shape("torch.Size(" + tc::format_shape(s) + ")") == s);
  }
}

TEST_CASE("parse_shape: a megabyte of text is read or refused in one pass", "[parse_shape][limits]") {
  const std::string spaces(1 << 20, ' ');
  CHECK(tc::parse_shape(spaces + "5,3" + spaces) == Shape{5, 3});
  refuses([] { tc::parse_shape(std::string(1 << 20, '(')); }, tc::ErrorKind::Value,
          "cannot read shape: '(' where a size was expected at position 2");
  tct::refuses_containing([] { tc::parse_shape(std::string(1 << 20, '7')); }, tc::ErrorKind::Value,
                          "a size too large to represent");
  std::string ones;
  for (int i = 0; i < (1 << 19); ++i) ones += "1,";
  refuses([&] { tc::parse_shape(ones); }, tc::ErrorKind::Value,
          "tensorcast supports at most 16 dimensions");
}
