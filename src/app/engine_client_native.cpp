// EngineClient natively: the engine's Protocol in this process, its searches
// on the Protocol's own thread.

#include <atomic>
#include <deque>
#include <mutex>
#include <string_view>
#include <utility>

#include "app/engine_client.h"
#include "engine/protocol.h"
#include "games/engine_sessions.h"
#include "games/registry.h"

namespace arcade::app {
namespace {

bool starts_with_word(std::string_view line, std::string_view word) {
  const std::size_t start = line.find_first_not_of(' ');
  if (start == std::string_view::npos) return false;
  line.remove_prefix(start);
  return line.substr(0, word.size()) == word &&
         (line.size() == word.size() || line[word.size()] == ' ');
}

// The Protocol is driven from the caller's thread; a `go` searches on the
// Protocol's thread, so the caller is never held up by a search. Two rules
// keep the web and native clients alike:
// - A line sent while a search runs waits in `pending_` until the search ends
//   (its bestmove) and is handled then. The Protocol itself would block the
//   caller instead; the Web Worker, busy searching, queues messages the same
//   way. A depth-1 search stands in for a waiting `go` that stop() ends.
// - Every output line is tagged: lines written while the caller hands a line
//   to the Protocol belong to that line's request; lines from the search
//   thread (info, bestmove) belong to the `go` that started it.
// Not thread-safe: one thread calls send, stop and poll.
class NativeEngineClient final : public EngineClient {
 public:
  NativeEngineClient()
      : protocol_(
            make_engine_session, game_names(), [this](const std::string& line) { receive(line); },
            /*background=*/true) {}

  std::uint64_t send(const std::string& line) override {
    const std::uint64_t request = ++last_request_;
    if (starts_with_word(line, "stop")) {
      stop();
      return request;
    }
    pending_.emplace_back(request, line);
    run_pending();
    return request;
  }

  // Ends every search sent so far: the running one at once, and those still
  // waiting become depth-1 searches (a move in a moment), as on the web.
  void stop() override {
    for (auto& waiting : pending_)
      if (starts_with_word(waiting.second, "go")) waiting.second = "go depth 1";
    // The search thread writes its bestmove before it ends, and handle("stop")
    // waits for that thread: the bestmove is queued when this returns.
    if (searching_) protocol_.handle("stop");
    run_pending();
  }

  std::vector<EngineReply> poll() override {
    run_pending();
    std::vector<EngineReply> replies;
    std::lock_guard lock(mutex_);
    replies.swap(replies_);
    return replies;
  }

  bool ready() const override { return true; }

 private:
  void run_pending() {
    while (!pending_.empty() && !searching_) {
      auto [request, line] = std::move(pending_.front());
      pending_.pop_front();
      handle(request, line);
    }
  }

  void handle(std::uint64_t request, const std::string& line) {
    if (starts_with_word(line, "go")) {
      search_request_ = request;
      searching_ = true;
    }
    caller_request_ = request;
    handling_ = this;
    protocol_.handle(line);
    handling_ = nullptr;
  }

  // Called by the Protocol, from the caller's thread or the search thread.
  void receive(const std::string& line) {
    const std::uint64_t request = handling_ == this ? caller_request_ : search_request_.load();
    // A `go` ends with its bestmove, or with an error before it searched.
    if (request == search_request_ &&
        (starts_with_word(line, "bestmove") || starts_with_word(line, "error")))
      searching_ = false;
    std::lock_guard lock(mutex_);
    replies_.push_back({request, line});
  }

  // Which client, if any, is handing a line to its Protocol on this thread.
  static thread_local const NativeEngineClient* handling_;

  std::uint64_t last_request_ = 0;
  std::uint64_t caller_request_ = 0;  // the line being handed over now
  std::atomic<std::uint64_t> search_request_{0};
  std::atomic<bool> searching_{false};
  std::deque<std::pair<std::uint64_t, std::string>> pending_;
  std::mutex mutex_;
  std::vector<EngineReply> replies_;
  // Last, so that it is destroyed first: its destructor ends the search,
  // whose last lines still reach the members above.
  Protocol protocol_;
};

thread_local const NativeEngineClient* NativeEngineClient::handling_ = nullptr;

}  // namespace

std::unique_ptr<EngineClient> make_engine_client() {
  return std::make_unique<NativeEngineClient>();
}

}  // namespace arcade::app
