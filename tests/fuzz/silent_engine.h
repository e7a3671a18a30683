#pragma once
// An engine for the fuzz targets that drive the app's GameController: it
// accepts every request and never answers, since opening a link, pasted text
// or a saved game needs none of its replies.

#include <cstdint>
#include <string>
#include <vector>

#include "app/engine_link/engine_client.h"

namespace arcade::fuzz {

class SilentEngine : public app::EngineClient {
 public:
  std::uint64_t send(const std::string&) override { return ++requests_; }
  void stop() override {}
  std::vector<app::EngineReply> poll() override { return {}; }
  bool ready() const override { return true; }

 private:
  std::uint64_t requests_ = 0;
};

}  // namespace arcade::fuzz
