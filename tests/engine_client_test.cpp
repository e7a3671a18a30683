// The native EngineClient: every reply is tagged with the request it answers
// (a search's info and bestmove with its `go`), stop ends a search at once and
// still gives a move, lines sent during a search are handled after it, and
// bad input gets an error for its own request.

#include "app/engine_link/engine_client.h"

#include <gtest/gtest.h>

#include <chrono>
#include <deque>
#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/protocol.h"
#include "engine/worker_relay.h"
#include "games/engine_sessions.h"
#include "games/registry.h"

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

// The web client's rules (WorkerRelay) against a stand-in for the Web
// Worker: a Protocol without a thread, as the worker's, which runs a line
// only when the test says so, as a worker busy searching reads nothing.
class FakeWorker final : public WorkerPort {
 public:
  void post(std::uint64_t request, const std::string& line) override {
    posted.push_back({request, line});
  }
  void check(std::uint64_t, const std::string&) override {}
  void restart(const std::vector<std::string>& given, bool) override {
    ++restarts;
    replay = given;
    posted.clear();
    protocol = make_protocol();
    for (const std::string& line : given) protocol->handle(line, 0);
  }
  bool failed() const override { return false; }

  // Runs the oldest line posted; hands the relay its replies while `deliver`
  // says so, then (if it let them all through) the line's end.
  void run(
      WorkerRelay& relay, const std::function<bool(const std::string&)>& deliver =
                              [](const std::string&) { return true; }) {
    const EngineReply message = posted.front();
    posted.pop_front();
    output.clear();
    const auto begun = Clock::now();
    protocol->handle(message.line, message.request);
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - begun).count();
    bool ok = true;
    for (const std::string& line : output) {
      if (!deliver(line)) return;
      ok = ok && !starts_with(line, "error");
      relay.on_line(message.request, line);
    }
    relay.on_done(message.request, ok, ms);
  }

  std::deque<EngineReply> posted;
  std::vector<std::string> replay;
  int restarts = 0;

 private:
  std::unique_ptr<Protocol> make_protocol() {
    return std::make_unique<Protocol>(
        make_engine_session, game_names(),
        [this](std::uint64_t, const std::string& line) { output.push_back(line); },
        /*background=*/false);
  }

  std::vector<std::string> output;
  std::unique_ptr<Protocol> protocol = make_protocol();
};

class WorkerRelayTest : public ::testing::Test {
 protected:
  WorkerRelayTest() { relay_.on_ready("connect4 tictactoe", "connect4"); }

  std::uint64_t send(const std::string& line) {
    relay_.send(++request_, line);
    return request_;
  }
  void run_all() {
    while (!worker_.posted.empty()) worker_.run(relay_);
  }
  std::vector<std::string> lines_of(std::uint64_t request) {
    for (EngineReply& r : relay_.take_replies()) replies_.push_back(std::move(r));
    std::vector<std::string> lines;
    for (const EngineReply& r : replies_)
      if (r.request == request) lines.push_back(r.line);
    return lines;
  }

  FakeWorker worker_;
  WorkerRelay relay_{worker_};
  std::uint64_t request_ = 0;
  std::vector<EngineReply> replies_;
};

// The native protocol's stop: the running search answers with the first
// move of its last pv, at once; the new worker is given the game and
// position (and nothing else), and no search runs there.
TEST_F(WorkerRelayTest, StopAnswersWithTheLastPvMoveAndReplaysTheState) {
  send("game tictactoe");
  send("position startpos moves b2");
  const std::uint64_t go = send("go depth 5");
  worker_.run(relay_);
  worker_.run(relay_);
  std::string last_pv;
  worker_.run(relay_, [&](const std::string& line) {
    // Iterations 1 and 2 come; the search still runs.
    if (!starts_with(line, "info depth 1 ") && !starts_with(line, "info depth 2 ")) return false;
    last_pv = line.substr(line.find(" pv ") + 4);
    return true;
  });
  ASSERT_FALSE(last_pv.empty());
  relay_.send(0, "stop");
  EXPECT_EQ(lines_of(go).back(), "bestmove " + last_pv.substr(0, last_pv.find(' ')));
  EXPECT_EQ(worker_.restarts, 1);
  EXPECT_EQ(worker_.replay,
            (std::vector<std::string>{"game tictactoe", "position startpos moves b2"}));
  EXPECT_TRUE(worker_.posted.empty());
}

