// The typed engine (engine/engine.h) called directly, as the desktop app
// does, with values known independently of it (Tic-tac-toe is a draw; a
// depth-2 minimax tree from its start has 1 + 9 + 9 * 8 nodes; Connect Four
// has 7 moves from the start and 49 positions two plies on), and its codec
// (engine/protocol.h): every line the real engine writes reads back into an
// event that writes the same line, and every command the app sends reads
// back into itself.

#include "engine/engine.h"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <thread>

#include "engine/parsed.h"
#include "engine/protocol.h"
#include "games/engine_sessions.h"
#include "games/registry.h"

namespace arcade {
namespace {

using namespace std::chrono_literals;

// An Engine with a thread, its events kept with their tags.
class TypedEngineTest : public ::testing::Test {
 protected:
  struct Tagged {
    std::uint64_t tag;
    EngineEvent event;
  };

  // Waits (at most 20 s) until an event of type T comes for `tag`.
  template <class T>
  bool wait_for(std::uint64_t tag) {
    std::unique_lock lock(mutex_);
    return arrived_.wait_for(lock, 20s, [&] { return count<T>(tag) > 0; });
  }

  // Events of type T for `tag` so far (under mutex_ when the engine runs).
  template <class T>
  std::size_t count(std::uint64_t tag) const {
    std::size_t n = 0;
    for (const Tagged& t : events_) n += t.tag == tag && std::holds_alternative<T>(t.event);
    return n;
  }

  template <class T>
  std::vector<T> all(std::uint64_t tag) {
    std::lock_guard lock(mutex_);
    std::vector<T> out;
    for (const Tagged& t : events_)
      if (const T* e = std::get_if<T>(&t.event); e && t.tag == tag) out.push_back(*e);
    return out;
  }

