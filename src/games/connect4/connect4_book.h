#pragma once
// A Connect Four opening book: for every position it holds, the exact score
// (data-set convention, see connect4_solver.h) and columns that keep it
// (`arcade book build` stores one, the book's move: the most central). Made
// by `arcade book build` (connect4_book_tool.cpp) with the exact solver, so an early
// move, which the solver alone would need minutes for, is a lookup.
//
// A position and its mirror image share one entry, under the smaller of
// their two keys (mirror symmetry halves the book). Entries are 64-bit words
// sorted by key, found by binary search:
//   bits 13-61  the position's key (Connect4::key, below 2^49)
//   bits  7-12  the score + 32
//   bits  0-6   the best columns, bit c for column c (of the keyed side)
//
// File format (little-endian), checked in full by from_bytes:
//   "C4OB"  magic
//   u8      version (2)
//   u8      the deepest ply of any position in the book
//   u8      W: the book holds plies 0 to W - 1 whole (at most 9)
//   u8      0
//   u32     the number of stored entries N
//   K x u16 the whole plies' entries: bits 0-12 of their words, for every
//           position of plies 0 to W - 1 that needs_entry (one of each
//           mirror pair) in ascending key order; their keys are not stored,
//           the reader enumerates them
//   N x u64 the other entries, keys strictly ascending
//   u32     FNV-1a of everything before it
// (A whole ply costs 2 bytes a position instead of 8, and the book's
// values compress well where its keys do not: to ply 7 that is 36,000
// positions.)

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/parsed.h"
#include "games/connect4/connect4.h"

namespace arcade {

struct BookPosition {
  Connect4::Position position;
  std::string moves;  // the columns played to reach it, e.g. "4453"
};

class Connect4Book {
 public:
  using Position = Connect4::Position;

  struct Entry {
    int score = 0;
    std::uint8_t best_columns = 0;  // bit c set: column c keeps the score
    // The book's move: the most central of the best columns.
    Move move() const;
  };

  // Whether a book that holds p's whole ply has an entry for p: p is
  // unfinished and its side to move cannot win with its next disc (the
  // solver sees those at once).
  static bool needs_entry(const Position& p);
  // Every position one ply after `positions`, each mirror pair once (the
  // first reached, columns tried centre first), with its moves.
  static std::vector<BookPosition> next_ply(const std::vector<BookPosition>& positions);
  // Every position play reaches at `ply`, each mirror pair once.
  static std::vector<BookPosition> reachable(int ply);

  // The position with its columns mirrored (column c becomes 6 - c).
  static Position mirror(const Position& p);
  // The smaller key of p and its mirror image: the key of p's entry.
  static std::uint64_t canonical_key(const Position& p);

  // Reads a book file. Refused, with a message naming the entry and what is
  // wrong: a damaged header, size or checksum; and any entry that no exact
  // book could hold, as far as that shows without a search:
  //  - its key is no legal, unfinished position (no four, a possible order
  //    of drops), is out of order, is not the smaller of its mirror pair, or
  //    is deeper than the header's deepest ply (which must be the deepest
  //    entry's);
  //  - its score is outside what the discs played allow: a win at once when
  //    there is one, a loss at once when every move allows one, otherwise
  //    from losing to the opponent's second disc to winning with one's own
  //    second, and never beyond 18 or -18 (a four takes four discs);
  //  - a best column is full, does not win at once while another column
  //    does, or lets the opponent win at once while another does not;
  //  - negamax between entries: a best column is worth exactly the score
  //    and no column more, where a move's value is known from the entry of
  //    the position it leads to or a result decided at once, or bounded by
  //    the known answers to it (entries two plies on).
  // What only solving can tell (a score or best column that fits all of
  // that) is for `arcade book check`.
  static Parsed<Connect4Book> from_bytes(std::span<const std::uint8_t> bytes);
  std::vector<std::uint8_t> to_bytes() const;

  // The entry for p, its columns as seen from p (mirrored back if needed).
  std::optional<Entry> find(const Position& p) const;
  // Adds or replaces p's entry.
  void insert(const Position& p, const Entry& entry);

  // Every position the book holds (one of each mirror pair), by key.
  std::vector<Position> positions() const;

  std::size_t size() const { return words_.size(); }
  // The deepest ply of any position in the book (0 when empty): deeper
  // positions need no lookup.
  int max_plies() const { return max_plies_; }
  // W: every position of plies 0 to W - 1 that needs an entry has one, and
  // the book has no other entry of those plies.
  int whole_plies() const;

 private:
  std::vector<std::uint64_t> words_;  // sorted by key
  int max_plies_ = 0;
};

}  // namespace arcade
