// The text protocol: every bad input gets one `error` line and changes
// nothing; searches answer with `bestmove`; `stop` ends a search at once.

#include "engine/protocol.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <thread>

#include "games/connect4/connect4_session.h"
#include "games/engine_sessions.h"
#include "games/game_view.h"
#include "games/registry.h"
#include "games/tictactoe/tictactoe.h"

namespace arcade {
namespace {

class ProtocolTest : public ::testing::Test {
 protected:
  explicit ProtocolTest(bool background = false)
      : protocol_(
            make_session, game_names(), [this](const std::string& l) { record(l); }, background) {}

  void record(const std::string& line) {
    std::lock_guard lock(mutex_);
    lines_.push_back(line);
    changed_.notify_all();
  }

  // Sends one line and returns what it answered.
  std::vector<std::string> send(const std::string& line) {
    const std::size_t before = count();
    protocol_.handle(line);
    protocol_.wait();
    std::lock_guard lock(mutex_);
    return {lines_.begin() + static_cast<long>(before), lines_.end()};
  }

  std::size_t count() {
    std::lock_guard lock(mutex_);
    return lines_.size();
  }

  // The board and its position line, as one text.
  std::string board() { return join_words(send("d")); }

  // Sends `line` and expects exactly one error line and the same board.
  void expect_rejected(const std::string& line) {
    const std::string before = board();
    const std::vector<std::string> reply = send(line);
    ASSERT_EQ(reply.size(), 1u) << line;
    EXPECT_EQ(reply[0].rfind("error ", 0), 0u) << line << " -> " << reply[0];
    EXPECT_GT(reply[0].size(), 10u) << "the error should say what was wrong";
    EXPECT_EQ(board(), before) << line;
  }

  // Sends `line` and expects exactly the one line `error` in reply, and the
  // same board.
  void expect_refused(const std::string& line, const std::string& error) {
    const std::string before = board();
    EXPECT_EQ(send(line), std::vector<std::string>{error}) << line.substr(0, 80);
    EXPECT_EQ(board(), before) << line.substr(0, 80);
  }

  // Waits up to 2 s for a line starting with `start` after the first `from`
  // lines; whether one came.
  bool wait_for(const std::string& start, std::size_t from = 0) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, std::chrono::seconds(2), [&] {
      return std::any_of(lines_.begin() + static_cast<long>(std::min(from, lines_.size())),
                         lines_.end(),
                         [&](const std::string& l) { return l.rfind(start, 0) == 0; });
    });
  }

  // The lines received after the first `from`.
  std::vector<std::string> lines_since(std::size_t from) {
    std::lock_guard lock(mutex_);
    return {lines_.begin() + static_cast<long>(std::min(from, lines_.size())), lines_.end()};
  }

  Protocol protocol_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::string> lines_;
};

// The exact refusal of a line of `bytes` bytes over the cap.
std::string too_long(std::size_t bytes) {
  return "error line too long: " + std::to_string(bytes) + " bytes (at most 65536)";
}

// `text` followed by spaces up to `bytes` bytes: a line that means `text`.
std::string padded(const std::string& text, std::size_t bytes) {
  return text + std::string(bytes - text.size(), ' ');
}

TEST_F(ProtocolTest, StartsWithTheFirstGameAtItsStart) {
  const std::vector<std::string> lines = send("d");
  EXPECT_EQ(lines.back(), "position .../.../...");
  for (const std::string& line : lines) EXPECT_EQ(line.find('\n'), std::string::npos);
  EXPECT_EQ(send("isready"), std::vector<std::string>{"readyok"});
}

TEST_F(ProtocolTest, PositionWithMovesIsPlayed) {
  EXPECT_TRUE(send("position startpos moves b2 a1 c3").empty());
  EXPECT_NE(board().find("position ..x/.x./o.."), std::string::npos);
  EXPECT_TRUE(send("position x.o/.x./..o").empty());
  EXPECT_NE(board().find("position x.o/.x./..o"), std::string::npos);
}

TEST_F(ProtocolTest, BadInputChangesNothing) {
  send("position startpos moves b2 a1");
  for (const char* line : {"frobnicate",
                           "position",
                           "position startpos moves z9",
                           "position xx/ooo",
                           "position x.o/...",
                           "position startpos moves b2 a1 b2",
                           "go depth",
                           "go depth -3",
                           "go depth abc",
                           "go nodes 0",
                           "go sideways",
                           "perft",
                           "perft many",
                           "perft 99",
                           "setoption name Hash value 0",
                           "setoption name Hash value 65",
                           "setoption name Hash",
                           "setoption name Level value 6",
                           "setoption name Bogus value 1",
                           "setoption name Table value maybe",
                           "setoption name OwnBook value maybe",
                           "setoption name Weights value tutorial",
                           "setoption name Threats value 5",
                           "setoption name TwoInLine value 10001",
                           "setoption name TwoInLine value +5",
                           "setoption name TwoInLine value ten",
                           "tree",
                           "tree depth",
                           "tree depth 0",
                           "tree depth 65",
                           "tree limit 5",
                           "tree depth 2 limit",
                           "tree depth 2 limit 1000001",
                           "tree depth 2 algorithm negamax",
                           "tree depth 2 ordering maybe",
                           "tree depth 2 table 1",
                           "tree depth 2 sideways 1",
                           "tree depth 3 deepening maybe",
                           "tree depth 3 deepening",
                           "game chess",
                           "game"})
    expect_rejected(line);
}

