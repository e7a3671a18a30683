// The text protocol: every bad input gets one `error` line and changes
// nothing; searches answer with `bestmove`; `stop` ends a search at once.

#include "engine/protocol.h"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "games/registry.h"

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

  std::string board() { return send("d").at(0); }

  // Sends `line` and expects exactly one error line and the same board.
  void expect_rejected(const std::string& line) {
    const std::string before = board();
    const std::vector<std::string> reply = send(line);
    ASSERT_EQ(reply.size(), 1u) << line;
    EXPECT_EQ(reply[0].rfind("error ", 0), 0u) << line << " -> " << reply[0];
    EXPECT_GT(reply[0].size(), 10u) << "the error should say what was wrong";
    EXPECT_EQ(board(), before) << line;
  }

  Protocol protocol_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::string> lines_;
};

TEST_F(ProtocolTest, StartsWithTheFirstGameAtItsStart) {
  EXPECT_NE(board().find("position .../.../..."), std::string::npos);
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
                           "game chess",
                           "game"})
    expect_rejected(line);
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

TEST_F(ProtocolTest, ProvenResultsAreWrittenAsWinLossOrDraw) {
  EXPECT_NE(send("go").front().find("score"), std::string::npos);
  std::vector<std::string> reply = send("go");
  EXPECT_NE(reply[reply.size() - 2].find("score draw"), std::string::npos)
      << reply[reply.size() - 2];
  send("position xx./oo./...");
  reply = send("go");
  EXPECT_NE(reply[reply.size() - 2].find("score win 1 "), std::string::npos);
  EXPECT_EQ(reply.back(), "bestmove c3");
  send("position x.x/.o./o.x");  // o to move: x threatens b3 and c2
  reply = send("go");
  EXPECT_NE(reply[reply.size() - 2].find("score loss 2 "), std::string::npos)
      << reply[reply.size() - 2];
}

TEST_F(ProtocolTest, AFinishedGameHasNoBestMove) {
  send("position xxx/oo./...");
  EXPECT_EQ(send("go"), std::vector<std::string>{"bestmove (none)"});
}

TEST_F(ProtocolTest, PerftCountsFromThePosition) {
  EXPECT_EQ(send("perft 2"), std::vector<std::string>{"perft 2 72"});
  EXPECT_EQ(send("perft 0"), std::vector<std::string>{"perft 0 1"});
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
  // stop can end it, and must do so in well under the 250 ms allowed here.
  send("game connect4");
  send("setoption name Algorithm value minimax");
  send("setoption name Table value false");
  send("setoption name Iterative value false");
  protocol_.handle("go infinite");
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const auto before = std::chrono::steady_clock::now();
  protocol_.handle("stop");
  const auto waited = std::chrono::steady_clock::now() - before;
  EXPECT_LT(std::chrono::duration_cast<std::chrono::milliseconds>(waited).count(), 250);
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
  protocol_.handle("go infinite");
  protocol_.handle("isready");
  {
    std::lock_guard lock(mutex_);
    ASSERT_FALSE(lines_.empty());
    EXPECT_EQ(lines_.back(), "readyok");
  }
  protocol_.handle("stop");
}

}  // namespace
}  // namespace arcade
