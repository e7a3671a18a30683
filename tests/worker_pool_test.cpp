// The helper threads of a parallel search: every worker runs each job once,
// the caller included, and the pool is reused job after job.

#include "engine/worker_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <vector>

namespace arcade {
namespace {

TEST(WorkerPool, EveryWorkerRunsEveryJobOnce) {
  WorkerPool pool(3);
  ASSERT_EQ(pool.workers(), 3);
  for (int job = 0; job < 100; ++job) {
    std::vector<int> runs(3, 0);  // each worker writes its own element
    pool.run([&](int worker) { ++runs[static_cast<std::size_t>(worker)]; });
    EXPECT_EQ(runs, (std::vector<int>{1, 1, 1})) << "job " << job;
  }
}

TEST(WorkerPool, OneWorkerIsTheCallingThread) {
  WorkerPool pool(1);
  const std::thread::id caller = std::this_thread::get_id();
  std::thread::id ran_on;
  pool.run([&](int worker) {
    EXPECT_EQ(worker, 0);
    ran_on = std::this_thread::get_id();
  });
  EXPECT_EQ(ran_on, caller);
}

TEST(WorkerPool, TheMachineHasAtLeastOneThread) {
  EXPECT_GE(hardware_threads(), 1);
}

}  // namespace
}  // namespace arcade
