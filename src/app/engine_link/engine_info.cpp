#include "app/engine_link/engine_info.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace arcade::app {
namespace {

// A heuristic score of this many units fills three quarters of the bar.
constexpr float kBarScale = 200.0f;

template <class Number = int>
std::optional<Number> whole_number(const std::string& text) {
  Number value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::string tenths(int value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", std::abs(value) / 10.0);
  return text;
}

// How far the evaluation bar leans to the side ahead, in words: under a
// fifth, a half or nine tenths of the way from the middle to the end.
std::string lead_in_words(const EngineScore& score) {
  const float lean = std::abs(score.share() - 0.5f) * 2;
  if (lean < 0.2f) return "slightly ahead";
  if (lean < 0.5f) return "ahead";
  if (lean < 0.9f) return "well ahead";
  return "far ahead";
}

// The first moves of a line: "4 4 5 3 2 6".
std::string line_in_words(const std::vector<std::string>& pv) {
  std::string text;
  for (std::size_t i = 0; i < pv.size() && i < 6; ++i) text += (i ? " " : "") + pv[i];
  return text;
}

std::string moves_in(int plies) {
  const int moves = (plies + 1) / 2;  // the winner's own moves
  return std::to_string(moves) + (moves == 1 ? " move" : " moves");
}

}  // namespace

EngineScore EngineScore::flipped() const {
  switch (kind) {
    case Kind::kWin:
      return {Kind::kLoss, value};
    case Kind::kLoss:
      return {Kind::kWin, value};
    case Kind::kDraw:
      return *this;
    default:
      return {Kind::kHeuristic, -value};
  }
}

float EngineScore::share() const {
  switch (kind) {
    case Kind::kWin:
      return 1.0f;
    case Kind::kLoss:
      return 0.0f;
    case Kind::kDraw:
      return 0.5f;
    default:
      // tanh(atanh(0.5)) = 0.5: kBarScale units give three quarters.
      return 0.5f + 0.5f * std::tanh(0.5493f * static_cast<float>(value) / kBarScale);
  }
}

bool EngineScore::better_than(const EngineScore& other) const {
  // Wins soonest first, losses latest last, heuristic and draws between.
  const auto rank = [](const EngineScore& s) -> double {
    switch (s.kind) {
      case Kind::kWin:
        return 1e9 - s.value;
      case Kind::kLoss:
        return -1e9 + s.value;
      case Kind::kDraw:
        return 0;
      default:
        return s.value;
    }
  };
  return rank(*this) > rank(other);
}

std::optional<EngineScore> read_score(const std::vector<std::string>& words, std::size_t at) {
  if (at >= words.size()) return std::nullopt;
  if (words[at] == "draw") return EngineScore{EngineScore::Kind::kDraw, 0};
  if (at + 1 >= words.size()) return std::nullopt;
  const std::optional<int> value = whole_number(words[at + 1]);
  if (!value) return std::nullopt;
  if (words[at] == "cp") return EngineScore{EngineScore::Kind::kHeuristic, *value};
  if (*value < 0) return std::nullopt;
  if (words[at] == "win") return EngineScore{EngineScore::Kind::kWin, *value};
  if (words[at] == "loss") return EngineScore{EngineScore::Kind::kLoss, *value};
  return std::nullopt;
}

std::string score_in_words(const EngineScore& score, int side, const GameView& position) {
  const auto subject = [&](int s) { return std::string(position.side(s).name); };
  const auto wins = [&](int s) {
    return subject(s) + (position.side(s).plural ? " win" : " wins");
  };
  switch (score.kind) {
    case EngineScore::Kind::kWin:
      return wins(side) + " in " + moves_in(score.value);
    case EngineScore::Kind::kLoss:
      return wins(1 - side) + " in " + moves_in(score.value);
    case EngineScore::Kind::kDraw:
      return "draw";
    default:
      if (std::abs(score.value) < 5) return "even";
      return subject(score.value > 0 ? side : 1 - side) + " " + lead_in_words(score);
  }
}

std::string search_in_words(const SearchInfoLine& t, int side, const GameView& position,
                            bool with_line) {
  std::string text = "depth " + std::to_string(t.depth);
  if (t.score) text += ", " + score_in_words(*t.score, side, position);
  if (t.nodes > 0) text += ", " + short_count(t.nodes) + " nodes";
  if (t.nodes > 0 && measured_nps(t) > 0) text += ", " + short_count(t.nps) + " nodes/s";
  if (with_line && !t.pv.empty()) text += ", line " + line_in_words(t.pv);
  return text;
}

std::uint64_t measured_nps(const SearchInfoLine& search) {
  return search.time_ms && *search.time_ms >= kMinMeasuredMs ? search.nps : 0;
}

std::string played_in_words(int side, const std::string& move, const SearchInfoLine& search,
                            const std::optional<MoveChoice>& choice, const GameView& position) {
  std::string text = std::string(position.side(side).name) + " played " + move;
  if (choice && choice->move == move) {
    if (choice->slip)
      text += ", a weaker move its level plays on purpose";
    else if (choice->tied > 1)
      text += " at random among " + std::to_string(choice->tied) + " equal moves";
  }
  if (search.pv.empty() || search.pv.front() == move)
    return text + ": " + search_in_words(search, side, position);
  return text + "; the search's line: " + line_in_words(search.pv) + " (" +
         search_in_words(search, side, position, /*with_line=*/false) + ")";
}

std::optional<MoveChoice> read_choice(const std::vector<std::string>& w) {
  // info string chose <move> at random among <n> equal moves
  // info string chose <move> as a slip of the level
  if (w.size() < 5 || w[0] != "info" || w[1] != "string" || w[2] != "chose") return std::nullopt;
  const std::vector<std::string> rest(w.begin() + 5, w.end());
  if (w[4] == "as" && rest == std::vector<std::string>{"a", "slip", "of", "the", "level"})
    return MoveChoice{w[3], 0, true};
  if (w.size() != 10 || w[4] != "at" || w[5] != "random" || w[6] != "among" || w[8] != "equal" ||
      w[9] != "moves")
    return std::nullopt;
  const std::optional<int> tied = whole_number(w[7]);
  if (!tied || *tied < 2) return std::nullopt;
  return MoveChoice{w[3], *tied, false};
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
    case EngineScore::Kind::kDraw:
      return "draw";
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
    case EngineScore::Kind::kDraw:
      return "=";
    default:
      return move_score_label(score);
  }
}

