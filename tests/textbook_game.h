#pragma once
// A game for tests only: the two-ply tree of Russell and Norvig, "Artificial
// Intelligence: A Modern Approach" (3rd edition), Figure 5.2. MAX at the root
// A has moves a1 a2 a3 to the MIN nodes B, C, D; each has three moves (b1 b2
// b3, ...) to positions whose values for MAX are
//   B: 3 12 8    C: 2 4 6    D: 14 5 2
// and the minimax value of A is 3. Those positions are not the end of the
// game (each has one move, "end", to a drawn end), so that a search to depth
// 2 values them with the heuristic, which here is just the figure's number.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/game.h"
#include "engine/hash.h"
#include "toy_game_moves.h"

namespace arcade::testing {

struct TextbookGame {
  struct Position {
    std::uint8_t node = 0;  // 0 A; 1-3 B C D; 4-12 their children; 13 the end
    friend bool operator==(const Position&, const Position&) = default;
  };

  static constexpr std::string_view kName = "textbook";
  static constexpr std::size_t kMaxMoves = 3;
  static constexpr std::size_t kMoveSpace = 3;
  static constexpr int kMaxGamePlies = 3;
  static constexpr std::uint8_t kEnd = 13;
  static constexpr std::array<Score, 9> kLeafValues = {3, 12, 8, 2, 4, 6, 14, 5, 2};
  static constexpr std::array<std::string_view, 14> kNodeNames = {
      "A", "B", "C", "D", "B1", "B2", "B3", "C1", "C2", "C3", "D1", "D2", "D3", "end"};

  static bool is_min(std::uint8_t node) { return node >= 1 && node <= 3; }
  static bool is_leaf(std::uint8_t node) { return node >= 4 && node < kEnd; }

  static Position start() { return {}; }
  static void generate_moves(const Position& p, MoveList<kMaxMoves>& moves) {
    const int count = p.node == kEnd ? 0 : is_leaf(p.node) ? 1 : 3;
    for (int m = 0; m < count; ++m) moves.push(static_cast<Move>(m));
  }
  static Position play(const Position& p, Move m) {
    if (p.node == 0) return {static_cast<std::uint8_t>(1 + m)};
    if (is_min(p.node)) return {static_cast<std::uint8_t>(4 + 3 * (p.node - 1) + m)};
    return {kEnd};
  }
  static Outcome outcome(const Position& p) {
    return p.node == kEnd ? Outcome::kDrawn : Outcome::kOngoing;
  }

  enum Term { kFigureValue, kTermCount };
  static constexpr std::array<EvalTerm, kTermCount> kTerms = {
      {{"FigureValue", 1, "the figure's value of the position, for MAX"}}};
  using Weights = std::array<Score, kTermCount>;
  // From the side to move's view: MAX moves at A and at the figure's leaves.
  static Weights term_values(const Position& p, const Weights&) {
    if (!is_leaf(p.node)) return {0};
    return {kLeafValues[p.node - 4]};
  }
  static Score evaluate(const Position& p, const Weights& weights) {
    return weighted_total(term_values(p, weights), weights);
  }

  static std::uint64_t hash(const Position& p) { return mix_hash(p.node + 1); }
  static int move_hint(const Position&, Move) { return 0; }

  static std::string move_to_text(const Position& p, Move m) {
    if (is_leaf(p.node)) return "end";
    std::string text(1, static_cast<char>('a' + p.node));  // appended: g++ 12 warns on +
    return text.append(std::to_string(m + 1));
  }
  static Parsed<Move> move_from_text(const Position& p, std::string_view text) {
    return legal_move_named<TextbookGame>(p, text);
  }
  static std::string to_text(const Position& p) { return std::string(kNodeNames[p.node]); }
  static Parsed<Position> from_text(std::string_view text) {
    for (std::size_t i = 0; i < kNodeNames.size(); ++i)
      if (kNodeNames[i] == text) return Position{static_cast<std::uint8_t>(i)};
    return ParseError{"no such node"};
  }
  static std::string diagram(const Position& p) { return to_text(p) + "\n"; }
};

static_assert(Game<TextbookGame>);

}  // namespace arcade::testing
