#include "engine/worker_pool.h"

#include <algorithm>

namespace arcade {

WorkerPool::WorkerPool(int workers) {
  for (int i = 1; i < workers; ++i) helpers_.emplace_back([this, i] { helper_loop(i); });
}

WorkerPool::~WorkerPool() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    closing_ = true;
  }
  start_.notify_all();
  for (std::thread& t : helpers_) t.join();
}

void WorkerPool::run(const std::function<void(int)>& job) {
  if (helpers_.empty()) return job(0);
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    job_ = &job;
    running_ = static_cast<int>(helpers_.size());
    ++round_;
  }
  start_.notify_all();
  job(0);
  std::unique_lock<std::mutex> lock(mutex_);
  finished_.wait(lock, [this] { return running_ == 0; });
  job_ = nullptr;
}

void WorkerPool::helper_loop(int worker) {
  std::uint64_t done = 0;  // the last round this helper ran
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    start_.wait(lock, [&] { return closing_ || round_ != done; });
    if (closing_) return;
    done = round_;
    const std::function<void(int)>* job = job_;
    lock.unlock();
    (*job)(worker);
    lock.lock();
    if (--running_ == 0) finished_.notify_one();
  }
}

int hardware_threads() {
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

}  // namespace arcade
