#pragma once
// The engines the app makes besides the game's: the analysis', the lab's and
// the pondering helpers', each its own (make_engine_client), so that no task
// waits for another's search.

#include <algorithm>
#include <functional>
#include <memory>
#include <vector>

#include "app/engine_link/engine_client.h"

namespace arcade::app {

// Makes an engine of its own (make_engine_client), for the analysis panel,
// the lab and the pondering helpers; none: those cannot open or start.
using EngineFactory = std::function<std::unique_ptr<EngineClient>()>;

// The engines pondering, or the analysis': the machine's processors but one
// (the page's or window's own thread), at most four, as each holds its own
// tables (on the web a worker with the Connect Four solver's 64 MB): on a
// phone's eight cores seven would take half a gigabyte. Seven replies or
// moves over four engines is two turns each.
inline int engines_per_task(int processors) {
  constexpr int kMostEngines = 4;
  return std::clamp(processors - 1, 1, kMostEngines);
}

// Makes the helpers beside a task's first engine (engines_per_task).
inline void add_helpers(const EngineFactory& make_engine, int processors,
                        std::vector<std::unique_ptr<EngineClient>>& helpers) {
  if (!make_engine) return;
  for (int i = 1; i < engines_per_task(processors); ++i) helpers.push_back(make_engine());
}

inline std::vector<EngineClient*> clients_of(
    const std::vector<std::unique_ptr<EngineClient>>& engines) {
  std::vector<EngineClient*> clients;
  for (const auto& engine : engines) clients.push_back(engine.get());
  return clients;
}

}  // namespace arcade::app
