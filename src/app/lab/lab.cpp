#include "app/lab/lab.h"

#include <algorithm>
#include <span>

namespace arcade::app {
namespace {

// The chart's bars: each search adds one enhancement to the one before,
// on the same position and depth. The minimal tree is computed from the
// minimax tree's values, not searched.
struct Comparison {
  const char* name;
  const char* what;
  LabSettings settings;  // depth and limit filled in per run
};
const Comparison kComparisons[] = {
    {"minimax", "every move searched to the depth limit", {0, true, false, false, false, 0, false}},
    {"alpha-beta",
     "cut-offs, moves in the game's own order",
     {0, false, false, false, false, 0, false}},
    {"+ ordering",
     "the most promising moves first: cut-offs come sooner",
     {0, false, true, false, false, 0, false}},
    {"+ table",
     "a transposition table: positions reached twice are searched once",
     {0, false, true, true, false, 0, false}},
    {"+ deepening",
     "iterative deepening: depths 1, 2, ... each ordering the next",
     {0, false, true, true, true, 0, false}},
};
constexpr int kMinimaxBar = 0;  // its tree's values give the minimal tree
constexpr int kMinimalBar = static_cast<int>(std::size(kComparisons));
// A game of agents' searches: no table there (the agent search has none), no
// minimal tree (a proof of two sides that alternate), and the other team's
// agents as MIN, then as chance.
const Comparison kAgentComparisons[] = {
    {"minimax",
     "every move searched to the depth limit, the other agents as MIN",
     {0, true, false, false, false, 0, false}},
    {"alpha-beta",
     "cut-offs between MAX and MIN, the other agents as MIN",
     {0, false, false, false, false, 0, false}},
    {"+ ordering",
     "the most promising moves first: cut-offs come sooner",
     {0, false, true, false, false, 0, false}},
    {"expectimax",
     "the other agents by chance (the model's chance nodes): every move searched, each value a "
     "weighted mean",
     {0, false, false, false, false, 0, true}},
};

std::span<const Comparison> comparisons(bool agents) {
  if (agents) return kAgentComparisons;
  return kComparisons;
}

// A minimax tree is fetched again with its values for the minimal tree when
// it has at most this many nodes (its lines are sent to the app).
constexpr std::uint64_t kMinimalTreeNodes = 100'000;

}  // namespace

std::vector<float> chart_shares(const std::vector<LabCount>& counts) {
  std::uint64_t most = 0;
  for (const LabCount& c : counts)
    if (c.nodes) most = std::max(most, *c.nodes);
  std::vector<float> shares;
  for (const LabCount& c : counts)
    shares.push_back(c.nodes && most ? static_cast<float>(static_cast<double>(*c.nodes) /
                                                          static_cast<double>(most))
                                     : 0.0f);
  return shares;
}

std::string weights_note(const std::vector<Score>& term_values) {
  if (std::any_of(term_values.begin(), term_values.end(), [](Score v) { return v != 0; }))
    return "";
  return "Every term counts 0 here (nothing on the board to count yet), so a changed weight "
         "changes nothing until moves are played.";
}

std::string evaluation_words(const LabPosition& position, const LabSettings& settings,
                             const LabWords& words) {
  std::string text = "Leaves valued with ";
  if (!position.weights) {
    text += "the engine's own weights";
  } else {
    const std::size_t changed = position.weights->terms.size();
    text += "the weights '" + position.weights->preset + "'";
    if (changed > 0)
      text += " with " + std::to_string(changed) + (changed == 1 ? " term" : " terms") + " changed";
  }
  if (!position.agents) return text + ".";
  const std::string& model = settings.opponents;
  if (!settings.expectimax || model == "adversarial" || model.empty())
    return text + "; the " + words.min_side + " at their worst (MIN nodes).";
  if (model == "random") return text + "; the " + words.min_side + "' moves all alike.";
  return text + "; the " + words.min_side + "' moves weighted by the " + model + " model.";
}

Lab::Lab(EngineClient& engine) : engine_(engine) {}

void Lab::run(const LabPosition& position, const LabSettings& settings) {
  // What runs is of the last run: its replies are no longer wanted.
  if (!pending_.empty()) engine_.stop();
  pending_.clear();
  follow_ups_.clear();
  position_ = position;
  settings_ = settings;
  progress_nodes_ = 0;
  searching_seconds_ = 0;
  if (settings_.opponents.empty()) settings_.opponents = position.opponents.value_or("");
  has_run_ = true;
  folded_.clear();
  layout_.reset();
  events_.clear();
  enter_at_.clear();
  exit_at_.clear();
  step_ = 0;
  playing_ = false;
  counts_.clear();
  tree_ = LabTree{position.agents};
  for (const Comparison& c : comparisons(position.agents))
    counts_.push_back({c.name, c.what, {}, {}, "", position.agents});
  if (!position.agents)
    counts_.push_back({"minimal tree",
                       "the fewest nodes any move order could search to prove the value "
                       "(Knuth and Moore): every move of an all-node, one of a cut-node",
                       {},
                       {},
                       ""});
  send_position();
  request(settings_, -1);
  const std::span<const Comparison> bars = comparisons(position.agents);
  for (std::size_t i = 0; i < bars.size(); ++i) {
    LabSettings s = bars[i].settings;
    s.depth = settings.depth;
    s.opponents = settings_.opponents;
    s.limit = 0;  // only the count and the value
    request(s, static_cast<int>(i));
  }
}

std::string Lab::stale_reason(const LabPosition& now) const {
  if (!has_run_) return "";
  if (position_.game != now.game) return "this tree is of another game; run again for this one";
  const bool moved = position_.position != now.position;
  const bool weighed = position_.weights != now.weights;
  // A tree searched with the model in play is stale when that changes.
  if (!moved && !weighed && position_.opponents != now.opponents &&
      settings_.opponents == position_.opponents.value_or(""))
    return "this tree took the other side as " + settings_.opponents +
           ", as its level played then; run again for its level now";
  if (!moved && !weighed) return "";
  return std::string("this tree is of ") +
         (moved && weighed ? "another position and other weights"
          : moved          ? "another position (the board has moved on)"
                           : "other weights (they changed since)") +
         "; run again for the board's";
}

void Lab::send_position() {
  engine_.set_game(position_.game);
  if (position_.weights) engine_.set_weights(*position_.weights);
  engine_.set_position(position_.position);
}

void Lab::request(const LabSettings& settings, int count) {
  pending_.push_back({engine_.tree(settings), count, LabTree{position_.agents}});
}

void Lab::stop() {
  if (!pending_.empty()) engine_.stop();
  for (Pending& p : pending_)
    if (p.count >= 0 && !counts_[static_cast<std::size_t>(p.count)].nodes)
      counts_[static_cast<std::size_t>(p.count)].note = "stopped";
  // The main tree's search answers the stop with the part it searched,
  // which the learner keeps (marked stopped); the comparisons are dropped.
  std::erase_if(pending_, [](const Pending& p) { return p.count >= 0; });
  follow_ups_.clear();
  if (!position_.agents && counts_.size() > static_cast<std::size_t>(kMinimalBar) &&
      !counts_[kMinimalBar].nodes)
    counts_[kMinimalBar].note = "stopped";
}

void Lab::update(float dt) {
  if (tree_searching()) searching_seconds_ += dt;
  for (const LinkReply& reply : engine_.poll()) {
    auto p = std::find_if(pending_.begin(), pending_.end(),
                          [&](const Pending& q) { return q.request == reply.request; });
    if (p != pending_.end() && !p->over) take(*p, reply);
  }
  std::erase_if(pending_, [](const Pending& p) { return p.over; });
  for (Pending& p : follow_ups_) pending_.push_back(std::move(p));
  follow_ups_.clear();
  advance_replay(dt);
}

void Lab::advance_replay(float dt) {
  if (!playing_) return;
  replay_time_ += dt * speed;
  while (replay_time_ >= 1.0f && step_ < events_.size()) {
    replay_time_ -= 1.0f;
    ++step_;
  }
  if (step_ >= events_.size()) playing_ = false;
}

void Lab::take(Pending& p, const LinkReply& reply) {
  // The main tree's lines go straight into the tree shown, so that a large
  // one is not copied.
  LabTree& tree = p.count < 0 ? tree_ : p.tree;
  // The engine's word on a long tree under way: its nodes so far.
  if (const auto* progress = std::get_if<TreeProgress>(&reply.reply)) {
    if (p.count < 0) progress_nodes_ = std::max(progress_nodes_, progress->nodes);
    return;
  }
  if (tree.take(reply.reply)) return;
  p.over = true;
  if (p.count < 0)
    tree_arrived();
  else
    finish(p);
}

// A comparison run's count and value; a small enough minimax tree is then
// fetched whole for the minimal tree.
void Lab::finish(const Pending& p) {
  LabCount& bar = counts_[static_cast<std::size_t>(p.count)];
  const LabTree& t = p.tree;
  if (t.state() == LabTree::State::kFailed) bar.note = t.error();
  if (t.state() == LabTree::State::kStopped) bar.note = "stopped";
  if (t.state() != LabTree::State::kComplete) return;
  if (position_.agents) {
    bar.nodes = t.searched();
    bar.value = t.value();
    return;
  }
  LabCount& minimal = counts_[kMinimalBar];
  if (p.count == kMinimalBar) {
    minimal.nodes = minimal_nodes(t);
    minimal.value = t.value();
    if (!minimal.nodes) minimal.note = "needs the whole minimax tree";
    return;
  }
  bar.nodes = t.searched();
  bar.value = t.value();
  if (p.count != kMinimaxBar) return;
  if (t.searched() > kMinimalTreeNodes) {
    minimal.note =
        "needs the whole minimax tree (at most " + std::to_string(kMinimalTreeNodes) + " nodes)";
    return;
  }
  LabSettings s = kComparisons[kMinimaxBar].settings;
  s.depth = settings_.depth;
  s.limit = t.searched();
  follow_ups_.push_back({engine_.tree(s), kMinimalBar, LabTree{}});
}

void Lab::tree_arrived() {
  const std::vector<LabNode>& nodes = tree_.nodes();
  folded_.assign(nodes.size(), false);
  layout_.reset();
  events_ = search_events(nodes);
  enter_at_.assign(nodes.size(), 0);
  exit_at_.assign(nodes.size(), 0);
  for (std::size_t i = 0; i < events_.size(); ++i)
    (events_[i].enter ? enter_at_ : exit_at_)[static_cast<std::size_t>(events_[i].node)] = i;
  step_ = events_.size();
  playing_ = false;
}

const LabLayout& Lab::layout() {
  if (!layout_) layout_ = lay_out(tree_.nodes(), folded_);
  return *layout_;
}

void Lab::toggle_fold(int node) {
  if (node < 0 || static_cast<std::size_t>(node) >= folded_.size()) return;
  if (tree_.nodes()[static_cast<std::size_t>(node)].children.empty()) return;
  folded_[static_cast<std::size_t>(node)] = !folded_[static_cast<std::size_t>(node)];
  layout_.reset();
}

void Lab::unfold_all() {
  std::fill(folded_.begin(), folded_.end(), false);
  layout_.reset();
}

void Lab::set_step(std::size_t step) {
  step_ = std::min(step, events_.size());
  replay_time_ = 0;
  if (step_ >= events_.size()) playing_ = false;
}

std::optional<LabEvent> Lab::current_event() const {
  if (step_ == 0 || step_ > events_.size()) return std::nullopt;
  return events_[step_ - 1];
}

}  // namespace arcade::app
