#pragma once
// Scores are always from the side to move's point of view (negamax).
//
// A proven result n plies from the root is encoded far outside the heuristic
// range, so that any win beats any heuristic score and a nearer win beats a
// farther one; a nearer loss is worse than a farther one, so the engine that
// is lost fights on as long as it can.
//
//   -kWin ... -kWin+kMaxPly   proven loss  (loss in 0 .. kMaxPly plies)
//   -kMaxHeuristic ... +kMaxHeuristic     heuristic (or a proven draw, 0)
//   +kWin-kMaxPly ... +kWin   proven win
//
// A game scored by its final margin (Reversi's disc difference; such a game
// has G::final_margin, see engine/game.h) proves "win by m" instead: every
// margin win is a win, a larger margin is better, and all of them lie below
// any win in plies, at the bottom of the proven range (no game scores both
// ways). A margin is not the game's value wherever it is found: a line cut
// off by the depth limit might win by more, so the search takes a margin as
// exact only where nothing below it was cut off.
//
//   -kWin+kMaxPly-kMaxMargin ... -kWin+kMaxPly-1   loss by kMaxMargin .. 1
//   +kWin-kMaxPly+1 ... +kWin-kMaxPly+kMaxMargin   win by 1 .. kMaxMargin

#include <cstdint>
#include <cstdlib>

namespace arcade {

using Score = std::int32_t;

inline constexpr Score kInfinity = 1'000'000;
inline constexpr Score kWin = 100'000;
inline constexpr Score kMaxPly = 1'000;
inline constexpr Score kMaxHeuristic = 10'000;
inline constexpr Score kDraw = 0;

constexpr Score win_in(int plies) {
  return kWin - plies;
}
constexpr Score loss_in(int plies) {
  return -kWin + plies;
}
constexpr bool is_win(Score s) {
  return s >= kWin - kMaxPly;
}
constexpr bool is_loss(Score s) {
  return s <= -kWin + kMaxPly;
}
constexpr bool is_decisive(Score s) {
  return is_win(s) || is_loss(s);
}
// Plies from the position scored to the end of the game, for a decisive score.
constexpr int plies_to_end(Score s) {
  return kWin - (s < 0 ? -s : s);
}

// Margin scores (see above). A win in plies stays within kMaxPly - kMaxMargin
// plies, far beyond any search.
inline constexpr Score kMaxMargin = 256;
constexpr Score win_by(int margin) {
  return kWin - kMaxPly + margin;
}
constexpr Score loss_by(int margin) {
  return -win_by(margin);
}
// The score of a game ended with this margin for the side to move.
constexpr Score margin_score(int margin) {
  return margin > 0 ? win_by(margin) : margin < 0 ? loss_by(-margin) : kDraw;
}
constexpr bool is_margin(Score s) {
  const Score a = s < 0 ? -s : s;
  return a > kWin - kMaxPly && a <= kWin - kMaxPly + kMaxMargin;
}
// The margin of a margin score: positive for a win, negative for a loss.
constexpr int margin_of(Score s) {
  return s > 0 ? s - (kWin - kMaxPly) : s + (kWin - kMaxPly);
}
// A win or loss in plies: the game's value wherever the search finds it,
// unlike a margin.
constexpr bool is_distance_result(Score s) {
  return is_decisive(s) && !is_margin(s);
}

// Outcome of a finished game, from the side to move's point of view.
enum class Outcome : std::uint8_t { kOngoing, kLost, kDrawn, kWon };

constexpr Score terminal_score(Outcome o, int ply) {
  switch (o) {
    case Outcome::kWon:
      return win_in(ply);
    case Outcome::kLost:
      return loss_in(ply);
    default:
      return kDraw;
  }
}

}  // namespace arcade
