#pragma once
// Sessions as the engine's hosts create them (the command-line tool, the web
// worker, the desktop app's engine thread): with the opening books built
// into the program, so that the strongest level plays its first moves at
// once. Link arcade_engine_sessions, which embeds data/ at build time; the
// app's own game model uses make_session and carries no book.

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "engine/session.h"
#include "games/connect4_book.h"

namespace arcade {

// The bytes of data/connect4_opening.book as built into the program.
std::span<const std::uint8_t> shipped_connect4_book_bytes();

// The shipped Connect Four book, read once; null if its bytes are damaged
// (the build's tests check that they are not).
std::shared_ptr<const Connect4Book> shipped_connect4_book();

// make_session, plus the shipped books.
std::unique_ptr<GameSession> make_engine_session(std::string_view name);

}  // namespace arcade