// Issue 23: a line over 65,536 bytes (its line end not counted) is refused
// whole, with its length, whatever it starts with.
TEST_F(ProtocolTest, ALineOverTheCapIsRefusedWholeAndChangesNothing) {
  send("position startpos moves b2");
  expect_refused(padded("position startpos moves b2 a1", 65537), too_long(65537));
  expect_refused(padded("game connect4", 4 << 20), too_long(4 << 20));
  expect_refused(padded("setoption name Level value 1", 100000), too_long(100000));
  const std::size_t before = count();
  EXPECT_TRUE(protocol_.handle(padded("quit", 65537))) << "a refused quit does not quit";
  EXPECT_EQ(lines_since(before), std::vector<std::string>{too_long(65537)});
  // At the cap a line is read, its line end (CR, LF or both) not counted.
  EXPECT_TRUE(send(padded("position startpos moves b2 a1", 65536)).empty());
  EXPECT_NE(board().find("position .../.x./o.."), std::string::npos) << board();
  EXPECT_TRUE(send(padded("position startpos moves c3", 65536) + "\r\n").empty());
  EXPECT_NE(board().find("position ..x/.../..."), std::string::npos) << board();
  EXPECT_TRUE(send(padded("position startpos moves a3", 65536) + "\r").empty());
  EXPECT_NE(board().find("position x../.../..."), std::string::npos) << board();
}

// Issue 23: extra words after a command that takes none were obeyed
// silently (`stop now` stopped, `quit now` quit).
TEST_F(ProtocolTest, ExtraWordsAreRefused) {
  send("position startpos moves b2");
  for (const std::string command : {"d", "moves", "solve", "eval", "newgame", "ucinewgame", "help",
                                    "isready", "ponderhit", "stop", "quit"}) {
    expect_refused(command + " now", "error usage: " + command);
    expect_refused(command + "\tx y", "error usage: " + command);
  }
  EXPECT_TRUE(protocol_.handle("quit now"));
  EXPECT_EQ(send("isready"), std::vector<std::string>{"readyok"}) << "still reading after quit now";
}

TEST_F(ProtocolTest, GoAnswersWithInfoAndALegalBestMove) {
  send("setoption name Seed value 7");
  const std::vector<std::string> reply = send("go depth 3");
  ASSERT_GE(reply.size(), 2u);
  EXPECT_EQ(reply.front().rfind("info depth 1 score ", 0), 0u) << reply.front();
  EXPECT_NE(reply.front().find(" nodes "), std::string::npos);
  EXPECT_NE(reply.front().find(" pv "), std::string::npos);
  EXPECT_EQ(reply.back().rfind("bestmove ", 0), 0u);
  const std::string move = reply.back().substr(9);
  EXPECT_TRUE(send("position startpos moves " + move).empty()) << move;
}

// The last whole search's `info` line of a `go`'s reply (a line saying how
// the move was chosen may follow it).
std::string last_search_info(const std::vector<std::string>& reply) {
  for (auto line = reply.rbegin(); line != reply.rend(); ++line)
    if (line->rfind("info depth ", 0) == 0 && line->find(" move ") == std::string::npos)
      return *line;
  return "";
}

TEST_F(ProtocolTest, ProvenResultsAreWrittenAsWinLossOrDraw) {
  EXPECT_NE(send("go").front().find("score"), std::string::npos);
  std::vector<std::string> reply = send("go");
  EXPECT_NE(last_search_info(reply).find("score draw"), std::string::npos)
      << last_search_info(reply);
  send("position xx./oo./...");
  reply = send("go");
  EXPECT_NE(last_search_info(reply).find("score win 1 "), std::string::npos);
  EXPECT_EQ(reply.back(), "bestmove c3");
  send("position x.x/.o./o.x");  // o to move: x threatens b3 and c2
  reply = send("go");
  EXPECT_NE(last_search_info(reply).find("score loss 2 "), std::string::npos)
      << last_search_info(reply);
}

// Each root move's score at the search's last depth, from its `info depth D
// move M score S` lines (RootScores on).
std::map<std::string, std::string> last_root_scores(const std::vector<std::string>& reply) {
  std::map<std::string, std::string> scores;
  std::string depth;
  for (const std::string& line : reply) {
    const std::vector<std::string> w = split_words(line);
    if (w.size() < 7 || w[0] != "info" || w[3] != "move") continue;
    if (w[2] != depth) scores.clear();
    depth = w[2];
    scores[w[4]] = join_words(w, 6);
  }
  return scores;
}

// The move played may not be the line's first (random ties, a level's
// slip): a line before `bestmove` says how it was chosen, checked against
// every root move's own score.
TEST_F(ProtocolTest, SaysHowAMoveNotTheSearchsFirstWasChosen) {
  send("setoption name RootScores value true");
  // Perfect at the start of Tic-tac-toe: every move draws, one at random.
  send("setoption name Level value 5");
  std::vector<std::string> reply = send("go");
  ASSERT_GE(reply.size(), 2u);
  std::map<std::string, std::string> scores = last_root_scores(reply);
  const std::string move = reply.back().substr(9);
  const long draws =
      std::count_if(scores.begin(), scores.end(), [](const auto& s) { return s.second == "draw"; });
  EXPECT_EQ(draws, 9);
  EXPECT_EQ(reply[reply.size() - 2], std::string(kChoiceLine) + " " + move + " at random among " +
                                         std::to_string(draws) + " equal moves");
  // Beginner slips on purpose two moves in five: seeds until one slips.
  send("setoption name Level value 1");
  send("position startpos moves a1");
  bool slipped = false;
  for (int seed = 1; seed <= 30 && !slipped; ++seed) {
    send("setoption name Seed value " + std::to_string(seed));
    reply = send("go");
    scores = last_root_scores(reply);
    const std::string played = reply.back().substr(9);
    const std::string said = reply[reply.size() - 2];
    if (said != std::string(kChoiceLine) + " " + played + " as a slip of the level") continue;
    slipped = true;
    // Below the best move's score (heuristic "cp N" at depth 1).
    int best = -1'000'000;
    for (const auto& [m, s] : scores) best = std::max(best, std::stoi(s.substr(3)));
    EXPECT_LT(std::stoi(scores.at(played).substr(3)), best) << said;
  }
  EXPECT_TRUE(slipped) << "no slip in 30 seeds at Beginner";
  // The best move with no tie says nothing more: X wins at once on c3.
  send("setoption name Level value 5");
  send("position xx./oo./...");
  reply = send("go");
  EXPECT_EQ(reply.back(), "bestmove c3");
  EXPECT_EQ(reply[reply.size() - 2].rfind("info depth", 0), 0u) << reply[reply.size() - 2];
}

