#pragma once
// A game for tests only, where a side may move again (engine/game.h's
// HasExtraTurns): a counter walks over kStates states, each move one of up to
// three steps; a step scores the mover 0 to 3 points less one, and a step to
// a state divisible by three gives the mover another move, so that chains of
// two, three or more moves by one side are common. After kLength moves the
// side ahead wins: by its lead (kByMargin, as HasFinalMargin) or, otherwise,
// in plies. States recur along different paths, so the table meets the same
// position by transpositions.
//
// Not a fair or interesting game; a small, irregular tree whose value a plain
// minimax written in the test can compute, with either kind of final score.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/game.h"
#include "engine/hash.h"
#include "toy_game_moves.h"

namespace arcade::testing {

template <bool kByMargin>
struct ExtraTurnGameOf {
  struct Position {
    std::uint8_t state = 1;
    std::uint8_t plies = 0;
    std::uint8_t side = 0;  // 0 or 1, to move
    std::int8_t lead = 0;   // side 0's points less side 1's
    friend bool operator==(const Position&, const Position&) = default;
  };

  static constexpr std::string_view kName = "extraturns";
  static constexpr std::size_t kMaxMoves = 3;
  static constexpr std::size_t kMoveSpace = 3;
  static constexpr int kLength = 10;
  static constexpr int kMaxGamePlies = kLength;
  static constexpr int kStates = 61;
  static constexpr bool kExtraTurns = true;

  static Position start() { return {}; }
  static int side_to_move(const Position& p) { return p.side; }

  static std::uint8_t step(const Position& p, Move m) {
    return static_cast<std::uint8_t>((p.state * 37 + m * 11 + 3) % kStates);
  }
  static void generate_moves(const Position& p, MoveList<kMaxMoves>& moves) {
    if (outcome(p) != Outcome::kOngoing) return;
    for (Move m = 0; m < 1 + p.state / 3 % 3; ++m) moves.push(m);
  }
  static Position play(const Position& p, Move m) {
    Position next = p;
    next.state = step(p, m);
    next.plies = static_cast<std::uint8_t>(p.plies + 1);
    const int gain = next.state % 5 - 1;
    next.lead = static_cast<std::int8_t>(p.lead + (p.side == 0 ? gain : -gain));
    if (next.state % 3 != 0) next.side = static_cast<std::uint8_t>(1 - p.side);
    return next;
  }
  // The lead from the side to move's view.
  static int own_lead(const Position& p) { return p.side == 0 ? p.lead : -p.lead; }
  static Outcome outcome(const Position& p) {
    if (p.plies < kLength) return Outcome::kOngoing;
    return own_lead(p) > 0 ? Outcome::kWon : own_lead(p) < 0 ? Outcome::kLost : Outcome::kDrawn;
  }
  static int final_margin(const Position& p) requires kByMargin { return own_lead(p); }

  enum Term { kLead, kState, kTermCount };
  static constexpr std::array<EvalTerm, kTermCount> kTerms = {
      {{"Lead", 10, "points ahead"}, {"State", 1, "the state's last digit"}}};
  using Weights = std::array<Score, kTermCount>;
  static Weights term_values(const Position& p, const Weights&) {
    return {own_lead(p), p.state % 10};
  }
  static Score evaluate(const Position& p, const Weights& weights) {
    return weighted_total(term_values(p, weights), weights);
  }
  static std::uint64_t hash(const Position& p) {
    return mix_hash(p.state | std::uint64_t{p.plies} << 8 | std::uint64_t{p.side} << 16 |
                    std::uint64_t(p.lead + 128) << 24);
  }
  // Misleading as often as not, so that ordering and the table matter.
  static int move_hint(const Position& p, Move m) { return (p.state + m) % 3; }

  static std::string move_to_text(const Position&, Move m) { return "m" + std::to_string(m); }
  static Parsed<Move> move_from_text(const Position& p, std::string_view text) {
    return legal_move_named<ExtraTurnGameOf>(p, text);
  }
  // "state plies side lead".
  static std::string to_text(const Position& p) {
    return std::to_string(p.state) + " " + std::to_string(p.plies) + " " + std::to_string(p.side) +
           " " + std::to_string(p.lead);
  }
  static Parsed<Position> from_text(std::string_view text) {
    const std::vector<std::string> words = split_words(text);
    if (words.size() != 4) return ParseError{"four numbers"};
    const auto state = parse_number(words[0], 0, kStates - 1);
    const auto plies = parse_number(words[1], 0, kLength);
    const auto side = parse_number(words[2], 0, 1);
    const auto lead = parse_signed(words[3], -100, 100);
    if (!state || !plies || !side || !lead) return ParseError{"a number out of range"};
    return Position{static_cast<std::uint8_t>(*state), static_cast<std::uint8_t>(*plies),
                    static_cast<std::uint8_t>(*side), static_cast<std::int8_t>(*lead)};
  }
  static std::string diagram(const Position& p) { return to_text(p) + "\n"; }
};

using ExtraTurnGame = ExtraTurnGameOf<false>;
using ExtraTurnMarginGame = ExtraTurnGameOf<true>;
static_assert(HasExtraTurns<ExtraTurnGame> && !HasFinalMargin<ExtraTurnGame>);
static_assert(HasExtraTurns<ExtraTurnMarginGame> && HasFinalMargin<ExtraTurnMarginGame>);

}  // namespace arcade::testing
