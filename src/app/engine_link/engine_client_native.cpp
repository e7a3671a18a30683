// EngineClient natively: the engine's Protocol in this process. The Protocol
// does the work the Web Worker's connection does on the web: long commands
// run on its own thread, other lines wait behind them in order, `stop` ends
// every search sent before it, and each output line carries the request
// number of the line it answers.

#include <mutex>
#include <utility>

#include "app/engine_link/engine_client.h"
#include "engine/parsed.h"
#include "engine/protocol.h"
#include "games/engine_sessions.h"
#include "games/registry.h"

namespace arcade::app {
namespace {

// Not thread-safe: one thread calls send, stop and poll. Replies arrive on
// that thread and the Protocol's, hence the mutex.
class NativeEngineClient final : public EngineClient {
 public:
  NativeEngineClient()
      : protocol_(
            make_engine_session, game_names(),
            [this](std::uint64_t request, const std::string& line) { receive(request, line); },
            /*background=*/true) {}

  std::uint64_t send(const std::string& line) override {
    const std::uint64_t request = ++last_request_;
    const std::vector<std::string> words = split_words(line);
    if (!words.empty() && words[0] == "stop")
      stop();
    else
      protocol_.handle(line, request);
    return request;
  }

  // Returns once every search sent so far has answered (a few milliseconds).
  void stop() override { protocol_.handle("stop"); }

  std::vector<EngineReply> poll() override {
    std::vector<EngineReply> replies;
    std::lock_guard lock(mutex_);
    replies.swap(replies_);
    return replies;
  }

  bool ready() const override { return true; }

 private:
  void receive(std::uint64_t request, const std::string& line) {
    std::lock_guard lock(mutex_);
    replies_.push_back({request, line});
  }

  std::uint64_t last_request_ = 0;
  std::mutex mutex_;
  std::vector<EngineReply> replies_;
  // Last, so that it is destroyed first: its destructor ends the search,
  // whose last lines still reach the members above.
  Protocol protocol_;
};

}  // namespace

std::unique_ptr<EngineClient> make_engine_client() {
  return std::make_unique<NativeEngineClient>();
}

}  // namespace arcade::app