// Casual "slips one move in seven" (issue 33): over 1,000 of its moves in
// Connect Four positions of random play, the moves it says it played as a
// slip are about one in seven (its mistake rate, 0.15, where another move
// that is not lost is worse; within five standard deviations of a
// binomial's), and never more. Before, a move its noise misjudged was said
// to be a slip too: 13 of 30 in one game.
TEST(LevelSlips, CasualSaysASlipAboutOneMoveInSeven) {
  std::vector<std::string> lines;
  Protocol protocol(
      make_session, game_names(), [&](const std::string& l) { lines.push_back(l); }, false);
  protocol.handle("game connect4");
  protocol.handle("setoption name Level value 2");
  std::mt19937 random(33);
  int slips = 0, moves = 0;
  while (moves < 1000) {
    // A position 4 to 20 plies into a random game, not over.
    std::string played;
    const int plies = std::uniform_int_distribution<int>(4, 20)(random);
    const std::unique_ptr<GameView> game = make_game_view("connect4");
    for (int i = 0; i < plies && game->outcome() == Outcome::kOngoing; ++i) {
      const std::vector<Move> legal = game->legal_moves();
      const Move m = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(random)];
      played += " " + game->move_to_text(m);
      game->play(m);
    }
    if (game->outcome() != Outcome::kOngoing) continue;
    lines.clear();
    protocol.handle("setoption name Seed value " + std::to_string(moves + 1));
    protocol.handle("position startpos moves" + played);
    protocol.handle("go");
    ASSERT_FALSE(lines.empty());
    ASSERT_TRUE(lines.back().starts_with("bestmove ")) << lines.back();
    ++moves;
    if (lines.size() >= 2 && lines[lines.size() - 2].ends_with(" as a slip of the level")) ++slips;
  }
  const double rate = 0.15, spread = 5 * std::sqrt(1000 * rate * (1 - rate));
  std::printf("Casual: %d slips said in %d moves\n", slips, moves);
  EXPECT_LE(slips, 1000 * rate + spread);
  EXPECT_GE(slips, 1000 * rate - spread - 1000 * 0.03);  // a few draws tie the best
}

TEST_F(ProtocolTest, AFinishedGameHasNoBestMove) {
  send("position xxx/oo./...");
  EXPECT_EQ(send("go"), std::vector<std::string>{"bestmove (none)"});
}

TEST_F(ProtocolTest, PerftCountsFromThePosition) {
  EXPECT_EQ(send("perft 2"), std::vector<std::string>{"perft 2 72"});
  EXPECT_EQ(send("perft 0"), std::vector<std::string>{"perft 0 1"});
}

// The lab's tree: one line per node, then the count and the value as an
// `info` line writes it.
// A position string's characters are its own: two spaces side by side in a
// maze are two empty cells, not one separator to be joined again (issue 32:
// the engine once answered "ragged rows" to this maze). The same maze
// spelt with '_' is the expected position, computed another way.
TEST_F(ProtocolTest, APositionKeepsItsCharactersAsGiven) {
  send("game pacman");
  EXPECT_TRUE(send("position maze %%%%%%%%/%P__..G%/%%%%%%%% moves E").empty());
  const std::string expected = board();
  EXPECT_TRUE(send("position %%%%%%%%/%P  ..G%/%%%%%%%% moves E").empty());
  EXPECT_EQ(board(), expected);
  EXPECT_TRUE(send("position  \t%%%%%%%%/%P  ..G%/%%%%%%%%  moves   E \r\n").empty());
  EXPECT_EQ(board(), expected) << "the blanks around it are no part of it";
  expect_rejected("position %%%%%%%%/%P  ..G%/%%%%%%%%  /%%%%%%%%");
  expect_refused("position moves E",
                 "error usage: position (startpos | <position string>) [moves M ...]");
}

TEST_F(ProtocolTest, TreePrintsEveryNodeThenTheCountAndTheValue) {
  send("setoption name Iterative value false");
  send("setoption name RandomTies value false");
  send("setoption name Algorithm value minimax");
  const std::vector<std::string> go = send("go depth 2");
  const std::size_t score_at = go[0].find(" score ") + 7;
  const std::string value = go[0].substr(score_at, go[0].find(" nodes ") - score_at);
  const std::vector<std::string> tree = send("tree depth 2 table off ordering off");
  // The root, 9 replies and 72 answers to them.
  ASSERT_EQ(tree.size(), 83u);
  EXPECT_EQ(tree.back(), "tree nodes 82 value " + value);
  EXPECT_EQ(tree[0], "node 0 parent - ply 0 move - side max alpha -inf beta inf value " + value +
                         " bound exact kind expanded children 9 pv");
  EXPECT_EQ(tree[1].rfind("node 1 parent 0 ply 1 move a1 side min alpha -inf beta inf value ", 0),
            0u)
      << tree[1];
  EXPECT_EQ(tree[2].rfind("node 2 parent 1 ply 2 move b1 side max ", 0), 0u) << tree[2];
  EXPECT_NE(tree[2].find(" kind leaf children 0"), std::string::npos) << tree[2];
  for (std::size_t i = 0; i + 1 < tree.size(); ++i)
    EXPECT_EQ(tree[i].rfind("node " + std::to_string(i) + " ", 0), 0u) << tree[i];
}

