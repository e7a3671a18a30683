// EngineClient natively: the engine (engine/engine.h) in this process,
// called with its own types. The Engine does the work the Web Worker's
// relay does on the web: long commands run on its own thread, other commands
// wait behind them in order, stop ends every search sent before it, and each
// event carries the request number of the command it answers. The text side
// (send, poll) reads lines with the protocol's handle_line and writes events
// with its codec, for the tests that speak the protocol to a client.

#include <mutex>
#include <utility>

#include "app/engine_link/engine_client.h"
#include "engine/protocol.h"
#include "games/engine_sessions.h"
#include "games/registry.h"

namespace arcade::app {
namespace {

// Not thread-safe: one thread calls submit, send, stop and poll. Events
// arrive on that thread and the Engine's, hence the mutex.
class NativeEngineClient final : public EngineClient {
 public:
  NativeEngineClient()
      : engine_(
            make_engine_session, game_names(),
            [this](std::uint64_t request, const EngineEvent& event) { receive(request, event); },
            /*background=*/true) {}

  std::uint64_t submit(const EngineCommand& command) override {
    const std::uint64_t request = ++last_request_;
    engine_.submit(command, request);
    return request;
  }

  std::uint64_t ponderhit() override {
    const std::uint64_t request = ++last_request_;
    engine_.ponderhit(request);
    return request;
  }

  std::vector<EngineEventReply> poll_events() override {
    std::vector<EngineEventReply> events;
    std::lock_guard lock(mutex_);
    events.swap(events_);
    return events;
  }

  std::uint64_t send(const std::string& line) override {
    const std::uint64_t request = ++last_request_;
    handle_line(engine_, line, request);
    return request;
  }

  // Returns once every search sent so far has answered (a few milliseconds).
  void stop() override { engine_.stop(); }

  std::vector<EngineReply> poll() override {
    std::vector<EngineReply> replies;
    for (const EngineEventReply& reply : poll_events())
      for (std::string& line : event_lines(reply.event))
        replies.push_back({reply.request, std::move(line)});
    return replies;
  }

  bool ready() const override { return true; }

 private:
  void receive(std::uint64_t request, const EngineEvent& event) {
    std::lock_guard lock(mutex_);
    events_.push_back({request, event});
  }

  std::uint64_t last_request_ = 0;
  std::mutex mutex_;
  std::vector<EngineEventReply> events_;
  // Last, so that it is destroyed first: its destructor ends the search,
  // whose last events still reach the members above.
  Engine engine_;
};

}  // namespace

std::unique_ptr<EngineClient> make_engine_client() {
  return std::make_unique<NativeEngineClient>();
}

}  // namespace arcade::app