std::optional<SearchInfoLine> read_search_info(const std::vector<std::string>& w) {
  if (w.size() < 3 || w[0] != "info" || w[1] != "depth") return std::nullopt;
  SearchInfoLine info;
  info.depth = whole_number(w[2]).value_or(0);
  if (info.depth <= 0 || (w.size() > 3 && w[3] == "move")) return std::nullopt;
  for (std::size_t i = 3; i + 1 < w.size(); ++i) {
    if (w[i] == "score")
      info.score = read_score(w, i + 1);
    else if (w[i] == "nodes")
      info.nodes = whole_number<std::uint64_t>(w[i + 1]).value_or(0);
    else if (w[i] == "nps")
      info.nps = whole_number<std::uint64_t>(w[i + 1]).value_or(0);
    else if (w[i] == "time")
      info.time_ms = whole_number<std::uint64_t>(w[i + 1]);
    else if (w[i] == "pv") {
      info.pv.assign(w.begin() + static_cast<long>(i) + 1, w.end());
      break;
    }
  }
  return info;
}

std::optional<MoveInfoLine> read_move_info(const std::vector<std::string>& w) {
  if (w.size() < 7 || w[0] != "info" || w[1] != "depth" || w[3] != "move" || w[5] != "score")
    return std::nullopt;
  const std::optional<int> depth = whole_number(w[2]);
  const std::optional<EngineScore> score = read_score(w, 6);
  if (!depth || !score) return std::nullopt;
  return MoveInfoLine{*depth, w[4], *score};
}

}  // namespace arcade::app
