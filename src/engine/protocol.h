#pragma once
// The engine's line-based text protocol, in the spirit of UCI: the same
// commands come from the command-line tool, the tests, the desktop app's
// engine thread and the Web Worker. The protocol only parses and formats
// text; the game behind it is a GameSession made by a factory, so the
// protocol knows no game.
//
// Commands: game NAME | position (startpos | maze ROWS | STRING) [moves M ...] |
//   go [ponder] [depth N] [movetime MS] [nodes N] [infinite] | ponderhit |
//   stop | isready |
//   setoption name NAME value V | d | perft N | moves | solve |
//   tree depth N [algorithm minimax|alphabeta|expectimax] [ordering on|off]
//   [table on|off] [deepening on|off] [limit K] |
//   match games N [algorithm minimax|alphabeta|expectimax] [depth D]
//   [opponents adversarial|random|<model>] [model <the same>] [seed S] |
//   eval | newgame | help |
//   quit.
// See docs/protocol.md for the replies. Two are the lab's (how the AI thinks):
//
// `tree` searches the current position to depth N in an empty table of its
// own (algorithm, ordering and table as the options Algorithm, Ordering and
// Table unless given): once (deepening off, the default), or by iterative
// deepening from depth 1 to N (deepening on; the earlier iterations fill the
// table and order the moves). It prints one line per node of its one tree
// (of the last iteration) in the order the search entered them, at most K
// of them (default kDefaultTreeLimit, up to kMaxTreeLimit), then
// `tree nodes <N> value <S>`: N every node searched, the root and those
// beyond K included (with deepening, of every iteration), S as in `info`
// lines. A node line (see tree_line):
//   node <id> parent <id>|- ply <P> move <M>|- side max|min
//   alpha <A> beta <B> value <S> bound exact|lower|upper
//   kind expanded|cutoff|leaf|terminal|known|table children <C>
//   [agent <k> [prob <p>]] [pruned <K> <move> ...] [pv]
// ids count from 0 (the root) in search order; scores are from the root's
// side (max) as in `info` lines, window bounds `-inf` and `inf` when open;
// `bound` says whether the node is worth exactly the value, at least it
// (lower) or at most it (upper); `pruned` follows a cut-off: the moves left
// unsearched; `pv` marks the principal variation. In a game of more than
// two agents (engine/agents.h) `side` may be `chance` (an agent moving at
// random: its value is the mean of its children's), `agent` names the agent
// to move (0 is MAX's), `prob` is a chance node's child's probability (up to
// 4 decimals), and values are points with up to two decimals (`cp 4.67`),
// never win or loss. Deepening ends early when
// an iteration proves the root's value (as a game's search does): that
// iteration is then the last. A stopped tree prints the nodes searched so
// far (of the iteration under way), those the stop came into of kind
// `stopped` with `value -`, then `tree stopped nodes <N>`, N every node
// entered; a tree stopped before it began prints `tree stopped` alone.
//
// `match` (a game of more than two agents, engine/agent_match.h) plays N
// whole games from the current position: agent 0 searches each move with
// the algorithm to depth D (rounds), the other agents play as the opponents
// model says (adversarial: a MIN search of depth D; random: uniform draws;
// the game's own model), draws seeded by S. Unnamed parameters come from the
// options Algorithm, Seed, Opponents and the Level's depth. It answers one
// line, `match games <N> wins <W> losses <L> draws <D> mean cp <X>` (agent
// 0's results and mean final score, in points with up to two decimals), or
// `match stopped`. It is a long command: `stop` ends it.
//
// `eval` prints the heuristic's terms at the current position, one line
// each, `eval term <Name> value <V> weight <W> contribution <V*W>`, then
// `eval total <T>`: what a search uses there at its depth limit, the sum
// clamped to the heuristic range. The weights are options:
// `setoption name <Term> value <int>`, or `setoption name Weights value
// <preset>` (default, or one of the game's own) for all of them at once;
// like every option they outlive `game` (remembered per game).
//
// Who reads when (the Engine's rules, engine/engine.h, which the protocol
// passes through). With `background`, the long commands (`go`, `solve`,
// `perft`, `tree`, `match`) run on the Engine's own thread, so that
// `handle` never waits for them:
//  - `stop`, `isready` and `quit` are answered at once, whatever runs;
//  - a bad line is refused when read: its one `error` comes at once, it is
//    not queued, and it changes nothing, a running search or ponder
//    included. What "bad" is: a line over kMaxLineBytes, an unknown command,
//    words a command does not take (`stop now`: `error usage: stop`), a bad
//    parameter or value, a position or option the game the lines read
//    before it choose refuses, or `solve` in a game without a solver;
//  - any other line read while a long command runs is queued, and the queue
//    runs in order after it (one thread owns the session at a time: the
//    caller's while idle, the protocol's while busy);
//  - `stop` ends every long command read before it: the running one at once,
//    a queued one as soon as it starts (a `go` then answers with a depth-1
//    search, a real move). `stop` returns once all of them have answered, so
//    `bestmove` comes before anything sent after `stop`;
//  - `quit`, or finish() at the end of input, stops everything the same way
//    and for good: later long commands end at once too.
// Pondering (UCI's `go ponder`, with `background` only): the search works
// on the position while the opponent thinks and holds back its `bestmove`
// until `ponderhit` or `stop`:
//  - until `ponderhit` the search has no time limit (depth and nodes bound
//    it), and a search that ends on its own keeps its answer and says so
//    with `info string ponder finished` (kPonderFinished), so that a player
//    pondering several replies in turn can go on to the next one;
//  - `ponderhit` turns it into a normal search under the given limits, time
//    counted from the ponderhit: a finished one answers at once, an
//    unfinished one searches on (it starts over, and the session's tables
//    keep what the ponder found, so the work done is not lost);
//  - `stop` answers with the best move so far, as for any `go`;
//  - `position`, `newgame`/`ucinewgame`, `game` and `go` read while a ponder
//    awaits its `ponderhit` end it first, as `stop` would (the opponent
//    played another move, or the game changed): its `bestmove` still comes,
//    before their replies. Other lines wait behind it as behind any search;
//    a bad line, refused when read, leaves it be (a bad `go ponder` awaits
//    no ponderhit).
// A `ponderhit` with no ponder awaiting one is an error.
//
// When the move a `go` answers with is not simply the search's first choice,
// an `info string` line comes just before its `bestmove` and says why, so
// that a player is not left wondering why the move played is not the line's
// first: `info string chose <move> at random among <n> equal moves` (random
// ties, or a level that picks among equally good moves), or `info string
// chose <move> as a slip of the level` (a weaker level's deliberate move
// below the best). Clients that know no such line ignore it, as UCI's do.
//
// Each `go` answers with exactly one `bestmove`, a stopped `solve` with
// `solution stopped` and a stopped `perft N` with `perft N stopped`; each bad
// line with exactly one `error` line, changing nothing. Output lines are
// written whole, one at a time, under one lock.
//
// Without `background` (WebAssembly, which has no threads here) every command
// runs to its end inside `handle`.

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.h"

