#pragma once
// The minimax lab's model: one search of the position on the board, as a
// tree the learner can walk through (LabTree), replayed event by event, and
// the same position searched again with each enhancement added in turn for
// the node-count chart, beside the minimal tree.
//
// It runs on an engine of its own (the `tree` command), so that the game's
// AI and the analysis panel go on undisturbed. No ImGui here: lab_view.h
// draws it, lab_controls.h its controls; tests drive it with a scripted
// engine or the real protocol.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/engine_link/engine_link.h"
#include "app/lab/lab_layout.h"
#include "app/lab/lab_replay.h"
#include "app/lab/lab_tree.h"

namespace arcade::app {

// What the learner chose to run: the `tree` command's parameters. In a game
// of agents an empty `opponents` is the model in play (LabPosition).
using LabSettings = TreeParams;
// The deepest search the lab offers in a game of agents, in rounds: each
// round is a ply for every agent.
constexpr int kLabMaxRounds = 6;

// The position searched: the game, the position and the heuristic's weights
// it is searched with (none: the engine's own).
struct LabPosition {
  std::string game;
  EnginePosition position;
  std::optional<EngineWeights> weights;
  // A game of more than two agents (GameView::multi_agent): values in its
  // points, depth in rounds, the chart of its own searches, no table.
  bool agents = false;
  // There: how the other team plays in the game (its level's model,
  // GameController::opponents_in_play), which the search assumes unless the
  // learner chose another (LabSettings::opponents).
  std::optional<std::string> opponents = {};
  friend bool operator==(const LabPosition&, const LabPosition&) = default;
};

// One bar of the node-count chart.
struct LabCount {
  std::string name;  // "minimax", "alpha-beta", "+ ordering", ...
  std::string what;  // what that search adds, for a tooltip
  std::optional<std::uint64_t> nodes;
  std::optional<EngineScore> value;  // in hundredths of a point where in_points
  std::string note;                  // why there is no figure (yet)
  bool in_points = false;
};

// Each bar's length as a share of the longest, to scale (linear: a bar
// twice as long is twice the nodes); 0 for a bar with no figure yet.
std::vector<float> chart_shares(const std::vector<LabCount>& counts);

// What to tell a learner editing weights when the position's terms are all
// 0 (an empty board): a weight then changes nothing until moves are played.
// Empty when some term counts something.
std::string weights_note(const std::vector<Score>& term_values);

// What the values of a tree were computed with, in words a learner reads
// beside the root's value: the weights that valued its leaves and, in a
// game of agents, how the search took the other team. "Leaves valued with
// the weights 'score'; the Ghosts' moves weighted by the chaser model."
std::string evaluation_words(const LabPosition& position, const LabSettings& settings,
                             const LabWords& words);

class Lab {
 public:
  explicit Lab(EngineClient& engine);

  // Searches `position` with `settings`, then the comparison runs.
  void run(const LabPosition& position, const LabSettings& settings);
  // Stops whatever runs; what arrived so far stays. The main tree's search
  // then sends the part it searched, kept with its unfinished nodes marked
  // stopped (running() until it has come).
  void stop();
  // Call once a frame: reads the engine's replies; `dt` seconds since the
  // last call move the replay on while it plays.
  void update(float dt);

  bool running() const { return !pending_.empty(); }
  // The main tree is still being searched: the engine's nodes so far (its
  // `info nodes N` every 65,536) and the seconds since it began.
  bool tree_searching() const {
    return std::any_of(pending_.begin(), pending_.end(),
                       [](const Pending& p) { return p.count < 0 && !p.over; });
  }
  std::uint64_t progress_nodes() const { return progress_nodes_; }
  float searching_seconds() const { return searching_seconds_; }
  const LabTree& tree() const { return tree_; }
  // The tree has ended (whole, stopped or cut short) and can be drawn and
  // replayed; while it arrives, only counted.
  bool tree_ready() const { return has_run_ && enter_at_.size() == tree_.nodes().size(); }
  const LabSettings& settings() const { return settings_; }
  const LabPosition& position() const { return position_; }
  bool has_run() const { return has_run_; }
  // Why the tree is not of `now` (the board moved on, the weights changed),
  // in words after "Stale: "; empty while it is (or nothing has run).
  std::string stale_reason(const LabPosition& now) const;
  const std::vector<LabCount>& counts() const { return counts_; }

  // The layout of the tree with its folds (recomputed when they change).
  const LabLayout& layout();
  bool folded(int node) const { return folded_[static_cast<std::size_t>(node)]; }
  void toggle_fold(int node);
  void unfold_all();

  // The replay: events [0, step) have happened; step == events().size()
  // once the whole search is shown, which it is when a tree arrives.
  const std::vector<LabEvent>& events() const { return events_; }
  std::size_t step() const { return step_; }
  void set_step(std::size_t step);
  bool entered(int node) const { return enter_at_[static_cast<std::size_t>(node)] < step_; }
  bool done(int node) const { return exit_at_[static_cast<std::size_t>(node)] < step_; }
  // The event last replayed, if any.
  std::optional<LabEvent> current_event() const;
  void play(bool on) { playing_ = on && step_ < events_.size(); }
  bool playing() const { return playing_; }
  float speed = 4.0f;  // events a second while playing

 private:
  struct Pending {
    std::uint64_t request;
    int count;  // the comparison bar it fills; -1: the main tree
    LabTree tree;
    bool over = false;  // its last line has come
  };
  void send_position();
  void request(const LabSettings& settings, int count);
  void take(Pending& p, const LinkReply& reply);
  void finish(const Pending& p);
  void tree_arrived();
  void advance_replay(float dt);

  EngineLink engine_;
  LabPosition position_;
  LabSettings settings_;
  bool has_run_ = false;
  LabTree tree_;
  std::vector<Pending> pending_;
  std::vector<Pending> follow_ups_;  // sent while replies are read, then pending
  std::vector<LabCount> counts_;
  std::vector<bool> folded_;
  std::optional<LabLayout> layout_;
  std::vector<LabEvent> events_;
  std::vector<std::size_t> enter_at_, exit_at_;
  std::size_t step_ = 0;
  bool playing_ = false;
  std::uint64_t progress_nodes_ = 0;
  float searching_seconds_ = 0;
  float replay_time_ = 0;
};

}  // namespace arcade::app
