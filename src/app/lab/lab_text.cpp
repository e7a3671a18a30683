#include "app/lab/lab_text.h"

#include <cmath>
#include <cstdio>

namespace arcade::app {
namespace {

// The winner's own moves to the end, as the analysis writes them (W3: a
// win in 3 moves; moves_in). Appended, not "W" + std::to_string(...): GCC
// 12 warns wrongly of that here (-Wrestrict).
std::string result_in_moves(char result, int plies) {
  std::string text(1, result);
  text += std::to_string((plies + 1) / 2);
  return text;
}

}  // namespace

std::string points_text(int hundredths, bool sign) {
  const int whole = std::abs(hundredths) / 100, cents = std::abs(hundredths) % 100;
  std::string text = hundredths < 0 ? "-" : sign && hundredths > 0 ? "+" : "";
  text += std::to_string(whole);
  if (cents) {
    char decimals[8];
    std::snprintf(decimals, sizeof decimals, ".%02d", cents);
    text += decimals;
    if (text.back() == '0') text.pop_back();
  }
  return text;
}

std::string probability_text(double p) {
  // The least denominator the 4 decimals the tree writes agree with.
  for (int q = 1; q <= 12; ++q) {
    const double a = std::round(p * q);
    if (std::abs(p - a / q) > 0.00006) continue;
    int rest = q;
    while (rest % 2 == 0) rest /= 2;
    while (rest % 5 == 0) rest /= 5;
    if (q == 1 || rest != 1)
      return q == 1 ? std::to_string(static_cast<int>(a))
                    : std::to_string(static_cast<int>(a)) + "/" + std::to_string(q);
    break;
  }
  char text[16];
  std::snprintf(text, sizeof text, "%.4f", p);
  std::string out = text;
  while (out.back() == '0') out.pop_back();
  if (out.back() == '.') out.pop_back();
  return out;
}

std::string lab_value_text(const EngineScore& value, bool in_points) {
  if (in_points && value.kind == EngineScore::Kind::kHeuristic)
    return points_text(value.value, true);
  switch (value.kind) {
    case EngineScore::Kind::kWin:
      return result_in_moves('W', value.value);
    case EngineScore::Kind::kLoss:
      return result_in_moves('L', value.value);
    case EngineScore::Kind::kDraw:
      return "draw";
    default:
      // A sign on gains too, as minimax diagrams write them.
      char text[16];
      std::snprintf(text, sizeof text, value.value == 0 ? "%d" : "%+d", value.value);
      return text;
  }
}

std::string value_words(const EngineScore& value, bool in_points) {
  // In the app's one wording of a distance to the end (moves_in).
  const auto in = [](int plies) {
    return plies > 0 ? " in " + moves_in(plies) : " (the game is over)";
  };
  switch (value.kind) {
    case EngineScore::Kind::kWin:
      return "a win" + in(value.value);
    case EngineScore::Kind::kLoss:
      return "a loss" + in(value.value);
    case EngineScore::Kind::kDraw:
      return "a draw";
    default:
      return lab_value_text(value, in_points);
  }
}

std::string window_text(const WindowEdge& alpha, const WindowEdge& beta, bool in_points) {
  std::string text = "[";
  text += alpha ? lab_value_text(*alpha, in_points) : "-inf";
  text += ", ";
  text += beta ? lab_value_text(*beta, in_points) : "inf";
  text += "]";
  return text;
}

std::string thousands(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// Not "+" + std::to_string(n): GCC 12 warns wrongly of it (-Wrestrict).
std::string plus_count(std::size_t n) {
  char text[24];
  std::snprintf(text, sizeof text, "+%zu", n);
  return text;
}

std::string possessive(const std::string& name) {
  return name + (!name.empty() && name.back() == 's' ? "'" : "'s");
}

}  // namespace arcade::app
