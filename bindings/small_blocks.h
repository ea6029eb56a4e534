// The operator new and delete of every module: Note [Small-block lists]
// (small_blocks.cpp).
#pragma once

namespace tcjs {

// Bytes of the small-block region in use: handed out and not on the
// calling thread's lists (blocks on other threads' lists count as in use).
double small_blocks_in_use();

// How many freed blocks the calling thread's lists hold.
int small_blocks_kept();

}  // namespace tcjs
