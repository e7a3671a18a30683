#include "engine/protocol.h"

#include <algorithm>
#include <charconv>
#include <utility>

#include "engine/overloaded.h"

namespace arcade {
namespace {

std::optional<bool> parse_bool(const std::string& text) {
  if (text == "true" || text == "on" || text == "1") return true;
  if (text == "false" || text == "off" || text == "0") return false;
  return std::nullopt;
}

// A reply's words: its keyword, then the rest ("moves" alone when none).
std::vector<std::string> prepend(std::string first, std::vector<std::string> rest) {
  rest.insert(rest.begin(), std::move(first));
  return rest;
}

// A window's bound: a score, or an open end.
std::string bound_text(Score s, bool in_points) {
  if (s <= -kInfinity) return "-inf";
  if (s >= kInfinity) return "inf";
  return score_text(s, false, in_points);
}

// A number with up to `decimals` decimals, trailing zeros dropped: 4.67,
// -252.5, 9.
std::string decimal_text(std::int64_t scaled, int decimals) {
  std::int64_t unit = 1;
  for (int i = 0; i < decimals; ++i) unit *= 10;
  const std::uint64_t magnitude = static_cast<std::uint64_t>(scaled < 0 ? -scaled : scaled);
  std::string text = (scaled < 0 ? "-" : "") + std::to_string(magnitude / unit);
  std::string fraction = std::to_string(magnitude % unit + unit).substr(1);
  while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
  if (!fraction.empty()) text += "." + fraction;
  return text;
}

// A chance edge's probability, up to 4 decimals.
std::string probability_text(double p) {
  return decimal_text(std::llround(p * 10000), 4);
}

// The options line's part for the game's weights: the presets, then each
// term with its default.
std::string weight_options(const HelpEvent& help) {
  std::string text = " | Weights (";
  for (std::size_t i = 0; i < help.weight_presets.size(); ++i)
    text += (i ? "|" : "") + help.weight_presets[i];
  text += ")";
  for (const WeightedTerm& term : help.weights)
    text += " | " + term.name + " (weight, default " + std::to_string(term.default_weight) + ")";
  return text;
}

// The options line's part for a multi-agent game's Opponents option.
std::string opponents_option(const HelpEvent& help) {
  if (help.opponent_models.empty()) return "";
  std::string text = " | Opponents (";
  for (std::size_t i = 0; i < help.opponent_models.size(); ++i)
    text += (i ? "|" : "") + help.opponent_models[i];
  return text + ")";
}

// The value of a `tree` parameter word: on|off.
std::optional<bool> parse_switch(const std::string& text) {
  if (text == "on") return true;
  if (text == "off") return false;
  return std::nullopt;
}

constexpr std::string_view kTreeUsage =
    "usage: tree depth N [algorithm minimax|alphabeta|expectimax] [ordering on|off] "
    "[table on|off] [deepening on|off] [limit K]";

// The Algorithm option's and `tree`'s word, if it is one.
std::optional<Algorithm> parse_algorithm(const std::string& word) {
  if (word == "minimax") return Algorithm::kMinimax;
  if (word == "alphabeta") return Algorithm::kAlphaBeta;
  if (word == "expectimax") return Algorithm::kExpectimax;
  return std::nullopt;
}

const char* algorithm_word(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::kMinimax:
      return "minimax";
    case Algorithm::kExpectimax:
      return "expectimax";
    default:
      return "alphabeta";
  }
}

// Sets one `tree` parameter; an error message if it is none or its value
// is bad.
std::optional<std::string> set_tree_parameter(TreeCommand& tree, const std::string& key,
                                              const std::string& value) {
  if (key == "depth" || key == "limit") {
    const bool depth = key == "depth";
    const auto number = parse_number(value, depth ? 1 : 0, depth ? 64 : kMaxTreeLimit);
    if (!number)
      return "tree " + key + ": '" + value + "' is not " +
             (depth ? std::string("a depth from 1 to 64")
                    : "a limit from 0 to " + std::to_string(kMaxTreeLimit));
    if (depth) tree.depth = static_cast<int>(*number);
    if (!depth) tree.limit = *number;
    return std::nullopt;
  }
  if (key == "algorithm") {
    const std::optional<Algorithm> algorithm = parse_algorithm(value);
    if (!algorithm)
      return "tree algorithm: '" + value + "' is not minimax, alphabeta or expectimax";
    tree.algorithm = *algorithm;
    tree.expectimax_named = tree.expectimax_named || *algorithm == Algorithm::kExpectimax;
    return std::nullopt;
  }
  if (key != "ordering" && key != "table" && key != "deepening")
    return "unknown tree parameter '" + key + "'";
  const std::optional<bool> on = parse_switch(value);
  if (!on) return "tree " + key + ": '" + value + "' is not on or off";
  if (key == "ordering") tree.ordering = *on;
  if (key == "table") tree.table = *on;
  if (key == "deepening") tree.deepening = *on;
  return std::nullopt;
}

// A `tree` line; `depth` must be among its parameters.
Parsed<TreeCommand> parse_tree(const std::vector<std::string>& args) {
  TreeCommand tree;
  bool has_depth = false;
  for (std::size_t i = 1; i < args.size(); i += 2) {
    const std::string& key = args[i];
    if (i + 1 >= args.size()) return ParseError{"tree " + key + " needs a value"};
    if (auto wrong = set_tree_parameter(tree, key, args[i + 1])) return ParseError{*wrong};
    has_depth = has_depth || key == "depth";
  }
  if (!has_depth) return ParseError{std::string(kTreeUsage)};
  return tree;
}

constexpr std::string_view kMatchUsage =
    "usage: match games N [algorithm minimax|alphabeta|expectimax] [depth D] "
    "[opponents <model>] [model <model>] [seed S]";

// Sets one `match` parameter; an error message if it is none or its value
// is bad.
std::optional<std::string> set_match_parameter(MatchCommand& m, const std::string& key,
                                               const std::string& value) {
  if (key == "opponents" || key == "model") {
    (key == "opponents" ? m.opponents : m.model) = value;
    return std::nullopt;
  }
  if (key == "algorithm") {
    const std::optional<Algorithm> algorithm = parse_algorithm(value);
    if (!algorithm)
      return "match algorithm: '" + value + "' is not minimax, alphabeta or expectimax";
    m.algorithm = *algorithm;
    return std::nullopt;
  }
  const std::uint64_t most = key == "games"   ? kMaxMatchGames
                             : key == "depth" ? kMaxMatchDepth
                             : key == "seed"  ? UINT64_MAX
                                              : 0;
  if (!most) return "unknown match parameter '" + key + "'";
  const auto number = parse_number(value, key == "seed" ? 0 : 1, most);
  if (!number)
    return "match " + key + ": '" + value + "' is not " +
           (key == "seed" ? std::string("a number") : "a number from 1 to " + std::to_string(most));
  if (key == "games") m.games = static_cast<int>(*number);
  if (key == "depth") m.depth = static_cast<int>(*number);
  if (key == "seed") m.seed = *number;
  return std::nullopt;
}

// A `match` line; `games` must be among its parameters, and no parameter
// twice (`games 5 games 6` would otherwise play 6 games without a word).
Parsed<MatchCommand> parse_match(const std::vector<std::string>& args) {
  MatchCommand m;
  bool has_games = false;
  for (std::size_t i = 1; i < args.size(); i += 2) {
    if (i + 1 >= args.size()) return ParseError{"match " + args[i] + " needs a value"};
    for (std::size_t j = 1; j < i; j += 2)
      if (args[j] == args[i]) return ParseError{"match " + args[i] + ": given twice"};
    if (auto wrong = set_match_parameter(m, args[i], args[i + 1])) return ParseError{*wrong};
    has_games = has_games || args[i] == "games";
  }
  if (!has_games) return ParseError{std::string(kMatchUsage)};
  return m;
}

// The commands that take no words after them.
bool takes_no_words(const std::string& command) {
  for (const char* c : {"isready", "quit", "stop", "ponderhit", "d", "moves", "solve", "eval",
                        "newgame", "ucinewgame", "help"})
    if (command == c) return true;
  return false;
}

// A line's length in bytes, its line end (CR, LF or CR LF) not counted.
std::size_t line_bytes(std::string_view text) {
  if (text.ends_with('\n')) text.remove_suffix(1);
  if (text.ends_with('\r')) text.remove_suffix(1);
  return text.size();
}

std::string too_long_message(std::size_t bytes) {
  return "line too long: " + std::to_string(bytes) + " bytes (at most " +
         std::to_string(kMaxLineBytes) + ")";
}

// A `go` line, its parameters in the order given (`infinite` clears the
// limits before it).
Parsed<GoCommand> parse_go(const std::vector<std::string>& args) {
  GoCommand go;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& key = args[i];
    if (key == "infinite") {
      go.depth.reset();
      go.movetime_ms.reset();
      go.nodes.reset();
      go.infinite = true;
      continue;
    }
    if (key == "ponder") {
      go.ponder = true;
      continue;
    }
    if (key != "depth" && key != "movetime" && key != "nodes")
      return ParseError{"unknown go parameter '" + key + "'"};
    if (i + 1 >= args.size()) return ParseError{"go " + key + " needs a number"};
    const auto value = parse_number(args[++i], 1, key == "depth" ? 1000 : UINT64_MAX / 2);
    if (!value) return ParseError{"go " + key + ": '" + args[i] + "' is not a valid number"};
    if (key == "depth") go.depth = static_cast<int>(*value);
    // Beyond kMaxMovetimeMs a deadline would leave the clock's range.
    if (key == "movetime")
      go.movetime_ms = static_cast<std::int64_t>(
          std::min<std::uint64_t>(*value, static_cast<std::uint64_t>(kMaxMovetimeMs)));
    if (key == "nodes") go.nodes = *value;
  }
  return go;
}

