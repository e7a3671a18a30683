#pragma once
// What a run for tests and benchmarks asks of the app (the options
// --frames, --screenshot, --moves and --command: main.cpp's header): the
// command lines due before each frame, the end of the run after N frames
// or N moves, the last frame saved as a binary PPM, and the frame times
// printed at the end. A player's run asks none of it.

#include <cstdint>
#include <utility>
#include <vector>

#include "app/app.h"
#include "app/platform/app_options.h"

namespace arcade::app {

class ScriptedRun {
 public:
  explicit ScriptedRun(Options options) : options_(std::move(options)) {}

  const Options& options() const { return options_; }
  // Runs the --command lines due before frame `frame` (0: before the first);
  // false after an error, which it prints.
  bool run_commands(App& app, int frame);
  // A frame starts: the time since the last one started is kept.
  void frame_started();
  // Frame number `frame` (1 the first) is drawn, `fb_width` x `fb_height`
  // pixels, not yet shown: whether the run goes on.
  bool frame_done(const App& app, int frame, int fb_width, int fb_height);
  // With --frames and --command: the frame times of the run's second half
  // (the first may wait for a search), and the lab's state, for benchmarks.
  void report(const App& app) const;
  // 0, 1 when the screenshot could not be written, 2 after a failed command.
  int exit_code() const { return exit_code_; }

 private:
  Options options_;
  int exit_code_ = 0;
  std::vector<double> frame_ms_;  // from each frame's start to the next's
  std::uint64_t frame_start_ = 0;
};

}  // namespace arcade::app
