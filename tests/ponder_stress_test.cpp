// Pondering under fire: thousands of random sequences of position, go,
// go ponder, ponderhit, stop, isready, ucinewgame and game, sent as fast as
// the protocol reads them (with the odd pause), through the protocol with
// its reader thread. Every reply is checked against the line it answers:
// one bestmove per go, in order, legal in the position of its go (by the
// game's own rules), none from a ponder before a line that releases it, a
// readyok for every isready, and no error but a ponderhit's with no ponder.
//
// ARCADE_PONDER_SEQUENCES sets how many sequences (default 3000, or 300 in
// the sanitizer builds: seconds either way).

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/parsed.h"
#include "engine/protocol.h"
#include "games/engine_sessions.h"
#include "games/registry.h"

namespace arcade {
namespace {

// Each line sent, and what the checks need to know of it.
struct Sent {
  std::string line;
  std::string game;      // the game its position belongs to (for go)
  std::string position;  // the position command in force (for go)
  bool go = false;
  bool ponder = false;
};

class PonderStress {
 public:
  explicit PonderStress(std::uint64_t seed)
      : rng_(seed),
        protocol_(
            make_engine_session, game_names(),
            [this](std::uint64_t tag, const std::string& line) { receive(tag, line); },
            /*background=*/true) {
    // Small tables: `game` and `ucinewgame` come often.
    send("setoption name Hash value 1");
    play_game(game_names()[rng_() % game_names().size()]);
  }

  // One random sequence, ended by stop and isready so that every go has
  // answered before the next one starts.
  void run_sequence() {
    const int length = 1 + static_cast<int>(rng_() % 12);
    for (int i = 0; i < length; ++i) random_action();
    send("stop");
    send("isready");
  }

  // Waits for the last answers and checks every line sent so far.
  void check() {
    protocol_.wait();
    std::lock_guard lock(mutex_);
    for (std::size_t i = checked_; i < sent_.size(); ++i) {
      const std::uint64_t tag = i + 1;
      const Sent& s = sent_[i];
      const std::vector<std::string>& replies = replies_[tag];
      if (s.go) {
        check_go(s, tag, replies);
        if (!bestmoves_[tag].empty()) {
          EXPECT_GT(order_[tag], last_bestmove_) << "bestmoves out of order at " << s.line;
          last_bestmove_ = order_[tag];
        }
      } else if (s.line == "isready") {
        EXPECT_EQ(replies, std::vector<std::string>{"readyok"});
      } else if (s.line == "ponderhit") {
        EXPECT_LE(replies.size(), 1u);
        for (const std::string& r : replies) EXPECT_EQ(r.rfind("error ponderhit", 0), 0u) << r;
      } else {
        EXPECT_TRUE(replies.empty()) << s.line << " -> " << replies.front();
      }
    }
    checked_ = sent_.size();
    EXPECT_EQ(early_, 0) << "ponder bestmoves before ponderhit, stop or a new position";
  }

  int gos() const { return gos_; }
  int ponders() const { return ponders_; }

 private:
  void check_go(const Sent& s, std::uint64_t tag, const std::vector<std::string>& replies) {
    const std::vector<std::string>& best = bestmoves_[tag];
    ASSERT_EQ(best.size(), 1u) << s.line << " in " << s.position << " answered " << best.size()
                               << " times";
    for (const std::string& r : replies)
      ASSERT_TRUE(r.rfind("info ", 0) == 0 || r.rfind("bestmove ", 0) == 0) << s.line << ": " << r;
    GameSession* const rules = rules_for(s.game);
    const std::vector<std::string> words = split_words(s.position);
    const auto moves_at = std::find(words.begin(), words.end(), "moves");
    const std::vector<std::string> moves(moves_at == words.end() ? moves_at : moves_at + 1,
                                         words.end());
    ASSERT_FALSE(rules->set_position("startpos", moves));
    const std::vector<std::string> legal = rules->legal_moves();
    if (rules->outcome() != Outcome::kOngoing) {
      EXPECT_EQ(best[0], "(none)") << s.position;
      return;
    }
    EXPECT_NE(std::find(legal.begin(), legal.end(), best[0]), legal.end())
        << s.line << ": bestmove " << best[0] << " is not legal in " << s.game << " " << s.position;
  }

  // A session of the game as the judge of its rules (one per game: a
  // session's table costs milliseconds to make).
  GameSession* rules_for(const std::string& game) {
    std::unique_ptr<GameSession>& rules = rules_[game];
    if (!rules) rules = make_session(game);
    return rules.get();
  }

  void receive(std::uint64_t tag, const std::string& line) {
    std::lock_guard lock(mutex_);
    replies_[tag].push_back(line);
    if (line.rfind("bestmove ", 0) != 0) return;
    bestmoves_[tag].push_back(line.substr(9));
    order_[tag] = ++bestmoves_seen_;
    // A ponder answers only after a line that releases it was handed over.
    if (sent_[tag - 1].ponder && released_through_.load() <= tag) ++early_;
  }

