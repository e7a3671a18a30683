#pragma once
// The transposition table remembers what earlier searches learned about a
// position: a bound on its score, the best move found, how deep the search
// below it went, and whether the score is proven (the subtree reached only
// finished games, so the value holds at any depth). It has a fixed size set in
// megabytes and is kept between the moves of one game.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/move_list.h"
#include "engine/score.h"

namespace arcade {

enum class Bound : std::uint8_t { kNone, kUpper, kLower, kExact };

struct TableEntry {
  std::uint32_t check = 0;  // upper key bits, to tell positions in one slot apart
  Score score = 0;          // relative to the stored position (ply 0)
  Move move = kNoMove;
  std::uint8_t depth = 0;
  Bound bound = Bound::kNone;
  bool proven = false;
};

class TranspositionTable {
 public:
  static constexpr std::size_t kDefaultMegabytes = 16;

  explicit TranspositionTable(std::size_t megabytes = kDefaultMegabytes) { resize(megabytes); }

  // Rounds down to a power of two entries; at least one entry.
  void resize(std::size_t megabytes) {
    std::size_t count = 1;
    const std::size_t wanted = megabytes * 1024 * 1024 / sizeof(TableEntry);
    while (count * 2 <= wanted) count *= 2;
    entries_.assign(count, TableEntry{});
    mask_ = count - 1;
  }
  void clear() { entries_.assign(entries_.size(), TableEntry{}); }

  const TableEntry* probe(std::uint64_t key) const {
    const TableEntry& e = entries_[key & mask_];
    return e.bound != Bound::kNone && e.check == check_of(key) ? &e : nullptr;
  }

  // Keeps the deeper of two results for the same position; a different
  // position always replaces (newer is more relevant to the current game).
  void store(std::uint64_t key, Score score, Bound bound, int depth, Move move, bool proven) {
    TableEntry& e = entries_[key & mask_];
    const bool same = e.check == check_of(key) && e.bound != Bound::kNone;
    if (same && e.depth > depth && !proven && !(bound == Bound::kExact && e.bound != Bound::kExact))
      return;
    if (same && move == kNoMove) move = e.move;
    e = TableEntry{check_of(key), score, move, static_cast<std::uint8_t>(depth < 255 ? depth : 255),
                   bound,         proven};
  }

 private:
  static std::uint32_t check_of(std::uint64_t key) { return static_cast<std::uint32_t>(key >> 32); }

  std::vector<TableEntry> entries_;
  std::size_t mask_ = 0;
};

}  // namespace arcade