Parsed<PerftCommand> parse_perft(const std::vector<std::string>& args) {
  if (args.size() != 2) return ParseError{"usage: perft N"};
  const auto depth = parse_number(args[1], 0, 64);
  if (!depth) return ParseError{"perft: '" + args[1] + "' is not a depth from 0 to 64"};
  return PerftCommand{static_cast<int>(*depth)};
}

// A `position` line's words as position_words gives them: the start is
// one word, whatever spaces it holds.
Parsed<PositionLine> parse_position(const std::vector<std::string>& args) {
  std::size_t moves_at = 1;
  while (moves_at < args.size() && args[moves_at] != "moves") ++moves_at;
  if (moves_at != 2)
    return ParseError{"usage: position (startpos | <position string>) [moves M ...]"};
  return PositionLine{args[1], std::vector<std::string>(
                                   args.begin() + std::min(moves_at + 1, args.size()), args.end())};
}

// The options that are a switch of the search (SearchOptions' flags).
std::optional<SearchFlag> flag_option(std::string_view name) {
  if (name == "Table") return SearchFlag::kTable;
  if (name == "Ordering") return SearchFlag::kOrdering;
  if (name == "RandomTies") return SearchFlag::kRandomTies;
  if (name == "RootScores") return SearchFlag::kRootScores;
  if (name == "Iterative") return SearchFlag::kIterative;
  return std::nullopt;
}

