#pragma once
// A game's heuristic as a weighted sum of named terms, so that a player can
// see why a position scores what it does and change what the engine values.
//
// A game lists its terms (G::kTerms: name, default weight, what it counts),
// and for a position the value of each term from the side to move's view
// (G::term_values, usually "mine minus theirs"). Its evaluate must return
// weighted_total of those values: the sum of weight times value over the
// terms, clamped to the heuristic range. The weights are plain data held by
// whoever searches (a session) and passed down by reference, so sessions in
// several threads can value positions differently, and the search makes no
// virtual call per node.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/score.h"

namespace arcade {

struct EvalTerm {
  std::string_view name;  // also the protocol's option name: one word
  Score default_weight;
  std::string_view counts;  // what the term's value counts, in a few words
};

// A named set of weights a game offers besides its defaults.
template <std::size_t N>
struct WeightPreset {
  std::string_view name;
  std::array<Score, N> weights;
};

// The largest weight a term takes. A term's value may be large (Pac-Man's
// points reach hundreds of thousands), so products and sums are taken in
// 64 bits (term_contribution), where no weight times value overflows.
inline constexpr Score kMaxWeight = kMaxHeuristic;

// One term's weight times value, exactly.
constexpr std::int64_t term_contribution(Score value, Score weight) {
  return std::int64_t{value} * weight;
}

template <class G>
constexpr typename G::Weights default_weights() {
  typename G::Weights weights{};
  for (std::size_t i = 0; i < weights.size(); ++i) weights[i] = G::kTerms[i].default_weight;
  return weights;
}

// The sum of weight times value, clamped so that a heuristic score never
// reaches a proven one (see score.h).
template <std::size_t N>
constexpr Score weighted_total(const std::array<Score, N>& values,
                               const std::array<Score, N>& weights) {
  std::int64_t sum = 0;
  for (std::size_t i = 0; i < N; ++i) sum += term_contribution(values[i], weights[i]);
  return static_cast<Score>(std::clamp<std::int64_t>(sum, -kMaxHeuristic + 1, kMaxHeuristic - 1));
}

// "default" and the game's own presets (G::kWeightPresets, if it has any).
template <class G>
std::optional<typename G::Weights> find_weight_preset(std::string_view name) {
  if (name == "default") return default_weights<G>();
  if constexpr (requires { G::kWeightPresets; }) {
    for (const auto& preset : G::kWeightPresets)
      if (preset.name == name) return preset.weights;
  }
  return std::nullopt;
}

template <class G>
std::vector<std::string_view> weight_preset_names() {
  std::vector<std::string_view> names{"default"};
  if constexpr (requires { G::kWeightPresets; }) {
    for (const auto& preset : G::kWeightPresets) names.push_back(preset.name);
  }
  return names;
}

}  // namespace arcade
