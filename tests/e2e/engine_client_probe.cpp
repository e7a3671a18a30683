// A page module for tests/e2e/worker_test.mjs: the web EngineClient
// (src/app/engine_client_web.cpp) behind a few exported functions, so that
// the browser test drives the engine exactly as the app does.

#include <emscripten/emscripten.h>

#include <memory>
#include <string>
#include <vector>

#include "app/engine_client.h"

namespace {

// The client, and the replies of the last probe_poll.
struct Probe {
  std::unique_ptr<arcade::app::EngineClient> client = arcade::app::make_engine_client();
  std::vector<arcade::app::EngineReply> replies;
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

EMSCRIPTEN_KEEPALIVE void probe_stop() {
  probe().client->stop();
}

EMSCRIPTEN_KEEPALIVE int probe_ready() {
  return probe().client->ready() ? 1 : 0;
}

// Polls the client; returns how many replies arrived. Read them with
// probe_reply_request and probe_reply_line.
EMSCRIPTEN_KEEPALIVE int probe_poll() {
  probe().replies = probe().client->poll();
  return static_cast<int>(probe().replies.size());
}

EMSCRIPTEN_KEEPALIVE double probe_reply_request(int index) {
  return static_cast<double>(probe().replies.at(static_cast<std::size_t>(index)).request);
}

EMSCRIPTEN_KEEPALIVE const char* probe_reply_line(int index) {
  return probe().replies.at(static_cast<std::size_t>(index)).line.c_str();
}

}  // extern "C"