constexpr const char* kFlagNames[] = {"Table", "Ordering", "RandomTies", "RootScores", "Iterative"};

// A `setoption` line: the shared options' values read here; the game's
// Opponents, Weights and terms are judged by the Engine.
Parsed<OptionCommand> parse_setoption(const std::vector<std::string>& args) {
  if (args.size() != 5 || args[1] != "name" || args[3] != "value")
    return ParseError{"usage: setoption name <Name> value <V>"};
  const std::string& name = args[2];
  const std::string& value = args[4];
  const auto wrong = [&](const std::string& expected) {
    return ParseError{"option " + name + ": '" + value + "' is not " + expected};
  };
  const auto number = [&](std::uint64_t lo, std::uint64_t hi) {
    return parse_number(value, lo, hi);
  };
  if (name == "Hash") {
    if (const auto mb = number(1, kMaxHashMegabytes))
      return OptionCommand{HashOption{static_cast<std::size_t>(*mb)}};
    return wrong("a size in MB from 1 to " + std::to_string(kMaxHashMegabytes));
  }
  if (name == "Threads") {
    if (const auto n = number(1, kMaxThreads))
      return OptionCommand{ThreadsOption{static_cast<int>(*n)}};
    return wrong("a thread count from 1 to " + std::to_string(kMaxThreads));
  }
  if (name == "Level") {
    if (const auto n = number(1, kLevelCount))
      return OptionCommand{LevelOption{static_cast<int>(*n)}};
    return wrong("a level from 1 to " + std::to_string(kLevelCount));
  }
  if (name == "Seed") {
    if (const auto n = number(0, UINT64_MAX)) return OptionCommand{SeedOption{*n}};
    return wrong("a number");
  }
  if (name == "Algorithm") {
    if (const auto algorithm = parse_algorithm(value))
      return OptionCommand{AlgorithmOption{*algorithm}};
    return wrong("minimax, alphabeta or expectimax");
  }
  if (name == "Opponents") return OptionCommand{OpponentsOption{value}};
  const std::optional<SearchFlag> flag = flag_option(name);
  if (name == "OwnBook" || flag) {
    const std::optional<bool> on = parse_bool(value);
    if (!on) return wrong("true or false");
    if (flag) return OptionCommand{FlagOption{*flag, *on}};
    return OptionCommand{OwnBookOption{*on}};
  }
  if (name == "Weights") return OptionCommand{WeightsOption{value}};
  const auto weight = parse_signed(value, -kMaxWeight, kMaxWeight);
  return OptionCommand{WeightOption{
      name, weight ? std::optional<Score>(static_cast<Score>(*weight)) : std::nullopt, value}};
}

template <class T>
Parsed<EngineCommand> as_command(Parsed<T> parsed) {
  if (!parsed) return ParseError{parsed.error()};
  return EngineCommand{std::move(*parsed)};
}

// Lines as one text splits them (an empty line kept, no last empty one).
std::vector<std::string> text_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

std::string option_line(const OptionCommand& option) {
  const auto line = [](std::string_view name, const std::string& value) {
    return "setoption name " + std::string(name) + " value " + value;
  };
  return std::visit(
      Overloaded{
          [&](const HashOption& o) { return line("Hash", std::to_string(o.megabytes)); },
          [&](const ThreadsOption& o) { return line("Threads", std::to_string(o.threads)); },
          [&](const LevelOption& o) { return line("Level", std::to_string(o.level)); },
          [&](const SeedOption& o) { return line("Seed", std::to_string(o.seed)); },
          [&](const AlgorithmOption& o) { return line("Algorithm", algorithm_word(o.algorithm)); },
          [&](const OpponentsOption& o) { return line("Opponents", o.model); },
          [&](const OwnBookOption& o) { return line("OwnBook", o.on ? "true" : "false"); },
          [&](const FlagOption& o) {
            return line(kFlagNames[static_cast<int>(o.flag)], o.on ? "true" : "false");
          },
          [&](const WeightsOption& o) { return line("Weights", o.preset); },
          [&](const WeightOption& o) {
            return line(o.term, o.weight ? std::to_string(*o.weight) : o.given);
          },
      },
      option);
}

std::string help_lines(const HelpEvent& help) {
  return "commands: game " + join_words(help.games) +
         " | position (startpos | maze <rows> | <position string>) [moves M ...] | go [ponder] "
         "[depth N] "
         "[movetime MS] [nodes N] [infinite] | ponderhit | stop | isready | setoption name <Name> "
         "value <V> | d | perft N | "
         "moves | solve | tree depth N [algorithm minimax|alphabeta|expectimax] [ordering on|off] "
         "[table on|off] [deepening on|off] [limit K] | match games N [algorithm A] [depth D] "
         "[opponents O] [model O] [seed S] | eval | newgame | quit (each takes only "
         "the words shown; a line holds at most " +
         std::to_string(kMaxLineBytes) + " bytes)\n" + "options: Hash (MB, 1-" +
         std::to_string(kMaxHashMegabytes) + ") | Threads (1-" + std::to_string(kMaxThreads) +
         ", the exact solver's) | Level (1-" + std::to_string(kLevelCount) +
         ") | Seed | Algorithm (minimax|alphabeta" +
         (help.has_chance ? std::string("|expectimax") : std::string()) + ")" +
         opponents_option(help) +
         " | Table | Ordering | RandomTies | RootScores | "
         "Iterative | OwnBook (true|false)" +
         weight_options(help);
}

