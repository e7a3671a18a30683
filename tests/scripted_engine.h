#pragma once
// An engine client for the app's model tests: it records what is sent and
// replies only when a test says so, so that each test decides exactly when
// each reply arrives.

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "app/engine_link/engine_client.h"

namespace arcade::app {

class ScriptedEngine : public EngineClient {
 public:
  std::uint64_t send(const std::string& line) override {
    sent.push_back(line);
    return ++last_request;
  }
  void stop() override { ++stops; }
  std::vector<EngineReply> poll() override {
    std::vector<EngineReply> out(replies.begin(), replies.end());
    replies.clear();
    return out;
  }
  bool ready() const override { return true; }

  void reply(std::uint64_t request, const std::string& line) { replies.push_back({request, line}); }

  std::vector<std::string> sent;
  std::deque<EngineReply> replies;
  std::uint64_t last_request = 0;
  int stops = 0;
};

}  // namespace arcade::app
