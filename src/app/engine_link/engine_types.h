#pragma once
// What the app asks of an engine and what it reads back, in the app's own
// types: the requests become the engine's typed commands (engine/engine.h)
// and its typed events become these replies, with no text. Text is the
// worker's wire format only, written and read by the engine's one codec
// (engine/protocol.h: command_line, read_command, event_lines, read_event);
// parse_reply here is that codec's reader seen in these types.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "app/engine_link/engine_info.h"
#include "engine/engine.h"
#include "engine/search_tree.h"

namespace arcade::app {

// --- Commands ---------------------------------------------------------------

// The position a search starts from: the game's start ("startpos" or a
// position string of the game) and the moves played from it, in notation.
struct EnginePosition {
  std::string start = "startpos";
  std::vector<std::string> moves;
  friend bool operator==(const EnginePosition&, const EnginePosition&) = default;
};

// What a `go` searches under; 0 or false: no such limit.
struct GoLimits {
  int depth = 0;
  int movetime_ms = 0;
  bool infinite = false;
  bool ponder = false;  // until `ponderhit` or `stop`
  friend bool operator==(const GoLimits&, const GoLimits&) = default;
};

// The engine's options a search is set up with; unset: as the engine has it.
struct EngineOptions {
  std::optional<int> level = {};         // 1..kLevelCount
  std::optional<bool> root_scores = {};  // every root move's score (`info ... move`)
  std::optional<int> threads = {};
  std::optional<int> table_mb = {};  // the transposition table's size (Hash)
  std::optional<bool> own_book = {};
  std::optional<bool> iterative = {};  // iterative deepening (the search's)
  std::optional<Algorithm> algorithm = {};
  // In a game of agents: how the other team plays, and so what the search
  // assumes of it (the Opponents option: "adversarial", "random", the
  // game's own model); after the level, which sets its own.
  std::optional<std::string> opponents = {};
};

// The heuristic's weights as the engine is told them: a preset, then each
// term that differs from it, so that the same weights give the same lines
// whatever the engine held before.
struct EngineWeights {
  std::string preset = "default";
  std::vector<std::pair<std::string, int>> terms;  // name, weight
  // The game whose terms these are (empty: any). Another game's engine
  // would refuse its terms' names, and with them the search they set up:
  // EngineLink tells such weights to no other game.
  std::string game = {};
  friend bool operator==(const EngineWeights&, const EngineWeights&) = default;
};

// The lab's `tree` command (engine/protocol.h): one search to `depth`,
// every node it enters printed, at most `limit` of them.
struct TreeParams {
  int depth = 3;
  bool minimax = false;  // minimax; else alpha-beta
  bool ordering = true;
  bool table = false;
  bool deepening = false;
  std::uint64_t limit = 20'000;  // nodes printed; all are counted
  // In a game of more than two agents with chance (engine/agents.h): the
  // other team's agents as chance nodes (`algorithm expectimax`), over
  // `minimax`.
  bool expectimax = false;
  // In a game of agents: how the search takes the other team (the Opponents
  // option's model, set before the tree; empty: as the engine has it).
  std::string opponents = {};
};

// The engine's commands for these requests.
EngineCommand game_command(std::string_view game);
// In the order the engine is to take them: Level, RootScores, Threads,
// Hash, OwnBook, Iterative, Algorithm, Opponents.
std::vector<EngineCommand> option_commands(const EngineOptions& options);
std::vector<EngineCommand> weight_commands(const EngineWeights& weights);
EngineCommand position_command(const EnginePosition& position);
EngineCommand go_command(const GoLimits& limits);
EngineCommand tree_command(const TreeParams& params);

// --- Replies ----------------------------------------------------------------

// `bestmove M [ponder P]`; `bestmove (none)` where the game is over.
struct BestMove {
  std::string move;    // empty for (none)
  std::string ponder;  // the reply it expects, if it said
  friend bool operator==(const BestMove&, const BestMove&) = default;
};

// `info string ponder finished`: a ponder's search ended on its own.
struct PonderFinished {
  friend bool operator==(const PonderFinished&, const PonderFinished&) = default;
};

// `solution <result>` or `solution stopped`.
struct Solution {
  std::string result;
  bool stopped = false;
  friend bool operator==(const Solution&, const Solution&) = default;
};

// An end of a search window: a score, or open (-inf for alpha, inf for beta).
using WindowEdge = std::optional<EngineScore>;

// One `node ...` line of a tree (engine/protocol.h).
struct TreeNodeLine {
  int parent = -1;  // the index of the node it was reached from; -1 at the root
  int ply = 0;
  std::string move;         // from the parent, in the game's notation
  bool max_to_move = true;  // the root's side is to move
  WindowEdge alpha, beta;
  EngineScore value;                    // from the root's side (max)
  Bound bound = Bound::kExact;          // exact, at least it (failed high), at most it (failed low)
  NodeKind kind = NodeKind::kExpanded;  // what happened there
  int searched_children = 0;            // also those beyond the node limit
  std::vector<std::string> pruned;      // moves not searched after a cut-off
  bool on_pv = false;
  std::vector<int> children;  // the kept children, in search order (the tree fills them)
  // In a game of more than two agents (`agent k` on the line): the agent to
  // move (0 is MAX's; -1 in a two-player game), whether it moves at random
  // (`side chance`: its value is its children's mean; max_to_move is then
  // false) and, on a child of a chance node, its move's probability.
  // Values and windows are then in hundredths of the game's points (`cp
  // 4.67` reads as 467).
  int agent = -1;
  bool chance = false;
  double probability = 0;
  bool in_points() const { return agent >= 0; }
};

// `tree nodes N value S`: the tree's last line.
struct TreeEnd {
  std::uint64_t nodes = 0;  // every node searched
  EngineScore value;        // `cp 4.67`: rounded toward zero (4)
  // A `cp` value in hundredths (`cp 4.67`: 467, `cp 9`: 900): the value of
  // a tree of points (TreeNodeLine::in_points).
  std::optional<int> hundredths;
  friend bool operator==(const TreeEnd&, const TreeEnd&) = default;
};

// `tree stopped [nodes N]`: the node lines before it are the part of the
// tree searched before the stop; N counts every node entered (none when the
// tree was stopped before it began).
struct TreeStopped {
  std::optional<std::uint64_t> nodes;
  friend bool operator==(const TreeStopped&, const TreeStopped&) = default;
};

// The engine's `error ...` line, or a reply line that did not read
// (`malformed`: a known reply whose fields are wrong).
struct EngineError {
  std::string message;
  bool malformed = false;
  // The long command (go, solve, tree) that the refused line set up, or
  // was (EngineLink fills it): that request will not answer as asked (a
  // `go` after a refused `position` searches the position before), so its
  // user stops waiting on it. 0: none known.
  std::uint64_t sets_up = 0;
  friend bool operator==(const EngineError&, const EngineError&) = default;
};

// A long `tree` under way: `info nodes N time T`, its nodes so far.
struct TreeProgress {
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  friend bool operator==(const TreeProgress&, const TreeProgress&) = default;
};

// Any other reply: `readyok`, `perft`, `eval`, an `info string` the app has
// no use for, a search's `info depth 0` (as the protocol's lines).
struct OtherLine {
  std::string line;
  friend bool operator==(const OtherLine&, const OtherLine&) = default;
};

// A `match`'s answer (the engine's own type: agent 0's results).
using MatchResult = MatchEvent;

using EngineReplyData = std::variant<SearchInfoLine, MoveInfoLine, MoveChoice, BestMove,
                                     PonderFinished, Solution, TreeNodeLine, TreeEnd, TreeStopped,
                                     TreeProgress, EngineError, MatchResult, OtherLine>;

// An engine's event as the app reads it.
EngineReplyData reply_of(const EngineEvent& event);
// A score as the engine gives it, as the app reads it: what its text says
// (`cp 9` in a game of points is 9 here; EngineLink makes it points).
EngineScore score_of(Score score, bool proven, bool in_points);

// Reads one line the engine printed (the codec's read_event, then
// reply_of). Never fails: a line that does not read is an EngineError
// (malformed), an unknown one an OtherLine.
EngineReplyData parse_reply(std::string_view line);

// The pieces of parse_reply, for lines already split into words.
std::optional<EngineScore> read_score(const std::vector<std::string>& words, std::size_t at);
// Nothing for another line, a root move's line or depth 0.
std::optional<SearchInfoLine> read_search_info(const std::vector<std::string>& words);
std::optional<MoveInfoLine> read_move_info(const std::vector<std::string>& words);
// `info string chose <move> at random among <n> equal moves` or `... as a
// slip of the level`; nothing for any other line.
std::optional<MoveChoice> read_choice(const std::vector<std::string>& words);
std::optional<TreeNodeLine> read_tree_node(const std::vector<std::string>& words);

}  // namespace arcade::app