std::string event_text(const EngineEvent& event) {
  return std::visit(
      Overloaded{
          [](const InfoEvent& e) { return info_line(e.report); },
          [](const RootScoreEvent& e) {
            return "info depth " + std::to_string(e.depth) + " move " + e.move + " score " +
                   score_text(e.score, e.proven, e.in_points);
          },
          [](const MoveChoiceEvent& e) {
            return std::string(kChoiceLine) + " " + e.move +
                   (e.slip ? std::string(" as a slip of the level")
                           : " at random among " + std::to_string(e.tied) + " equal moves");
          },
          [](const BestMoveEvent& e) {
            return "bestmove " + (e.move.empty() ? std::string("(none)") : e.move) +
                   (e.ponder.empty() ? "" : " ponder " + e.ponder);
          },
          [](const PonderFinishedEvent&) { return std::string(kPonderFinished); },
          [](const PerftEvent& e) {
            return "perft " + std::to_string(e.depth) + " " +
                   (e.count ? std::to_string(*e.count) : "stopped");
          },
          [](const SolutionEvent& e) {
            return e.stopped ? std::string("solution stopped") : "solution " + e.result;
          },
          [](const TreeProgressEvent& e) {
            return "info nodes " + std::to_string(e.nodes) + " time " + std::to_string(e.time_ms);
          },
          [](const TreeNodeEvent& e) { return tree_line(e.node, e.in_points); },
          [](const TreeEndEvent& e) {
            if (e.stopped && !e.nodes) return std::string("tree stopped");
            if (e.stopped) return "tree stopped nodes " + std::to_string(*e.nodes);
            return "tree nodes " + std::to_string(e.nodes.value_or(0)) + " value " +
                   score_text(e.value, e.proven, e.in_points);
          },
          [](const MatchEvent& e) {
            if (e.stopped) return std::string("match stopped");
            return "match games " + std::to_string(e.games) + " wins " + std::to_string(e.wins) +
                   " losses " + std::to_string(e.losses) + " draws " + std::to_string(e.draws) +
                   " mean " + points_text(e.mean);
          },
          [](const EvalEvent& e) {
            std::string lines;
            for (const EvaluationReport::Term& t : e.report.terms)
              lines += "eval term " + t.name + " value " + std::to_string(t.value) + " weight " +
                       std::to_string(t.weight) + " contribution " +
                       std::to_string(t.contribution) + "\n";
            return lines + "eval total " + std::to_string(e.report.total);
          },
          [](const BoardEvent& e) { return e.diagram + "position " + e.position; },
          [](const MovesEvent& e) { return join_words(prepend("moves", e.moves)); },
          [](const HelpEvent& e) { return help_lines(e); },
          [](const ReadyEvent&) { return std::string("readyok"); },
          [](const ErrorEvent& e) { return "error " + e.message; },
          [](const TextEvent& e) { return e.line; },
      },
      event);
}

}  // namespace

Parsed<EngineCommand> read_command(const std::vector<std::string>& words,
                                   const std::vector<std::string>& game_names) {
  const std::string& command = words.at(0);
  if (auto problem = command_error(words)) return ParseError{*problem};
  if (command == "game") {
    if (words.size() != 2) return ParseError{"usage: game " + join_words(game_names)};
    return EngineCommand{GameCommand{words[1]}};
  }
  if (command == "position") {
    const Parsed<PositionLine> position = parse_position(words);
    if (!position) return ParseError{position.error()};
    return EngineCommand{PositionCommand{position->start, position->moves}};
  }
  if (command == "go") return as_command(parse_go(words));
  if (command == "setoption") return as_command(parse_setoption(words));
  if (command == "perft") return as_command(parse_perft(words));
  if (command == "solve") return EngineCommand{SolveCommand{}};
  if (command == "tree") return as_command(parse_tree(words));
  if (command == "match") return as_command(parse_match(words));
  if (command == "eval") return EngineCommand{EvalCommand{}};
  if (command == "d") return EngineCommand{BoardCommand{}};
  if (command == "moves") return EngineCommand{MovesCommand{}};
  if (command == "newgame" || command == "ucinewgame") return EngineCommand{NewGameCommand{}};
  if (command == "help") return EngineCommand{HelpCommand{}};
  return ParseError{"unknown command '" + command + "' (try help)"};
}

std::string command_line(const EngineCommand& command) {
  const auto on_off = [](bool on) { return on ? " on" : " off"; };
  return std::visit(Overloaded{
                        [](const GameCommand& c) { return "game " + c.name; },
                        [](const PositionCommand& c) {
                          return "position " + c.start +
                                 (c.moves.empty() ? "" : " moves " + join_words(c.moves));
                        },
                        [](const GoCommand& c) {
                          std::string line = c.ponder ? "go ponder" : "go";
                          if (c.infinite) line += " infinite";
                          if (c.depth) line += " depth " + std::to_string(*c.depth);
                          if (c.movetime_ms) line += " movetime " + std::to_string(*c.movetime_ms);
                          if (c.nodes) line += " nodes " + std::to_string(*c.nodes);
                          return line;
                        },
                        [](const OptionCommand& c) { return option_line(c); },
                        [](const PerftCommand& c) { return "perft " + std::to_string(c.depth); },
                        [](const SolveCommand&) { return std::string("solve"); },
                        [&](const TreeCommand& c) {
                          std::string line = "tree depth " + std::to_string(c.depth);
                          if (c.algorithm)
                            line += std::string(" algorithm ") + algorithm_word(*c.algorithm);
                          if (c.ordering) line += std::string(" ordering") + on_off(*c.ordering);
                          if (c.table) line += std::string(" table") + on_off(*c.table);
                          if (c.deepening) line += " deepening on";
                          return line + " limit " + std::to_string(c.limit);
                        },
                        [](const MatchCommand& c) {
                          std::string line = "match games " + std::to_string(c.games);
                          if (c.algorithm)
                            line += std::string(" algorithm ") + algorithm_word(*c.algorithm);
                          if (c.depth) line += " depth " + std::to_string(*c.depth);
                          if (c.opponents) line += " opponents " + *c.opponents;
                          if (c.model) line += " model " + *c.model;
                          if (c.seed) line += " seed " + std::to_string(*c.seed);
                          return line;
                        },
                        [](const EvalCommand&) { return std::string("eval"); },
                        [](const BoardCommand&) { return std::string("d"); },
                        [](const MovesCommand&) { return std::string("moves"); },
                        [](const NewGameCommand&) { return std::string("newgame"); },
                        [](const HelpCommand&) { return std::string("help"); },
                    },
                    command);
}

