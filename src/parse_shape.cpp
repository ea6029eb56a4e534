#include "parse_shape.h"

#include "error.h"
#include "syntax/shape_text.h"

namespace tc {

Shape parse_shape(const std::string& text) {
  const syntax::ShapeReading reading = syntax::read_shape(text);
  if (const auto& p = reading.problem) {
    if (p->kind == "too-many-dims") fail(ErrorKind::Value, p->message);
    fail(ErrorKind::Value, "cannot read shape: ", p->message, " at position ", p->position);
  }
  Shape shape;
  for (const syntax::ShapeDim& d : reading.dims) {
    // A named dim ("B,3") is for the playground, which asks its value; its
    // first letter is quoted, so that a message stays short.
    if (d.name)
      fail(ErrorKind::Value, "cannot read shape: '", d.name->substr(0, 1),
           "' where a size was expected at position ", d.position);
    shape.push_back(*d.size);
  }
  check_shape(shape);
  return shape;
}

}  // namespace tc
