#pragma once
// The engine as a typed, non-blocking API, as Stockfish's engine.h stands
// beside uci.cpp: commands are plain structs (set the game and position,
// options, go with limits, ponder, solve, tree, perft, match, eval), the
// answers plain events (an iteration's SearchReport, the best move, a tree's
// nodes, a solution ...) handed to one listener with the tag of the command
// they answer. The text protocol (engine/protocol.h: the command-line tool,
// the Web Worker) is a thin layer that reads lines into these commands and
// writes these events as lines; the desktop app calls the Engine directly,
// with no text at all.
//
// Who runs what, and the busy rules (what stop, ponderhit and a new
// command do while a long command runs), are the Engine's, written once:
// docs/protocol.md ("The protocol always reads", "Pondering") says them for
// the protocol, which only passes them through. With `background`, the long
// commands (go, solve, perft, tree, match) run on the Engine's own thread, so
// submit never waits for them:
//  - a command the game read so far refuses (a bad position or option value,
//    `solve` without a solver, ...) is refused when submitted: its one
//    ErrorEvent comes at once, it is not queued and changes nothing, a
//    running search or ponder included;
//  - any other command submitted while a long one runs is queued, and the
//    queue runs in order after it;
//  - stop() ends every long command submitted before it: the running one at
//    once, a queued one as soon as it starts (a go then answers with a
//    depth-1 search, a real move); it returns once all of them answered;
//  - finish() stops everything the same way, and for good.
// Pondering (GoCommand::ponder, with `background` only): the search holds
// back its BestMoveEvent until ponderhit() or stop(); one that ends on its
// own says PonderFinishedEvent; a position, game, newgame or go submitted
// while a ponder awaits its ponderhit ends it first, as stop would.
// Without `background` every command runs to its end inside submit.
//
// Events are delivered whole, one at a time (under one lock), from the
// caller's thread or the Engine's.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <variant>
#include <vector>

#include "engine/level.h"
#include "engine/session.h"

