// Reading a shape typed by a person (the playground's inputs).
#pragma once
#include <string>

#include "shape.h"

namespace tc {

// Accepts sizes separated by commas, spaces, x, × or *, optionally in () or
// [], and optionally inside a torch call (the grammar of
// src/syntax/shape_text.h, without its named dims):
//   parse_shape("5,3,4,1")               // returns {5, 3, 4, 1}
//   parse_shape("(5, 3, 4, 1)")          // returns {5, 3, 4, 1}
//   parse_shape("torch.empty(5,3,4,1)")  // returns {5, 3, 4, 1}
//   parse_shape("torch.ones((0,))")      // returns {0}
//   parse_shape("torch.Size([2, 3])")    // returns {2, 3}
//   parse_shape("()")                    // returns {} (0-dimensional)
//   parse_shape("（5，3）")               // returns {5, 3}: full-width forms read as ASCII
//   parse_shape("4x3")                   // returns {4, 3}
//   parse_shape("5,-1")                  // throws: sizes are whole numbers >= 0
// Raises tc::Error naming the position (in characters, from 1) of the first
// thing it cannot read, quoting it when printable:
//   parse_shape("5;3")  // throws "cannot read shape: ';' where a size was
//                       //   expected at position 2"
Shape parse_shape(const std::string& text);

}  // namespace tc
