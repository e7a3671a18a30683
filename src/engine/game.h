#pragma once
// The contract between the search and a game. The engine knows no game: a game
// is a type with static functions over a small value type, Position, checked
// by the `Game` concept below, so the search is instantiated per game with no
// virtual call and no allocation per node.

#include <array>
#include <concepts>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "engine/evaluation.h"
#include "engine/move_list.h"
#include "engine/parsed.h"
#include "engine/score.h"

namespace arcade {

template <class G>
concept Game = requires(const typename G::Position& p, Move m, std::string_view text,
                        MoveList<G::kMaxMoves>& list, const typename G::Weights& weights) {
  typename G::Position;
  requires std::copyable<typename G::Position>;
  { G::kName } -> std::convertible_to<std::string_view>;
  // Upper bound on the number of legal moves in any position.
  { G::kMaxMoves } -> std::convertible_to<std::size_t>;
  // Every move encodes below this (sizes the history table).
  { G::kMoveSpace } -> std::convertible_to<std::size_t>;
  // Upper bound on the length of any game in plies.
  { G::kMaxGamePlies } -> std::convertible_to<int>;

  { G::start() } -> std::same_as<typename G::Position>;
  { G::generate_moves(p, list) } -> std::same_as<void>;
  { G::play(p, m) } -> std::same_as<typename G::Position>;
  // kOngoing unless the game is over, else the result for the side to move.
  // A position with no legal move must not be kOngoing.
  { G::outcome(p) } -> std::same_as<Outcome>;
  // The heuristic's terms (engine/evaluation.h) and a weight for each.
  { G::kTerms[0] } -> std::convertible_to<EvalTerm>;
  requires std::same_as<typename G::Weights, std::array<Score, std::size(G::kTerms)>>;
  // Each term's value for the side to move. A term may decide alone (a win
  // next move, say): then it is 1 and every other term 0, unless its weight
  // is 0, which turns it off.
  { G::term_values(p, weights) } -> std::same_as<typename G::Weights>;
  // Heuristic value for the side to move: exactly
  // weighted_total(term_values(p, weights), weights), so within +-kMaxHeuristic.
  { G::evaluate(p, weights) } -> std::same_as<Score>;
  { G::hash(p) } -> std::same_as<std::uint64_t>;
  // Cheap static guess of how good a move is, for ordering (higher first).
  { G::move_hint(p, m) } -> std::same_as<int>;

  { G::move_to_text(p, m) } -> std::same_as<std::string>;
  // Parses and checks legality in p.
  { G::move_from_text(p, text) } -> std::same_as<Parsed<Move>>;
  { G::to_text(p) } -> std::same_as<std::string>;
  // Rejects malformed and impossible positions with a message.
  { G::from_text(text) } -> std::same_as<Parsed<typename G::Position>>;
  // A human-readable board diagram.
  { G::diagram(p) } -> std::same_as<std::string>;
};

// A game may also know the exact value of some positions (a solved table,
// a win detectable without search): probe returns the score at ply 0 or
// nothing. The search uses it when perfect play is requested.
template <class G>
concept HasOracle = Game<G> && requires(const typename G::Position& p) {
  { G::probe(p) } -> std::same_as<std::optional<Score>>;
};

// A game scored by its final margin (Reversi's disc difference) says it for
// a finished game, from the side to move's view (positive: a win by that
// much). The search then scores finished games win_by / loss_by that margin
// (score.h) rather than win or loss in plies: more discs are better than a
// quicker end.
template <class G>
concept HasFinalMargin = Game<G> && requires(const typename G::Position& p) {
  { G::final_margin(p) } -> std::convertible_to<int>;
};

// A game where a side may move twice in a row (an extra turn: a sowing that
// ends in the mover's own store) says so with kExtraTurns and tells whose
// turn it is, G::side_to_move(p), 0 or 1. The search then neither negates
// the value nor swaps the window across a move that keeps the turn. Any
// other game alternates, and compiles to the search it always was.
template <class G>
concept HasExtraTurns = Game<G> && requires(const typename G::Position& p) {
  requires G::kExtraTurns;
  { G::side_to_move(p) } -> std::same_as<int>;
};

// Whether the side to move in `child`, a position right after `parent`, is
// the one that moved in `parent`: always false where turns alternate.
template <Game G>
constexpr bool keeps_turn(const typename G::Position& parent, const typename G::Position& child) {
  if constexpr (HasExtraTurns<G>)
    return G::side_to_move(parent) == G::side_to_move(child);
  else
    return false;
}

// A value of `child` from its side to move's view, seen from `parent`'s:
// negated unless the move kept the turn.
template <Game G>
constexpr Score from_parent_view(const typename G::Position& parent,
                                 const typename G::Position& child, Score child_value) {
  return keeps_turn<G>(parent, child) ? child_value : -child_value;
}

// The exact score of a finished game, `ply` plies from the root.
template <Game G>
constexpr Score game_end_score(const typename G::Position& p, Outcome outcome, int ply) {
  if constexpr (HasFinalMargin<G>)
    return margin_score(G::final_margin(p));
  else
    return terminal_score(outcome, ply);
}

}  // namespace arcade
