// EngineClient on the web: the engine runs in a Web Worker that
// web/engine_client.js (the page's global `arcadeEngine`, loaded before the
// app's own script) starts and feeds; the protocol's rules for talking to it
// are the WorkerRelay's (worker_relay.h). The JavaScript only carries lines:
// this file posts the relay's lines through it and hands the relay what the
// worker said, as soon as it says it (arcadeEngine calls back).

#include <emscripten/emscripten.h>

#include <charconv>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>

#include "app/engine_link/engine_client.h"
#include "engine/worker_relay.h"

// Newer Emscripten includes a JavaScript library function only when asked;
// 3.1.6 has no EM_JS_DEPS and always includes these.
#ifdef EM_JS_DEPS
EM_JS_DEPS(arcade_engine_client, "$UTF8ToString,$stringToUTF8,$lengthBytesUTF8");
#endif

EM_JS(int, arcade_engine_present, (), { return typeof arcadeEngine == "object" ? 1 : 0; });

EM_JS(int, arcade_engine_open, (), { return arcadeEngine.open(); });

// What the worker says reaches `client` (arcade_engine_wake) at once.
EM_JS(void, arcade_engine_listen, (int connection, void* client), {
  arcadeEngine.listen(
      connection, function() { _arcade_engine_wake(client); });
});

// A client gone: its worker's words are no longer handed to it.
EM_JS(void, arcade_engine_unlisten, (int connection), { arcadeEngine.listen(connection, null); });

EM_JS(void, arcade_engine_post, (int connection, double request, const char* line),
      { arcadeEngine.post(connection, request, UTF8ToString(line)); });

EM_JS(void, arcade_engine_check, (int connection, double request, const char* line),
      { arcadeEngine.check(connection, request, UTF8ToString(line)); });

EM_JS(void, arcade_engine_restart, (int connection, const char* replay, int retry),
      { arcadeEngine.restart(connection, UTF8ToString(replay), retry != 0); });

EM_JS(void, arcade_engine_report, (int connection, const char* state, int inflight, int slices),
      { arcadeEngine.report(connection, UTF8ToString(state), inflight, slices); });

EM_JS(int, arcade_engine_ready, (int connection),
      { return arcadeEngine.ready(connection) ? 1 : 0; });

EM_JS(int, arcade_engine_failed, (int connection),
      { return arcadeEngine.failure(connection) ? 1 : 0; });

// Takes what the worker said and returns its size in bytes (without the
// terminating 0); arcade_engine_copy_events then copies it.
EM_JS(int, arcade_engine_take_events, (int connection), {
  Module.arcadeEngineEvents = arcadeEngine.events(connection);
  return lengthBytesUTF8(Module.arcadeEngineEvents);
});

EM_JS(void, arcade_engine_copy_events, (char* buffer, int size), {
  stringToUTF8(Module.arcadeEngineEvents, buffer, size);
  Module.arcadeEngineEvents = "";
});

namespace arcade::app {
namespace {

constexpr char kRecordSeparator = '\x1e';
constexpr char kFieldSeparator = '\x1f';

// The next field of a record, taken off its front (the last one is the
// rest: a line may hold the separator).
std::string_view next_field(std::string_view& record, bool last = false) {
  const std::size_t end =
      last ? record.size() : std::min(record.find(kFieldSeparator), record.size());
  const std::string_view field = record.substr(0, end);
  record.remove_prefix(std::min(end + 1, record.size()));
  return field;
}

std::uint64_t number_of(std::string_view text) {
  std::uint64_t value = 0;
  std::from_chars(text.data(), text.data() + text.size(), value);
  return value;
}

// Request numbers are counted here, the protocol's rules are the relay's and
// the worker is arcadeEngine's. Without the page's glue the client is never
// ready and says why once.
class WebEngineClient final : public EngineClient, private WorkerPort {
 public:
  // The first client takes the connection the page started; later ones
  // open their own.
  explicit WebEngineClient(bool first) : present_(arcade_engine_present() != 0) {
    if (!present_) {
      std::fprintf(stderr,
                   "engine: engine_client.js is not loaded; add <script "
                   "src=\"engine_client.js\"></script> before the app's script\n");
      return;
    }
    if (!first) connection_ = arcade_engine_open();
    arcade_engine_listen(connection_, this);
    pump();
  }