namespace arcade {

inline constexpr std::uint64_t kMaxHashMegabytes = 64;
// `Threads` at most; a session clamps it further to the machine's threads.
inline constexpr std::uint64_t kMaxThreads = 256;
// A tree's nodes at most: a node takes about 100 bytes until printed, and
// the web build has 256 MB in all.
inline constexpr std::uint64_t kMaxTreeLimit = 1'000'000;

// --- Commands ---------------------------------------------------------------

// Switches game, at its start position; every option carries over.
struct GameCommand {
  std::string name;
};
// "startpos", a position string of the game or `maze ROWS`, then moves.
struct PositionCommand {
  std::string start = "startpos";
  std::vector<std::string> moves;
};
// A search under the level's limits, changed by those given: `infinite`
// clears the level's limits (those given after it in a line still hold).
struct GoCommand {
  bool infinite = false;
  std::optional<int> depth;
  std::optional<std::int64_t> movetime_ms;
  std::optional<std::uint64_t> nodes;
  bool ponder = false;
};
// A switch of the search (SearchOptions' flags).
enum class SearchFlag : std::uint8_t { kTable, kOrdering, kRandomTies, kRootScores, kIterative };
struct HashOption {
  std::size_t megabytes = 16;
};
struct ThreadsOption {
  int threads = 1;
};
struct LevelOption {
  int level = kLevelCount;
};
struct SeedOption {
  std::uint64_t seed = 0;
};
struct AlgorithmOption {
  Algorithm algorithm = Algorithm::kAlphaBeta;
};
// One of the game's opponent models (GameSession::opponent_models).
struct OpponentsOption {
  std::string model;
};
struct OwnBookOption {
  bool on = true;
};
struct FlagOption {
  SearchFlag flag = SearchFlag::kTable;
  bool on = true;
};
// A preset of the game's weights (`default` or its own).
struct WeightsOption {
  std::string preset;
};
// A term's weight; `weight` empty when `given` (the value as written, for
// the message) is no weight, which the Engine refuses once it knows the
// term is the game's.
struct WeightOption {
  std::string term;
  std::optional<Score> weight;
  std::string given;
};
using OptionCommand =
    std::variant<HashOption, ThreadsOption, LevelOption, SeedOption, AlgorithmOption,
                 OpponentsOption, OwnBookOption, FlagOption, WeightsOption, WeightOption>;
struct PerftCommand {
  int depth = 1;
};
struct SolveCommand {};
// The lab's tree (docs/protocol.md): unset fields from the options.
struct TreeCommand {
  int depth = 1;
  std::optional<Algorithm> algorithm;
  std::optional<bool> ordering;
  std::optional<bool> table;
  bool deepening = false;
  std::uint64_t limit = kDefaultTreeLimit;
  bool expectimax_named = false;  // refused in a game without chance
};
// Whole games of a game of agents (engine/agent_match.h): unset fields from
// the options.
struct MatchCommand {
  int games = 1;
  std::optional<Algorithm> algorithm;
  std::optional<int> depth;
  std::optional<std::uint64_t> seed;
  std::optional<std::string> opponents;
  std::optional<std::string> model;
};
struct EvalCommand {};
struct BoardCommand {};  // the diagram and the position string (`d`)
struct MovesCommand {};
struct NewGameCommand {};  // clears the table
struct HelpCommand {};     // what the commands take in the current game

using EngineCommand =
    std::variant<GameCommand, PositionCommand, GoCommand, OptionCommand, PerftCommand, SolveCommand,
                 TreeCommand, MatchCommand, EvalCommand, BoardCommand, MovesCommand, NewGameCommand,
                 HelpCommand>;

// The commands that may take long: they run on the Engine's thread, and stop
// ends them.
bool is_long(const EngineCommand& command);
// The commands that end a ponder awaiting its ponderhit (the opponent played
// another move, or the game changed).
bool ends_ponder(const EngineCommand& command);
bool is_ponder(const EngineCommand& command);

// --- Events -----------------------------------------------------------------

// Each event is one line of the text protocol (EvalEvent, BoardEvent and
// HelpEvent a few), so that the codec reads each line back into its event.

// A finished iteration of a go (its root moves' scores follow as
// RootScoreEvents, with RootScores).
struct InfoEvent {
  SearchReport report;
  bool has_score = true;  // false: a line read without one
};
// A root move's score in the iteration just told.
struct RootScoreEvent {
  int depth = 0;
  std::string move;
  Score score = 0;
  bool proven = false;
  bool in_points = false;
};
// How a go's move was chosen when it was not simply the search's first:
// at random among `tied` equal moves, or a weaker level's slip. Just before
// its BestMoveEvent.
struct MoveChoiceEvent {
  std::string move;
  int tied = 0;
  bool slip = false;
};
// A go's answer; empty when the game is over.
struct BestMoveEvent {
  std::string move;
  std::string ponder = {};  // the reply it expects, if said (UCI's; never ours)
};
// A ponder's search ended on its own: its move is decided.
struct PonderFinishedEvent {};
struct PerftEvent {
  int depth = 0;
  std::optional<std::uint64_t> count;  // none: stopped
};
struct SolutionEvent {
  std::string result;  // the game's solver's words
  bool stopped = false;
};
// A long tree under way: the nodes entered so far.
struct TreeProgressEvent {
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
};
struct TreeNodeEvent {
  TreeNode node;
  bool in_points = false;
};
// A tree's end, after its nodes: every node searched and the root's value,
// or stopped (the nodes entered).
struct TreeEndEvent {
  std::optional<std::uint64_t> nodes = {};  // none: stopped before it began
  Score value = 0;
  bool proven = false;
  bool in_points = false;
  bool stopped = false;
};
// Agent 0's results and mean final score (hundredths of points).
struct MatchEvent {
  bool stopped = false;
  int games = 0, wins = 0, losses = 0, draws = 0;
  Score mean = 0;
};
struct EvalEvent {
  EvaluationReport report;
};
struct BoardEvent {
  std::string diagram;
  std::string position;
};
struct MovesEvent {
  std::vector<std::string> moves;
};
// What the current game offers (HelpCommand).
struct HelpEvent {
  std::vector<std::string> games;
  bool has_chance = false;
  std::vector<std::string> opponent_models;
  std::vector<std::string> weight_presets;
  std::vector<WeightedTerm> weights;
};
// `isready`'s answer (the protocol's own; the Engine never sends it).
struct ReadyEvent {};
struct ErrorEvent {
  std::string message;
};
// A line the codec does not read into an event of its own (eval, d, help,
// moves, an `info string` of no use, a search's `info depth 0`), or could not
// read (`malformed`: a known reply whose fields are wrong).
struct TextEvent {
  std::string line;
  bool malformed = false;
};

using EngineEvent = std::variant<InfoEvent, RootScoreEvent, MoveChoiceEvent, BestMoveEvent,
                                 PonderFinishedEvent, PerftEvent, SolutionEvent, TreeProgressEvent,
                                 TreeNodeEvent, TreeEndEvent, MatchEvent, EvalEvent, BoardEvent,
                                 MovesEvent, HelpEvent, ReadyEvent, ErrorEvent, TextEvent>;

// Whether `event` is the last one a long command of `command`'s kind gives:
// a go's BestMoveEvent, a tree's end, the one event of solve, perft and
// match; an error ends any of them.
bool answers(const EngineCommand& command, const EngineEvent& event);

// The busy rules' answers, written once for every host of an engine: the
// Engine on its own thread, and the web's relay for a worker that reads
// nothing while it searches (engine/worker_relay.h), which must answer for it.
//  - A go stopped before it began still owes a real move: this depth-1
//    search, microseconds long (so a stop leaves one running).
GoCommand stand_in_search();
bool is_stand_in(const EngineCommand& command);
//  - Any other long command stopped before it began answers this, at once.
EngineEvent stopped_answer(const EngineCommand& command);

// --- The engine -------------------------------------------------------------

class Engine {
 public:
  using SessionFactory = std::function<std::unique_ptr<GameSession>(std::string_view game)>;
  using Listener = std::function<void(std::uint64_t tag, const EngineEvent& event)>;

