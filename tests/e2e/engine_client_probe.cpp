// A page module for tests/e2e/worker_test.mjs: the web EngineClient
// (src/app/engine_client_web.cpp) behind a few exported functions, so that
// the browser test drives the engine exactly as the app does.

#include <emscripten/emscripten.h>

#include <memory>
#include <string>
#include <vector>

#include "app/engine_link/engine_client.h"

// A line to send, from the page's `probeLine` through the heap: cwrap's
// 'string' copies it onto the stack, which the tests' lines of megabytes
// overflow.
#ifdef EM_JS_DEPS
EM_JS_DEPS(engine_client_probe, "$stringToUTF8,$lengthBytesUTF8");
#endif
EM_JS(int, probe_line_size, (), { return lengthBytesUTF8(globalThis.probeLine); });
EM_JS(void, probe_line_copy, (char* buffer, int size),
      { stringToUTF8(globalThis.probeLine, buffer, size); });

namespace {

// The client, and the replies of the last probe_poll as one text.
struct Probe {
  std::unique_ptr<arcade::app::EngineClient> client = arcade::app::make_engine_client();
  std::string replies;
};

Probe& probe() {
  static Probe instance;
  return instance;
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE double probe_send(const char* line) {
  return static_cast<double>(probe().client->send(line));
}

// Sends the page's `probeLine` (see probe_line_size).
EMSCRIPTEN_KEEPALIVE double probe_send_page_line() {
  std::string line(static_cast<std::size_t>(probe_line_size()) + 1, '\0');
  probe_line_copy(line.data(), static_cast<int>(line.size()));
  line.pop_back();
  return static_cast<double>(probe().client->send(line));
}

EMSCRIPTEN_KEEPALIVE void probe_stop() {
  probe().client->stop();
}

EMSCRIPTEN_KEEPALIVE int probe_ready() {
  return probe().client->ready() ? 1 : 0;
}

// Polls the client; returns how many replies arrived. Read them with
// probe_replies: all at once, as a large tree gives tens of thousands (a
// call per reply would cost the test more than the client takes).
EMSCRIPTEN_KEEPALIVE int probe_poll() {
  const std::vector<arcade::app::EngineReply> replies = probe().client->poll();
  std::string& text = probe().replies;
  text.clear();
  for (const arcade::app::EngineReply& reply : replies) {
    if (!text.empty()) text += '\x1e';
    text.append(std::to_string(reply.request)).append(1, '\x1f').append(reply.line);
  }
  return static_cast<int>(replies.size());
}

// The last poll's replies: "request\x1fline" records joined by "\x1e".
EMSCRIPTEN_KEEPALIVE const char* probe_replies() {
  return probe().replies.c_str();
}

}  // extern "C"
