#include "app/engine_link/engine_info.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace arcade::app {
namespace {

// A heuristic score of this many units fills three quarters of the bar, and
// so does a lead of this many points in a game valued in points.
constexpr float kBarScale = 200.0f;
constexpr float kPointsBarScale = 200.0f;

// Hundredths of a point as points, with up to two decimals: "-42.75", "9".
std::string points_text(int hundredths) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", hundredths / 100.0);
  std::string s = text;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

std::string tenths(int value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", std::abs(value) / 10.0);
  return text;
}

// How far the evaluation bar leans to the side ahead, in words: under a
// fifth, a half or nine tenths of the way from the middle to the end.
std::string lead_in_words(const EngineScore& score, bool plural) {
  const float lean = std::abs(score.share() - 0.5f) * 2;
  const std::string leads = plural ? "lead" : "leads";
  if (lean < 0.2f) return leads + " slightly";
  if (lean < 0.5f) return leads;
  if (lean < 0.9f) return leads + " clearly";
  return leads + " by far";
}

// The first moves of a line: "4 4 5 3 2 6". Where the score is exact (a
// win or a loss N moves away, counted a move of either side each) and the
// line shown stops short of the end, it says so and why: "4 3 5 4 3 2 ...
// (the first 6 of the 37 moves to the end)", or "4 3 5 4 3 (the search
// kept 5 of the 37 moves to the end)".
std::string line_in_words(const std::vector<std::string>& pv,
                          const std::optional<EngineScore>& score) {
  constexpr std::size_t kShown = 6;
  std::string text;
  for (std::size_t i = 0; i < pv.size() && i < kShown; ++i) text += (i ? " " : "") + pv[i];
  const bool exact =
      score && (score->kind == EngineScore::Kind::kWin || score->kind == EngineScore::Kind::kLoss);
  const std::size_t to_end = exact ? static_cast<std::size_t>(std::max(score->value, 0)) : 0;
  if (pv.size() > kShown) {
    text += " ...";
    if (exact) text += " (the first 6 of the " + std::to_string(to_end) + " moves to the end)";
  } else if (exact && pv.size() < to_end) {
    text += " (the search kept " + std::to_string(pv.size()) + " of the " + std::to_string(to_end) +
            " moves to the end)";
  }
  return text;
}

}  // namespace

std::string moves_in(int plies) {
  const int moves = (plies + 1) / 2;  // the winner's own moves
  return std::to_string(moves) + (moves == 1 ? " move" : " moves");
}

EngineScore EngineScore::flipped() const {
  switch (kind) {
    case Kind::kWin:
      return {Kind::kLoss, value};
    case Kind::kLoss:
      return {Kind::kWin, value};
    case Kind::kWinBy:
      return {Kind::kLossBy, value};
    case Kind::kLossBy:
      return {Kind::kWinBy, value};
    case Kind::kDraw:
      return *this;
    case Kind::kPoints:
      return {Kind::kPoints, -value};
    default:
      return {Kind::kHeuristic, -value};
  }
}

EngineScore EngineScore::in_points() const {
  return kind == Kind::kHeuristic ? EngineScore{Kind::kPoints, value * 100} : *this;
}

float EngineScore::share() const {
  switch (kind) {
    case Kind::kWin:
    case Kind::kWinBy:
      return 1.0f;
    case Kind::kLoss:
    case Kind::kLossBy:
      return 0.0f;
    case Kind::kDraw:
      return 0.5f;
    case Kind::kPoints:
      return 0.5f +
             0.5f * std::tanh(0.5493f * static_cast<float>(value) / 100.0f / kPointsBarScale);
    default:
      // tanh(atanh(0.5)) = 0.5: kBarScale units give three quarters.
      return 0.5f + 0.5f * std::tanh(0.5493f * static_cast<float>(value) / kBarScale);
  }
}

bool EngineScore::better_than(const EngineScore& other) const {
  // Wins soonest first, losses latest last, heuristic and draws between;
  // wins by a margin below wins in plies, the larger first (as the engine's
  // scores order them, engine/score.h).
  const auto rank = [](const EngineScore& s) -> double {
    switch (s.kind) {
      case Kind::kWin:
        return 1e9 - s.value;
      case Kind::kLoss:
        return -1e9 + s.value;
      case Kind::kWinBy:
        return 1e8 + s.value;
      case Kind::kLossBy:
        return -1e8 - s.value;
      case Kind::kDraw:
        return 0;
      default:
        return s.value;
    }
  };
  return rank(*this) > rank(other);
}

std::string score_in_words(const EngineScore& score, int side, const GameView& position) {
  const auto subject = [&](int s) { return std::string(position.side(s).name); };
  const auto wins = [&](int s) {
    return subject(s) + (position.side(s).plural ? " win" : " wins");
  };
  // A win at no distance is a game already over: "X has won", not "X wins
  // in 0 moves".
  const auto won = [&](int s, int plies) {
    if (plies > 0) return wins(s) + " in " + moves_in(plies);
    return subject(s) + (position.side(s).plural ? " have won" : " has won");
  };
  switch (score.kind) {
    case EngineScore::Kind::kWin:
      return won(side, score.value);
    case EngineScore::Kind::kLoss:
      return won(1 - side, score.value);
    case EngineScore::Kind::kWinBy:
      return wins(side) + " by " + std::to_string(score.value);
    case EngineScore::Kind::kLossBy:
      return wins(1 - side) + " by " + std::to_string(score.value);
    case EngineScore::Kind::kDraw:
      return "draw";
    case EngineScore::Kind::kPoints: {
      // The points are the first side's (Pac-Man's), whoever is to move.
      const int points = side == 0 ? score.value : -score.value;
      return points_text(points) + " points for " + subject(0);
    }
    default:
      if (std::abs(score.value) < 5) return "even";
      const int ahead = score.value > 0 ? side : 1 - side;
      return subject(ahead) + " " + lead_in_words(score, position.side(ahead).plural);
  }
}

