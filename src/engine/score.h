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
