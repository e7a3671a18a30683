#pragma once
// Helper threads started once and given one job after another. A search
// that shares its work among threads calls run() for every solve: starting
// threads per solve would cost more than the small solves take (a thread
// start is tens of microseconds; most data-set positions solve faster).
// The calling thread takes part as worker 0, so a pool of one worker starts
// no thread at all: that is the only size a build without threads (the
// web build) may use, and the host that knows the platform decides it.

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace arcade {

class WorkerPool {
 public:
  // `workers` counting the calling thread; at least 1.
  explicit WorkerPool(int workers);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int workers() const { return static_cast<int>(helpers_.size()) + 1; }
  // Calls job(i) for every worker i at once, 0 on the calling thread, and
  // returns when every call has returned. Whatever the calls wrote is then
  // visible to the caller, and whatever the caller wrote before is visible
  // to the calls.
  void run(const std::function<void(int worker)>& job);

 private:
  void helper_loop(int worker);

  std::mutex mutex_;
  std::condition_variable start_;     // a job was posted, or the pool closes
  std::condition_variable finished_;  // a helper finished its call
  const std::function<void(int)>* job_ = nullptr;
  std::uint64_t round_ = 0;  // jobs posted so far
  int running_ = 0;          // helpers still in the current job
  bool closing_ = false;
  std::vector<std::thread> helpers_;
};

// The threads a search may share its work among on this machine: the
// hardware's count (1 where it cannot tell).
int hardware_threads();

}  // namespace arcade
