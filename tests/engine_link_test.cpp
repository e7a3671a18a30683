// The app's typed engine link (app/engine_link): the one writer of protocol
// text (each command as engine/protocol.h documents it, and accepted by the
// real engine), the one parser (every kind of reply, read from what the real
// engine prints through the native EngineClient, with values known
// independently: Tic-tac-toe is a draw, a depth-2 minimax tree from its
// start has 1 + 9 + 9 * 8 nodes), and malformed lines read as errors.

#include "app/engine_link/engine_link.h"

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "engine/parsed.h"
#include "engine/protocol.h"
#include "games/registry.h"

namespace arcade::app {
namespace {

using Kind = EngineScore::Kind;
using Clock = std::chrono::steady_clock;

// --- The writer: each request as the engine's command, written by the
// codec as the protocol's documentation writes it ---

std::vector<std::string> lines_of(const std::vector<EngineCommand>& commands) {
  std::vector<std::string> lines;
  for (const EngineCommand& command : commands) lines.push_back(command_line(command));
  return lines;
}

TEST(ProtocolText, WritesEachCommand) {
  EXPECT_EQ(command_line(game_command("connect4")), "game connect4");
  EXPECT_EQ(command_line(position_command({})), "position startpos");
  EXPECT_EQ(command_line(position_command({"startpos", {"4", "4", "5"}})),
            "position startpos moves 4 4 5");
  EXPECT_EQ(command_line(go_command({.movetime_ms = 1500})), "go movetime 1500");
  EXPECT_EQ(command_line(go_command({.depth = 10, .movetime_ms = 500})),
            "go depth 10 movetime 500");
  EXPECT_EQ(command_line(go_command({.movetime_ms = 9000, .ponder = true})),
            "go ponder movetime 9000");
  EXPECT_EQ(command_line(go_command({.infinite = true})), "go infinite");
  EXPECT_EQ(command_line(go_command({})), "go");
  EXPECT_EQ(command_line(tree_command({4, true, false, false, false, 500})),
            "tree depth 4 algorithm minimax ordering off table off limit 500");
  EXPECT_EQ(command_line(tree_command({3, false, true, true, true, 0})),
            "tree depth 3 algorithm alphabeta ordering on table on deepening on limit 0");
}

TEST(ProtocolText, WritesOptionsInTheEnginesOrder) {
  EXPECT_EQ(
      lines_of(option_commands(
          {.level = 5, .root_scores = true, .threads = 2, .table_mb = 16, .own_book = false})),
      (std::vector<std::string>{"setoption name Level value 5",
                                "setoption name RootScores value true",
                                "setoption name Threads value 2", "setoption name Hash value 16",
                                "setoption name OwnBook value false"}));
  EXPECT_TRUE(option_commands({}).empty());
  EXPECT_EQ(lines_of(weight_commands({"default", {{"Centre", 9}, {"TwoInLine", -3}}})),
            (std::vector<std::string>{"setoption name Weights value default",
                                      "setoption name Centre value 9",
                                      "setoption name TwoInLine value -3"}));
}

// --- The parser on lines written here, one of each kind ---

TEST(ProtocolText, ReadsEveryScoreKind) {
  const auto score = [](const std::string& line) { return read_score(split_words(line), 0); };
  EXPECT_EQ(score("cp -35"), (EngineScore{Kind::kHeuristic, -35}));
  EXPECT_EQ(score("win 5"), (EngineScore{Kind::kWin, 5}));
  EXPECT_EQ(score("loss 0"), (EngineScore{Kind::kLoss, 0}));
  EXPECT_EQ(score("draw"), (EngineScore{Kind::kDraw, 0}));
  EXPECT_EQ(score("win by 6"), (EngineScore{Kind::kWinBy, 6}));
  EXPECT_EQ(score("loss by 64"), (EngineScore{Kind::kLossBy, 64}));
  // Decimals: a game valued in points (a chance node's mean), in hundredths.
  EXPECT_EQ(score("cp -252.5"), (EngineScore{Kind::kPoints, -25250}));
  EXPECT_EQ(score("cp 4.67"), (EngineScore{Kind::kPoints, 467}));
  for (const char* bad :
       {"win -1", "win by 0", "win by", "loss by x", "cp", "cp 1.234", "cp 1.", "wins 3"})
    EXPECT_FALSE(score(bad)) << bad;
}

// A game valued in points (Pac-Man): its `cp` values are points, said as
// points for the first side with up to two decimals, its depth in rounds.
TEST(EngineInfo, AGameOfPointsSaysPointsAndRounds) {
  EXPECT_EQ((EngineScore{Kind::kHeuristic, 9}.in_points()), (EngineScore{Kind::kPoints, 900}));
  EXPECT_EQ((EngineScore{Kind::kPoints, 467}.in_points()), (EngineScore{Kind::kPoints, 467}));
  EXPECT_EQ((EngineScore{Kind::kPoints, 467}.flipped()), (EngineScore{Kind::kPoints, -467}));
  EXPECT_EQ(move_score_label({Kind::kPoints, 900}), "9");
  EXPECT_EQ(move_score_label({Kind::kPoints, 467}), "4.67");
  EXPECT_EQ(move_score_label({Kind::kPoints, -25250}), "-252.5");
  EXPECT_FALSE((EngineScore{Kind::kPoints, 50000}.proven()));
  EXPECT_EQ(reach_in_words(3, EngineScore{Kind::kPoints, 0}), "searched 3 rounds ahead");
  EXPECT_EQ(reach_in_words(1, EngineScore{Kind::kPoints, 0}), "searched 1 round ahead");
  EXPECT_EQ(reach_in_words(3, EngineScore{Kind::kHeuristic, 0}), "searched 3 moves ahead");
  const std::unique_ptr<GameView> pacman = make_game_view("pacman");
  ASSERT_TRUE(pacman);
  // From the ghosts' side (1) the same points are negated: still Pac-Man's.
  EXPECT_EQ(score_in_words({Kind::kPoints, -4275}, 0, *pacman), "-42.75 points for Pac-Man");
  EXPECT_EQ(score_in_words({Kind::kPoints, 4275}, 1, *pacman), "-42.75 points for Pac-Man");
  // More points for Pac-Man fill more of the bar.
  EXPECT_GT((EngineScore{Kind::kPoints, 10000}.share()), (EngineScore{Kind::kPoints, 0}.share()));
  EXPECT_FLOAT_EQ((EngineScore{Kind::kPoints, 0}.share()), 0.5f);
}

TEST(ProtocolText, ScoresAsTheEngineWritesThem) {
  // The engine's own score_text, read back: the same score.
  EXPECT_EQ(read_score(split_words(score_text(kWin - 7, true)), 0), (EngineScore{Kind::kWin, 7}));
  EXPECT_EQ(read_score(split_words(score_text(-kWin + 4, true)), 0), (EngineScore{Kind::kLoss, 4}));
  EXPECT_EQ(read_score(split_words(score_text(kDraw, true)), 0), (EngineScore{Kind::kDraw, 0}));
  EXPECT_EQ(read_score(split_words(score_text(123, false)), 0),
            (EngineScore{Kind::kHeuristic, 123}));
}

TEST(ProtocolText, ReadsEachReplyKind) {
  const EngineReplyData info =
      parse_reply("info depth 12 score win by 6 nodes 1000 nps 50000 time 20 pv d3 c5");
  ASSERT_TRUE(std::holds_alternative<SearchInfoLine>(info));
  const SearchInfoLine& search = std::get<SearchInfoLine>(info);
  EXPECT_EQ(search.depth, 12);
  EXPECT_EQ(search.score, (EngineScore{Kind::kWinBy, 6}));
  EXPECT_EQ(search.nodes, 1000u);
  EXPECT_EQ(search.nps, 50000u);
  EXPECT_EQ(search.time_ms, 20u);
  EXPECT_EQ(search.pv, (std::vector<std::string>{"d3", "c5"}));
  EXPECT_EQ(std::get<MoveInfoLine>(parse_reply("info depth 3 move c2 score loss 4")).score,
            (EngineScore{Kind::kLoss, 4}));
  EXPECT_EQ(std::get<MoveChoice>(parse_reply("info string chose b2 at random among 3 equal moves")),
            (MoveChoice{"b2", 3, false}));
  EXPECT_EQ(std::get<MoveChoice>(parse_reply("info string chose a1 as a slip of the level")),
            (MoveChoice{"a1", 0, true}));
  EXPECT_TRUE(std::holds_alternative<PonderFinished>(parse_reply(kPonderFinished)));
  EXPECT_EQ(std::get<BestMove>(parse_reply("bestmove 4")), (BestMove{"4", ""}));
  EXPECT_EQ(std::get<BestMove>(parse_reply("bestmove e2e4 ponder e7e5")),
            (BestMove{"e2e4", "e7e5"}));
  EXPECT_EQ(std::get<BestMove>(parse_reply("bestmove (none)")), (BestMove{"", ""}));
  EXPECT_EQ(std::get<Solution>(parse_reply("solution stopped")), (Solution{"", true}));
  EXPECT_EQ(std::get<TreeEnd>(parse_reply("tree nodes 82 value draw")),
            (TreeEnd{82, {Kind::kDraw, 0}, {}}));
  EXPECT_TRUE(std::holds_alternative<TreeStopped>(parse_reply("tree stopped")));
  EXPECT_EQ(std::get<EngineError>(parse_reply("error unknown command 'foo'")),
            (EngineError{"unknown command 'foo'", false}));
  EXPECT_EQ(std::get<OtherLine>(parse_reply("readyok")), OtherLine{"readyok"});
  EXPECT_TRUE(std::holds_alternative<OtherLine>(parse_reply("info depth 0 score draw")));
}

TEST(ProtocolText, ReadsATreeNodeWithMarginScores) {
  const EngineReplyData reply = parse_reply(
      "node 3 parent 1 ply 2 move d3 side min alpha win by 2 beta inf value loss by 4 bound upper "
      "kind cutoff children 1 pruned 2 c4 e6 pv");
  ASSERT_TRUE(std::holds_alternative<TreeNodeLine>(reply));
  const TreeNodeLine& node = std::get<TreeNodeLine>(reply);
  EXPECT_EQ(node.parent, 1);
  EXPECT_EQ(node.ply, 2);
  EXPECT_EQ(node.move, "d3");
  EXPECT_FALSE(node.max_to_move);
  EXPECT_EQ(node.alpha, (WindowEdge{EngineScore{Kind::kWinBy, 2}}));
  EXPECT_EQ(node.beta, WindowEdge{});
  EXPECT_EQ(node.value, (EngineScore{Kind::kLossBy, 4}));
  EXPECT_EQ(node.bound, Bound::kUpper);
  EXPECT_EQ(node.kind, NodeKind::kCutoff);
  EXPECT_EQ(node.pruned, (std::vector<std::string>{"c4", "e6"}));
  EXPECT_TRUE(node.on_pv);
}

// A known reply whose fields do not read is an error reply, never a crash
// or a half-read value.
TEST(ProtocolText, MalformedRepliesAreErrors) {
  for (const char* line :
       {"info depth x score cp 5", "info depth 3 move c2", "info depth 3 move c2 score win",
        "bestmove", "bestmove a b", "node 0 parent - ply 0 move - side max alpha -inf beta inf",
        "node 0 parent - ply x move - side max alpha -inf beta inf value cp 1 bound exact kind "
        "leaf children 0",
        "tree nodes x value cp 3", "tree nodes 5 value", "tree"}) {
    const EngineReplyData reply = parse_reply(line);
    ASSERT_TRUE(std::holds_alternative<EngineError>(reply)) << line;
    EXPECT_TRUE(std::get<EngineError>(reply).malformed) << line;
  }
}

TEST(ProtocolText, RandomLinesNeverCrash) {
  std::mt19937 random(24);
  const std::vector<std::string> words{
      "info",     "depth", "score", "win", "by", "loss",  "cp",    "draw", "move", "node",  "tree",
      "bestmove", "pv",    "-1",    "3",   "x",  "nodes", "value", "inf",  "-inf", "ponder"};
  for (int i = 0; i < 20000; ++i) {
    std::string line;
    for (int n = static_cast<int>(random() % 24); n > 0; --n)
      line += words[random() % words.size()] + " ";
    const EngineReplyData reply = parse_reply(line);
    EXPECT_FALSE(reply.valueless_by_exception());
  }
}

// --- Round trips through the real engine ---

class EngineLinkTest : public ::testing::Test {
 protected:
  // Polls until the reply to `request` satisfies `done`; every reply to it
  // is kept. Returns whether one did within 20 s.
  bool wait_for(std::uint64_t request, const std::function<bool(const EngineReplyData&)>& done) {
    const auto deadline = Clock::now() + std::chrono::seconds(20);
    while (Clock::now() < deadline) {
      for (LinkReply& r : link_.poll()) {
        if (r.request != request) continue;
        replies_.push_back(r.reply);
        if (done(r.reply)) return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return false;
  }
  template <class T>
  std::vector<T> all_of() const {
    std::vector<T> out;
    for (const EngineReplyData& r : replies_)
      if (const T* t = std::get_if<T>(&r)) out.push_back(*t);
    return out;
  }
  template <class T>
  static bool is(const EngineReplyData& r) {
    return std::holds_alternative<T>(r);
  }

  std::unique_ptr<EngineClient> client_ = make_engine_client();
  EngineLink link_{*client_};
  std::vector<EngineReplyData> replies_;
};

// Tic-tac-toe is a draw with best play: a full search says so, iteration
// by iteration, and every root move gets a score.
TEST_F(EngineLinkTest, SearchRepliesOfTheRealEngine) {
  link_.set_game("tictactoe");
  link_.set_options({.level = kLevelCount, .root_scores = true, .threads = 1});
  link_.set_position({"startpos", {}});
  const std::uint64_t go = link_.go({.depth = 9});
  ASSERT_TRUE(wait_for(go, is<BestMove>));
  EXPECT_TRUE(all_of<EngineError>().empty());
  const std::vector<SearchInfoLine> infos = all_of<SearchInfoLine>();
  ASSERT_FALSE(infos.empty());
  for (std::size_t i = 1; i < infos.size(); ++i) EXPECT_GT(infos[i].depth, infos[i - 1].depth);
  EXPECT_EQ(infos.back().score, (EngineScore{Kind::kDraw, 0}));
  EXPECT_GT(infos.back().nodes, 0u);
  const std::set<std::string> squares{"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"};
  const std::string best = all_of<BestMove>().front().move;
  EXPECT_TRUE(squares.count(best)) << best;
  std::set<std::string> scored;
  for (const MoveInfoLine& m : all_of<MoveInfoLine>()) scored.insert(m.move);
  EXPECT_EQ(scored, squares);
}

// A depth-2 minimax tree from the empty board: the root, its 9 moves and
// their 8 replies each, every node printed, and the end line counting them.
TEST_F(EngineLinkTest, TreeRepliesOfTheRealEngine) {
  link_.set_game("tictactoe");
  link_.set_position({});
  const std::uint64_t tree = link_.tree({2, true, false, false, false, 1000});
  ASSERT_TRUE(wait_for(tree, is<TreeEnd>));
  const std::vector<TreeNodeLine> nodes = all_of<TreeNodeLine>();
  EXPECT_EQ(nodes.size(), 1u + 9u + 72u);
  EXPECT_EQ(all_of<TreeEnd>().front().nodes, 82u);
  EXPECT_EQ(nodes.front().parent, -1);
  EXPECT_TRUE(all_of<EngineError>().empty());
}

// Bad requests get the engine's own error, to their own request: solve in
// a game without a solver, a tree of depth 0.
TEST_F(EngineLinkTest, ErrorsOfTheRealEngine) {
  link_.set_game("tictactoe");
  link_.set_position({});
  const std::uint64_t solve = link_.solve();
  ASSERT_TRUE(wait_for(solve, is<EngineError>));
  const std::uint64_t tree = link_.tree({0, true, false, false, false, 10});
  ASSERT_TRUE(wait_for(tree, is<EngineError>));
  for (const EngineError& e : all_of<EngineError>()) {
    EXPECT_FALSE(e.malformed);
    EXPECT_FALSE(e.message.empty());
  }
  const std::vector<EngineError> errors = all_of<EngineError>();
  EXPECT_NE(errors.back().message.find("depth"), std::string::npos) << errors.back().message;
}

// A ponder holds its move until ponderhit; a finished one says so first.
TEST_F(EngineLinkTest, PonderThenPonderhit) {
  link_.set_game("tictactoe");
  link_.set_options({.level = kLevelCount});
  link_.set_position({"startpos", {"b2", "a1"}});
  const std::uint64_t ponder = link_.go({.depth = 7, .ponder = true});
  ASSERT_TRUE(wait_for(ponder, is<PonderFinished>));
  EXPECT_TRUE(all_of<BestMove>().empty());
  link_.ponderhit();
  ASSERT_TRUE(wait_for(ponder, is<BestMove>));
  EXPECT_FALSE(all_of<BestMove>().front().move.empty());
}

}  // namespace
}  // namespace arcade::app