std::optional<EngineCommand> command_of(std::string_view line) {
  std::vector<std::string> words = split_words(line);
  if (words.empty()) return std::nullopt;
  if (words[0] == "position") words = position_words(line);
  if (command_error(words)) return std::nullopt;
  Parsed<EngineCommand> command = read_command(words, {});
  if (!command) return std::nullopt;
  return std::move(*command);
}

std::string option_name(const OptionCommand& option) {
  return split_words(option_line(option)).at(2);
}

bool is_shared(const OptionCommand& option) {
  return !std::holds_alternative<WeightsOption>(option) &&
         !std::holds_alternative<WeightOption>(option);
}

std::vector<std::string> event_lines(const EngineEvent& event) {
  // A blank line read is one line still (a diagram's, say).
  if (const auto* text = std::get_if<TextEvent>(&event); text && text->line.empty()) return {""};
  return text_lines(event_text(event));
}

std::vector<std::string> position_words(std::string_view line) {
  constexpr std::string_view kBlanks = " \t\r\n";
  const auto next_word = [&](std::size_t from) {
    return from >= line.size() ? std::string_view::npos : line.find_first_not_of(kBlanks, from);
  };
  const auto word_end = [&](std::size_t at) {
    return std::min(line.find_first_of(kBlanks, at), line.size());
  };
  std::vector<std::string> words;
  const std::size_t command = next_word(0);
  if (command == std::string_view::npos) return words;
  words.emplace_back(line.substr(command, word_end(command) - command));
  const std::size_t start = next_word(word_end(command));
  std::size_t moves = start;
  while (moves != std::string_view::npos && line.substr(moves, word_end(moves) - moves) != "moves")
    moves = next_word(word_end(moves));
  if (start != moves) {
    const std::string_view given = line.substr(start, std::min(moves, line.size()) - start);
    words.emplace_back(given.substr(0, given.find_last_not_of(kBlanks) + 1));
  }
  if (moves == std::string_view::npos) return words;
  for (std::string& word : split_words(line.substr(moves))) words.push_back(std::move(word));
  return words;
}

Parsed<PositionLine> read_position_line(std::string_view line) {
  return parse_position(position_words(line));
}

std::optional<std::string> command_error(const std::vector<std::string>& words) {
  const std::string& command = words.at(0);
  if (takes_no_words(command)) {
    if (words.size() == 1) return std::nullopt;
    return "usage: " + command;
  }
  for (const char* c : {"game", "go", "position", "perft", "tree", "setoption", "match"})
    if (command == c) return std::nullopt;
  return "unknown command '" + command + "' (try help)";
}

std::optional<std::string> line_length_error(std::string_view line) {
  const std::size_t bytes = line_bytes(line);
  if (bytes <= kMaxLineBytes) return std::nullopt;
  return too_long_message(bytes);
}

std::string points_text(Score centipoints) {
  return "cp " + decimal_text(centipoints, 2);
}

std::string score_text(Score score, bool proven, bool in_points) {
  if (in_points) return points_text(score);
  if (is_margin(score))
    return (score > 0 ? "win by " : "loss by ") + std::to_string(std::abs(margin_of(score)));
  if (is_win(score)) return "win " + std::to_string(plies_to_end(score));
  if (is_loss(score)) return "loss " + std::to_string(plies_to_end(score));
  if (proven && score == kDraw) return "draw";
  return "cp " + std::to_string(score);
}

std::string info_line(const SearchReport& r) {
  std::string line =
      "info depth " + std::to_string(r.depth) + " score " +
      score_text(r.score, r.proven, r.in_points) + " nodes " + std::to_string(r.stats.nodes) +
      " nps " + std::to_string(r.nps) + " time " + std::to_string(r.time_ms) + " evals " +
      std::to_string(r.stats.leaf_evaluations) + " tablecuts " +
      std::to_string(r.stats.table_cutoffs) + " betacuts " + std::to_string(r.stats.beta_cutoffs);
  if (!r.pv.empty()) line += " pv " + join_words(r.pv);
  return line;
}

std::string tree_line(const TreeNode& n, bool in_points) {
  std::string line = "node " + std::to_string(n.id) + " parent ";
  line += n.parent == kNoParent ? "-" : std::to_string(n.parent);
  line += " ply " + std::to_string(n.ply) + " move " + (n.move.empty() ? "-" : n.move);
  line += n.chance ? " side chance" : n.max_to_move ? " side max" : " side min";
  line += " alpha " + bound_text(n.alpha, in_points) + " beta " + bound_text(n.beta, in_points);
  // A node the stop came into has no value yet.
  line += " value " + (n.kind == NodeKind::kStopped ? std::string("-")
                                                    : score_text(n.value, n.proven, in_points));
  line.append(" bound ").append(tree_word(kBoundNames, n.bound));
  line.append(" kind ").append(tree_word(kNodeKindNames, n.kind));
  line += " children " + std::to_string(n.children);
  // A multi-agent game's: the agent to move, a chance edge's probability.
  if (n.agent >= 0) line += " agent " + std::to_string(n.agent);
  if (n.agent >= 0 && n.probability > 0) line += " prob " + probability_text(n.probability);
  if (n.kind == NodeKind::kCutoff) {
    line += " pruned " + std::to_string(n.pruned.size());
    for (const std::string& move : n.pruned) line.append(" ").append(move);
  }
  if (n.on_pv) line += " pv";
  return line;
}

