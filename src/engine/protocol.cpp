#include "engine/protocol.h"

#include <algorithm>
#include <random>
#include <utility>

namespace arcade {
namespace {

std::optional<bool> parse_bool(const std::string& text) {
  if (text == "true" || text == "on" || text == "1") return true;
  if (text == "false" || text == "off" || text == "0") return false;
  return std::nullopt;
}

// The commands that may take long: they run on the protocol's thread, and
// `stop` ends them.
bool is_long(const std::vector<std::string>& words) {
  return words[0] == "go" || words[0] == "solve" || words[0] == "perft" || words[0] == "tree" ||
         words[0] == "match";
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
std::string weight_options(const GameSession& session) {
  std::string text = " | Weights (";
  const std::vector<std::string> presets = session.weight_presets();
  for (std::size_t i = 0; i < presets.size(); ++i) text += (i ? "|" : "") + presets[i];
  text += ")";
  for (const WeightedTerm& term : session.weights())
    text += " | " + term.name + " (weight, default " + std::to_string(term.default_weight) + ")";
  return text;
}

// The options line's part for a multi-agent game's Opponents option.
std::string opponents_option(const GameSession& session) {
  const std::vector<std::string> models = session.opponent_models();
  if (models.empty()) return "";
  std::string text = " | Opponents (";
  for (std::size_t i = 0; i < models.size(); ++i) text += (i ? "|" : "") + models[i];
  return text + ")";
}

// The Algorithm option as `game` can take it: expectimax, set in a game of
// chance, searches a game without chance by alpha-beta (the option outlives
// `game`, and plain minimax would be far slower).
Algorithm algorithm_for(const GameSession& game, Algorithm algorithm) {
  if (algorithm == Algorithm::kExpectimax && !game.has_chance()) return Algorithm::kAlphaBeta;
  return algorithm;
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

// Sets one `tree` parameter of `request`; an error message if it is none or
// its value is bad.
std::optional<std::string> set_tree_parameter(TreeRequest& request, const std::string& key,
                                              const std::string& value) {
  if (key == "depth" || key == "limit") {
    const bool depth = key == "depth";
    const auto number = parse_number(value, depth ? 1 : 0, depth ? 64 : kMaxTreeLimit);
    if (!number)
      return "tree " + key + ": '" + value + "' is not " +
             (depth ? std::string("a depth from 1 to 64")
                    : "a limit from 0 to " + std::to_string(kMaxTreeLimit));
    if (depth) request.depth = static_cast<int>(*number);
    if (!depth) request.limit = *number;
    return std::nullopt;
  }
  if (key == "algorithm") {
    const std::optional<Algorithm> algorithm = parse_algorithm(value);
    if (!algorithm)
      return "tree algorithm: '" + value + "' is not minimax, alphabeta or expectimax";
    request.algorithm = *algorithm;
    return std::nullopt;
  }
  bool* const flag = key == "ordering"    ? &request.ordering
                     : key == "table"     ? &request.table
                     : key == "deepening" ? &request.deepening
                                          : nullptr;
  if (!flag) return "unknown tree parameter '" + key + "'";
  const std::optional<bool> on = parse_switch(value);
  if (!on) return "tree " + key + ": '" + value + "' is not on or off";
  *flag = *on;
  return std::nullopt;
}

// A `tree` line's request: `defaults` with the parameters it names; `depth`
// must be one of them.
Parsed<TreeRequest> parse_tree_request(const std::vector<std::string>& args, TreeRequest request) {
  bool has_depth = false;
  for (std::size_t i = 1; i < args.size(); i += 2) {
    const std::string& key = args[i];
    if (i + 1 >= args.size()) return ParseError{"tree " + key + " needs a value"};
    if (auto wrong = set_tree_parameter(request, key, args[i + 1])) return ParseError{*wrong};
    has_depth = has_depth || key == "depth";
  }
  if (!has_depth) return ParseError{std::string(kTreeUsage)};
  return request;
}

constexpr std::string_view kMatchUsage =
    "usage: match games N [algorithm minimax|alphabeta|expectimax] [depth D] "
    "[opponents <model>] [model <model>] [seed S]";

// A `match` line: the request (its unnamed parameters from `request`), the
// opponents' word and the word of the model agent 0 assumes, which only the
// game can read.
struct MatchWords {
  AgentMatchRequest request;
  std::optional<std::string> opponents;
  std::optional<std::string> model;
};

// Sets one `match` parameter; an error message if it is none or its value
// is bad.
std::optional<std::string> set_match_parameter(MatchWords& m, const std::string& key,
                                               const std::string& value) {
  if (key == "opponents" || key == "model") {
    (key == "opponents" ? m.opponents : m.model) = value;
    return std::nullopt;
  }
  if (key == "algorithm") {
    const std::optional<Algorithm> algorithm = parse_algorithm(value);
    if (!algorithm)
      return "match algorithm: '" + value + "' is not minimax, alphabeta or expectimax";
    m.request.algorithm = *algorithm;
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
  if (key == "games") m.request.games = static_cast<int>(*number);
  if (key == "depth") m.request.depth = static_cast<int>(*number);
  if (key == "seed") m.request.seed = *number;
  return std::nullopt;
}

// A `match` line's words; `games` must be among them, and no parameter
// twice (`games 5 games 6` would otherwise play 6 games without a word).
Parsed<MatchWords> parse_match(const std::vector<std::string>& args, MatchWords m) {
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

// A parse's message, or nothing if it read.
template <class T>
std::optional<std::string> error_of(const Parsed<T>& parsed) {
  if (parsed) return std::nullopt;
  return parsed.error();
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

struct GoRequest {
  SearchLimits limits;
  bool ponder = false;
};

// A `go` line's request: `limits` (the level's) changed by its parameters,
// in the order given (`infinite` clears the limits before it).
Parsed<GoRequest> parse_go(const std::vector<std::string>& args, SearchLimits limits) {
  GoRequest request{limits};
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& key = args[i];
    if (key == "infinite") {
      request.limits = {};
      continue;
    }
    if (key == "ponder") {
      request.ponder = true;
      continue;
    }
    if (key != "depth" && key != "movetime" && key != "nodes")
      return ParseError{"unknown go parameter '" + key + "'"};
    if (i + 1 >= args.size()) return ParseError{"go " + key + " needs a number"};
    const auto value = parse_number(args[++i], 1, key == "depth" ? 1000 : UINT64_MAX / 2);
    if (!value) return ParseError{"go " + key + ": '" + args[i] + "' is not a valid number"};
    if (key == "depth") request.limits.depth = static_cast<int>(*value);
    // Beyond kMaxMovetimeMs a deadline would leave the clock's range; no
    // search gets near it anyway.
    if (key == "movetime")
      request.limits.movetime_ms = static_cast<std::int64_t>(
          std::min<std::uint64_t>(*value, static_cast<std::uint64_t>(kMaxMovetimeMs)));
    if (key == "nodes") request.limits.nodes = *value;
  }
  return request;
}

Parsed<int> parse_perft(const std::vector<std::string>& args) {
  if (args.size() != 2) return ParseError{"usage: perft N"};
  const auto depth = parse_number(args[1], 0, 64);
  if (!depth) return ParseError{"perft: '" + args[1] + "' is not a depth from 0 to 64"};
  return static_cast<int>(*depth);
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
bool is_flag_option(const std::string& name) {
  return name == "Table" || name == "Ordering" || name == "RandomTies" || name == "RootScores" ||
         name == "Iterative";
}

// What is wrong with a weight option's value for `game`, if anything: a
// preset for `Weights`, a weight for one of its terms.
std::optional<std::string> weight_option_error(const std::string& name, const std::string& value,
                                               const GameSession& game) {
  if (name == "Weights") {
    const std::vector<std::string> presets = game.weight_presets();
    if (std::find(presets.begin(), presets.end(), value) != presets.end()) return std::nullopt;
    std::string known;
    for (const std::string& preset : presets)
      known.append(known.empty() ? "" : ", ").append(preset);
    return "option Weights: no weights '" + value + "' in " + std::string(game.game_name()) + " (" +
           known + ")";
  }
  const std::vector<WeightedTerm> terms = game.weights();
  if (std::none_of(terms.begin(), terms.end(),
                   [&](const WeightedTerm& t) { return t.name == name; }))
    return "unknown option '" + name + "' (try help)";
  if (parse_signed(value, -kMaxWeight, kMaxWeight)) return std::nullopt;
  return "option " + name + ": '" + value + "' is not a weight from " +
         std::to_string(-kMaxWeight) + " to " + std::to_string(kMaxWeight);
}

// What is wrong with a `setoption` line for `game`, if anything.
std::optional<std::string> setoption_error(const std::vector<std::string>& args,
                                           const GameSession& game) {
  if (args.size() != 5 || args[1] != "name" || args[3] != "value")
    return "usage: setoption name <Name> value <V>";
  const std::string& name = args[2];
  const std::string& value = args[4];
  auto unless = [&](bool ok, const std::string& expected) -> std::optional<std::string> {
    if (ok) return std::nullopt;
    return "option " + name + ": '" + value + "' is not " + expected;
  };
  if (name == "Hash")
    return unless(parse_number(value, 1, kMaxHashMegabytes).has_value(),
                  "a size in MB from 1 to " + std::to_string(kMaxHashMegabytes));
  if (name == "Threads")
    return unless(parse_number(value, 1, kMaxThreads).has_value(),
                  "a thread count from 1 to " + std::to_string(kMaxThreads));
  if (name == "Level")
    return unless(parse_number(value, 1, kLevelCount).has_value(),
                  "a level from 1 to " + std::to_string(kLevelCount));
  if (name == "Seed") return unless(parse_number(value, 0, UINT64_MAX).has_value(), "a number");
  if (name == "Algorithm") {
    if (value == "expectimax" && !game.has_chance())
      return "option Algorithm: expectimax needs agents that move at random, and " +
             std::string(game.game_name()) + " has none";
    return unless(parse_algorithm(value).has_value(), "minimax, alphabeta or expectimax");
  }
  if (name == "Opponents") {
    const std::vector<std::string> models = game.opponent_models();
    if (models.empty())
      return "option Opponents: " + std::string(game.game_name()) +
             " has no opponents to model (a game of more than two agents has)";
    std::string words;
    for (const std::string& model : models) words += (words.empty() ? "" : "|") + model;
    return unless(std::find(models.begin(), models.end(), value) != models.end(), words);
  }
  if (name == "OwnBook" || is_flag_option(name))
    return unless(parse_bool(value).has_value(), "true or false");
  return weight_option_error(name, value, game);
}

// What is wrong with a `match` line for `game`, if anything: a game without
// agents of chance, or an opponents or model word it does not know.
std::optional<std::string> match_error(const std::vector<std::string>& words,
                                       const GameSession& game) {
  if (!game.has_chance())
    return "match needs a game of more than two agents, and " + std::string(game.game_name()) +
           " has two";
  const Parsed<MatchWords> m = parse_match(words, {});
  const std::vector<std::string> models = game.opponent_models();
  const auto known = [&](const std::optional<std::string>& word) {
    return !word || std::find(models.begin(), models.end(), *word) != models.end();
  };
  if (known(m->opponents) && known(m->model)) return std::nullopt;
  std::string all;
  for (const std::string& model : models) all += (all.empty() ? "" : "|") + model;
  return known(m->opponents) ? "match model: '" + *m->model + "' is not " + all
                             : "match opponents: '" + *m->opponents + "' is not " + all;
}

}  // namespace

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

LongCommand long_command(const std::vector<std::string>& words) {
  if (words.empty()) return LongCommand::kNone;
  const std::string& command = words[0];
  if (command == "go" && parse_go(words, {})) return LongCommand::kGo;
  if (command == "solve") return LongCommand::kSolve;
  if (command == "perft" && parse_perft(words)) return LongCommand::kPerft;
  if (command == "tree" && parse_tree_request(words, {})) return LongCommand::kTree;
  if (command == "match" && parse_match(words, {})) return LongCommand::kMatch;
  return LongCommand::kNone;
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

bool is_ponder(const std::vector<std::string>& words) {
  return !words.empty() && words[0] == "go" &&
         std::find(words.begin(), words.end(), "ponder") != words.end();
}

// The opponent played another move, or the game changed.
bool ends_ponder(const std::vector<std::string>& words) {
  return !words.empty() && (words[0] == "position" || words[0] == "go" || words[0] == "newgame" ||
                            words[0] == "ucinewgame" || words[0] == "game");
}

std::string stopped_reply(const std::vector<std::string>& words) {
  if (words.at(0) == "tree") return "tree stopped";
  if (words[0] == "solve") return "solution stopped";
  if (words[0] == "match") return "match stopped";
  return "perft " + (words.size() > 1 ? words[1] : std::string()) + " stopped";
}

bool is_shared_option(std::string_view name) {
  return name == "Hash" || name == "Threads" || name == "Level" || name == "Seed" ||
         name == "Algorithm" || name == "Opponents" || name == "OwnBook" ||
         is_flag_option(std::string(name));
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

// The `bestmove` line, after the line that says how its move was chosen
// when it was not simply the search's first.
std::string bestmove_lines(const SearchReport& r) {
  if (r.best.empty()) return "bestmove (none)";
  std::string lines;
  if (r.slip)
    lines = std::string(kChoiceLine) + " " + r.best + " as a slip of the level\n";
  else if (r.tied > 1)
    lines = std::string(kChoiceLine) + " " + r.best + " at random among " + std::to_string(r.tied) +
            " equal moves\n";
  return lines + "bestmove " + r.best;
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
    : factory_(std::move(factory)),
      game_names_(std::move(game_names)),
      output_(std::move(output)),
      background_(background),
      session_(factory_(game_names_.front())),
      read_game_(game_names_.front()) {
  // A player meets a different game each time unless a seed is set.
  options_.random_ties = true;
  options_.seed = std::random_device{}();
  if (background_) thread_ = std::thread([this] { run_queue(); });
}

Protocol::~Protocol() {
  finish();
  {
    std::lock_guard lock(mutex_);
    shutdown_ = true;
  }
  work_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Protocol::emit(const std::string& text, std::uint64_t tag) {
  std::lock_guard lock(output_mutex_);
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    output_(tag, text.substr(at, end - at));
    at = end + 1;
  }
}

void Protocol::refuse_long_line(std::size_t bytes, std::uint64_t tag) {
  emit("error " + too_long_message(bytes), tag);
}

bool Protocol::handle(std::string_view text, std::uint64_t tag) {
  // Refused before it is split: a huge line costs no more than its length.
  if (const std::size_t bytes = line_bytes(text); bytes > kMaxLineBytes) {
    refuse_long_line(bytes, tag);
    return true;
  }
  std::vector<std::string> words = split_words(text);
  if (words.empty()) return true;
  if (words[0] == "position") words = position_words(text);
  if (auto problem = form_error(words)) {
    emit("error " + *problem, tag);
    return true;
  }
  if (words[0] == "isready") {
    emit("readyok", tag);
    return true;
  }
  if (words[0] == "quit") {
    finish();
    return false;
  }
  std::unique_lock lock(mutex_);
  // Refused when read, never queued: a bad line changes nothing, a running
  // search or a ponder included, and its error comes at once.
  if (auto problem = game_error(words)) {
    emit("error " + *problem, tag);
    return true;
  }
  if (words[0] == "game") read_game_ = words[1];
  if (words[0] == "stop") {
    stop_everything_read(lock);
    return true;
  }
  if (words[0] == "ponderhit") {
    ponderhit(tag);
    return true;
  }
  if (ponder_line_ && ends_ponder(words)) stop_everything_read(lock);
  Line line{++received_, tag, std::move(words)};
  if (background_ && is_ponder(line.words)) ponder_line_ = line.number;
  if (!background_) {
    lock.unlock();
    stop_ = false;  // nothing can stop a search here but its own limits
    execute(line, false);
    return true;
  }
  if (busy_ || is_long(line.words)) {
    busy_ = true;
    queue_.push_back(std::move(line));
    work_.notify_one();
    return true;
  }
  // Idle and quick: answered here and now, so its replies come before
  // handle returns.
  execute(line, false);
  answered_ = line.number;
  return true;
}

std::optional<std::string> Protocol::form_error(const std::vector<std::string>& words) const {
  const std::string& command = words[0];
  if (auto problem = command_error(words)) return problem;
  if (command == "game") {
    if (words.size() != 2) return "usage: game " + join_words(game_names_);
    if (std::find(game_names_.begin(), game_names_.end(), words[1]) != game_names_.end())
      return std::nullopt;
    return "unknown game '" + words[1] + "' (games: " + join_words(game_names_) + ")";
  }
  if (command == "go") {
    const Parsed<GoRequest> request = parse_go(words, {});
    if (!request) return request.error();
    // Nothing reads ponderhit while a search runs in the caller's thread.
    if (request->ponder && !background_)
      return "go ponder needs a protocol that reads while it searches (the web client "
             "ponders in slices of its own)";
    return std::nullopt;
  }
  if (command == "position") return error_of(parse_position(words));
  if (command == "perft") return error_of(parse_perft(words));
  if (command == "tree") return error_of(parse_tree_request(words, {}));
  if (command == "match") return error_of(parse_match(words, {}));
  // A setoption's value may depend on the game: game_error checks it all.
  return std::nullopt;
}

// Under mutex_.
std::optional<std::string> Protocol::game_error(const std::vector<std::string>& words) {
  const std::string& command = words[0];
  if (command == "setoption") return setoption_error(words, game_read());
  if (command == "tree" && !game_read().has_chance() &&
      std::find(words.begin(), words.end(), "expectimax") != words.end())
    return "tree algorithm: expectimax needs agents that move at random, and " +
           std::string(game_read().game_name()) + " has none";
  if (command == "match") return match_error(words, game_read());
  if (command == "solve" && !game_read().has_solver())
    return "no exact solver for " + std::string(game_read().game_name());
  if (command != "position") return std::nullopt;
  const Parsed<PositionLine> request = parse_position(words);
  return game_read().check_position(request->start, request->moves);
}

// Under mutex_. While idle the session is the caller's to read; while busy
// the protocol's thread owns it, and the lines queued may change its game.
const GameSession& Protocol::game_read() {
  if (!busy_) return *session_;
  if (!checker_ || checker_->game_name() != read_game_) checker_ = factory_(read_game_);
  return *checker_;
}

void Protocol::stop_everything_read(std::unique_lock<std::mutex>& lock) {
  stop_through_ = received_;
  stop_ = true;
  ponder_line_ = 0;
  ponder_.notify_all();
  changed_.wait(lock, [this] { return answered_ >= stop_through_ || !busy_; });
}

// Under mutex_. The ponder it hits may still wait in the queue: it then runs
// as a normal search.
void Protocol::ponderhit(std::uint64_t tag) {
  if (!ponder_line_) return emit("error ponderhit: no go ponder awaits it", tag);
  const std::uint64_t number = std::exchange(ponder_line_, 0);
  if (running_ == number) {
    ponder_hit_ = true;
    stop_ = true;  // ends the unbounded search; ponder() goes on under the limits
    ponder_.notify_all();
    return;
  }
  for (Line& queued : queue_)
    if (queued.number == number) queued.hit = true;
}

void Protocol::finish() {
  std::unique_lock lock(mutex_);
  closing_ = true;
  stop_everything_read(lock);
}

void Protocol::wait() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return !busy_; });
}

// The protocol's thread: runs the queue whenever there is one. A quick line
// runs under the lock, as it would on the caller's thread; a long one
// without, so that stop and isready are read meanwhile.
void Protocol::run_queue() {
  std::unique_lock lock(mutex_);
  while (true) {
    work_.wait(lock, [this] { return shutdown_ || !queue_.empty(); });
    if (queue_.empty()) return;
    const Line line = std::move(queue_.front());
    queue_.pop_front();
    if (is_long(line.words)) {
      const bool stopped_before_start = stopped(line.number);
      stop_ = stopped_before_start;
      running_ = line.number;
      ponder_hit_ = false;
      lock.unlock();
      execute(line, stopped_before_start);
      lock.lock();
      running_ = 0;
    } else {
      execute(line, false);
    }
    // A ponder that ended without ponderhit or stop (a bad line) awaits none.
    if (ponder_line_ == line.number) ponder_line_ = 0;
    answered_ = line.number;
    if (queue_.empty()) busy_ = false;
    changed_.notify_all();
  }
}

void Protocol::execute(const Line& line, bool stopped_before_start) {
  current_tag_ = line.tag;
  const std::vector<std::string>& words = line.words;
  const std::string& command = words[0];
  if (command == "game")
    command_game(words);
  else if (command == "position")
    command_position(words);
  else if (command == "go")
    command_go(line, stopped_before_start);
  else if (command == "setoption")
    command_setoption(words);
  else if (command == "perft")
    command_perft(words);
  else if (command == "solve")
    command_solve();
  else if (command == "tree")
    command_tree(words);
  else if (command == "match")
    command_match(words);
  else if (command == "eval")
    command_eval();
  else if (command == "d")
    emit(session_->diagram() + "position " + session_->position_text());
  else if (command == "moves")
    emit(join_words(prepend("moves", session_->legal_moves())));
  else if (command == "newgame" || command == "ucinewgame")
    session_->clear_table();
  else if (command == "help")
    command_help();
  else
    error("unknown command '" + command + "' (try help)");
}

void Protocol::command_game(const std::vector<std::string>& args) {
  if (args.size() != 2) return error("usage: game " + join_words(game_names_));
  for (const std::string& name : game_names_) {
    if (name != args[1]) continue;
    session_ = factory_(name);
    if (hash_megabytes_) session_->set_table_megabytes(*hash_megabytes_);
    session_->set_own_book(own_book_);
    session_->set_threads(threads_);
    restore_weights();
    if (opponents_ && !session_->opponent_models().empty()) session_->set_opponents(*opponents_);
    return;
  }
  error("unknown game '" + args[1] + "' (games: " + join_words(game_names_) + ")");
}

void Protocol::command_position(const std::vector<std::string>& args) {
  const Parsed<PositionLine> request = parse_position(args);
  if (!request) return error(request.error());
  if (auto problem = session_->set_position(request->start, request->moves)) error(*problem);
}

void Protocol::command_go(const Line& line, bool stopped_before_start) {
  const std::vector<std::string>& args = line.words;
  SearchLimits level_limits;
  SearchOptions options = options_;
  options.algorithm = algorithm_for(*session_, options.algorithm);
  apply_level(level_, level_limits, options);
  // A multi-agent game's level is its own: a depth in rounds, no flaws (its
  // algorithm and opponents were set with the Level option).
  if (const std::optional<AgentLevel> agent_level = session_->agent_level(level_)) {
    level_limits.depth = agent_level->depth;
    options.root_noise = 0;
    options.mistake_rate = 0;
    options.use_oracle = false;
  }
  // handle refused a bad line (and a ponder without the reader thread).
  const Parsed<GoRequest> request = parse_go(args, level_limits);
  if (!request) return error(request.error());
  const SearchLimits& limits = request->limits;
  const bool pondering = request->ponder && !line.hit && !stopped_before_start;
  if (session_->outcome() != Outcome::kOngoing && !pondering) return emit("bestmove (none)");
  // Advancing the seed per search keeps "same seed, same game" while the moves
  // of one game do not all repeat the same draw.
  options_.seed = options_.seed * 6364136223846793005ull + 1442695040888963407ull;
  if (!pondering) return run_search(limits, options, stopped_before_start);
  emit(bestmove_lines(ponder_search(line, limits, options)));
}

void Protocol::run_search(SearchLimits limits, const SearchOptions& options,
                          bool stopped_before_start) {
  // A search stopped before it began still owes a real move: a depth-1
  // search takes microseconds, so it runs without the stop flag.
  const std::atomic<bool> not_stopped{false};
  if (stopped_before_start) limits = {.depth = 1};
  emit(bestmove_lines(search(limits, options, stopped_before_start ? not_stopped : stop_)));
}

SearchReport Protocol::search(const SearchLimits& limits, const SearchOptions& options,
                              const std::atomic<bool>& stop) {
  return session_->search(limits, options, stop, [this](const SearchReport& r) {
    std::string lines = info_line(r);
    for (const SearchReport::RootScore& root : r.root_scores)
      lines += "\ninfo depth " + std::to_string(r.depth) + " move " + root.move + " score " +
               score_text(root.score, root.proven, r.in_points);
    emit(lines);
  });
}

// Until ponderhit the clock does not run: only depth and nodes bound the
// search. What it finds stays in the session's tables, so the search after
// ponderhit, under the real limits, starts where it left off.
SearchReport Protocol::ponder_search(const Line& line, const SearchLimits& limits,
                                     const SearchOptions& options) {
  SearchLimits unbounded = limits;
  unbounded.movetime_ms = 0;
  SearchReport report;  // no move when the game is over
  bool finished = true;
  if (session_->outcome() == Outcome::kOngoing) {
    report = search(unbounded, options, stop_);
    finished = !stop_;
  }
  if (finished) emit(std::string(kPonderFinished));
  std::unique_lock lock(mutex_);
  ponder_.wait(lock, [&] { return ponder_hit_ || stopped(line.number); });
  if (stopped(line.number) || finished) return report;
  stop_ = false;
  lock.unlock();
  return search(limits, options, stop_);
}

// handle checked the line against this game; checked again here, so that
// each value below reads.
void Protocol::command_setoption(const std::vector<std::string>& args) {
  if (auto problem = setoption_error(args, *session_)) return error(*problem);
  const std::string& name = args[2];
  const std::string& value = args[4];
  if (name == "Hash") {
    // A session may hold two tables of this size (the search's and a game
    // solver's): 64 MB keeps the web build well inside its 256 MB of memory.
    hash_megabytes_ = *parse_number(value, 1, kMaxHashMegabytes);
    return session_->set_table_megabytes(*hash_megabytes_);
  }
  if (name == "Threads") {
    // A host without a search thread (the web build, without pthreads)
    // may start none: there the solver stays on the calling thread.
    threads_ = background_ ? static_cast<int>(*parse_number(value, 1, kMaxThreads)) : 1;
    return session_->set_threads(threads_);
  }
  if (name == "Level") {
    level_ = static_cast<int>(*parse_number(value, 1, kLevelCount));
    if (const std::optional<AgentLevel> agent_level = session_->agent_level(level_)) {
      options_.algorithm = agent_level->algorithm;
      const std::vector<std::string> models = session_->opponent_models();
      opponents_ = models.at(static_cast<std::size_t>(agent_level->opponents));
      session_->set_opponents(*opponents_);
    }
  } else if (name == "Seed") {
    options_.seed = *parse_number(value, 0, UINT64_MAX);
  } else if (name == "Algorithm") {
    options_.algorithm = *parse_algorithm(value);
  } else if (name == "Opponents") {
    opponents_ = value;
    session_->set_opponents(value);
  } else if (name == "OwnBook") {
    own_book_ = *parse_bool(value);
    session_->set_own_book(own_book_);
  } else if (is_flag_option(name)) {
    bool* flag = name == "Table"        ? &options_.use_table
                 : name == "Ordering"   ? &options_.use_ordering
                 : name == "RandomTies" ? &options_.random_ties
                 : name == "RootScores" ? &options_.root_scores
                                        : &options_.iterative;
    *flag = *parse_bool(value);
  } else {
    set_weight_option(name, value);
  }
}

void Protocol::command_perft(const std::vector<std::string>& args) {
  const Parsed<int> depth = parse_perft(args);
  if (!depth) return error(depth.error());
  const std::optional<std::uint64_t> count = session_->perft(*depth, stop_);
  emit("perft " + args[1] + " " + (count ? std::to_string(*count) : "stopped"));
}

void Protocol::command_solve() {
  Parsed<std::string> result = session_->solve(stop_);
  if (!result && stop_) return emit("solution stopped");
  if (!result) return error(result.error());
  emit("solution " + *result);
}

// The game's own options, checked (weight_option_error): the weights of its
// heuristic's terms, one by one or all at once (`Weights`, a preset).
void Protocol::set_weight_option(const std::string& name, const std::string& value) {
  std::optional<std::string> problem;
  if (name == "Weights")
    problem = session_->use_weight_preset(value);
  else
    problem = session_->set_weight(
        name, static_cast<Score>(*parse_signed(value, -kMaxWeight, kMaxWeight)));
  if (problem) return error("option " + name + ": " + *problem);
  weights_by_game_[std::string(session_->game_name())] = session_->weights();
}

void Protocol::restore_weights() {
  const auto remembered = weights_by_game_.find(session_->game_name());
  if (remembered == weights_by_game_.end()) return;
  for (const WeightedTerm& term : remembered->second) session_->set_weight(term.name, term.weight);
}

void Protocol::command_tree(const std::vector<std::string>& args) {
  TreeRequest defaults;
  defaults.algorithm = algorithm_for(*session_, options_.algorithm);
  defaults.ordering = options_.use_ordering;
  defaults.table = options_.use_table;
  const Parsed<TreeRequest> parsed = parse_tree_request(args, defaults);
  if (!parsed) return error(parsed.error());
  TreeRequest request = *parsed;
  // A long tree says it is under way, as a search's `info` lines do.
  const SteadyClock::time_point started = SteadyClock::now();
  request.progress = [this, started](std::uint64_t nodes) {
    emit("info nodes " + std::to_string(nodes) + " time " + std::to_string(ms_since(started)));
  };
  const TreeReport report = session_->tree(request, stop_);
  // A stopped search prints what it searched, for the learner to see how
  // far it got; printing a large whole tree takes a while, and a stop ends
  // that (the lines printed are then a prefix of the tree's).
  for (const TreeNode& node : report.nodes) {
    if (stop_ && !report.stopped) break;
    emit(tree_line(node, report.in_points));
  }
  if (report.stopped || stop_)
    return emit("tree stopped nodes " + std::to_string(report.nodes_searched));
  emit("tree nodes " + std::to_string(report.nodes_searched) + " value " +
       score_text(report.value, report.proven, report.in_points));
}

// Whole games from the current position (engine/agent_match.h). What the
// line leaves out comes from the options: Algorithm, Seed, Opponents, and
// the Level's depth; agent 0 assumes the opponents as they play unless the
// line names a model.
void Protocol::command_match(const std::vector<std::string>& args) {
  MatchWords defaults;
  defaults.request.algorithm = options_.algorithm;
  defaults.request.seed = options_.seed;
  const std::optional<AgentLevel> level = session_->agent_level(level_);
  if (level) defaults.request.depth = level->depth;
  const Parsed<MatchWords> m = parse_match(args, defaults);
  if (!m) return error(m.error());
  const std::vector<std::string> models = session_->opponent_models();
  const std::string word = m->opponents ? *m->opponents
                           : opponents_ ? *opponents_
                           : level      ? models.at(static_cast<std::size_t>(level->opponents))
                                        : std::string();
  const auto at = std::find(models.begin(), models.end(), word);
  const auto model = std::find(models.begin(), models.end(), m->model.value_or(word));
  if (at == models.end() || model == models.end()) return error(*match_error(args, *session_));
  AgentMatchRequest request = m->request;
  request.opponents = static_cast<Opponents>(at - models.begin());
  request.model = static_cast<Opponents>(model - models.begin());
  const Parsed<AgentMatchResult> result = session_->match(request, stop_);
  if (!result) return error(result.error());
  if (result->stopped) return emit("match stopped");
  emit("match games " + std::to_string(result->games()) + " wins " + std::to_string(result->wins) +
       " losses " + std::to_string(result->losses) + " draws " + std::to_string(result->draws) +
       " mean " + points_text(result->mean()));
}

void Protocol::command_eval() {
  const EvaluationReport report = session_->evaluation();
  std::string lines;
  for (const EvaluationReport::Term& t : report.terms)
    lines += "eval term " + t.name + " value " + std::to_string(t.value) + " weight " +
             std::to_string(t.weight) + " contribution " + std::to_string(t.contribution) + "\n";
  emit(lines + "eval total " + std::to_string(report.total));
}

void Protocol::command_help() {
  emit("commands: game " + join_words(game_names_) +
       " | position (startpos | maze <rows> | <position string>) [moves M ...] | go [ponder] "
       "[depth N] "
       "[movetime MS] [nodes N] [infinite] | ponderhit | stop | isready | setoption name <Name> "
       "value <V> | d | perft N | "
       "moves | solve | tree depth N [algorithm minimax|alphabeta|expectimax] [ordering on|off] "
       "[table on|off] [deepening on|off] [limit K] | match games N [algorithm A] [depth D] "
       "[opponents O] [model O] [seed S] | eval | newgame | quit (each takes only "
       "the words shown; a line holds at most " +
       std::to_string(kMaxLineBytes) + " bytes)");
  emit("options: Hash (MB, 1-" + std::to_string(kMaxHashMegabytes) + ") | Threads (1-" +
       std::to_string(kMaxThreads) + ", the exact solver's) | Level (1-" +
       std::to_string(kLevelCount) + ") | Seed | Algorithm (minimax|alphabeta" +
       (session_->has_chance() ? std::string("|expectimax") : std::string()) + ")" +
       opponents_option(*session_) +
       " | Table | Ordering | RandomTies | RootScores | "
       "Iterative | OwnBook (true|false)" +
       weight_options(*session_));
}

}  // namespace arcade
