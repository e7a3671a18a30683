#include "app/heuristic_weights.h"

#include <imgui.h>

#include <algorithm>

#include "app/lab/evaluation_panel.h"
#include "app/lab/lab.h"
#include "engine/parsed.h"

namespace arcade::app {

std::vector<Score>& HeuristicWeights::editable() {
  std::vector<Score>& w = by_game_[game_.game()];
  if (w.empty()) w = *game_.position().preset_weights("default");
  return w;
}

std::vector<Score> HeuristicWeights::current() const {
  const auto it = by_game_.find(game_.game());
  return it != by_game_.end() ? it->second : *game_.position().preset_weights("default");
}

EngineWeights HeuristicWeights::for_engines() const {
  EngineWeights out;  // the defaults, then each term changed
  out.game = game_.game();
  const std::vector<Score> weights = current();
  const std::vector<EvalTerm> terms = game_.position().terms();
  for (std::size_t i = 0; i < terms.size() && i < weights.size(); ++i)
    if (weights[i] != terms[i].default_weight)
      out.terms.emplace_back(std::string(terms[i].name), static_cast<int>(weights[i]));
  return out;
}

std::optional<EngineWeights> HeuristicWeights::changed() {
  EngineWeights weights = for_engines();
  if (weights == applied_) return std::nullopt;
  applied_ = weights;
  return weights;
}

bool HeuristicWeights::section(const GameView* node) {
  if (!ImGui::CollapsingHeader("Evaluation", ImGuiTreeNodeFlags_DefaultOpen)) return false;
  // A tree searched before the game changed holds another game's positions,
  // with other terms: the weights edited here are the board's game's.
  if (node && node->name() != game_.position().name()) node = nullptr;
  const GameView& position = node ? *node : game_.position();
  ImGui::TextWrapped(
      "The heuristic at %s, for the side to move. The AI, the analysis and the lab "
      "search with these weights.",
      node ? "the chosen node" : "the board's position");
  return evaluation_panel(position, editable());
}

std::string HeuristicWeights::command(const std::vector<std::string>& w) {
  if (w[0] == "weights" && w.size() == 2) {
    const std::optional<std::vector<Score>> preset = game_.position().preset_weights(w[1]);
    if (!preset) return "error no weights '" + w[1] + "' for this game";
    editable() = *preset;
    return "ok";
  }
  if (w[0] != "weight" || w.size() != 3) return "error usage: weights PRESET | weight TERM VALUE";
  const std::vector<EvalTerm> terms = game_.position().terms();
  const auto term =
      std::find_if(terms.begin(), terms.end(), [&](const EvalTerm& t) { return t.name == w[1]; });
  if (term == terms.end()) return "error no term '" + w[1] + "' in this game";
  const bool negative = w[2].rfind('-', 0) == 0;
  const auto size = parse_number(negative ? w[2].substr(1) : w[2], 0, kMaxWeight);
  if (!size)
    return "error a weight is a whole number from -" + std::to_string(kMaxWeight) + " to " +
           std::to_string(kMaxWeight);
  editable()[static_cast<std::size_t>(term - terms.begin())] =
      static_cast<Score>(negative ? -static_cast<Score>(*size) : static_cast<Score>(*size));
  return "ok";
}

std::string HeuristicWeights::state() const {
  const GameView& position = game_.position();
  const std::vector<Score> w = current();
  const std::vector<EvalTerm> terms = position.terms();
  const std::vector<Score> values = position.term_values(w);
  std::string out = "eval_terms";
  for (std::size_t i = 0; i < terms.size(); ++i) {
    out += ' ';
    out += terms[i].name;
    out += ':';
    out += std::to_string(values[i]);
    out += ':';
    out += std::to_string(w[i]);
  }
  out += "\neval_total ";
  out += std::to_string(position.evaluate(w));
  out += "\neval_note " + weights_note(values) + "\n";
  return out;
}

}  // namespace arcade::app
