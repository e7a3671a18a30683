#pragma once
// What goes into the Connect Four opening book and how one entry is made;
// the command that builds a book file (resumable, on several threads) is
// `arcade book` (connect4_book_tool.cpp).
//
// The book is the tree of a perfect player, for either side: every position
// where that player is to move, having always played the book's move, after
// any answer of the opponent. Each position holds its exact score and the
// book's move (the most central column that keeps it). So whoever the
// strongest level plays, and whatever the person does, each of its moves
// within the book is a lookup. Up to `full_plies` the book holds every
// position, not only the tree's, for analysis and hints.
//
// Every position up to ply 7 (`full 7`) costs hours: a position 7 plies
// deep takes the solver one to several seconds, and there are 25,718 of
// them (each mirror pair once). Deepest first, so that each shallower
// position then finds all its children in the book.

#include <optional>
#include <string>
#include <vector>

#include "games/connect4/connect4_book.h"
#include "games/connect4/connect4_solver.h"

namespace arcade {

// The book's positions at `ply`, each mirror pair once, in the order play
// reaches them: every position up to `full_plies`, further the perfect
// player's (at ply 1 every first move of the opponent; at ply n > 1 the
// answers to the book's moves in its positions at ply n - 2). No finished
// game and no position whose side to move wins with its next disc (the
// solver sees those at once). Tree positions at ply - 2 missing from the
// book are counted in `missing` and not followed.
struct BookLayer {
  std::vector<BookPosition> positions;
  std::size_t missing = 0;
};
BookLayer connect4_book_layer(const Connect4Book& book, int ply, int full_plies);

// The book entry of p: its exact score and the book's move, found by
// `solver` (with whatever book it has). Nothing if the solve was abandoned.
std::optional<Connect4Book::Entry> connect4_book_entry(Connect4Solver& solver,
                                                       const Connect4::Position& p);

}  // namespace arcade
