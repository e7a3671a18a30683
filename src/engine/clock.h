#pragma once
// The one clock every figure of time is read from, and the two figures made
// of it: the time since a start, and nodes per second. The search, the
// games' solvers, the command-line tool's benchmarks and the app count with
// these, so that a "time" or "nps" means the same wherever it is printed.

#include <algorithm>
#include <chrono>
#include <cstdint>

namespace arcade {

using SteadyClock = std::chrono::steady_clock;

inline std::int64_t ms_since(SteadyClock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - start).count();
}

inline double seconds_since(SteadyClock::time_point start) {
  return std::chrono::duration<double>(SteadyClock::now() - start).count();
}

// Nodes per second over `ms` milliseconds; a time under 1 ms counts as 1 ms
// (the clock's whole milliseconds: a search that took 0 ms was not free).
inline std::uint64_t nodes_per_second(std::uint64_t nodes, std::int64_t ms) {
  return nodes * 1000 / static_cast<std::uint64_t>(std::max<std::int64_t>(ms, 1));
}

}  // namespace arcade