bool EngineScore::proven() const {
  return kind != Kind::kHeuristic && kind != Kind::kPoints;
}

// A game valued in points counts its depth in rounds (every agent moving
// once), as its search does.
std::string reach_in_words(int depth, const std::optional<EngineScore>& score) {
  if (score && score->proven()) return "exact from here";
  const bool rounds = score && score->kind == EngineScore::Kind::kPoints;
  const std::string unit = rounds ? " round" : " move";
  return "searched " + std::to_string(depth) + unit + (depth == 1 ? "" : "s") + " ahead";
}

std::string search_in_words(const SearchInfoLine& t, int side, const GameView& position,
                            bool with_line) {
  std::string text = search_in_brief_words(t, side, position);
  if (t.nodes > 0) text += ", " + short_count(t.nodes) + " nodes";
  if (t.nodes > 0 && measured_nps(t) > 0) text += ", " + short_count(t.nps) + " nodes/s";
  if (with_line && !t.pv.empty()) text += ", line " + line_in_words(t.pv, t.score);
  return text;
}

std::string search_in_brief_words(const SearchInfoLine& t, int side, const GameView& position) {
  std::string text = reach_in_words(t.depth, t.score);
  if (t.score) text += ": " + score_in_words(*t.score, side, position);
  return text;
}

std::string search_in_brief_sentence(const SearchInfoLine& t, int side, const GameView& position) {
  std::string text = search_in_brief_words(t, side, position);
  text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

std::uint64_t measured_nps(const SearchInfoLine& search) {
  return search.time_ms && *search.time_ms >= kMinMeasuredMs ? search.nps : 0;
}

namespace {

// "Red played 4", and how the move was chosen where the engine said: a tie
// drawn at random, or a slip (in `slip_words`).
std::string played_move_words(int side, const std::string& move,
                              const std::optional<MoveChoice>& choice, const GameView& position,
                              const char* slip_words) {
  std::string text = std::string(position.side(side).name) + " played " + move;
  if (choice && choice->move == move) {
    if (choice->slip)
      text += slip_words;
    else if (choice->tied > 1)
      text += " at random among " + std::to_string(choice->tied) + " equal moves";
  }
  return text;
}

}  // namespace

std::string played_in_brief_words(int side, const std::string& move, const SearchInfoLine& search,
                                  const std::optional<MoveChoice>& choice,
                                  const GameView& position) {
  std::string text = played_move_words(side, move, choice, position, ", a weaker move on purpose");
  if (search.score) text += ": " + score_in_words(*search.score, side, position);
  return text;
}

std::string played_in_words(int side, const std::string& move, const SearchInfoLine& search,
                            const std::optional<MoveChoice>& choice, const GameView& position) {
  const std::string text =
      played_move_words(side, move, choice, position, ", a weaker move its level plays on purpose");
  if (search.pv.empty() || search.pv.front() == move)
    return text + ", " + search_in_words(search, side, position);
  return text + "; the search's line: " + line_in_words(search.pv, search.score) + " (" +
         search_in_words(search, side, position, /*with_line=*/false) + ")";
}

std::string short_count(std::uint64_t n) {
  char text[32];
  if (n >= 10'000'000)
    std::snprintf(text, sizeof text, "%.0fM", n / 1e6);
  else if (n >= 1'000'000)
    std::snprintf(text, sizeof text, "%.1fM", n / 1e6);
  else if (n >= 10'000)
    std::snprintf(text, sizeof text, "%.0fk", n / 1e3);
  else
    std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(n));
  return text;
}

std::string move_score_label(const EngineScore& score) {
  switch (score.kind) {
    case EngineScore::Kind::kWin:
      return "wins in " + std::to_string((score.value + 1) / 2);
    case EngineScore::Kind::kLoss:
      return "loses in " + std::to_string((score.value + 1) / 2);
    case EngineScore::Kind::kWinBy:
      return "wins by " + std::to_string(score.value);
    case EngineScore::Kind::kLossBy:
      return "loses by " + std::to_string(score.value);
    case EngineScore::Kind::kDraw:
      return "draw";
    case EngineScore::Kind::kPoints:
      return points_text(score.value);
    default:
      return tenths(score.value).insert(0, 1, score.value < 0 ? '-' : '+');
  }
}

std::string move_score_short_label(const EngineScore& score) {
  switch (score.kind) {
    case EngineScore::Kind::kWin:
      return std::to_string((score.value + 1) / 2).insert(0, 1, 'W');
    case EngineScore::Kind::kLoss:
      return std::to_string((score.value + 1) / 2).insert(0, 1, 'L');
    case EngineScore::Kind::kWinBy:
      return "W+" + std::to_string(score.value);
    case EngineScore::Kind::kLossBy:
      return "L-" + std::to_string(score.value);
    case EngineScore::Kind::kDraw:
      return "=";
    default:
      return move_score_label(score);
  }
}

}  // namespace arcade::app
