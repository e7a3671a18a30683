#include "app/engine_link/protocol_text.h"

#include <algorithm>
#include <charconv>

#include "engine/parsed.h"
#include "engine/protocol.h"

namespace arcade::app {
namespace {

using Words = std::vector<std::string>;

template <class Number = int>
std::optional<Number> whole_number(const std::string& text) {
  Number value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::string on_off(bool on) {
  return on ? "on" : "off";
}

std::string option_command(std::string_view name, const std::string& value) {
  return "setoption name " + std::string(name) + " value " + value;
}

// The words a score takes: `draw`; `cp X`, `win N`, `loss N`; `win by N`.
std::size_t score_width(const EngineScore& score) {
  switch (score.kind) {
    case EngineScore::Kind::kDraw:
      return 1;
    case EngineScore::Kind::kWinBy:
    case EngineScore::Kind::kLossBy:
      return 3;
    default:
      return 2;
  }
}

// A number of points with up to two decimals ("-252.5", "4.67", "9") in
// hundredths; nothing for anything else ("4.", ".5", "1.234", "1e3").
std::optional<int> hundredths(const std::string& text) {
  const std::size_t dot = text.find('.');
  const std::string whole = text.substr(0, dot);
  const std::optional<int> units = whole_number(whole);
  if (!units || *units > 20'000'000 || *units < -20'000'000) return std::nullopt;
  if (dot == std::string::npos) return *units * 100;
  const std::string decimals = text.substr(dot + 1);
  if (decimals.empty() || decimals.size() > 2 ||
      decimals.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  const int fraction = std::stoi(decimals) * (decimals.size() == 1 ? 10 : 1);
  return *units * 100 + (text[0] == '-' ? -fraction : fraction);
}

// Reads a score or an open end (`-inf`, `inf`) at words[at]; advances `at`
// past it. Nothing if malformed. In `points`, a `cp` score is in points
// with up to two decimals, read as hundredths.
std::optional<WindowEdge> read_edge(const Words& w, std::size_t& at, bool points) {
  if (at >= w.size()) return std::nullopt;
  if (w[at] == "-inf" || w[at] == "inf") {
    ++at;
    // Made in place: GCC 12 took a moved empty edge for an uninitialised one.
    return std::optional<WindowEdge>{std::in_place};
  }
  if (points && w[at] == "cp") {
    const std::optional<int> value = at + 1 < w.size() ? hundredths(w[at + 1]) : std::nullopt;
    if (!value) return std::nullopt;
    at += 2;
    return WindowEdge{EngineScore{EngineScore::Kind::kHeuristic, *value}};
  }
  const std::optional<EngineScore> score = read_score(w, at);
  // Decimals belong to a game of points, whose lines name their agent.
  if (!score || score->kind == EngineScore::Kind::kPoints) return std::nullopt;
  at += score_width(*score);
  return WindowEdge{*score};
}

// A probability as the tree writes it: "0.3333", "1", "0.5", from 0 to 1
// with up to 6 decimals (by hand: not every library reads a double with
// std::from_chars).
std::optional<double> probability_of(const std::string& text) {
  const std::size_t dot = text.find('.');
  const std::optional<int> whole = whole_number(text.substr(0, dot));
  const std::string decimals = dot == std::string::npos ? "" : text.substr(dot + 1);
  if (!whole || text[0] == '-' || (dot != std::string::npos && decimals.empty()) ||
      decimals.size() > 6 || decimals.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  double p = *whole;
  double unit = 0.1;
  for (char digit : decimals) {
    p += (digit - '0') * unit;
    unit /= 10;
  }
  if (p > 1) return std::nullopt;
  return p;
}

// A multi-agent game's fields after `children C`: agent K [prob P].
bool read_agent(const Words& w, std::size_t& at, TreeNodeLine& node) {
  if (at >= w.size() || w[at] != "agent") return !node.chance;  // a chance node names its agent
  const std::optional<int> agent = at + 1 < w.size() ? whole_number(w[at + 1]) : std::nullopt;
  if (!agent || *agent < 0 || *agent > 64) return false;
  node.agent = *agent;
  at += 2;
  if (at >= w.size() || w[at] != "prob") return true;
  const std::optional<double> probability =
      at + 1 < w.size() ? probability_of(w[at + 1]) : std::nullopt;
  if (!probability) return false;
  node.probability = *probability;
  at += 2;
  return true;
}

// The fields after `children C`: [agent K [prob P]] [pruned K m...] [pv].
bool read_tail(const Words& w, std::size_t at, TreeNodeLine& node) {
  if (!read_agent(w, at, node)) return false;
  if (at < w.size() && w[at] == "pruned") {
    const std::optional<long long> count =
        at + 1 < w.size() ? whole_number<long long>(w[at + 1]) : std::nullopt;
    if (!count || *count < 0 || at + 2 + static_cast<std::size_t>(*count) > w.size()) return false;
    node.pruned.assign(w.begin() + static_cast<long>(at) + 2,
                       w.begin() + static_cast<long>(at) + 2 + *count);
    at += 2 + static_cast<std::size_t>(*count);
  }
  if (at < w.size() && w[at] == "pv") {
    node.on_pv = true;
    ++at;
  }
  return at == w.size();
}

// node I parent P ply D move M side S: the fields before the window.
bool read_node_head(const Words& w, TreeNodeLine& node) {
  if (w.size() < 20 || w[0] != "node" || w[2] != "parent" || w[4] != "ply" || w[6] != "move" ||
      w[8] != "side" || w[10] != "alpha")
    return false;
  const std::optional<long long> ply = whole_number<long long>(w[5]);
  const std::optional<long long> parent = w[3] == "-" ? -1 : whole_number<long long>(w[3]);
  if (!ply || !parent || *ply < 0 || (w[9] != "max" && w[9] != "min" && w[9] != "chance"))
    return false;
  node.ply = static_cast<int>(*ply);
  node.parent = static_cast<int>(*parent);
  node.move = w[7] == "-" ? "" : w[7];
  node.max_to_move = w[9] == "max";
  node.chance = w[9] == "chance";
  return true;
}

std::optional<TreeEnd> read_tree_end(const Words& w) {
  if (w.size() < 5 || w[1] != "nodes" || w[3] != "value") return std::nullopt;
  const std::optional<long long> count = whole_number<long long>(w[2]);
  if (!count || *count < 0) return std::nullopt;
  const std::optional<int> points = w.size() == 6 && w[4] == "cp" ? hundredths(w[5]) : std::nullopt;
  std::optional<EngineScore> value = read_score(w, 4);
  if (!value && points) value = EngineScore{EngineScore::Kind::kHeuristic, *points / 100};
  if (!value) return std::nullopt;
  return TreeEnd{static_cast<std::uint64_t>(*count), *value, points};
}

std::optional<BestMove> read_bestmove(const Words& w) {
  if (w.size() == 2) return BestMove{w[1] == "(none)" ? "" : w[1], ""};
  if (w.size() == 4 && w[2] == "ponder") return BestMove{w[1], w[3]};
  return std::nullopt;
}

EngineError malformed(std::string_view line) {
  return EngineError{"a malformed reply: " + std::string(line.substr(0, 200)), true};
}

EngineReplyData parse_info(std::string_view line, const Words& w) {
  if (line == kPonderFinished) return PonderFinished{};
  if (std::optional<MoveChoice> choice = read_choice(w)) return *choice;
  if (w.size() == 5 && w[1] == "nodes" && w[3] == "time") {
    const auto nodes = parse_number(w[2], 0, UINT64_MAX);
    const auto time = parse_number(w[4], 0, INT64_MAX);
    if (!nodes || !time) return malformed(line);
    return TreeProgress{*nodes, static_cast<std::int64_t>(*time)};
  }
  if (w.size() < 2 || w[1] != "depth") return OtherLine{std::string(line)};
  if (std::optional<MoveInfoLine> move = read_move_info(w)) return *move;
  if (std::optional<SearchInfoLine> info = read_search_info(w)) return *info;
  if (w.size() >= 3 && w[2] == "0") return OtherLine{std::string(line)};
  return malformed(line);
}

EngineReplyData parse_tree(std::string_view line, const Words& w) {
  if (w.size() == 2 && w[1] == "stopped") return TreeStopped{};
  if (w.size() == 4 && w[1] == "stopped" && w[2] == "nodes") {
    const auto nodes = parse_number(w[3], 0, UINT64_MAX);
    if (!nodes) return malformed(line);
    return TreeStopped{*nodes};
  }
  if (std::optional<TreeEnd> end = read_tree_end(w)) return *end;
  return malformed(line);
}

}  // namespace

// --- The writer ---

std::string game_command(std::string_view game) {
  return "game " + std::string(game);
}

std::vector<std::string> option_commands(const EngineOptions& o) {
  std::vector<std::string> lines;
  if (o.level) lines.push_back(option_command("Level", std::to_string(*o.level)));
  if (o.root_scores)
    lines.push_back(option_command("RootScores", *o.root_scores ? "true" : "false"));
  if (o.threads) lines.push_back(option_command("Threads", std::to_string(*o.threads)));
  if (o.table_mb) lines.push_back(option_command("Hash", std::to_string(*o.table_mb)));
  if (o.own_book) lines.push_back(option_command("OwnBook", *o.own_book ? "true" : "false"));
  if (o.opponents) lines.push_back(option_command("Opponents", *o.opponents));
  return lines;
}

std::vector<std::string> weight_commands(const EngineWeights& weights) {
  std::vector<std::string> lines{option_command("Weights", weights.preset)};
  for (const auto& [name, weight] : weights.terms)
    lines.push_back(option_command(name, std::to_string(weight)));
  return lines;
}

std::string position_command(const EnginePosition& p) {
  return "position " + p.start + (p.moves.empty() ? "" : " moves " + join_words(p.moves));
}

std::string go_command(const GoLimits& l) {
  std::string line = l.ponder ? "go ponder" : "go";
  if (l.depth > 0) line += " depth " + std::to_string(l.depth);
  if (l.movetime_ms > 0) line += " movetime " + std::to_string(l.movetime_ms);
  if (l.infinite) line += " infinite";
  return line;
}

std::string tree_command(const TreeParams& p) {
  return "tree depth " + std::to_string(p.depth) + " algorithm " +
         (p.expectimax ? "expectimax"
          : p.minimax  ? "minimax"
                       : "alphabeta") +
         " ordering " + on_off(p.ordering) + " table " + on_off(p.table) +
         (p.deepening ? " deepening on" : "") + " limit " + std::to_string(p.limit);
}

// --- The parser ---

EngineReplyData parse_reply(std::string_view line) {
  const Words w = split_words(line);
  if (w.empty()) return OtherLine{std::string(line)};
  if (w[0] == "error") {
    const std::size_t space = line.find("error") + 5;
    return EngineError{std::string(line.substr(std::min(line.size(), space + 1))), false};
  }
  if (w[0] == "info") return parse_info(line, w);
  if (w[0] == "bestmove") {
    if (std::optional<BestMove> best = read_bestmove(w)) return *best;
    return malformed(line);
  }
  if (w[0] == "node") {
    if (std::optional<TreeNodeLine> node = read_tree_node(w)) return *node;
    return malformed(line);
  }
  if (w[0] == "tree") return parse_tree(line, w);
  if (w[0] == "solution" && w.size() >= 2) {
    if (w.size() == 2 && w[1] == "stopped") return Solution{"", true};
    return Solution{join_words(w, 1), false};
  }
  return OtherLine{std::string(line)};
}

std::optional<EngineScore> read_score(const Words& words, std::size_t at) {
  using Kind = EngineScore::Kind;
  if (at >= words.size()) return std::nullopt;
  if (words[at] == "draw") return EngineScore{Kind::kDraw, 0};
  if (at + 1 >= words.size()) return std::nullopt;
  if (words[at + 1] == "by" && (words[at] == "win" || words[at] == "loss")) {
    const std::optional<int> margin =
        at + 2 < words.size() ? whole_number(words[at + 2]) : std::nullopt;
    if (!margin || *margin <= 0) return std::nullopt;
    return EngineScore{words[at] == "win" ? Kind::kWinBy : Kind::kLossBy, *margin};
  }
  const std::optional<int> value = whole_number(words[at + 1]);
  // Decimals come only from a game valued in points (a chance node's mean).
  if (!value && words[at] == "cp")
    if (const std::optional<int> points = hundredths(words[at + 1]))
      return EngineScore{Kind::kPoints, *points};
  if (!value) return std::nullopt;
  if (words[at] == "cp") return EngineScore{Kind::kHeuristic, *value};
  if (*value < 0) return std::nullopt;
  if (words[at] == "win") return EngineScore{Kind::kWin, *value};
  if (words[at] == "loss") return EngineScore{Kind::kLoss, *value};
  return std::nullopt;
}

std::optional<SearchInfoLine> read_search_info(const Words& w) {
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

std::optional<MoveInfoLine> read_move_info(const Words& w) {
  if (w.size() < 7 || w[0] != "info" || w[1] != "depth" || w[3] != "move" || w[5] != "score")
    return std::nullopt;
  const std::optional<int> depth = whole_number(w[2]);
  const std::optional<EngineScore> score = read_score(w, 6);
  if (!depth || !score) return std::nullopt;
  return MoveInfoLine{*depth, w[4], *score};
}

std::optional<MoveChoice> read_choice(const Words& w) {
  // info string chose <move> at random among <n> equal moves
  // info string chose <move> as a slip of the level
  if (w.size() < 5 || w[0] != "info" || w[1] != "string" || w[2] != "chose") return std::nullopt;
  const Words rest(w.begin() + 5, w.end());
  if (w[4] == "as" && rest == Words{"a", "slip", "of", "the", "level"})
    return MoveChoice{w[3], 0, true};
  if (w.size() != 10 || w[4] != "at" || w[5] != "random" || w[6] != "among" || w[8] != "equal" ||
      w[9] != "moves")
    return std::nullopt;
  const std::optional<int> tied = whole_number(w[7]);
  if (!tied || *tied < 2) return std::nullopt;
  return MoveChoice{w[3], *tied, false};
}

std::optional<TreeNodeLine> read_tree_node(const Words& w) {
  // node I parent P ply D move M side S alpha A beta B value V bound X kind K children C
  // [agent K [prob P]] [pruned K m...] [pv]
  TreeNodeLine node;
  if (!read_node_head(w, node)) return std::nullopt;
  // No move is written before `children`: its first one is the field's,
  // and an agent after it means values in points.
  const auto children_at = std::find(w.begin() + 11, w.end(), "children");
  const bool points = w.end() - children_at > 2 && *(children_at + 2) == "agent";
  std::size_t at = 11;
  const std::optional<WindowEdge> alpha = read_edge(w, at, points);
  if (!alpha || at >= w.size() || w[at++] != "beta") return std::nullopt;
  const std::optional<WindowEdge> beta = read_edge(w, at, points);
  if (!beta || at >= w.size() || w[at++] != "value") return std::nullopt;
  // A node the stop came into has no value: `value -`, of kind stopped.
  const bool unknown = at < w.size() && w[at] == "-";
  const std::optional<WindowEdge> value =
      unknown ? std::optional<WindowEdge>(EngineScore{}) : read_edge(w, at, points);
  if (unknown) ++at;
  if (!value || !*value || at + 6 > w.size() || w[at] != "bound" || w[at + 2] != "kind" ||
      w[at + 4] != "children")
    return std::nullopt;
  const std::optional<Bound> bound = from_tree_word(kBoundNames, std::string_view(w[at + 1]));
  const std::optional<NodeKind> kind = from_tree_word(kNodeKindNames, std::string_view(w[at + 3]));
  const std::optional<long long> children = whole_number<long long>(w[at + 5]);
  if (!bound || !kind || !children || *children < 0) return std::nullopt;
  if (unknown != (*kind == NodeKind::kStopped)) return std::nullopt;
  node.alpha = *alpha;
  node.beta = *beta;
  node.value = **value;
  node.bound = *bound;
  node.kind = *kind;
  node.searched_children = static_cast<int>(*children);
  if (!read_tail(w, at + 6, node)) return std::nullopt;
  return node;
}

}  // namespace arcade::app
