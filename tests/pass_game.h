#pragma once
// A game for tests only, with a forced pass: a row of three cells, a1 b1 c1.
// The first side (X) may put its pieces on a1 only, the second (O) on b1 and
// c1. A side that cannot put a piece down while the other still can must
// pass ("pass", a move that changes no cell); the game ends, drawn, when
// neither can. So from the start, X a1, O b1, and then X has no move but the
// pass; O c1 ends it. The app's handling of a pass is tested on it before
// any real game with passes is registered.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/hash.h"
#include "games/game_description.h"
#include "toy_game_moves.h"

namespace arcade::testing {

struct PassGame {
  struct Position {
    std::uint8_t x = 0;  // bit c: a piece of X on column c
    std::uint8_t o = 0;
    bool o_to_move = false;
    friend bool operator==(const Position&, const Position&) = default;
  };

  static constexpr std::string_view kName = "passgame";
  static constexpr std::size_t kMaxMoves = 2;
  static constexpr std::size_t kMoveSpace = 4;
  static constexpr int kMaxGamePlies = 4;
  static constexpr Move kPass = 3;

  // The columns each side may use.
  static constexpr std::uint8_t kAllowed[2] = {0b001, 0b110};

  static std::uint8_t free_for(const Position& p, int side) {
    return static_cast<std::uint8_t>(kAllowed[side] & ~(p.x | p.o));
  }

  static Position start() { return {}; }
  static void generate_moves(const Position& p, MoveList<kMaxMoves>& moves) {
    const int side = p.o_to_move ? 1 : 0;
    const std::uint8_t mine = free_for(p, side);
    for (Move c = 0; c < 3; ++c)
      if (mine & (1u << c)) moves.push(c);
    if (mine == 0 && free_for(p, 1 - side) != 0) moves.push(kPass);
  }
  static Position play(const Position& p, Move m) {
    Position next = p;
    if (m != kPass) (p.o_to_move ? next.o : next.x) |= static_cast<std::uint8_t>(1u << m);
    next.o_to_move = !p.o_to_move;
    return next;
  }
  static Outcome outcome(const Position& p) {
    return free_for(p, 0) == 0 && free_for(p, 1) == 0 ? Outcome::kDrawn : Outcome::kOngoing;
  }

  enum Term { kNothing, kTermCount };
  static constexpr std::array<EvalTerm, kTermCount> kTerms = {{{"Nothing", 1, "always 0"}}};
  using Weights = std::array<Score, kTermCount>;
  static Weights term_values(const Position&, const Weights&) { return {0}; }
  static Score evaluate(const Position& p, const Weights& weights) {
    return weighted_total(term_values(p, weights), weights);
  }

  static std::uint64_t hash(const Position& p) {
    return mix_hash(1 + p.x + 8u * p.o + 64u * p.o_to_move);
  }
  static int move_hint(const Position&, Move) { return 0; }

  static std::string move_to_text(const Position&, Move m) {
    return m == kPass ? "pass" : std::string(1, static_cast<char>('a' + m)) + "1";
  }
  static Parsed<Move> move_from_text(const Position& p, std::string_view text) {
    return legal_move_named<PassGame>(p, text);
  }
  // "x.o x": the row (x, o or .) and the side to move.
  static std::string to_text(const Position& p) {
    std::string text;
    for (int c = 0; c < 3; ++c) text += (p.x >> c & 1) ? 'x' : (p.o >> c & 1) ? 'o' : '.';
    return text + (p.o_to_move ? " o" : " x");
  }
  static Parsed<Position> from_text(std::string_view text) {
    if (text.size() != 5 || text[3] != ' ' || (text[4] != 'x' && text[4] != 'o'))
      return ParseError{"not a row and a side"};
    Position p;
    for (int c = 0; c < 3; ++c) {
      if (text[c] == 'x')
        p.x |= static_cast<std::uint8_t>(1u << c);
      else if (text[c] == 'o')
        p.o |= static_cast<std::uint8_t>(1u << c);
      else if (text[c] != '.')
        return ParseError{"a cell is x, o or ."};
    }
    if ((p.x & ~kAllowed[0]) || (p.o & ~kAllowed[1])) return ParseError{"a piece off its cells"};
    p.o_to_move = text[4] == 'o';
    return p;
  }
  static std::string diagram(const Position& p) { return to_text(p) + "\n"; }

  // --- Its description (games/game_description.h). ---
  static constexpr std::string_view kTitle = "Pass game";
  static constexpr std::array<SideDescription, 2> kSides = {
      {{"Black", "Black", false}, {"The Whites", "The whites", true}}};
  static constexpr BoardLayout kBoardLayout = [] {
    BoardLayout layout;  // the default look
    layout.grid = {3, 1};
    return layout;
  }();
  static constexpr std::string_view kStartLabel = "Start";
  static std::vector<StartVariant<Position>> start_variants() { return {{"Empty", start()}}; }
  static int side_to_move(const Position& p) { return p.o_to_move ? 1 : 0; }
  static Piece piece_at(const Position& p, Cell c) {
    if (p.x >> c.col & 1) return Piece::kFirstSide;
    return (p.o >> c.col & 1) ? Piece::kSecondSide : Piece::kNone;
  }
  static MoveCells move_cells(const Position&, Move m) {
    return m == kPass ? MoveCells::pass() : MoveCells::placing({m, 0});
  }
  static std::string end_in_words(const Position& p) {
    return outcome(p) == Outcome::kOngoing ? "" : "Draw: the row is full.";
  }
};

static_assert(GameDescription<PassGame>);

}  // namespace arcade::testing
