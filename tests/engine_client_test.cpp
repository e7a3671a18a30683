// The native EngineClient: every reply is tagged with the request it answers
// (a search's info and bestmove with its `go`), stop ends a search at once and
// still gives a move, lines sent during a search are handled after it, and
// bad input gets an error for its own request.

#include "app/engine_link/engine_client.h"

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace arcade::app {
namespace {

using Clock = std::chrono::steady_clock;

bool starts_with(const std::string& line, const std::string& prefix) {
  return line.rfind(prefix, 0) == 0;
}

class EngineClientTest : public ::testing::Test {
 protected:
  // Polls until a reply satisfies `wanted`, for at most `limit`. Returns
  // whether one did; every reply polled is kept in `replies_`.
  bool wait_for(const std::function<bool(const EngineReply&)>& wanted,
                std::chrono::milliseconds limit = std::chrono::seconds(20)) {
    const auto deadline = Clock::now() + limit;
    std::size_t checked = 0;
    while (true) {
      for (; checked < replies_.size(); ++checked)
        if (wanted(replies_[checked])) return true;
      if (Clock::now() > deadline) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      for (EngineReply& r : client_->poll()) replies_.push_back(std::move(r));
    }
  }

  bool wait_for_line(std::uint64_t request, const std::string& prefix) {
    return wait_for(
        [&](const EngineReply& r) { return r.request == request && starts_with(r.line, prefix); });
  }

  // The lines answering `request`, in order.
  std::vector<std::string> lines_of(std::uint64_t request) const {
    std::vector<std::string> lines;
    for (const EngineReply& r : replies_)
      if (r.request == request) lines.push_back(r.line);
    return lines;
  }

  // Sends `line` and returns its one reply, which is an `error` or `moves`.
  std::string answer(const std::string& line) {
    const std::uint64_t request = client_->send(line);
    EXPECT_TRUE(wait_for([&](const EngineReply& r) { return r.request == request; })) << line;
    const std::vector<std::string> lines = lines_of(request);
    return lines.empty() ? "" : lines.back();
  }

  std::unique_ptr<EngineClient> client_ = make_engine_client();
  std::vector<EngineReply> replies_;
};

TEST_F(EngineClientTest, IsReadyAtOnceAndNumbersRequestsInOrder) {
  EXPECT_TRUE(client_->ready());
  const std::uint64_t first = client_->send("isready");
  const std::uint64_t second = client_->send("isready");
  EXPECT_LT(first, second);
  ASSERT_TRUE(wait_for_line(second, "readyok"));
  EXPECT_EQ(lines_of(first), std::vector<std::string>{"readyok"});
  EXPECT_EQ(lines_of(second), std::vector<std::string>{"readyok"});
}

// Tic-tac-toe is a draw with perfect play, also after X takes the centre;
// with b2 taken, 8 squares are left.
TEST_F(EngineClientTest, SearchRepliesCarryTheNumberOfTheirGo) {
  const std::uint64_t game = client_->send("game tictactoe");
  const std::uint64_t position = client_->send("position startpos moves b2");
  const std::uint64_t go = client_->send("go");
  const std::uint64_t moves = client_->send("moves");
  ASSERT_TRUE(wait_for_line(moves, "moves"));
  EXPECT_TRUE(lines_of(game).empty());
  EXPECT_TRUE(lines_of(position).empty());

  std::vector<std::string> search = lines_of(go);
  ASSERT_GE(search.size(), 2u);
  // Before bestmove, the line on how its move was chosen if that was not
  // simply the search's first (a random one among equal moves, a slip).
  if (starts_with(search[search.size() - 2], "info string chose ")) search.erase(search.end() - 2);
  ASSERT_GE(search.size(), 2u);
  for (std::size_t i = 0; i + 1 < search.size(); ++i)
    EXPECT_TRUE(starts_with(search[i], "info depth ")) << search[i];
  EXPECT_NE(search[search.size() - 2].find(" score draw "), std::string::npos);
  EXPECT_TRUE(starts_with(search.back(), "bestmove ")) << search.back();
  EXPECT_EQ(search.back().size(), std::string("bestmove a1").size());
  EXPECT_NE(search.back(), "bestmove b2");

  const std::vector<std::string> listed = lines_of(moves);
  ASSERT_EQ(listed.size(), 1u);
  std::istringstream words(listed[0]);
  std::set<std::string> squares;
  std::string word;
  words >> word;
  EXPECT_EQ(word, "moves");
  while (words >> word) squares.insert(word);
  EXPECT_EQ(squares, (std::set<std::string>{"a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"}));
}

TEST_F(EngineClientTest, StopEndsALongSearchAtOnceWithAMoveOfThatSearch) {
  client_->send("game connect4");
  client_->send("setoption name Level value 4");
  client_->send("setoption name Algorithm value minimax");
  const std::uint64_t go = client_->send("go infinite");
  // Plain minimax cannot finish Connect Four: the search runs until stopped.
  ASSERT_TRUE(wait_for_line(go, "info depth 3 "));
  const std::uint64_t ready = client_->send("isready");
  const std::uint64_t queued = client_->send("moves");
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  for (EngineReply& r : client_->poll()) replies_.push_back(std::move(r));
  EXPECT_EQ(lines_of(ready), std::vector<std::string>{"readyok"}) << "isready is answered at once";
  EXPECT_TRUE(lines_of(queued).empty()) << "other lines sent during a search wait for it";

  const auto before = Clock::now();
  client_->stop();
  std::vector<EngineReply> after = client_->poll();
  const auto elapsed = Clock::now() - before;
  EXPECT_LT(elapsed, std::chrono::milliseconds(100));
  replies_.insert(replies_.end(), after.begin(), after.end());

  const std::vector<std::string> search = lines_of(go);
  ASSERT_FALSE(search.empty());
  ASSERT_TRUE(starts_with(search.back(), "bestmove ")) << search.back();
  const char column = search.back().back();
  EXPECT_EQ(search.back().size(), std::string("bestmove 4").size());
  EXPECT_TRUE(column >= '1' && column <= '7') << search.back();
  EXPECT_EQ(lines_of(queued), std::vector<std::string>{"moves 1 2 3 4 5 6 7"});
}

TEST_F(EngineClientTest, StopAlsoEndsASearchWaitingBehindTheRunningOne) {
  client_->send("game connect4");
  client_->send("setoption name Level value 4");
  client_->send("setoption name Algorithm value minimax");
  const std::uint64_t running = client_->send("go infinite");
  ASSERT_TRUE(wait_for_line(running, "info depth 1 "));
  const std::uint64_t waiting = client_->send("go infinite");
  const std::uint64_t after = client_->send("isready");
  client_->stop();
  ASSERT_TRUE(wait_for_line(after, "readyok"));
  for (const std::uint64_t go : {running, waiting}) {
    const std::vector<std::string> lines = lines_of(go);
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines.back().size(), std::string("bestmove 4").size()) << lines.back();
    EXPECT_TRUE(starts_with(lines.back(), "bestmove ")) << lines.back();
  }
  // The waiting search became a depth-1 search: one iteration, then its
  // move (after, when the level chose among equal moves at random, the line
  // that says so).
  std::vector<std::string> waited = lines_of(waiting);
  std::erase_if(waited, [](const std::string& l) { return starts_with(l, "info string chose "); });
  EXPECT_TRUE(starts_with(waited.front(), "info depth 1 "));
  EXPECT_EQ(waited.size(), 2u);
}

// Six discs fill a column of Connect Four's 7x6 board, which can then no
// longer be played.
TEST_F(EngineClientTest, APositionSentAfterStopIsApplied) {
  client_->send("game connect4");
  client_->send("setoption name Level value 4");
  client_->send("setoption name Algorithm value minimax");
  const std::uint64_t go = client_->send("go infinite");
  ASSERT_TRUE(wait_for_line(go, "info depth 1 "));
  client_->stop();
  client_->send("position startpos moves 4 4 4 4 4 4");
  EXPECT_EQ(answer("moves"), "moves 1 2 3 5 6 7");
}

TEST_F(EngineClientTest, BadInputIsAnsweredWithAnErrorForItsOwnRequest) {
  client_->send("game connect4");
  client_->send("position startpos moves 4 4");
  const std::string before = answer("moves");
  EXPECT_EQ(before, "moves 1 2 3 4 5 6 7");
  for (const std::string bad : {"position startpos moves 8", "frobnicate", "go depth x",
                                "setoption name Level value 9", "game chess"}) {
    const std::string reply = answer(bad);
    EXPECT_TRUE(starts_with(reply, "error ")) << bad << " -> " << reply;
    EXPECT_EQ(answer("moves"), before) << "after " << bad;
  }
}

TEST_F(EngineClientTest, DestroyingTheClientEndsItsSearch) {
  client_->send("game connect4");
  client_->send("setoption name Level value 4");
  client_->send("setoption name Algorithm value minimax");
  const std::uint64_t go = client_->send("go infinite");
  ASSERT_TRUE(wait_for_line(go, "info depth 1 "));
  const auto before = Clock::now();
  client_.reset();
  EXPECT_LT(Clock::now() - before, std::chrono::milliseconds(500));
}

}  // namespace
}  // namespace arcade::app
