// EngineClient on the web: the engine runs in a Web Worker, reached through
// web/engine_client.js (the page's global `arcadeEngine`), which must be
// loaded before the app's own script.

#include <emscripten/emscripten.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <string_view>
#include <utility>

#include "app/engine_link/engine_client.h"

// Newer Emscripten includes a JavaScript library function only when asked;
// 3.1.6 has no EM_JS_DEPS and always includes these.
#ifdef EM_JS_DEPS
EM_JS_DEPS(arcade_engine_client, "$UTF8ToString,$stringToUTF8,$lengthBytesUTF8");
#endif

EM_JS(int, arcade_engine_present, (), { return typeof arcadeEngine == "object" ? 1 : 0; });

EM_JS(int, arcade_engine_open, (), { return arcadeEngine.open(); });

EM_JS(void, arcade_engine_send, (int connection, double request, const char* line),
      { arcadeEngine.send(request, UTF8ToString(line), connection); });

EM_JS(void, arcade_engine_stop, (int connection), { arcadeEngine.stop(connection); });

EM_JS(int, arcade_engine_ready, (int connection),
      { return arcadeEngine.ready(connection) ? 1 : 0; });

EM_JS(int, arcade_engine_failed, (int connection),
      { return arcadeEngine.failure(connection) ? 1 : 0; });

EM_JS(void, arcade_engine_retry, (int connection), { arcadeEngine.retry(connection); });

// Takes the replies from the page and returns their size in bytes (without
// the terminating 0); arcade_engine_copy_polled then copies them.
EM_JS(int, arcade_engine_take_polled, (int connection), {
  Module.arcadeEnginePolled = arcadeEngine.poll(connection);
  return lengthBytesUTF8(Module.arcadeEnginePolled);
});

EM_JS(void, arcade_engine_copy_polled, (char* buffer, int size), {
  stringToUTF8(Module.arcadeEnginePolled, buffer, size);
  Module.arcadeEnginePolled = "";
});

namespace arcade::app {
namespace {

constexpr char kRecordSeparator = '\x1e';
constexpr char kFieldSeparator = '\x1f';

// Parses "request\x1fline\x1erequest\x1fline..." (web/engine_client.js's poll).
std::vector<EngineReply> parse_replies(std::string_view text) {
  std::vector<EngineReply> replies;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find(kRecordSeparator), text.size());
    const std::string_view record = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    const std::size_t field = record.find(kFieldSeparator);
    if (field == std::string_view::npos) continue;
    EngineReply reply;
    std::from_chars(record.data(), record.data() + field, reply.request);
    reply.line = std::string(record.substr(field + 1));
    replies.push_back(std::move(reply));
  }
  return replies;
}

// Request numbers are counted here; the page's glue keeps the rest (the
// worker, the lines in flight, the answers for a stopped long command and for
// `isready` during one, restarts after a stop). Without the glue the client
// is never ready and says why once.
class WebEngineClient final : public EngineClient {
 public:
  // The first client takes the connection the page started; later ones
  // open their own.
  explicit WebEngineClient(bool first) : present_(arcade_engine_present() != 0) {
    if (present_ && !first) connection_ = arcade_engine_open();
    if (!present_)
      std::fprintf(stderr,
                   "engine: engine_client.js is not loaded; add <script "
                   "src=\"engine_client.js\"></script> before the app's script\n");
  }

  std::uint64_t send(const std::string& line) override {
    const std::uint64_t request = ++last_request_;
    if (present_) arcade_engine_send(connection_, static_cast<double>(request), line.c_str());
    return request;
  }

  void stop() override {
    if (present_) arcade_engine_stop(connection_);
  }

  std::vector<EngineReply> poll() override {
    if (!present_) return {};
    const int size = arcade_engine_take_polled(connection_);
    if (size == 0) return {};
    std::string text(static_cast<std::size_t>(size) + 1, '\0');
    arcade_engine_copy_polled(text.data(), size + 1);
    text.resize(static_cast<std::size_t>(size));
    return parse_replies(text);
  }

  bool ready() const override { return present_ && arcade_engine_ready(connection_) != 0; }

  // Without the page's glue the engine is missing too: a failure no retry
  // mends, but one a player should see.
  bool failed() const override { return !present_ || arcade_engine_failed(connection_) != 0; }

  void retry() override {
    if (present_) arcade_engine_retry(connection_);
  }

 private:
  bool present_;
  int connection_ = 0;
  std::uint64_t last_request_ = 0;
};

}  // namespace

std::unique_ptr<EngineClient> make_engine_client() {
  static bool first = true;
  const bool is_first = std::exchange(first, false);
  return std::make_unique<WebEngineClient>(is_first);
}

}  // namespace arcade::app
