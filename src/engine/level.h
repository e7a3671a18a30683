#pragma once
// Playing strength presets, from "Beginner" to "Perfect": what the protocol's
// Level option, `arcade match`, `arcade tournament` and the app's level menu
// choose from.
//
// Depth alone makes a poor ladder: a shallow search still never misses what
// it sees, and in small games every depth soon plays alike. So the lower
// levels also blur their judgement (noise on each root move's heuristic score,
// in the games' evaluation units) and now and then play another move on
// purpose. Proven wins and losses are never blurred, and the deliberate
// mistake is never a move known to lose.

#include <iterator>
#include <string_view>

#include "engine/search.h"

namespace arcade {

struct Level {
  std::string_view name;
  std::string_view description;
  int max_depth;        // 0: unlimited
  Score noise;          // up to this much, either way, on each root move's score
  double mistake_rate;  // chance of playing a random other move
  bool perfect;         // use the game's exact knowledge
};

inline constexpr Level kLevels[] = {
    {"Beginner", "looks one move ahead, misjudges often, plays at random two moves in five", 1, 100,
     0.4, false},
    {"Casual", "looks three moves ahead, misjudges a little and slips one move in seven", 3, 30,
     0.15, false},
    {"Club", "looks five moves ahead and slips one move in twelve", 5, 0, 0.08, false},
    {"Expert", "looks eight moves ahead and slips one move in fifteen", 8, 0, 0.066, false},
    {"Perfect", "plays perfectly wherever the game is solved", 0, 0, 0.0, true},
};
inline constexpr int kLevelCount = static_cast<int>(std::size(kLevels));

// The time the app gives the strongest level a move, and the one `arcade
// bench perfect` measures it with. It answers once it has proven a move,
// mostly at once (an opening book, solved tables); the budget only bounds
// the rare position the Connect Four solver needs seconds for, within the
// ten seconds a player should ever wait. The engine keeps a part of it for a
// fallback search.
inline constexpr int kPerfectMoveTimeMs = 9000;

// Limits and options for a level from 1 to kLevelCount.
inline void apply_level(int level, SearchLimits& limits, SearchOptions& options) {
  const Level& l = kLevels[level - 1];
  limits.depth = l.max_depth;
  options.root_noise = l.noise;
  options.mistake_rate = l.mistake_rate;
  options.use_oracle = l.perfect;
}

}  // namespace arcade