  std::mutex mutex_;
  std::condition_variable arrived_;
  std::vector<Tagged> events_;
  Engine engine_{make_engine_session, game_names(),
                 [this](std::uint64_t tag, const EngineEvent& event) {
                   std::lock_guard lock(mutex_);
                   events_.push_back({tag, event});
                   arrived_.notify_all();
                 },
                 /*background=*/true};
};

TEST_F(TypedEngineTest, AGoAnswersWithItsIterationsAndAMoveUnderItsTag) {
  ASSERT_TRUE(engine_.submit(GameCommand{"tictactoe"}, 1));
  ASSERT_TRUE(engine_.submit(PositionCommand{"startpos", {"b2"}}, 2));
  GoCommand go;
  go.depth = 8;
  ASSERT_TRUE(engine_.submit(go, 3));
  ASSERT_TRUE(wait_for<BestMoveEvent>(3));
  const std::vector<InfoEvent> infos = all<InfoEvent>(3);
  ASSERT_FALSE(infos.empty());
  EXPECT_EQ(infos.back().report.depth, 8);
  EXPECT_TRUE(infos.back().report.proven);
  EXPECT_EQ(infos.back().report.score, kDraw) << "Tic-tac-toe is a draw, b2 played or not";
  const std::string move = all<BestMoveEvent>(3).front().move;
  EXPECT_EQ(move.size(), 2u);
  EXPECT_NE(move, "b2");
  EXPECT_EQ(count<ErrorEvent>(1) + count<ErrorEvent>(2) + count<ErrorEvent>(3), 0u);
}

// Perfect at Tic-tac-toe's start: every move draws.
TEST_F(TypedEngineTest, RootScoresComeOnePerLegalMove) {
  engine_.submit(GameCommand{"tictactoe"});
  engine_.submit(OptionCommand{FlagOption{SearchFlag::kRootScores, true}});
  engine_.submit(OptionCommand{LevelOption{5}});
  engine_.submit(GoCommand{}, 7);
  ASSERT_TRUE(wait_for<BestMoveEvent>(7));
  const std::vector<InfoEvent> infos = all<InfoEvent>(7);
  ASSERT_FALSE(infos.empty());
  const int last = infos.back().report.depth;
  std::set<std::string> drawn;
  for (const RootScoreEvent& root : all<RootScoreEvent>(7))
    if (root.depth == last && root.proven && root.score == kDraw) drawn.insert(root.move);
  EXPECT_EQ(drawn.size(), 9u);
}

// Refused when submitted: its one error at once, and nothing changes.
TEST_F(TypedEngineTest, RefusesWhatTheGameRefusesAndValuesOutOfRange) {
  engine_.submit(GameCommand{"tictactoe"});
  EXPECT_FALSE(engine_.submit(SolveCommand{}, 4));
  ASSERT_EQ(all<ErrorEvent>(4).size(), 1u);
  EXPECT_EQ(all<ErrorEvent>(4).front().message, "no exact solver for tictactoe");
  TreeCommand tree;
  tree.depth = 0;
  EXPECT_FALSE(engine_.submit(tree, 5));
  ASSERT_EQ(all<ErrorEvent>(5).size(), 1u);
  EXPECT_NE(all<ErrorEvent>(5).front().message.find("depth"), std::string::npos);
  EXPECT_FALSE(engine_.submit(PositionCommand{"startpos", {"b2", "b2"}}, 6));
  EXPECT_FALSE(engine_.submit(GameCommand{"chess"}, 8));
  EXPECT_FALSE(engine_.submit(OptionCommand{AlgorithmOption{Algorithm::kExpectimax}}, 9));
  // Still Tic-tac-toe at its start: 9 moves.
  engine_.submit(MovesCommand{}, 10);
  ASSERT_EQ(all<MovesEvent>(10).size(), 1u);
  EXPECT_EQ(all<MovesEvent>(10).front().moves.size(), 9u);
}

// A minimax tree of depth 2 from the start: every node, counted.
TEST_F(TypedEngineTest, ATreeGivesEveryNodeThenItsEnd) {
  engine_.submit(GameCommand{"tictactoe"});
  TreeCommand tree;
  tree.depth = 2;
  tree.algorithm = Algorithm::kMinimax;
  tree.table = false;
  engine_.submit(tree, 11);
  ASSERT_TRUE(wait_for<TreeEndEvent>(11));
  EXPECT_EQ(all<TreeNodeEvent>(11).size(), 1u + 9 + 9 * 8);
  const TreeEndEvent end = all<TreeEndEvent>(11).front();
  EXPECT_FALSE(end.stopped);
  EXPECT_EQ(end.nodes, 1u + 9 + 9 * 8);
}

// stop ends the running search at once with a move, and a long command
// queued behind it with its stopped answer, before stop returns.
TEST_F(TypedEngineTest, StopAnswersTheRunningSearchAndTheQueuedCommands) {
  engine_.submit(GameCommand{"connect4"});
  engine_.submit(OptionCommand{OwnBookOption{false}});
  GoCommand endless;
  endless.infinite = true;
  engine_.submit(endless, 20);
  engine_.submit(PerftCommand{12}, 21);
  TreeCommand tree;
  tree.depth = 30;
  engine_.submit(tree, 22);
  std::this_thread::sleep_for(50ms);
  const auto before = std::chrono::steady_clock::now();
  engine_.stop();
  EXPECT_LT(std::chrono::steady_clock::now() - before, 1s);
  ASSERT_EQ(all<BestMoveEvent>(20).size(), 1u);
  EXPECT_FALSE(all<BestMoveEvent>(20).front().move.empty());
  ASSERT_EQ(all<PerftEvent>(21).size(), 1u);
  EXPECT_FALSE(all<PerftEvent>(21).front().count);
  ASSERT_EQ(all<TreeEndEvent>(22).size(), 1u);
  EXPECT_TRUE(all<TreeEndEvent>(22).front().stopped);
  EXPECT_TRUE(all<TreeNodeEvent>(22).empty()) << "stopped before it began";
}

// A ponder holds its move until ponderhit; one that ends on its own says so.
TEST_F(TypedEngineTest, APonderHoldsItsMoveUntilPonderhit) {
  engine_.submit(GameCommand{"tictactoe"});
  engine_.submit(PositionCommand{"startpos", {"b2", "a1"}});
  GoCommand ponder;
  ponder.depth = 7;
  ponder.ponder = true;
  engine_.submit(ponder, 30);
  ASSERT_TRUE(wait_for<PonderFinishedEvent>(30));
  std::this_thread::sleep_for(20ms);
  EXPECT_TRUE(all<BestMoveEvent>(30).empty());
  engine_.ponderhit(31);
  ASSERT_TRUE(wait_for<BestMoveEvent>(30));
  EXPECT_TRUE(all<ErrorEvent>(31).empty());
  engine_.ponderhit(32);
  ASSERT_EQ(all<ErrorEvent>(32).size(), 1u) << "no ponder awaits a second ponderhit";
}

// --- The codec ---

// The lines a threadless Protocol writes for `commands`.
std::vector<std::string> protocol_lines(const std::vector<std::string>& commands) {
  std::vector<std::string> lines;
  Protocol protocol{make_engine_session, game_names(),
                    [&](const std::string& line) { lines.push_back(line); }, false};
  for (const std::string& command : commands) protocol.handle(command);
  return lines;
}

// Every line the engine writes, of every kind, reads back into an event that
// writes the same line: the reader is the writer's inverse.
TEST(EngineCodec, EveryLineTheEngineWritesReadsBackIntoItself) {
  const std::vector<std::string> lines =
      protocol_lines({"isready",
                      "game tictactoe",
                      "setoption name RootScores value true",
                      "setoption name Seed value 3",
                      "go depth 9",
                      "tree depth 2 table off",
                      "perft 3",
                      "moves",
                      "d",
                      "eval",
                      "help",
                      "solve",
                      "bogus",
                      "game connect4",
                      "position startpos moves 4 4",
                      "go depth 5",
                      "tree depth 2 algorithm alphabeta ordering on table on deepening on limit 40",
                      "game reversi",
                      "position startpos moves f5 d6",
                      "go depth 3",
                      "game wolfsheep",
                      "go depth 4",
                      "game pacman",
                      "setoption name Algorithm value expectimax",
                      "setoption name Opponents value random",
                      "tree depth 1",
                      "go depth 1",
                      "match games 2 depth 1 seed 5"});
  std::set<std::size_t> kinds;
  for (const std::string& line : lines) {
    const EngineEvent event = read_event(line);
    kinds.insert(event.index());
    EXPECT_FALSE(std::holds_alternative<TextEvent>(event) && std::get<TextEvent>(event).malformed)
        << line;
    EXPECT_EQ(event_lines(event), std::vector<std::string>{line});
  }
  // Info, root scores, best move, perft, tree nodes and end, match, readyok,
  // errors and the text lines (moves, d, eval, help) at least.
  EXPECT_GE(kinds.size(), 10u);
}

TEST(EngineCodec, EveryCommandReadsBackIntoItself) {
  GoCommand go;
  go.ponder = true;
  go.depth = 7;
  go.movetime_ms = 250;
  go.nodes = 9000;
  TreeCommand tree;
  tree.depth = 3;
  tree.algorithm = Algorithm::kExpectimax;
  tree.ordering = false;
  tree.deepening = true;
  tree.limit = 12;
  MatchCommand match;
  match.games = 4;
  match.depth = 2;
  match.opponents = "random";
  match.model = "chaser";
  match.seed = 9;
  const std::vector<EngineCommand> commands{
      GameCommand{"reversi"},
      PositionCommand{"startpos", {"f5", "d6"}},
      PositionCommand{"%%%%%%/%P  ..G%/%%%%%%", {}},
      go,
      tree,
      match,
      OptionCommand{HashOption{8}},
      OptionCommand{FlagOption{SearchFlag::kIterative, false}},
      OptionCommand{WeightOption{"Mobility", -12, "-12"}},
      OptionCommand{WeightsOption{"score"}},
      PerftCommand{4},
      SolveCommand{},
      EvalCommand{},
      NewGameCommand{}};
  for (const EngineCommand& command : commands) {
    const std::string line = command_line(command);
    const std::optional<EngineCommand> read = command_of(line);
    ASSERT_TRUE(read) << line;
    EXPECT_EQ(read->index(), command.index()) << line;
    EXPECT_EQ(command_line(*read), line);
  }
  // The position string's own spaces are kept (two empty cells side by side).
  EXPECT_EQ(std::get<PositionCommand>(*command_of(command_line(commands[2]))).start,
            "%%%%%%/%P  ..G%/%%%%%%");
}

}  // namespace
}  // namespace arcade