TEST_F(ProtocolTest, TreeLimitKeepsTheCountWhole) {
  // Its progress aside (an `info nodes N time T` every 65,536 nodes).
  const auto tree_lines = [&](const std::string& line) {
    std::vector<std::string> lines = send(line);
    std::erase_if(lines, [](const std::string& l) { return l.starts_with("info nodes "); });
    return lines;
  };
  // 549,946: the nodes of Tic-tac-toe's game tree, the empty board included.
  EXPECT_EQ(tree_lines("tree depth 9 algorithm minimax table off limit 0"),
            std::vector<std::string>{"tree nodes 549946 value draw"});
  const std::vector<std::string> five =
      tree_lines("tree depth 9 algorithm minimax table off limit 5");
  ASSERT_EQ(five.size(), 6u);
  EXPECT_EQ(five.back(), "tree nodes 549946 value draw");
}

TEST_F(ProtocolTest, TreeCutOffsNameThePrunedMoves) {
  // Without ordering the first reply to b1, a1, already refutes it.
  const std::vector<std::string> tree =
      send("tree depth 2 algorithm alphabeta ordering off table off");
  const auto cut = std::find_if(tree.begin(), tree.end(),
                                [](const std::string& l) { return l.rfind("node 10 ", 0) == 0; });
  ASSERT_NE(cut, tree.end());
  EXPECT_EQ(*cut,
            "node 10 parent 0 ply 1 move b1 side min alpha cp -1 beta inf value cp -1 bound upper "
            "kind cutoff children 1 pruned 7 c1 a2 b2 c2 a3 b3 c3");
  EXPECT_EQ(tree.back(), "tree nodes 36 value cp 1");
}

// With deepening the lines are the last iteration's tree, from node 0 at
// its root, and the count takes in every iteration.
TEST_F(ProtocolTest, TreeWithDeepeningPrintsTheLastIterationAndCountsThemAll) {
  send("position startpos moves b2");
  const std::vector<std::string> once = send("tree depth 4");
  const std::vector<std::string> deepened = send("tree depth 4 deepening on");
  ASSERT_GE(deepened.size(), 2u);
  EXPECT_EQ(deepened[0].rfind("node 0 parent - ply 0 move - side max ", 0), 0u) << deepened[0];
  for (std::size_t i = 0; i + 1 < deepened.size(); ++i)
    ASSERT_EQ(deepened[i].rfind("node " + std::to_string(i) + " ", 0), 0u) << deepened[i];
  const auto words = [](const std::string& line) { return split_words(line); };
  const std::vector<std::string> last = words(deepened.back());
  ASSERT_EQ(last.size(), 6u) << deepened.back();
  EXPECT_EQ(last[1], "nodes");
  EXPECT_GE(std::stoull(last[2]), deepened.size() - 1) << "every iteration is counted";
  EXPECT_EQ(join_words(last, 4), join_words(words(once.back()), 4)) << "the same value";
  EXPECT_EQ(send("tree depth 4 deepening off"), once) << "off is the default";
}

TEST_F(ProtocolTest, EvalShowsEachTermAndTheTotal) {
  send("position x.o/.x./...");  // o to move: see TicTacToeTerms in evaluation_test.cpp
  EXPECT_EQ(send("eval"),
            (std::vector<std::string>{"eval term OneInLine value -2 weight 1 contribution -2",
                                      "eval term TwoInLine value -1 weight 10 contribution -10",
                                      "eval term ThreeInLine value 0 weight 100 contribution 0",
                                      "eval total -12"}));
  // Doubling TwoInLine's weight adds its weight times its value.
  EXPECT_TRUE(send("setoption name TwoInLine value 20").empty());
  EXPECT_EQ(send("eval").back(), "eval total " + std::to_string(-12 + 10 * -1));
  EXPECT_TRUE(send("setoption name Weights value default").empty());
  EXPECT_EQ(send("eval").back(), "eval total -12");
}

TEST_F(ProtocolTest, WeightsAreOptionsThatOutliveGame) {
  const std::vector<std::string> help = send("help");
  ASSERT_EQ(help.size(), 2u);
  EXPECT_NE(help[1].find(" | Weights (default) | OneInLine (weight, default 1) | TwoInLine "
                         "(weight, default 10) | ThreeInLine (weight, default 100)"),
            std::string::npos)
      << help[1];
  send("setoption name TwoInLine value 7");
  send("game connect4");
  EXPECT_NE(send("help")[1].find(" | Weights (default|tutorial) | WinNow (weight, default 5000)"),
            std::string::npos);
  send("setoption name Weights value tutorial");
  send("game tictactoe");
  EXPECT_EQ(send("eval")[1], "eval term TwoInLine value 0 weight 7 contribution 0");
  send("game connect4");
  EXPECT_EQ(send("eval")[9], "eval term Four value 0 weight 100 contribution 0");
}

TEST_F(ProtocolTest, EveryGameCanBeChosen) {
  send("setoption name Level value 3");
  for (const std::string& name : game_names()) {
    EXPECT_TRUE(send("game " + name).empty()) << name;
    EXPECT_TRUE(send("position startpos").empty()) << name;
    const std::vector<std::string> reply = send("go depth 2");
    EXPECT_EQ(reply.back().rfind("bestmove ", 0), 0u) << name;
  }
}

TEST_F(ProtocolTest, SameSeedSameMoves) {
  std::vector<std::string> first, second;
  for (auto* moves : {&first, &second}) {
    send("setoption name Seed value 42");
    std::string played;
    for (int i = 0; i < 9; ++i) {
      send("position startpos" + (played.empty() ? "" : " moves" + played));
      const std::string best = send("go").back();
      if (best == "bestmove (none)") break;
      played.append(" ").append(best.substr(9));
      moves->push_back(best);
    }
  }
  EXPECT_EQ(first, second);
}

class BackgroundProtocolTest : public ProtocolTest {
 protected:
  BackgroundProtocolTest() : ProtocolTest(true) {}
};

