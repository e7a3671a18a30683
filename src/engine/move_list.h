#pragma once
// A fixed-capacity list of moves on the stack: the search generates moves at
// every node, so it must never allocate.

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>

namespace arcade {

// Every game encodes a move as a small unsigned integer below its kMoveSpace,
// so the transposition table and the history heuristic can store it directly.
using Move = std::uint16_t;
inline constexpr Move kNoMove = 0xFFFF;

template <std::size_t Capacity>
class MoveList {
 public:
  void push(Move m) {
    assert(size_ < Capacity);
    moves_[size_++] = m;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  Move& operator[](std::size_t i) { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  std::array<Move, Capacity> moves_{};
  std::size_t size_ = 0;
};

}  // namespace arcade
