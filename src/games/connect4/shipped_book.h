#pragma once
// The Connect Four opening book built into the engine's hosts (the tool, the
// web worker, the desktop engine thread): data/connect4_opening.book,
// embedded at build time by cmake/embed_bytes.cmake into
// arcade_engine_sessions, so that the strongest level plays its first moves
// at once. The app's own game model carries no book.

#include <cstdint>
#include <memory>
#include <span>

#include "games/connect4/connect4_book.h"

namespace arcade {

// The bytes of data/connect4_opening.book as built into the program.
std::span<const std::uint8_t> shipped_connect4_book_bytes();

// The shipped book, read once; null if its bytes are damaged (the build's
// tests check that they are not).
std::shared_ptr<const Connect4Book> shipped_connect4_book();

}  // namespace arcade
