#pragma once
// The lab's search replayed event by event, as it happened, with one plain
// sentence for each event: what a learner reads beside the tree.

#include <string>
#include <vector>

#include "app/lab/lab_tree.h"

namespace arcade::app {

// The search replayed in the order it happened: each node entered, then,
// after its children, left with its value.
struct LabEvent {
  int node = 0;
  bool enter = true;
};
std::vector<LabEvent> search_events(const std::vector<LabNode>& nodes);

// The names the sentences use: each side's, and the depth searched (in
// rounds where there are agents).
struct LabWords {
  std::string max_side, min_side;
  int depth = 0;
  // In a game of more than two agents, each one's name ("Pac-Man", "ghost
  // 1", ...), agent 0 first; empty otherwise.
  std::vector<std::string> agents;
  // There: how the other team plays in the game (its level's Opponents
  // model), which the lab assumes unless the learner picks another.
  std::string opponents_in_play = {};
};
// One plain sentence for an event, as a learner reads it: "beta cut-off: O
// already has a reply worth 3 or less, and X's move c3 here is worth 4 or
// more, so X's other moves (a1, b1) need not be searched."
std::string event_sentence(const std::vector<LabNode>& nodes, const LabEvent& event,
                           const LabWords& words);

}  // namespace arcade::app