TEST_F(BackgroundProtocolTest, StopEndsASearchAtOnceWithAMove) {
  // Plain minimax over the whole Connect Four tree would never end: only
  // stop can end it, and must do so at once (1 s allowed here for a loaded machine).
  send("game connect4");
  send("setoption name Algorithm value minimax");
  send("setoption name Table value false");
  send("setoption name Iterative value false");
  send("setoption name OwnBook value false");  // else the book answers at once
  protocol_.handle("go infinite");
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const auto before = std::chrono::steady_clock::now();
  protocol_.handle("stop");
  const auto waited = std::chrono::steady_clock::now() - before;
  EXPECT_LT(std::chrono::duration_cast<std::chrono::milliseconds>(waited).count(), 1000);
  std::lock_guard lock(mutex_);
  ASSERT_FALSE(lines_.empty());
  EXPECT_EQ(lines_.back().rfind("bestmove ", 0), 0u);
  EXPECT_NE(lines_.back(), "bestmove (none)");
}

TEST_F(BackgroundProtocolTest, IsReadyAnswersDuringASearch) {
  send("game connect4");
  send("setoption name Algorithm value minimax");
  send("setoption name Table value false");
  send("setoption name Iterative value false");
  send("setoption name OwnBook value false");  // else the book answers at once
  protocol_.handle("go infinite");
  protocol_.handle("isready");
  {
    // readyok came while the search still ran: no bestmove yet.
    std::lock_guard lock(mutex_);
    ASSERT_FALSE(lines_.empty());
    EXPECT_EQ(lines_.back(), "readyok");
    for (const auto& line : lines_) EXPECT_NE(line.rfind("bestmove", 0), 0u) << line;
  }
  protocol_.handle("stop");
  std::lock_guard lock(mutex_);
  EXPECT_EQ(lines_.back().rfind("bestmove ", 0), 0u);
}

// A command that runs until it is stopped, and how it answers stop.
struct LongCommand {
  std::vector<std::string> setup;
  std::string command;
  std::string answer;  // the start of its one answer line
};

class StoppableTest : public BackgroundProtocolTest,
                      public ::testing::WithParamInterface<LongCommand> {};

// The reproducers: while each runs, a queued `d` must not keep
// `stop` and `isready` from being read, and `stop` makes the command answer
// before anything read after it.
TEST_P(StoppableTest, StopAndIsReadyAreAnsweredWhileItRuns) {
  const LongCommand& c = GetParam();
  for (const std::string& line : c.setup) send(line);
  const std::size_t first = count();
  protocol_.handle(c.command);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  protocol_.handle("d");  // queued behind the command
  const auto before = std::chrono::steady_clock::now();
  protocol_.handle("stop");
  protocol_.handle("isready");
  const auto waited = std::chrono::steady_clock::now() - before;
  std::printf("'%s' stopped and readyok after %.1f ms\n", c.command.c_str(),
              std::chrono::duration<double, std::milli>(waited).count());
  EXPECT_LT(waited, std::chrono::seconds(1));
  std::lock_guard lock(mutex_);
  const std::vector<std::string> lines(lines_.begin() + static_cast<long>(first), lines_.end());
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines.back(), "readyok");
  const auto answer = std::find_if(lines.begin(), lines.end(),
                                   [&](const std::string& l) { return l.rfind(c.answer, 0) == 0; });
  ASSERT_NE(answer, lines.end()) << "no '" << c.answer << "' line";
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(),
                          [&](const std::string& l) { return l.rfind(c.answer, 0) == 0; }),
            1);
  const auto board = std::find_if(lines.begin(), lines.end(), [](const std::string& l) {
    return l.rfind("position ", 0) == 0;
  });
  EXPECT_LT(answer, board) << "the queued d runs after the command it waited for";
}

INSTANTIATE_TEST_SUITE_P(
    Commands, StoppableTest,
    ::testing::Values(
        // A depth-5 level with no limit: only stop ends it.
        LongCommand{{"game connect4", "setoption name Level value 3"}, "go infinite", "bestmove "},
        // Connect Four has about 4.5 trillion positions 20 plies deep.
        LongCommand{{"game connect4"}, "perft 64", "perft 64 stopped"},
        // Solving the empty board takes minutes without the opening book.
        LongCommand{{"game connect4"}, "solve", "solution stopped"},
        // Connect Four's whole game tree, node by node.
        LongCommand{
            {"game connect4"}, "tree depth 42 algorithm minimax table off", "tree stopped"}));

TEST_F(BackgroundProtocolTest, LinesReadDuringASearchRunInOrderAfterIt) {
  send("game connect4");
  protocol_.handle("go depth 6");
  protocol_.handle("position startpos moves 4 4");
  protocol_.handle("moves");
  protocol_.handle("go depth 2");
  protocol_.wait();
  std::lock_guard lock(mutex_);
  ASSERT_GE(lines_.size(), 4u);
  std::vector<std::string> answers;
  for (const std::string& line : lines_)
    if (line.rfind("info", 0) != 0) answers.push_back(line);
  ASSERT_EQ(answers.size(), 3u);
  EXPECT_EQ(answers[0].rfind("bestmove ", 0), 0u);
  EXPECT_EQ(answers[1], "moves 1 2 3 4 5 6 7");
  EXPECT_EQ(answers[2].rfind("bestmove ", 0), 0u);
}

// The bestmove lines received so far.
std::vector<std::string> bestmoves(const std::vector<std::string>& lines) {
  std::vector<std::string> found;
  for (const std::string& line : lines)
    if (line.rfind("bestmove ", 0) == 0) found.push_back(line.substr(9));
  return found;
}

// An endless Connect Four search: only stop ends it, and it writes no
// `info` line before it ends (one iteration).
void start_endless_search(Protocol& protocol) {
  for (const char* line :
       {"game connect4", "setoption name Algorithm value minimax",
        "setoption name Table value false", "setoption name Iterative value false",
        "setoption name OwnBook value false"})
    protocol.handle(line);
  protocol.handle("go infinite");
}