  // The first of `game_names` is the game at the start.
  Engine(SessionFactory factory, std::vector<std::string> game_names, Listener listener,
         bool background);
  // Stops whatever runs (as finish does) and ends the Engine's thread.
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Takes one command; every event it causes carries `tag`. Returns false
  // when it was refused (its ErrorEvent delivered). Never waits for a
  // search, except that a command that ends a ponder waits the few
  // milliseconds the ponder takes to answer.
  bool submit(EngineCommand command, std::uint64_t tag = 0);
  // Ends every long command submitted so far; returns once each answered.
  void stop();
  // The ponder awaiting one becomes a normal search under its limits; an
  // ErrorEvent (tagged `tag`) when none awaits one.
  void ponderhit(std::uint64_t tag = 0);
  // The end: stops everything, and every later long command ends at once.
  void finish();
  // Waits until every command submitted so far has been answered.
  void wait();
  // The events of a refusal or of a host's own answer, delivered in turn
  // with the Engine's (a line the protocol refuses before it is a command).
  void deliver(std::uint64_t tag, const EngineEvent& event);

  const std::vector<std::string>& game_names() const { return game_names_; }
  bool background() const { return background_; }

 private:
  struct Queued {
    std::uint64_t number = 0;  // order of arrival, from 1
    std::uint64_t tag = 0;
    EngineCommand command;
    bool hit = false;  // a ponder whose ponderhit came before it started
  };

  void run_queue();
  // What is wrong with `command` in the game the commands submitted so far
  // choose (under mutex_).
  std::optional<std::string> refusal(const EngineCommand& command);
  const GameSession& game_read();
  void stop_everything_read(std::unique_lock<std::mutex>& lock);
  bool stopped(std::uint64_t number) const { return number <= stop_through_ || closing_; }
  void execute(const Queued& queued, bool stopped_before_start);
  void run_game(const GameCommand& c);
  void run_position(const PositionCommand& c);
  void run_go(const Queued& queued, const GoCommand& c, bool stopped_before_start);
  void run_option(const OptionCommand& c);
  void run_perft(const PerftCommand& c);
  void run_solve();
  void run_tree(const TreeCommand& c);
  void run_match(const MatchCommand& c);
  void run_help();
  void set_weight(const WeightsOption* preset, const WeightOption* weight);
  void restore_weights();
  SearchReport ponder_search(const Queued& queued, const SearchLimits& limits,
                             const SearchOptions& options);
  SearchReport search(const SearchLimits& limits, const SearchOptions& options,
                      const std::atomic<bool>& stop);
  void answer_go(const SearchReport& report);
  void emit(const EngineEvent& event) { deliver(current_tag_, event); }
  void error(std::string message) { emit(ErrorEvent{std::move(message)}); }

  SessionFactory factory_;
  std::vector<std::string> game_names_;
  Listener listener_;
  bool background_;
  std::mutex output_mutex_;

  // The game and the settings; touched only by the thread that owns the
  // session (the caller's while idle, the Engine's while busy). Every option
  // outlives the game.
  std::unique_ptr<GameSession> session_;
  SearchOptions options_;
  std::optional<std::size_t> hash_megabytes_;
  int threads_ = 1;
  bool own_book_ = true;
  int level_ = kLevelCount;
  // The Opponents option, once set (a multi-agent game's; see agent_session.h).
  std::optional<std::string> opponents_;
  // The weights each game was given, by game: set again on a game command.
  std::map<std::string, std::vector<WeightedTerm>, std::less<>> weights_by_game_;
  std::uint64_t current_tag_ = 0;  // the tag of the command being executed

  // The queue and who owns the session, under mutex_.
  std::mutex mutex_;
  std::condition_variable work_;     // a command was queued, or the thread must end
  std::condition_variable changed_;  // a command was answered, or the queue ran dry
  std::deque<Queued> queue_;
  bool busy_ = false;               // the Engine's thread owns the session
  std::uint64_t received_ = 0;      // commands numbered so far
  std::uint64_t answered_ = 0;      // the last command executed
  std::uint64_t stop_through_ = 0;  // long commands up to this one are stopped
  bool closing_ = false;            // finish: everything stops
  // The game once every command submitted has run, and a session of it to
  // check commands against while the Engine's thread owns session_.
  std::string read_game_;
  std::unique_ptr<GameSession> checker_;
  std::uint64_t running_ = 0;  // the long command running now, 0 if none
  // The ponder awaiting its ponderhit (running or queued), 0 if none.
  std::uint64_t ponder_number_ = 0;
  bool ponder_hit_ = false;         // the running ponder got its ponderhit
  std::condition_variable ponder_;  // ponderhit or stop for the running ponder
  bool shutdown_ = false;
  std::atomic<bool> stop_{false};  // the running long command's stop flag
  std::thread thread_;
};

}  // namespace arcade