Protocol::Protocol(SessionFactory factory, std::vector<std::string> game_names, Output output,
                   bool background)
    : Protocol(
          std::move(factory), std::move(game_names),
          [output = std::move(output)](std::uint64_t, const std::string& line) { output(line); },
          background) {}

Protocol::Protocol(SessionFactory factory, std::vector<std::string> game_names, TaggedOutput output,
                   bool background)
    : output_(std::move(output)),
      engine_(
          std::move(factory), std::move(game_names),
          [this](std::uint64_t tag, const EngineEvent& event) {
            std::lock_guard lock(output_mutex_);
            for (const std::string& line : event_lines(event)) output_(tag, line);
          },
          background) {}

void Protocol::refuse_long_line(std::size_t bytes, std::uint64_t tag) {
  engine_.deliver(tag, ErrorEvent{too_long_message(bytes)});
}

bool Protocol::handle(std::string_view text, std::uint64_t tag) {
  return handle_line(engine_, text, tag);
}

bool handle_line(Engine& engine, std::string_view text, std::uint64_t tag) {
  // Refused before it is split: a huge line costs no more than its length.
  if (const std::size_t bytes = line_bytes(text); bytes > kMaxLineBytes) {
    engine.deliver(tag, ErrorEvent{too_long_message(bytes)});
    return true;
  }
  std::vector<std::string> words = split_words(text);
  if (words.empty()) return true;
  if (words[0] == "position") words = position_words(text);
  if (auto problem = command_error(words)) {
    engine.deliver(tag, ErrorEvent{*problem});
    return true;
  }
  const std::string& command = words[0];
  if (command == "isready") {
    engine.deliver(tag, ReadyEvent{});
    return true;
  }
  if (command == "quit") {
    engine.finish();
    return false;
  }
  if (command == kStopLine) {
    engine.stop();
    return true;
  }
  if (command == kPonderhitLine) {
    engine.ponderhit(tag);
    return true;
  }
  Parsed<EngineCommand> parsed = read_command(words, engine.game_names());
  if (!parsed) {
    engine.deliver(tag, ErrorEvent{parsed.error()});
    return true;
  }
  engine.submit(std::move(*parsed), tag);
  return true;
}

// --- The reader ---