  void random_action() {
    const unsigned roll = rng_() % 100;
    if (roll < 20) return set_random_position();
    if (roll < 38) return go(false);
    if (roll < 58) return go(true);
    if (roll < 72) return send("ponderhit");
    if (roll < 80) return send("stop");
    if (roll < 88) return send("isready");
    if (roll < 93) return send("ucinewgame");
    // Rare: a new session's table costs milliseconds (far more under the
    // sanitizers, which track every byte of it).
    if (roll < 94 && rng_() % 4 == 0) return play_game(game_names()[rng_() % game_names().size()]);
    // A pause: a ponder that finished must still hold its answer.
    std::this_thread::sleep_for(std::chrono::microseconds(rng_() % 1000));
  }

  // `go` or `go ponder` with a small limit, at a random level.
  void go(bool ponder) {
    if (rng_() % 4 == 0)
      send("setoption name Level value " + std::to_string(1 + rng_() % kLevelCount));
    std::string line = ponder ? "go ponder" : "go";
    switch (rng_() % 3) {
      case 0:
        line += " depth " + std::to_string(1 + rng_() % 3);
        break;
      case 1:
        line += " nodes " + std::to_string(100 + rng_() % 3000);
        break;
      default:
        line += " movetime " + std::to_string(1 + rng_() % 2);
    }
    send(line);
  }

  void play_game(const std::string& name) {
    game_ = name;
    position_ = "position startpos";
    send("game " + name);
  }

  // A random walk from the start, played by the game's own rules.
  void set_random_position() {
    GameSession* const rules = rules_for(game_);
    ASSERT_FALSE(rules->set_position("startpos", {}));
    std::vector<std::string> moves;
    const int plies = static_cast<int>(rng_() % 16);
    for (int i = 0; i < plies && rules->outcome() == Outcome::kOngoing; ++i) {
      const std::vector<std::string> legal = rules->legal_moves();
      moves.push_back(legal[rng_() % legal.size()]);
      EXPECT_FALSE(rules->set_position("startpos", moves));
    }
    position_ = "position startpos" + (moves.empty() ? "" : " moves " + join_words(moves));
    send(position_);
  }

  void send(const std::string& line) {
    const std::vector<std::string> words = split_words(line);
    Sent s{line, game_, position_, words[0] == "go", false};
    s.ponder = s.go && std::find(words.begin(), words.end(), "ponder") != words.end();
    gos_ += s.go;
    ponders_ += s.ponder;
    std::uint64_t tag = 0;
    {
      std::lock_guard lock(mutex_);
      sent_.push_back(s);
      tag = sent_.size();
    }
    if (releases_ponder(words)) released_through_ = tag;
    protocol_.handle(line, tag);
  }

  static bool releases_ponder(const std::vector<std::string>& words) {
    static const std::vector<std::string> kReleasing = {"ponderhit", "stop",       "position",
                                                        "go",        "ucinewgame", "game"};
    return std::find(kReleasing.begin(), kReleasing.end(), words[0]) != kReleasing.end();
  }

  std::mt19937_64 rng_;
  std::map<std::string, std::unique_ptr<GameSession>> rules_;
  std::string game_;
  std::string position_;
  int gos_ = 0;
  int ponders_ = 0;
  std::atomic<std::uint64_t> released_through_{0};

  std::mutex mutex_;
  std::vector<Sent> sent_;
  std::map<std::uint64_t, std::vector<std::string>> replies_;
  std::map<std::uint64_t, std::vector<std::string>> bestmoves_;
  // The bestmove of each go tag: the how-manieth bestmove it was.
  std::map<std::uint64_t, std::uint64_t> order_;
  std::uint64_t bestmoves_seen_ = 0;
  std::uint64_t last_bestmove_ = 0;
  std::size_t checked_ = 0;  // lines checked so far
  int early_ = 0;
  // Last, so that it is destroyed first: its last answers reach the above.
  Protocol protocol_;
};

// Thousands natively; under the sanitizers, which make it some 30 times
// slower, a few hundred keep it to seconds.
int sequence_count() {
  const char* text = std::getenv("ARCADE_PONDER_SEQUENCES");
#ifdef ARCADE_SANITIZED
  return text ? std::atoi(text) : 300;
#else
  return text ? std::atoi(text) : 3000;
#endif
}

TEST(ProtocolPonderStressTest, RandomSequencesAnswerEveryGoOnceLegallyAndNoPonderEarly) {
  const std::uint64_t seed = std::random_device{}();
  SCOPED_TRACE("seed " + std::to_string(seed));
  const auto start = std::chrono::steady_clock::now();
  PonderStress stress(seed);
  const int sequences = sequence_count();
  for (int i = 0; i < sequences; ++i) {
    stress.run_sequence();
    // Checked in rounds, so that a failure names a recent line.
    if (i % 500 == 499 || i + 1 == sequences) stress.check();
    if (::testing::Test::HasFailure()) break;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%d sequences, %d go (%d ponder), %.1f s\n", sequences, stress.gos(),
              stress.ponders(), seconds);
}

}  // namespace
}  // namespace arcade