std::vector<std::string> without_info(const std::vector<std::string>& lines) {
  std::vector<std::string> kept;
  for (const std::string& line : lines)
    if (line.rfind("info ", 0) != 0) kept.push_back(line);
  return kept;
}

// Issue 23: each bad line read while a search runs gets its one error at
// once; the search goes on, and `stop` later answers its bestmove.
TEST_F(BackgroundProtocolTest, BadLinesDuringASearchChangeNothing) {
  start_endless_search(protocol_);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const std::vector<std::pair<std::string, std::string>> bad = {
      {padded("stop", 70000), too_long(70000)},
      {"stop now", "error usage: stop"},
      {"quit now", "error usage: quit"},
      {"isready x", "error usage: isready"},
      {"setoption name Bogus value 1", "error unknown option 'Bogus' (try help)"},
      {"setoption name OneInLine value 5", "error unknown option 'OneInLine' (try help)"},
      {"frobnicate", "error unknown command 'frobnicate' (try help)"},
      {"go sideways", "error unknown go parameter 'sideways'"},
      {"perft many", "error perft: 'many' is not a depth from 0 to 64"},
      {"game chess", "error unknown game 'chess' (games: " + join_words(game_names()) + ")"}};
  for (const auto& [line, error] : bad) {
    const std::size_t before = count();
    EXPECT_TRUE(protocol_.handle(line));
    EXPECT_TRUE(wait_for("error ", before)) << line.substr(0, 40);
    EXPECT_EQ(without_info(lines_since(before)), std::vector<std::string>{error});
  }
  const std::size_t before = count();
  protocol_.handle("position garbage");
  EXPECT_TRUE(wait_for("error a connect4 position is ", before));
  EXPECT_EQ(without_info(lines_since(before)).size(), 1u);
  EXPECT_TRUE(bestmoves(lines_since(0)).empty()) << "the search goes on";
  protocol_.handle("stop");
  const std::vector<std::string> best = bestmoves(lines_since(0));
  ASSERT_EQ(best.size(), 1u);
  EXPECT_NE(best[0], "(none)");
}

// Issue 23: `solve` in a game without a solver said `solution stopped` when
// a stop came before it ran (or the input ended): it is refused when read,
// for the game the lines read before it choose.
TEST_F(BackgroundProtocolTest, SolveWithoutASolverIsRefusedWhenRead) {
  const std::string refused = "error no exact solver for tictactoe";
  EXPECT_EQ(send("solve"), std::vector<std::string>{refused});
  protocol_.handle("solve");
  protocol_.handle("stop");
  EXPECT_EQ(lines_since(1), std::vector<std::string>{refused});
  start_endless_search(protocol_);
  protocol_.handle("game tictactoe");  // queued behind the search
  std::size_t before = count();
  protocol_.handle("solve");
  EXPECT_EQ(lines_since(before), std::vector<std::string>{refused}) << "at once";
  protocol_.handle("setoption name Threats value 5");  // Connect Four's
  EXPECT_EQ(lines_since(before + 1),
            std::vector<std::string>{"error unknown option 'Threats' (try help)"});
  protocol_.handle("game connect4");
  protocol_.handle("solve");  // Connect Four's solver: queued, and stopped
  before = count();
  protocol_.handle("stop");
  const std::vector<std::string> answers = without_info(lines_since(before));
  ASSERT_EQ(answers.size(), 2u);
  EXPECT_EQ(answers[0].rfind("bestmove ", 0), 0u) << answers[0];
  EXPECT_EQ(answers[1], "solution stopped");
}

TEST_F(BackgroundProtocolTest, EndOfInputStopsTheSearchWhichStillAnswers) {
  send("game connect4");
  send("setoption name Level value 3");
  protocol_.handle("go infinite");
  protocol_.handle("go infinite");  // queued: ends at once, with a real move
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  protocol_.finish();
  std::lock_guard lock(mutex_);
  EXPECT_EQ(std::count_if(lines_.begin(), lines_.end(),
                          [](const std::string& l) { return l.rfind("bestmove ", 0) == 0; }),
            2);
  EXPECT_NE(lines_.back(), "bestmove (none)");
}

class ProtocolPonderTest : public BackgroundProtocolTest {
 protected:
  std::vector<std::string> answers() {
    std::lock_guard lock(mutex_);
    return bestmoves(lines_);
  }
  bool said(std::string_view line) {
    std::lock_guard lock(mutex_);
    return std::find(lines_.begin(), lines_.end(), line) != lines_.end();
  }
  // Connect Four that no search finishes: only ponderhit, stop or a limit ends it.
  void endless_connect4() {
    send("game connect4");
    send("setoption name Algorithm value minimax");
    send("setoption name Table value false");
    send("setoption name Iterative value false");
  }
};

TEST_F(ProtocolPonderTest, AFinishedPonderHoldsItsMoveUntilPonderhit) {
  send("game connect4");
  send("position startpos moves 4 4");
  protocol_.handle("go ponder depth 3");  // done in milliseconds
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  protocol_.handle("isready");
  EXPECT_TRUE(answers().empty()) << "a ponder answers only after ponderhit";
  EXPECT_TRUE(said(kPonderFinished)) << "it says it has finished";
  protocol_.handle("ponderhit");
  protocol_.wait();
  const std::vector<std::string> best = answers();
  ASSERT_EQ(best.size(), 1u);
  const std::vector<std::string> legal = split_words(join_words(send("moves")));
  EXPECT_NE(std::find(legal.begin() + 1, legal.end(), best[0]), legal.end()) << best[0];
}

TEST_F(ProtocolPonderTest, ThePonderClockStartsAtPonderhit) {
  endless_connect4();
  protocol_.handle("go ponder movetime 100");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_TRUE(answers().empty()) << "the movetime counts from ponderhit";
  const auto hit = std::chrono::steady_clock::now();
  protocol_.handle("ponderhit");
  protocol_.wait();
  const auto waited = std::chrono::steady_clock::now() - hit;
  EXPECT_EQ(answers().size(), 1u);
  EXPECT_GE(waited, std::chrono::milliseconds(90)) << "the search went on after ponderhit";
  EXPECT_LT(waited, std::chrono::seconds(2));
}