namespace {

using Words = std::vector<std::string>;

template <class Number = int>
std::optional<Number> whole_number(const std::string& text) {
  Number value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// A number of points with up to two decimals ("-252.5", "4.67", "9") in
// hundredths; nothing for anything else ("4.", ".5", "1.234", "1e3").
std::optional<Score> hundredths(const std::string& text) {
  const std::size_t dot = text.find('.');
  const std::optional<int> units = whole_number(text.substr(0, dot));
  if (!units || *units > 20'000'000 || *units < -20'000'000) return std::nullopt;
  if (dot == std::string::npos) return *units * 100;
  const std::string decimals = text.substr(dot + 1);
  if (decimals.empty() || decimals.size() > 2 ||
      decimals.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  const int fraction = std::stoi(decimals) * (decimals.size() == 1 ? 10 : 1);
  return *units * 100 + (text[0] == '-' ? -fraction : fraction);
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

// A score or an open end (`-inf`, `inf`) at w[at]; advances `at` past it. In
// `points` (a node of a game of agents), a `cp` score is points with up to
// two decimals, read as hundredths; elsewhere decimals are refused.
std::optional<ScoreWords> read_edge(const Words& w, std::size_t& at, bool points) {
  if (at >= w.size()) return std::nullopt;
  if (w[at] == "-inf" || w[at] == "inf") {
    ++at;
    return ScoreWords{w[at - 1] == "inf" ? kInfinity : -kInfinity, false, points, 1};
  }
  if (points && w[at] == "cp") {
    const std::optional<Score> value = at + 1 < w.size() ? hundredths(w[at + 1]) : std::nullopt;
    if (!value) return std::nullopt;
    at += 2;
    return ScoreWords{*value, false, true, 2};
  }
  const std::optional<ScoreWords> score = read_score_words(w, at);
  if (!score || score->in_points) return std::nullopt;
  at += score->width;
  return score;
}

// A multi-agent game's fields after `children C`: agent K [prob P].
bool read_agent(const Words& w, std::size_t& at, TreeNode& node) {
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
bool read_tail(const Words& w, std::size_t at, TreeNode& node) {
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
bool read_node_head(const Words& w, TreeNode& node) {
  if (w.size() < 20 || w[0] != "node" || w[2] != "parent" || w[4] != "ply" || w[6] != "move" ||
      w[8] != "side" || w[10] != "alpha")
    return false;
  const std::optional<long long> ply = whole_number<long long>(w[5]);
  const std::optional<long long> parent = w[3] == "-" ? -1 : whole_number<long long>(w[3]);
  if (!ply || !parent || *ply < 0 || (w[9] != "max" && w[9] != "min" && w[9] != "chance"))
    return false;
  node.id = whole_number<std::uint64_t>(w[1]).value_or(0);
  node.ply = static_cast<int>(*ply);
  node.parent = *parent < 0 ? kNoParent : static_cast<std::uint64_t>(*parent);
  node.move = w[7] == "-" ? "" : w[7];
  node.max_to_move = w[9] == "max";
  node.chance = w[9] == "chance";
  return true;
}

// node I parent P ply D move M side S alpha A beta B value V bound X kind K
// children C [agent K [prob P]] [pruned K m...] [pv]
std::optional<TreeNodeEvent> read_tree_node(const Words& w) {
  TreeNodeEvent event;
  TreeNode& node = event.node;
  if (!read_node_head(w, node)) return std::nullopt;
  // No move is written before `children`: its first one is the field's,
  // and an agent after it means values in points.
  const auto children_at = std::find(w.begin() + 11, w.end(), "children");
  event.in_points = w.end() - children_at > 2 && *(children_at + 2) == "agent";
  std::size_t at = 11;
  const std::optional<ScoreWords> alpha = read_edge(w, at, event.in_points);
  if (!alpha || at >= w.size() || w[at++] != "beta") return std::nullopt;
  const std::optional<ScoreWords> beta = read_edge(w, at, event.in_points);
  if (!beta || at >= w.size() || w[at++] != "value") return std::nullopt;
  // A node the stop came into has no value: `value -`, of kind stopped.
  const bool unknown = at < w.size() && w[at] == "-";
  const std::optional<ScoreWords> value =
      unknown ? std::optional<ScoreWords>(ScoreWords{}) : read_edge(w, at, event.in_points);
  if (unknown) ++at;
  if (!value || (!unknown && (value->score <= -kInfinity || value->score >= kInfinity)) ||
      at + 6 > w.size() || w[at] != "bound" || w[at + 2] != "kind" || w[at + 4] != "children")
    return std::nullopt;
  const std::optional<Bound> bound = from_tree_word(kBoundNames, std::string_view(w[at + 1]));
  const std::optional<NodeKind> kind = from_tree_word(kNodeKindNames, std::string_view(w[at + 3]));
  const std::optional<long long> children = whole_number<long long>(w[at + 5]);
  if (!bound || !kind || !children || *children < 0) return std::nullopt;
  if (unknown != (*kind == NodeKind::kStopped)) return std::nullopt;
  node.alpha = alpha->score;
  node.beta = beta->score;
  node.value = value->score;
  node.proven = value->proven;
  node.bound = *bound;
  node.kind = *kind;
  node.children = static_cast<int>(*children);
  if (!read_tail(w, at + 6, node)) return std::nullopt;
  return event;
}

std::optional<TreeEndEvent> read_tree_end(const Words& w) {
  if (w.size() < 5 || w[1] != "nodes" || w[3] != "value") return std::nullopt;
  const std::optional<std::uint64_t> count = whole_number<std::uint64_t>(w[2]);
  const std::optional<ScoreWords> value = read_score_words(w, 4);
  if (!count || !value || 4 + value->width != w.size()) return std::nullopt;
  return TreeEndEvent{*count, value->score, value->proven, value->in_points, false};
}

// `info depth D score S nodes N nps R time MS ... pv M ...`, depth above 0.
std::optional<InfoEvent> read_search_info(const Words& w) {
  InfoEvent info;
  SearchReport& r = info.report;
  r.depth = whole_number(w[2]).value_or(0);
  if (r.depth <= 0 || (w.size() > 3 && w[3] == "move")) return std::nullopt;
  info.has_score = false;
  for (std::size_t i = 3; i + 1 < w.size(); ++i) {
    const std::string& key = w[i];
    if (key == "score") {
      const std::optional<ScoreWords> score = read_score_words(w, i + 1);
      info.has_score = score.has_value();
      if (score) {
        r.score = score->score;
        r.proven = score->proven;
        r.in_points = score->in_points;
      }
    } else if (key == "nodes") {
      r.stats.nodes = whole_number<std::uint64_t>(w[i + 1]).value_or(0);
    } else if (key == "nps") {
      r.nps = whole_number<std::uint64_t>(w[i + 1]).value_or(0);
    } else if (key == "time") {
      r.time_ms = whole_number<std::int64_t>(w[i + 1]).value_or(0);
    } else if (key == "evals") {
      r.stats.leaf_evaluations = whole_number<std::uint64_t>(w[i + 1]).value_or(0);
    } else if (key == "tablecuts") {
      r.stats.table_cutoffs = whole_number<std::uint64_t>(w[i + 1]).value_or(0);
    } else if (key == "betacuts") {
      r.stats.beta_cutoffs = whole_number<std::uint64_t>(w[i + 1]).value_or(0);
    } else if (key == "pv") {
      r.pv.assign(w.begin() + static_cast<long>(i) + 1, w.end());
      break;
    }
  }
  return info;
}

std::optional<RootScoreEvent> read_root_score(const Words& w) {
  if (w.size() < 7 || w[3] != "move" || w[5] != "score") return std::nullopt;
  const std::optional<int> depth = whole_number(w[2]);
  const std::optional<ScoreWords> score = read_score_words(w, 6);
  if (!depth || !score) return std::nullopt;
  return RootScoreEvent{*depth, w[4], score->score, score->proven, score->in_points};
}

// info string chose <move> at random among <n> equal moves
// info string chose <move> as a slip of the level
std::optional<MoveChoiceEvent> read_choice(const Words& w) {
  if (w.size() < 5 || w[1] != "string" || w[2] != "chose") return std::nullopt;
  const Words rest(w.begin() + 5, w.end());
  if (w[4] == "as" && rest == Words{"a", "slip", "of", "the", "level"})
    return MoveChoiceEvent{w[3], 0, true};
  if (w.size() != 10 || w[4] != "at" || w[5] != "random" || w[6] != "among" || w[8] != "equal" ||
      w[9] != "moves")
    return std::nullopt;
  const std::optional<int> tied = whole_number(w[7]);
  if (!tied || *tied < 2) return std::nullopt;
  return MoveChoiceEvent{w[3], *tied, false};
}

// The value of word `key` in `w` (as `key N`), if it reads.
std::optional<int> number_after(const Words& w, const std::string& key) {
  const auto at = std::find(w.begin(), w.end(), key);
  if (at == w.end() || at + 1 == w.end()) return std::nullopt;
  return whole_number(*(at + 1));
}

std::optional<MatchEvent> read_match(const Words& w) {
  if (w.size() == 2 && w[1] == "stopped") return MatchEvent{.stopped = true};
  if (w.size() != 12 || w[1] != "games" || w[9] != "mean" || w[10] != "cp") return std::nullopt;
  const auto games = number_after(w, "games"), wins = number_after(w, "wins"),
             losses = number_after(w, "losses"), draws = number_after(w, "draws");
  const std::optional<Score> mean = hundredths(w[11]);
  if (!games || !wins || !losses || !draws || !mean) return std::nullopt;
  return MatchEvent{false, *games, *wins, *losses, *draws, *mean};
}

TextEvent malformed(std::string_view line) {
  return TextEvent{std::string(line), true};
}

EngineEvent read_info(std::string_view line, const Words& w) {
  if (line == kPonderFinished) return PonderFinishedEvent{};
  if (std::optional<MoveChoiceEvent> choice = read_choice(w)) return *choice;
  if (w.size() == 5 && w[1] == "nodes" && w[3] == "time") {
    const auto nodes = parse_number(w[2], 0, UINT64_MAX);
    const auto time = parse_number(w[4], 0, INT64_MAX);
    if (!nodes || !time) return malformed(line);
    return TreeProgressEvent{*nodes, static_cast<std::int64_t>(*time)};
  }
  if (w.size() < 3 || w[1] != "depth") return TextEvent{std::string(line)};
  if (std::optional<RootScoreEvent> root = read_root_score(w)) return *root;
  if (std::optional<InfoEvent> info = read_search_info(w)) return *info;
  if (w[2] == "0") return TextEvent{std::string(line)};
  return malformed(line);
}

EngineEvent read_tree(std::string_view line, const Words& w) {
  if (w.size() == 2 && w[1] == "stopped") return TreeEndEvent{.stopped = true};
  if (w.size() == 4 && w[1] == "stopped" && w[2] == "nodes") {
    const auto nodes = parse_number(w[3], 0, UINT64_MAX);
    if (!nodes) return malformed(line);
    return TreeEndEvent{*nodes, 0, false, false, true};
  }
  if (std::optional<TreeEndEvent> end = read_tree_end(w)) return *end;
  return malformed(line);
}

}  // namespace

std::optional<ScoreWords> read_score_words(const std::vector<std::string>& words, std::size_t at) {
  if (at >= words.size()) return std::nullopt;
  if (words[at] == "draw") return ScoreWords{kDraw, true, false, 1};
  if (at + 1 >= words.size()) return std::nullopt;
  const std::string& kind = words[at];
  if (words[at + 1] == "by" && (kind == "win" || kind == "loss")) {
    const std::optional<int> margin =
        at + 2 < words.size() ? whole_number(words[at + 2]) : std::nullopt;
    if (!margin || *margin <= 0 || *margin > kMaxMargin) return std::nullopt;
    return ScoreWords{kind == "win" ? win_by(*margin) : loss_by(*margin), true, false, 3};
  }
  const std::optional<int> value = whole_number(words[at + 1]);
  // Decimals come only from a game valued in points (a chance node's mean).
  if (!value && kind == "cp")
    if (const std::optional<Score> points = hundredths(words[at + 1]))
      return ScoreWords{*points, false, true, 2};
  if (!value) return std::nullopt;
  if (kind == "cp") return ScoreWords{*value, false, false, 2};
  if (*value < 0 || *value > kMaxPly) return std::nullopt;
  if (kind == "win") return ScoreWords{win_in(*value), true, false, 2};
  if (kind == "loss") return ScoreWords{loss_in(*value), true, false, 2};
  return std::nullopt;
}

EngineEvent read_event(std::string_view line) {
  const Words w = split_words(line);
  if (w.empty()) return TextEvent{std::string(line)};
  const std::string& first = w[0];
  if (first == "error") {
    const std::size_t space = line.find("error") + 5;
    return ErrorEvent{std::string(line.substr(std::min(line.size(), space + 1)))};
  }
  if (first == "readyok" && w.size() == 1) return ReadyEvent{};
  if (first == "info") return read_info(line, w);
  if (first == "bestmove") {
    if (w.size() == 2) return BestMoveEvent{w[1] == "(none)" ? "" : w[1]};
    if (w.size() == 4 && w[2] == "ponder") return BestMoveEvent{w[1], w[3]};
    return malformed(line);
  }
  if (first == "node") {
    if (std::optional<TreeNodeEvent> node = read_tree_node(w)) return *node;
    return malformed(line);
  }
  if (first == "tree") return read_tree(line, w);
  if (first == "solution" && w.size() >= 2) {
    if (w.size() == 2 && w[1] == "stopped") return SolutionEvent{"", true};
    return SolutionEvent{join_words(w, 1), false};
  }
  if (first == "match") {
    if (std::optional<MatchEvent> match = read_match(w)) return *match;
    return malformed(line);
  }
  if (first == "perft" && w.size() == 3) {
    const std::optional<int> depth = whole_number(w[1]);
    const std::optional<std::uint64_t> count = whole_number<std::uint64_t>(w[2]);
    if (depth && (count || w[2] == "stopped")) return PerftEvent{*depth, count};
  }
  return TextEvent{std::string(line)};
}

}  // namespace arcade