namespace arcade {

// A line longer than this, its line end not counted, is refused whole:
// reading it costs no more than its length, whatever it holds.
inline constexpr std::size_t kMaxLineBytes = 65536;
// The line of a ponder whose search ended on its own, its move decided.
inline constexpr std::string_view kPonderFinished = "info string ponder finished";
// The start of the line that says how a `go`'s move was chosen (see above).
inline constexpr std::string_view kChoiceLine = "info string chose";

// The text protocol over an Engine (engine/engine.h): it reads each line into
// a command (or refuses it with one `error` line) and writes each of the
// Engine's events as the lines above. Which command runs when, and what stop,
// ponderhit and a new command do while a long one runs, are the Engine's.
class Protocol {
 public:
  using SessionFactory = Engine::SessionFactory;
  using Output = std::function<void(const std::string& line)>;
  // An output line with the tag of the input line it answers (see handle).
  using TaggedOutput = std::function<void(std::uint64_t tag, const std::string& line)>;

  Protocol(SessionFactory factory, std::vector<std::string> game_names, Output output,
           bool background);
  Protocol(SessionFactory factory, std::vector<std::string> game_names, TaggedOutput output,
           bool background);
  Protocol(const Protocol&) = delete;
  Protocol& operator=(const Protocol&) = delete;

  // Handles one line; returns false once `quit` was read. Every output line
  // the input line causes carries `tag` (the app's request numbers). Never
  // waits for a search, except that `stop` and `quit` wait the few
  // milliseconds the commands they end take to answer.
  bool handle(std::string_view line, std::uint64_t tag = 0);
  // A line of `bytes` bytes (its line end not counted) over kMaxLineBytes,
  // which a reader that keeps no more than the cap did not keep whole: its
  // one error, as handle() gives a whole one.
  void refuse_long_line(std::size_t bytes, std::uint64_t tag = 0);
  // The end of input: as `quit`.
  void finish() { engine_.finish(); }
  // Waits until every line handled so far has been answered (for tests).
  void wait() { engine_.wait(); }