TEST_F(ProtocolPonderTest, StopEndsAPonderWithAMove) {
  endless_connect4();
  protocol_.handle("go ponder");
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  protocol_.handle("stop");
  const std::vector<std::string> best = answers();
  ASSERT_EQ(best.size(), 1u);
  EXPECT_NE(best[0], "(none)");
  EXPECT_FALSE(said(kPonderFinished)) << "a stopped ponder did not finish";
}

// The opponent played another move than the one pondered on: the ponder
// answers first, then the new position is searched.
TEST_F(ProtocolPonderTest, ANewPositionOrSearchEndsAPonderFirst) {
  endless_connect4();
  for (const char* next : {"position startpos moves 1", "ucinewgame", "go depth 1"}) {
    const std::size_t before = answers().size();
    protocol_.handle("go ponder");
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    protocol_.handle(next);
    protocol_.handle("isready");
    protocol_.wait();
    EXPECT_GE(answers().size(), before + 1) << next;
  }
  EXPECT_EQ(answers().size(), 4u);  // three ponders and the go
}

TEST_F(ProtocolPonderTest, APonderhitForAQueuedPonderMakesItANormalSearch) {
  send("game connect4");
  protocol_.handle("go depth 4");
  protocol_.handle("go ponder depth 2");
  protocol_.handle("ponderhit");
  protocol_.wait();  // no stop needed: the ponder was hit before it ran
  EXPECT_EQ(answers().size(), 2u);
}

TEST_F(ProtocolPonderTest, APonderhitWithoutAPonderIsAnError) {
  expect_rejected("ponderhit");
  send("go depth 1");
  expect_rejected("ponderhit");
}

// Issue 23: a bad `go ponder` awaits no ponderhit, so the ponderhit after
// it is an error of its own, also when the go would have been queued.
TEST_F(ProtocolPonderTest, ABadGoPonderAwaitsNoPonderhit) {
  EXPECT_EQ(send("go ponder depth abc"),
            std::vector<std::string>{"error go depth: 'abc' is not a valid number"});
  EXPECT_EQ(send("ponderhit"), std::vector<std::string>{"error ponderhit: no go ponder awaits it"});
  start_endless_search(protocol_);
  const std::size_t before = count();
  protocol_.handle("go ponder depth abc");
  protocol_.handle("ponderhit");
  EXPECT_EQ(lines_since(before),
            (std::vector<std::string>{"error go depth: 'abc' is not a valid number",
                                      "error ponderhit: no go ponder awaits it"}));
  protocol_.handle("stop");
  EXPECT_EQ(answers().size(), 1u);
}

// Issue 23: a bad line during a ponder ended the ponder (its bestmove came
// besides the error): now it changes nothing, and the ponder still awaits
// its ponderhit.
TEST_F(ProtocolPonderTest, ABadLineLeavesAPonderBe) {
  endless_connect4();
  protocol_.handle("go ponder");
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  for (const std::string line :
       {"position garbage", "position startpos moves 8", "go sideways", "go ponder depth abc",
        "game chess", "game", "newgame x", "ucinewgame now", "setoption name Bogus value 1",
        "frobnicate", "stop now", "ponderhit now"}) {
    const std::size_t before = count();
    protocol_.handle(line);
    EXPECT_TRUE(wait_for("error ", before)) << line;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_EQ(without_info(lines_since(before)).size(), 1u) << line;
    EXPECT_TRUE(answers().empty()) << line << " ended the ponder";
  }
  const std::size_t before = count();
  protocol_.handle(padded("position startpos moves 1", 65537));
  EXPECT_EQ(lines_since(before), std::vector<std::string>{too_long(65537)});
  EXPECT_TRUE(answers().empty());
  // The ponder still awaits its ponderhit; a depth-limited one would answer
  // after it, this one after stop.
  protocol_.handle("ponderhit");
  protocol_.handle("stop");
  EXPECT_EQ(answers().size(), 1u);
  EXPECT_FALSE(said("error ponderhit: no go ponder awaits it"));
}

TEST_F(ProtocolTest, PonderNeedsTheReaderThread) {
  expect_rejected("go ponder depth 1");
}

// The tags of input lines come back on the lines that answer them, from the
// caller's thread and from the protocol's.
TEST(TaggedProtocolTest, EveryAnswerCarriesTheTagOfItsLine) {
  std::mutex mutex;
  std::vector<std::pair<std::uint64_t, std::string>> lines;
  {
    Protocol protocol(
        make_session, game_names(),
        [&](std::uint64_t tag, const std::string& line) {
          std::lock_guard lock(mutex);
          lines.emplace_back(tag, line);
        },
        /*background=*/true);
    protocol.handle("go depth 4", 1);
    protocol.handle("moves", 2);
    protocol.handle("isready", 3);
    protocol.handle("frobnicate", 4);
    protocol.wait();
  }
  std::map<std::uint64_t, std::vector<std::string>> by_tag;
  for (const auto& [tag, line] : lines) by_tag[tag].push_back(line);
  EXPECT_EQ(by_tag[1].back().rfind("bestmove ", 0), 0u);
  EXPECT_EQ(by_tag[2], std::vector<std::string>{"moves a1 b1 c1 a2 b2 c2 a3 b3 c3"});
  EXPECT_EQ(by_tag[3], std::vector<std::string>{"readyok"});
  ASSERT_EQ(by_tag[4].size(), 1u);
  EXPECT_EQ(by_tag[4][0].rfind("error ", 0), 0u);
}

// The first line of a data file of ../shared/data/connect4: "<moves> <score>".
std::pair<std::string, int> first_case(const std::string& file) {
  std::ifstream in(std::string(ARCADE_DATA_DIR) + "/connect4/" + file);
  std::pair<std::string, int> c;
  in >> c.first >> c.second;
  return c;
}

