#include "app/engine_link/engine_types.h"

#include <algorithm>

#include "engine/overloaded.h"
#include "engine/parsed.h"
#include "engine/protocol.h"

namespace arcade::app {
namespace {

// A window's end as the app reads it: open at +-infinity; in a game of
// points, hundredths of points (TreeNodeLine::in_points).
WindowEdge edge_of(Score score, bool proven, bool in_points) {
  if (score <= -kInfinity || score >= kInfinity) return std::nullopt;
  if (in_points) return EngineScore{EngineScore::Kind::kHeuristic, score};
  return score_of(score, proven, false);
}

TreeNodeLine node_of(const TreeNodeEvent& e) {
  const TreeNode& n = e.node;
  TreeNodeLine line;
  line.parent = n.parent == kNoParent ? -1 : static_cast<int>(n.parent);
  line.ply = n.ply;
  line.move = n.move;
  line.max_to_move = n.max_to_move;
  line.alpha = edge_of(n.alpha, false, e.in_points);
  line.beta = edge_of(n.beta, false, e.in_points);
  // A node the stop came into has no value yet.
  line.value = n.kind == NodeKind::kStopped ? EngineScore{}
                                            : edge_of(n.value, n.proven, e.in_points).value();
  line.bound = n.bound;
  line.kind = n.kind;
  line.searched_children = n.children;
  line.pruned = n.pruned;
  line.on_pv = n.on_pv;
  line.agent = n.agent;
  line.chance = n.chance;
  line.probability = n.probability;
  return line;
}

EngineReplyData tree_end_of(const TreeEndEvent& e) {
  if (e.stopped) return TreeStopped{e.nodes};
  // `cp 4.67` reads as points; `cp 9` as 9, or 900 hundredths in a game of
  // points: the tree's own lines say which (TreeNodeLine::in_points).
  const EngineScore value = score_of(e.value, e.proven, e.in_points);
  std::optional<int> hundredths;
  if (e.in_points) hundredths = e.value;
  if (!e.in_points && value.kind == EngineScore::Kind::kHeuristic) hundredths = e.value * 100;
  return TreeEnd{e.nodes.value_or(0), value, hundredths};
}

}  // namespace

// --- Requests ---

EngineCommand game_command(std::string_view game) {
  return GameCommand{std::string(game)};
}

std::vector<EngineCommand> option_commands(const EngineOptions& o) {
  std::vector<EngineCommand> commands;
  const auto add = [&](OptionCommand option) { commands.emplace_back(std::move(option)); };
  if (o.level) add(LevelOption{*o.level});
  if (o.root_scores) add(FlagOption{SearchFlag::kRootScores, *o.root_scores});
  if (o.threads) add(ThreadsOption{*o.threads});
  if (o.table_mb) add(HashOption{static_cast<std::size_t>(*o.table_mb)});
  if (o.own_book) add(OwnBookOption{*o.own_book});
  if (o.iterative) add(FlagOption{SearchFlag::kIterative, *o.iterative});
  if (o.algorithm) add(AlgorithmOption{*o.algorithm});
  if (o.opponents) add(OpponentsOption{*o.opponents});
  return commands;
}

std::vector<EngineCommand> weight_commands(const EngineWeights& weights) {
  std::vector<EngineCommand> commands{OptionCommand{WeightsOption{weights.preset}}};
  for (const auto& [name, weight] : weights.terms)
    commands.emplace_back(OptionCommand{WeightOption{name, weight, std::to_string(weight)}});
  return commands;
}

EngineCommand position_command(const EnginePosition& p) {
  return PositionCommand{p.start, p.moves};
}

EngineCommand go_command(const GoLimits& l) {
  GoCommand go;
  go.ponder = l.ponder;
  // Infinite clears every limit (a search until stopped).
  go.infinite = l.infinite;
  if (!l.infinite && l.depth > 0) go.depth = l.depth;
  if (!l.infinite && l.movetime_ms > 0) go.movetime_ms = l.movetime_ms;
  return go;
}

EngineCommand tree_command(const TreeParams& p) {
  TreeCommand tree;
  tree.depth = p.depth;
  tree.algorithm = p.expectimax ? Algorithm::kExpectimax
                   : p.minimax  ? Algorithm::kMinimax
                                : Algorithm::kAlphaBeta;
  tree.expectimax_named = p.expectimax;
  tree.ordering = p.ordering;
  tree.table = p.table;
  tree.deepening = p.deepening;
  tree.limit = p.limit;
  return tree;
}

// --- Replies ---

EngineScore score_of(Score score, bool proven, bool in_points) {
  using Kind = EngineScore::Kind;
  if (in_points && score % 100 != 0) return {Kind::kPoints, score};
  if (in_points) return {Kind::kHeuristic, score / 100};
  if (is_margin(score))
    return {score > 0 ? Kind::kWinBy : Kind::kLossBy, std::abs(margin_of(score))};
  if (is_win(score)) return {Kind::kWin, plies_to_end(score)};
  if (is_loss(score)) return {Kind::kLoss, plies_to_end(score)};
  if (proven && score == kDraw) return {Kind::kDraw, 0};
  return {Kind::kHeuristic, score};
}

EngineReplyData reply_of(const EngineEvent& event) {
  return std::visit(
      Overloaded{
          [](const InfoEvent& e) -> EngineReplyData {
            const SearchReport& r = e.report;
            SearchInfoLine info;
            info.depth = r.depth;
            if (e.has_score) info.score = score_of(r.score, r.proven, r.in_points);
            info.nodes = r.stats.nodes;
            info.nps = r.nps;
            info.time_ms = static_cast<std::uint64_t>(std::max<std::int64_t>(r.time_ms, 0));
            info.pv = r.pv;
            return info;
          },
          [](const RootScoreEvent& e) -> EngineReplyData {
            return MoveInfoLine{e.depth, e.move, score_of(e.score, e.proven, e.in_points)};
          },
          [](const MoveChoiceEvent& e) -> EngineReplyData {
            return MoveChoice{e.move, e.tied, e.slip};
          },
          [](const BestMoveEvent& e) -> EngineReplyData {
            return BestMove{e.move, e.ponder};
          },
          [](const PonderFinishedEvent&) -> EngineReplyData { return PonderFinished{}; },
          [](const SolutionEvent& e) -> EngineReplyData {
            return Solution{e.result, e.stopped};
          },
          [](const TreeProgressEvent& e) -> EngineReplyData {
            return TreeProgress{e.nodes, e.time_ms};
          },
          [](const TreeNodeEvent& e) -> EngineReplyData { return node_of(e); },
          [](const TreeEndEvent& e) { return tree_end_of(e); },
          [](const MatchEvent& e) -> EngineReplyData { return e; },
          [](const ErrorEvent& e) -> EngineReplyData {
            return EngineError{e.message, false};
          },
          [](const TextEvent& e) -> EngineReplyData {
            if (e.malformed)
              return EngineError{"a malformed reply: " + e.line.substr(0, 200), true};
            return OtherLine{e.line};
          },
          // The replies the app has no type for, as the protocol's lines.
          [&](const auto&) -> EngineReplyData {
            std::string text;
            for (const std::string& line : event_lines(event))
              text.append(text.empty() ? "" : "\n").append(line);
            return OtherLine{text};
          },
      },
      event);
}

EngineReplyData parse_reply(std::string_view line) {
  return reply_of(read_event(line));
}

std::optional<EngineScore> read_score(const std::vector<std::string>& words, std::size_t at) {
  const std::optional<ScoreWords> score = read_score_words(words, at);
  if (!score) return std::nullopt;
  return score_of(score->score, score->proven, score->in_points);
}

namespace {

// A reply of kind T, read from its words (joined back into the line the
// codec reads), or nothing if the line is another kind.
template <class T>
std::optional<T> read_as(const std::vector<std::string>& words) {
  EngineReplyData reply = parse_reply(join_words(words));
  if (auto* found = std::get_if<T>(&reply)) return *found;
  return std::nullopt;
}

}  // namespace

std::optional<SearchInfoLine> read_search_info(const std::vector<std::string>& words) {
  return read_as<SearchInfoLine>(words);
}

std::optional<MoveInfoLine> read_move_info(const std::vector<std::string>& words) {
  return read_as<MoveInfoLine>(words);
}

std::optional<MoveChoice> read_choice(const std::vector<std::string>& words) {
  return read_as<MoveChoice>(words);
}

std::optional<TreeNodeLine> read_tree_node(const std::vector<std::string>& words) {
  return read_as<TreeNodeLine>(words);
}

}  // namespace arcade::app
