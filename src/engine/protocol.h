#pragma once
// The engine's line-based text protocol, in the spirit of UCI: the same
// commands come from the command-line tool, the tests and the Web Worker.
// The protocol only parses and formats text; the game behind it is a
// GameSession made by a factory, so the protocol knows no game.
//
// Commands: game NAME | position (startpos | STRING) [moves M ...] |
//   go [depth N] [movetime MS] [nodes N] [infinite] | stop | isready |
//   setoption name NAME value V | d | perft N | moves | solve | newgame |
//   help | quit.  See README.md for the replies.

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine/level.h"
#include "engine/session.h"

namespace arcade {

inline constexpr std::uint64_t kMaxHashMegabytes = 64;

class Protocol {
 public:
  using SessionFactory = std::function<std::unique_ptr<GameSession>(std::string_view game)>;
  using Output = std::function<void(const std::string& line)>;

  // `background`: run `go` on a thread so that `stop` can be read meanwhile
  // (needs threads; without, a search runs to its limits inside `go`).
  Protocol(SessionFactory factory, std::vector<std::string> game_names, Output output,
           bool background);
  ~Protocol();
  Protocol(const Protocol&) = delete;
  Protocol& operator=(const Protocol&) = delete;

  // Handles one line; returns false once `quit` was read.
  bool handle(std::string_view line);
  // Waits for a running search to finish.
  void wait();

  GameSession& session() { return *session_; }

 private:
  void command_game(const std::vector<std::string>& args);
  void command_position(const std::vector<std::string>& args);
  void command_go(const std::vector<std::string>& args);
  void command_setoption(const std::vector<std::string>& args);
  void command_perft(const std::vector<std::string>& args);
  void command_solve();
  void command_help();
  void run_search(const SearchLimits& limits, const SearchOptions& options);
  void emit(const std::string& line);
  void error(const std::string& what) { emit("error " + what); }

  SessionFactory factory_;
  std::vector<std::string> game_names_;
  Output output_;
  bool background_;
  std::mutex output_mutex_;
  std::unique_ptr<GameSession> session_;
  SearchOptions options_;
  bool own_book_ = true;  // OwnBook: kept for every game chosen later
  int level_ = kLevelCount;
  std::atomic<bool> stop_{false};
  std::thread worker_;
};

// "win 5", "loss 2", "draw" or "cp 37": a score as the protocol writes it.
std::string score_text(Score score, bool proven);
// One `info` line for a finished iteration.
std::string info_line(const SearchReport& report);

}  // namespace arcade