// Sessions with the opening book, as the tool and the worker make them.
class EngineProtocolTest : public ::testing::Test {
 protected:
  std::vector<std::string> send(const std::string& line) {
    const std::size_t before = lines_.size();
    protocol_.handle(line);
    return {lines_.begin() + static_cast<long>(before), lines_.end()};
  }

  std::vector<std::string> lines_;
  Protocol protocol_{make_engine_session, game_names(),
                     [this](const std::string& l) { lines_.push_back(l); }, false};
};

// 13577533 (c4_L1_R3 of the data set, 8 plies) is outside the opening book,
// which holds every position of up to 7, and the solver needs seconds for it.
TEST_F(EngineProtocolTest, DepthBoundsThePerfectLevel) {
  send("game connect4");
  send("position 13577533");
  const std::vector<std::string> reply = send("go depth 1");
  ASSERT_EQ(reply.size(), 2u);
  EXPECT_EQ(reply[0].rfind("info depth 1 score cp ", 0), 0u) << reply[0];
  EXPECT_EQ(reply[1].rfind("bestmove ", 0), 0u);
}

// In the book a depth limit takes the book's move at once, with no column
// solved for RootScores: 445's columns outside the book took the solver 84
// million nodes (7 s here, 17 s in the browser) for a `go depth 1`.
TEST_F(EngineProtocolTest, DepthBoundsThePerfectLevelWithRootScoresInTheBook) {
  send("game connect4");
  send("setoption name RootScores value true");
  send("position 445");
  const std::vector<std::string> reply = send("go depth 1");
  ASSERT_EQ(reply.size(), 2u);  // the book's move, no line for each column
  const std::vector<std::string> w = split_words(reply[0]);
  const auto nodes = std::find(w.begin(), w.end(), "nodes");
  ASSERT_NE(nodes, w.end()) << reply[0];
  EXPECT_LT(std::stoull(*(nodes + 1)), 100'000u) << reply[0];
  EXPECT_EQ(reply[1].rfind("bestmove ", 0), 0u);
}

// A movetime so long that its deadline overflowed the clock once sent the
// solver's deadline into the past: the solver was skipped, and the heuristic
// search answered from depth 1.
TEST_F(EngineProtocolTest, AHugeMovetimeStillLetsTheSolverAnswer) {
  const auto [moves, score] = first_case("c4_L2_R1.txt");
  const Parsed<Connect4::Position> position = Connect4::from_text(moves);
  ASSERT_TRUE(position);
  send("game connect4");
  send("setoption name OwnBook value false");
  send("position " + moves);
  for (const std::string limit :
       {"movetime 9223372036854775807", "movetime 10000000000000", "nodes 9223372036854775807"}) {
    const std::vector<std::string> reply = send("go " + limit);
    // The solve, a line on the random choice among equal columns if there
    // was one, and bestmove.
    ASSERT_GE(reply.size(), 2u) << limit;
    ASSERT_LE(reply.size(), 3u) << limit;
    if (reply.size() == 3) {
      EXPECT_EQ(reply[1].rfind(kChoiceLine, 0), 0u) << reply[1];
    }
    const std::string solved = "info depth " + std::to_string(Connect4::kCells - position->plies) +
                               " score " +
                               score_text(connect4_engine_score(score, position->plies), true);
    EXPECT_EQ(reply[0].rfind(solved, 0), 0u) << limit << ": " << reply[0];
  }
}

// A session that records the table sizes it is given.
class HashSpySession : public GameSessionFor<TicTacToe> {
 public:
  explicit HashSpySession(std::vector<std::size_t>& sizes) : sizes_(sizes) {}
  void set_table_megabytes(std::size_t megabytes) override {
    sizes_.push_back(megabytes);
    GameSessionFor<TicTacToe>::set_table_megabytes(megabytes);
  }

 private:
  std::vector<std::size_t>& sizes_;
};

TEST(ProtocolOptionsTest, HashOutlivesGameAsEveryOptionDoes) {
  std::vector<std::size_t> sizes;
  std::vector<std::string> lines;
  Protocol protocol([&](std::string_view) { return std::make_unique<HashSpySession>(sizes); },
                    {"tictactoe"}, [&](const std::string& l) { lines.push_back(l); }, false);
  protocol.handle("setoption name Hash value 3");
  protocol.handle("game tictactoe");
  EXPECT_EQ(sizes, (std::vector<std::size_t>{3, 3}));
  EXPECT_TRUE(lines.empty());
}

// A session that records the thread counts it is given.
class ThreadsSpySession : public GameSessionFor<TicTacToe> {
 public:
  explicit ThreadsSpySession(std::vector<int>& counts) : counts_(counts) {}
  void set_threads(int threads) override { counts_.push_back(threads); }

 private:
  std::vector<int>& counts_;
};

// The option reaches the session, and every session `game` makes; a host
// without a search thread (the web build's) keeps the solver on it.
TEST(ProtocolOptionsTest, ThreadsOutlivesGameAndStaysOneWithoutABackgroundThread) {
  for (const bool background : {true, false}) {
    std::vector<int> counts;
    std::vector<std::string> lines;
    {
      Protocol protocol(
          [&](std::string_view) { return std::make_unique<ThreadsSpySession>(counts); },
          {"tictactoe"}, [&](const std::string& l) { lines.push_back(l); }, background);
      protocol.handle("setoption name Threads value 2");
      protocol.handle("game tictactoe");
      protocol.handle("setoption name Threads value 0");
      protocol.wait();
    }
    const int expected = background ? 2 : 1;
    EXPECT_EQ(counts, (std::vector<int>{expected, expected})) << background;
    ASSERT_EQ(lines.size(), 1u) << background;
    EXPECT_EQ(lines[0], "error option Threads: '0' is not a thread count from 1 to 256");
  }
}

}  // namespace
}  // namespace arcade
