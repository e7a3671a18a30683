#pragma once
// A node of the lab's tree in words: its value as the tree labels it, its
// level, and the lines that say all about it (the chosen node in the panel,
// a node's tooltip, the state scripts read).

#include <string>
#include <vector>

#include "app/lab/lab.h"

namespace arcade::app {

// "?" until the search has left the node; "stopped"; its value with its
// bound: "3", ">=W2", "<=-1".
std::string value_label(const LabNode& n, bool done);
// "max", "min" or "chance".
const char* level_kind(const LabNode& n);
// Whether a run's nodes have a window worth showing: only alpha-beta
// narrows one; minimax and expectimax search every node with [-inf, inf].
bool windowed(const LabSettings& s);

// The chosen node in words: its move path, window, value and, once the
// search has left it, why it has that value (or why it was cut).
std::vector<std::string> lab_node_details(const Lab& lab, int node, const LabWords& words);
// Those lines as ImGui text, wrapped at spaces; `width`: the lines' width, 0
// for the window's.
void node_details(const Lab& lab, int index, const LabWords& words, float width = 0);

}  // namespace arcade::app