  ~WebEngineClient() override {
    if (present_) arcade_engine_unlisten(connection_);
  }
  WebEngineClient(const WebEngineClient&) = delete;
  WebEngineClient& operator=(const WebEngineClient&) = delete;

  std::uint64_t send(const std::string& line) override {
    const std::uint64_t request = ++last_request_;
    // A NUL ends the line, as it always has between the app and the page.
    if (present_) relay_.send(request, line.substr(0, line.find('\0')));
    report();
    return request;
  }

  void stop() override {
    if (present_) relay_.send(0, std::string(kStopLine));
    report();
  }

  std::vector<EngineReply> poll() override {
    pump();
    return relay_.take_replies();
  }

  bool ready() const override { return present_ && arcade_engine_ready(connection_) != 0; }

  // Without the page's glue the engine is missing too: a failure no retry
  // mends, but one a player should see. (Also the WorkerPort's.)
  bool failed() const override { return !present_ || arcade_engine_failed(connection_) != 0; }

  void retry() override {
    if (present_) relay_.retry();
    report();
  }

  // Hands the relay what the worker said since the last call:
  // "kind\x1ffield..." records joined by "\x1e" (web/engine_client.js).
  void pump() {
    if (!present_ || pumping_) return;
    pumping_ = true;
    const int size = arcade_engine_take_events(connection_);
    std::string text(static_cast<std::size_t>(size) + 1, '\0');
    if (size > 0) arcade_engine_copy_events(text.data(), size + 1);
    text.resize(static_cast<std::size_t>(size));
    std::string_view rest = text;
    while (!rest.empty()) {
      const std::size_t end = std::min(rest.find(kRecordSeparator), rest.size());
      dispatch(rest.substr(0, end));
      rest.remove_prefix(std::min(end + 1, rest.size()));
    }
    pumping_ = false;
    report();
  }

 private:
  void dispatch(std::string_view record) {
    const std::string_view kind = next_field(record);
    if (kind == "L") {
      const std::uint64_t request = number_of(next_field(record));
      relay_.on_line(request, std::string(next_field(record, true)));
    } else if (kind == "D") {
      const std::uint64_t request = number_of(next_field(record));
      const bool ok = next_field(record) == "1";
      relay_.on_done(request, ok, std::stod(std::string(next_field(record))));
    } else if (kind == "C") {
      const std::uint64_t request = number_of(next_field(record));
      const bool refused = next_field(record) == "1";
      const std::string error(next_field(record, true));
      relay_.on_checked(request, refused ? std::optional(error) : std::nullopt);
    } else if (kind == "R") {
      const std::string_view games = next_field(record);
      relay_.on_ready(games, next_field(record));
    }
  }

  // For arcadeEngine.stats() (tests).
  void report() {
    if (!present_) return;
    std::string state;
    for (const std::string& line : relay_.state())
      state.append(state.empty() ? "" : "\x1e").append(line);
    arcade_engine_report(connection_, state.c_str(), static_cast<int>(relay_.inflight()),
                         static_cast<int>(relay_.slices()));
  }

  void post(std::uint64_t request, const std::string& line) override {
    arcade_engine_post(connection_, static_cast<double>(request), line.c_str());
  }

  void check(std::uint64_t request, const std::string& line) override {
    arcade_engine_check(connection_, static_cast<double>(request), line.c_str());
  }

  void restart(const std::vector<std::string>& replay, bool retry) override {
    std::string text;
    for (const std::string& line : replay) text.append(text.empty() ? "" : "\x1e").append(line);
    arcade_engine_restart(connection_, text.c_str(), retry ? 1 : 0);
  }

  bool present_;
  int connection_ = 0;
  std::uint64_t last_request_ = 0;
  bool pumping_ = false;
  WorkerRelay relay_{*this};
};

}  // namespace

std::unique_ptr<EngineClient> make_engine_client() {
  static bool first = true;
  const bool is_first = std::exchange(first, false);
  return std::make_unique<WebEngineClient>(is_first);
}

}  // namespace arcade::app

// Called by arcadeEngine when a worker has said something (see
// arcade_engine_listen).
extern "C" EMSCRIPTEN_KEEPALIVE void arcade_engine_wake(void* client) {
  static_cast<arcade::app::WebEngineClient*>(client)->pump();
}
