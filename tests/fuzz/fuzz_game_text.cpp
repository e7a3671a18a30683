// Fuzz target: the position strings and move texts of every game.
//
// What it checks, on any input:
//  - G::from_text either reads a position or says what is wrong (a
//    non-empty message), and never crashes;
//  - a position it reads round-trips: to_text of it reads back as the same
//    position, with the same text;
//  - in that position, every legal move's text reads back as that move, and
//    the position after each legal move round-trips too (a reachable
//    position must be readable);
//  - a move text that reads is a legal move; one that does not gets a message;
//  - what the Game concept promises the search (engine/game.h): no legal
//    move only in a finished game, heuristic scores within kMaxHeuristic.
// Why: position strings and moves come from people and from storage (the
// protocol's `position`, the app's saved games, the browser's local
// storage), while the engine trusts a position once read: a parser that let
// an impossible one through would break the search far from the input.
//
// Input: byte 0 picks the game (its value modulo the number of games, in
// the order of src/games/games.txt: '0' Tic-tac-toe, '1' Connect Four, '2'
// Wolf and Sheep, ...); the bytes after it up to the first newline are a position string,
// the bytes after that newline a move text, read in that position (or in
// the start position when the string is rejected).

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>

#include "engine/game.h"
#include "fuzz_check.h"
#include "games/registered_games.h"

namespace arcade::fuzz {
namespace {

// Every registered game, in the order of src/games/games.txt.
template <class List>
struct AsTuple;
template <class... G>
struct AsTuple<GameList<G...>> {
  using type = std::tuple<G...>;
};
using Games = AsTuple<RegisteredGames>::type;
constexpr std::size_t kGameCount = std::tuple_size_v<Games>;

template <Game G>
void check_round_trip(const typename G::Position& p) {
  const std::string text = G::to_text(p);
  const Parsed<typename G::Position> back = G::from_text(text);
  if (!back) fail("to_text wrote a string that from_text rejects: " + back.error(), text);
  if (!(*back == p)) fail("to_text then from_text gave another position", text);
  if (G::to_text(*back) != text) fail("to_text of the position read back differs", text);
}

template <Game G>
void check_moves(const typename G::Position& p) {
  MoveList<G::kMaxMoves> moves;
  G::generate_moves(p, moves);
  if (moves.empty() && G::outcome(p) == Outcome::kOngoing)
    fail("no legal move, yet the game is not over", G::to_text(p));
  if (G::outcome(p) == Outcome::kOngoing) {
    const Score value = G::evaluate(p, default_weights<G>());
    if (value < -kMaxHeuristic || value > kMaxHeuristic)
      fail("evaluate is outside +-kMaxHeuristic", G::to_text(p));
  }
  for (Move m : moves) {
    const std::string text = G::move_to_text(p, m);
    const Parsed<Move> back = G::move_from_text(p, text);
    if (!back) fail("a legal move's text is rejected: " + back.error(), text);
    if (*back != m) fail("a legal move's text reads as another move", text);
    check_round_trip<G>(G::play(p, m));
  }
}

template <Game G>
void check_move_text(const typename G::Position& p, std::string_view text) {
  const Parsed<Move> move = G::move_from_text(p, text);
  if (!move) {
    if (move.error().empty()) fail("a move text rejected without a message", text);
    return;
  }
  MoveList<G::kMaxMoves> moves;
  G::generate_moves(p, moves);
  if (!moves.contains(*move)) fail("a move text reads as an illegal move", text);
}

template <Game G>
void check_game(std::string_view position_text, std::string_view move_text) {
  const Parsed<typename G::Position> parsed = G::from_text(position_text);
  if (!parsed && parsed.error().empty())
    fail("a position string rejected without a message", position_text);
  const typename G::Position p = parsed ? *parsed : G::start();
  if (parsed) {
    check_round_trip<G>(p);
    check_moves<G>(p);
  }
  check_move_text<G>(p, move_text);
}

template <std::size_t... I>
void check_game_at(std::size_t index, std::string_view position_text, std::string_view move_text,
                   std::index_sequence<I...>) {
  ((index == I ? check_game<std::tuple_element_t<I, Games>>(position_text, move_text) : void()),
   ...);
}

}  // namespace
}  // namespace arcade::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace arcade::fuzz;
  if (size == 0) return 0;
  const std::string_view text = as_text(data + 1, size - 1);
  const std::size_t newline = text.find('\n');
  const std::string_view position_text = text.substr(0, newline);
  const std::string_view move_text =
      newline == std::string_view::npos ? std::string_view() : text.substr(newline + 1);
  check_game_at(data[0] % kGameCount, position_text, move_text,
                std::make_index_sequence<kGameCount>());
  return 0;
}
