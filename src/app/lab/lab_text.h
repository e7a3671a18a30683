#pragma once
// How the lab writes its numbers: values (in its labels and in its
// sentences), windows, probabilities, points and counts. No ImGui.

#include <cstddef>
#include <cstdint>
#include <string>

#include "app/engine_link/engine_types.h"

namespace arcade::app {

// A value in a sentence: "+12", "a draw", "a win in 5 plies", "a loss in 4
// plies" ("the root is worth a draw", not "worth draw"); in points, "+4.67".
std::string value_words(const EngineScore& value, bool in_points = false);
// A probability as a person reads it: a fraction where its decimals would
// not end (1/3, 2/3, 1/6), else its decimals (0.25, 0.5, 0.8); "1".
std::string probability_text(double probability);

// A value as the lab writes it, from the root's side: "+12", "-3", "0",
// "W3" (a win in 3 moves of the winner's: 5 plies), "L2", "draw";
// "-inf"/"inf" for an open window.
// `in_points`: a value in hundredths of a point, with up to two decimals
// where it has them ("+4.67", "-252.5", "+9").
std::string lab_value_text(const EngineScore& value, bool in_points = false);
std::string window_text(const WindowEdge& alpha, const WindowEdge& beta, bool in_points = false);
// Hundredths of a point as points: "4.67", "-252.5", "9" (with `sign`, "+9").
std::string points_text(int hundredths, bool sign = false);

// A count with its thousands marked: "1,204".
std::string thousands(std::uint64_t n);
// A count of what is not shown: "+12".
std::string plus_count(std::size_t n);
// "South's", "the Blues'": a name ending in 's' takes the apostrophe alone.
std::string possessive(const std::string& name);

}  // namespace arcade::app
