#pragma once
// A game for tests only, whose moves remove things: Nim on three heaps of 3,
// 4 and 5 stones, a heap a cell (a1 b1 c1) holding its count. A move takes
// one or more stones from one heap ("b2": two from heap b); the side that
// takes the last stone wins. The description's checks (a cell's count, a
// move that takes from its cell) are tested on it, as no registered game may
// be one.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/hash.h"
#include "games/game_description.h"
#include "toy_game_moves.h"

namespace arcade::testing {

struct NimGame {
  struct Position {
    std::array<std::uint8_t, 3> heaps{3, 4, 5};
    bool second_to_move = false;
    friend bool operator==(const Position&, const Position&) = default;
  };

  static constexpr std::string_view kName = "nim";
  static constexpr std::size_t kMaxMoves = 12;
  static constexpr std::size_t kMoveSpace = 3 * 8;
  static constexpr int kMaxGamePlies = 12;

  // Move: heap * 8 + stones taken - 1.
  static Position start() { return {}; }
  static void generate_moves(const Position& p, MoveList<kMaxMoves>& moves) {
    for (int heap = 0; heap < 3; ++heap)
      for (int take = 1; take <= p.heaps[heap]; ++take)
        moves.push(static_cast<Move>(heap * 8 + take - 1));
  }
  static Position play(const Position& p, Move m) {
    Position next = p;
    next.heaps[m / 8] = static_cast<std::uint8_t>(p.heaps[m / 8] - (m % 8 + 1));
    next.second_to_move = !p.second_to_move;
    return next;
  }
  static Outcome outcome(const Position& p) {
    return p.heaps == std::array<std::uint8_t, 3>{} ? Outcome::kLost : Outcome::kOngoing;
  }

  enum Term { kNimSum, kTermCount };
  static constexpr std::array<EvalTerm, kTermCount> kTerms = {
      {{"NimSum", 1, "the heaps' exclusive or is not zero"}}};
  using Weights = std::array<Score, kTermCount>;
  static Weights term_values(const Position& p, const Weights&) {
    return {(p.heaps[0] ^ p.heaps[1] ^ p.heaps[2]) != 0 ? 1 : -1};
  }
  static Score evaluate(const Position& p, const Weights& weights) {
    return weighted_total(term_values(p, weights), weights);
  }
  static std::uint64_t hash(const Position& p) {
    return mix_hash(p.heaps[0] | p.heaps[1] << 4 | p.heaps[2] << 8 | p.second_to_move << 12);
  }
  static int move_hint(const Position&, Move) { return 0; }

  static std::string move_to_text(const Position&, Move m) {
    return std::string(1, static_cast<char>('a' + m / 8)) + std::to_string(m % 8 + 1);
  }
  static Parsed<Move> move_from_text(const Position& p, std::string_view text) {
    return legal_move_named<NimGame>(p, text);
  }
  // "345 f": the heaps and the side to move, f(irst) or s(econd).
  static std::string to_text(const Position& p) {
    std::string text;
    for (std::uint8_t h : p.heaps) text += static_cast<char>('0' + h);
    return text + (p.second_to_move ? " s" : " f");
  }
  static Parsed<Position> from_text(std::string_view text) {
    if (text.size() != 5 || text[3] != ' ' || (text[4] != 'f' && text[4] != 's'))
      return ParseError{"three heaps and a side"};
    Position p;
    for (int heap = 0; heap < 3; ++heap) {
      if (text[heap] < '0' || text[heap] > '0' + 3 + heap) return ParseError{"a heap too large"};
      p.heaps[heap] = static_cast<std::uint8_t>(text[heap] - '0');
    }
    p.second_to_move = text[4] == 's';
    return p;
  }
  static std::string diagram(const Position& p) { return to_text(p) + "\n"; }

  // --- Its description (games/game_description.h). ---
  static constexpr std::string_view kTitle = "Nim";
  static constexpr std::array<SideDescription, 2> kSides = {
      {{"First", "First", false}, {"Second", "Second", false}}};
  static constexpr BoardLayout kBoardLayout = [] {
    BoardLayout layout;  // the default look
    layout.grid = {3, 1};
    return layout;
  }();
  static constexpr std::string_view kStartLabel = "Start";
  static std::vector<StartVariant<Position>> start_variants() { return {{"3 4 5", start()}}; }
  static int side_to_move(const Position& p) { return p.second_to_move ? 1 : 0; }
  static Piece piece_at(const Position&, Cell) { return Piece::kNone; }
  static std::optional<int> count_at(const Position& p, Cell c) { return p.heaps[c.col]; }
  static MoveCells move_cells(const Position&, Move m) { return MoveCells::taking({m / 8, 0}); }
  static std::string end_in_words(const Position& p) {
    if (outcome(p) == Outcome::kOngoing) return "";
    return side_wins(kSides[1 - side_to_move(p)]) + ": took the last stone.";
  }
};

static_assert(GameDescription<NimGame>);

}  // namespace arcade::testing
