#pragma once
// Playing strength presets, from "Beginner" to "Perfect": what the protocol's
// Level option, `arcade match` and the app's level menu choose from.

#include <iterator>
#include <string_view>

#include "engine/search.h"

namespace arcade {

struct Level {
  std::string_view name;
  std::string_view description;
  int max_depth;  // 0: unlimited
  bool perfect;   // use the game's exact knowledge
};

inline constexpr Level kLevels[] = {
    {"Beginner", "looks one move ahead", 1, false},
    {"Casual", "looks two moves ahead", 2, false},
    {"Club", "looks four moves ahead", 4, false},
    {"Expert", "looks eight moves ahead", 8, false},
    {"Perfect", "plays perfectly wherever the game is solved", 0, true},
};
inline constexpr int kLevelCount = static_cast<int>(std::size(kLevels));

// Limits and options for a level from 1 to kLevelCount.
inline void apply_level(int level, SearchLimits& limits, SearchOptions& options) {
  const Level& l = kLevels[level - 1];
  limits.depth = l.max_depth;
  options.use_oracle = l.perfect;
}

}  // namespace arcade