 private:
  TaggedOutput output_;
  std::mutex output_mutex_;
  // Last, so that it is destroyed first: its destructor ends the search,
  // whose last lines still go out.
  Engine engine_;
};

// --- The codec: protocol text to the Engine's types and back ---------------

// A line's words (position_words for a `position` line) as the command they
// are, or the engine's message for a malformed one. Not for the lines the
// protocol answers itself (isready, quit, stop, ponderhit).
Parsed<EngineCommand> read_command(const std::vector<std::string>& words,
                                   const std::vector<std::string>& game_names);
// A command as a line the protocol reads back as the same command.
std::string command_line(const EngineCommand& command);
// An event as the protocol's lines.
std::vector<std::string> event_lines(const EngineEvent& event);
// A reply line read back into its event: the reader of what event_lines
// writes, for a client across a boundary (the web page's side of the
// worker). Never fails: a line of no event of its own is a TextEvent, a known
// reply whose fields are wrong a malformed one. A `cp` score with decimals is
// in points (hundredths, in_points); `cp 9` reads as 9 whatever the game,
// since a line does not say which game it is of.
EngineEvent read_event(std::string_view line);
// A score as score_text writes it, at words[at], and the words it takes.
struct ScoreWords {
  Score score = 0;
  bool proven = false;
  bool in_points = false;  // `cp` with decimals: hundredths of points
  std::size_t width = 0;
};
std::optional<ScoreWords> read_score_words(const std::vector<std::string>& words, std::size_t at);

// Handles one protocol line over `engine`: reads it into a command, or
// answers it (readyok, a refusal's error) through engine.deliver, so that
// every answer comes in turn with the engine's events. Returns false once
// `quit` was read. What Protocol::handle does; a host that keeps the events
// typed (the desktop app's engine) shares it.
bool handle_line(Engine& engine, std::string_view line, std::uint64_t tag);
// The lines the protocol answers itself rather than read into a command.
inline constexpr std::string_view kStopLine = "stop";
inline constexpr std::string_view kPonderhitLine = "ponderhit";
inline constexpr std::string_view kIsReadyLine = "isready";

// A protocol line and the number of the request it answers (a client's).
struct TaggedLine {
  std::uint64_t request = 0;
  std::string line;
};
// A line as the engine reads it, if it reads (a `position` line's start
// kept whole, as handle_line keeps it); nothing for a line the engine
// refuses by its form, and for the lines the protocol answers itself.
std::optional<EngineCommand> command_of(std::string_view line);
// The Option's name as a `setoption` line gives it (`Hash`, ..., `Weights`,
// a term's name), and whether every game shares it (else it is a weight of
// the current game's, remembered per game).
std::string option_name(const OptionCommand& option);
bool is_shared(const OptionCommand& option);

// What a relay reads as the engine does before it passes a line on (the
// web's worker reads no message during a search: engine/worker_relay.h).
// An unknown command, or words after one that takes none: the engine's
// message (without "error "), or nothing.
std::optional<std::string> command_error(const std::vector<std::string>& words);
// A line over kMaxLineBytes, its line end not counted: the engine's message.
std::optional<std::string> line_length_error(std::string_view line);

// A `position` line's words: the command, its start as one word (the
// characters between the command and the word `moves`, or the line's end,
// as given, less the blanks around them), then `moves` and each move.
// A position string's spaces are its own (Reversi's "... X", a maze's
// empty cells): split and joined again, "%P  ..G%" would become "%P ..G%".
std::vector<std::string> position_words(std::string_view line);
// A `position` line's start (as position_words keeps it) and moves.
struct PositionLine {
  std::string start;
  std::vector<std::string> moves;
};
Parsed<PositionLine> read_position_line(std::string_view line);

// "win 5", "loss 2", "draw" or "cp 37": a score as the protocol writes it;
// `in_points`, hundredths of a multi-agent game's points: points_text.
std::string score_text(Score score, bool proven, bool in_points = false);
// Hundredths of points as points with up to two decimals: "cp 4.67",
// "cp -252.5", "cp 9".
std::string points_text(Score centipoints);
// One `info` line for a finished iteration.
std::string info_line(const SearchReport& report);
// One `node` line of a `tree` reply.
std::string tree_line(const TreeNode& node, bool in_points = false);

}  // namespace arcade
