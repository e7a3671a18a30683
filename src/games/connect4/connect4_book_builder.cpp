#include "games/connect4/connect4_book_builder.h"

namespace arcade {
namespace {

// The positions after the book's move in each position of `layer`.
std::vector<BookPosition> after_book_moves(const Connect4Book& book,
                                           const std::vector<BookPosition>& layer,
                                           std::size_t& missing) {
  std::vector<BookPosition> played;
  for (const BookPosition& b : layer) {
    if (!Connect4Book::needs_entry(b.position)) continue;  // the game ends here
    const std::optional<Connect4Book::Entry> e = book.find(b.position);
    if (!e) {
      ++missing;
      continue;
    }
    const Move m = e->move();
    played.push_back({Connect4::play(b.position, m), b.moves + static_cast<char>('1' + m)});
  }
  return played;
}

// The perfect player's positions at `ply`: from the empty board when it
// moves first, from every first move of the opponent when it moves second.
std::vector<BookPosition> tree_positions(const Connect4Book& book, int ply, std::size_t& missing) {
  if (ply <= 1) return Connect4Book::reachable(ply);
  std::size_t ignored = 0;  // only the gaps of the ply just before are reported
  return Connect4Book::next_ply(
      after_book_moves(book, tree_positions(book, ply - 2, ignored), missing));
}

}  // namespace

BookLayer connect4_book_layer(const Connect4Book& book, int ply, int full_plies) {
  BookLayer layer;
  std::vector<BookPosition> positions =
      ply <= full_plies ? Connect4Book::reachable(ply) : tree_positions(book, ply, layer.missing);
  for (BookPosition& b : positions)
    if (Connect4Book::needs_entry(b.position)) layer.positions.push_back(std::move(b));
  return layer;
}

std::optional<Connect4Book::Entry> connect4_book_entry(Connect4Solver& solver,
                                                       const Connect4::Position& p) {
  const Connect4Solver::BestMoves best = solver.best_moves(p, /*first_only=*/true);
  if (solver.stopped() || best.columns.empty()) return std::nullopt;
  Connect4Book::Entry e;
  e.score = best.score;
  for (Move c : best.columns) e.best_columns |= static_cast<std::uint8_t>(1u << c);
  return e;
}

}  // namespace arcade