// A stopped perft and solve answer as natively (`perft N stopped`,
// `solution stopped`); a search that gave no pv yet is searched again to
// depth 1 by the new worker, a real move.
TEST_F(WorkerRelayTest, StopEndsEveryLongCommandInItsOwnWords) {
  send("game connect4");
  const std::uint64_t go = send("go depth 9");
  const std::uint64_t perft = send("perft 7");
  const std::uint64_t solve = send("solve");
  worker_.run(relay_);
  relay_.send(0, "stop");
  EXPECT_EQ(lines_of(perft), std::vector<std::string>{"perft 7 stopped"});
  EXPECT_EQ(lines_of(solve), std::vector<std::string>{"solution stopped"});
  ASSERT_EQ(worker_.posted.size(), 1u);
  EXPECT_EQ(worker_.posted.front().line, "go depth 1");
  run_all();
  EXPECT_TRUE(starts_with(lines_of(go).back(), "bestmove ")) << lines_of(go).back();
}

// Natively `isready` is read while a search runs: answered at once, never
// queued behind the search in the worker.
TEST_F(WorkerRelayTest, IsReadyIsAnsweredAtOnceDuringALongCommand) {
  send("go depth 3");
  const std::uint64_t ready = send("isready");
  EXPECT_EQ(lines_of(ready), std::vector<std::string>{"readyok"});
  EXPECT_EQ(worker_.posted.size(), 1u);
}

// Lines the engine refuses by their words are refused at once, in the
// engine's own words (those of a Protocol given the same line).
TEST_F(WorkerRelayTest, RefusesWhatTheEngineRefusesInItsWords) {
  send("go depth 9");
  std::vector<std::string> native;
  Protocol protocol(
      make_engine_session, game_names(),
      [&](std::uint64_t, const std::string& line) { native.push_back(line); }, false);
  for (const std::string line : {"jump", "stop now", "game tictactoe", "solve"}) {
    native.clear();
    protocol.handle(line);
    const std::uint64_t request = send(line);
    if (native.empty()) continue;  // taken: the relay passes it on
    EXPECT_EQ(lines_of(request), native) << line;
  }
  EXPECT_EQ(worker_.posted.size(), 2u);  // the go and the game
}

// A ponder runs in slices of a plain go; one that finishes before its time
// says so, and ponderhit then answers at once with its move, no search sent.
TEST_F(WorkerRelayTest, AFinishedPonderAnswersPonderhitAtOnce) {
  send("game tictactoe");
  send("position startpos moves a1 b2 c3");
  const std::uint64_t ponder = send("go ponder depth 3");
  run_all();
  const std::vector<std::string> lines = lines_of(ponder);
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines.back(), kPonderFinished);
  EXPECT_EQ(relay_.slices(), 1u);
  relay_.send(++request_, "ponderhit");
  EXPECT_TRUE(starts_with(lines_of(ponder).back(), "bestmove ")) << lines_of(ponder).back();
  EXPECT_TRUE(worker_.posted.empty());
}

// What a new worker is given: the last game with the options set after it,
// shared options set last (Hash outlives `game`), the last position.
TEST_F(WorkerRelayTest, TheStateKeepsOnlyWhatStillCounts) {
  for (const std::string line :
       {"game connect4", "setoption name Hash value 8", "game tictactoe",
        "setoption name Hash value 16", "position startpos", "position startpos moves b2"})
    send(line);
  run_all();
  EXPECT_EQ(relay_.state(),
            (std::vector<std::string>{"game tictactoe", "setoption name Hash value 16",
                                      "position startpos moves b2"}));
}

}  // namespace
}  // namespace arcade::app
