#include "games/connect4_book_builder.h"

#include <unordered_set>

namespace arcade {
namespace {

bool belongs_in_book(const Connect4::Position& p) {
  return Connect4::outcome(p) == Outcome::kOngoing && !Connect4::can_win_next(p);
}

// Columns centre first. A layer is ordered by its move strings read in this
// order, so a long build that is stopped part way through a ply has first
// solved the positions people reach most (central play before a column
// stacked at the edge), and siblings stay next to each other, which is what
// lets a solver's table carry over from one to the next.
constexpr int kCentreFirst[Connect4::kWidth] = {3, 2, 4, 1, 5, 0, 6};

// Every position one ply after `layer`, each mirror pair once.
std::vector<BookPosition> children(const std::vector<BookPosition>& layer) {
  std::unordered_set<std::uint64_t> seen;
  std::vector<BookPosition> next;
  for (const BookPosition& parent : layer) {
    if (Connect4::outcome(parent.position) != Outcome::kOngoing) continue;
    for (int c : kCentreFirst) {
      if (parent.position.mask & Connect4::top_cell(c)) continue;
      const Connect4::Position child = Connect4::play(parent.position, static_cast<Move>(c));
      if (seen.insert(Connect4Book::canonical_key(child)).second)
        next.push_back({child, parent.moves + static_cast<char>('1' + c)});
    }
  }
  return next;
}

std::vector<BookPosition> every_position(int ply) {
  std::vector<BookPosition> layer = {{Connect4::start(), ""}};
  for (int i = 0; i < ply; ++i) layer = children(layer);
  return layer;
}

// The positions after the book's move in each position of `layer`.
std::vector<BookPosition> after_book_moves(const Connect4Book& book,
                                           const std::vector<BookPosition>& layer,
                                           std::size_t& missing) {
  std::vector<BookPosition> played;
  for (const BookPosition& b : layer) {
    if (!belongs_in_book(b.position)) continue;  // the game ends here
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
  if (ply <= 1) return every_position(ply);
  std::size_t ignored = 0;  // only the gaps of the ply just before are reported
  return children(after_book_moves(book, tree_positions(book, ply - 2, ignored), missing));
}

}  // namespace

BookLayer connect4_book_layer(const Connect4Book& book, int ply, int full_plies) {
  BookLayer layer;
  std::vector<BookPosition> positions =
      ply <= full_plies ? every_position(ply) : tree_positions(book, ply, layer.missing);
  for (BookPosition& b : positions)
    if (belongs_in_book(b.position)) layer.positions.push_back(std::move(b));
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
