#include "app/lab/pessimism_view.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "app/widgets.h"
#include "engine/parsed.h"

namespace arcade::app {
namespace {

constexpr Algorithm kAlgorithms[] = {Algorithm::kMinimax, Algorithm::kExpectimax};
constexpr int kMostGames = 1000;
constexpr int kMostDepth = 5;

// Hundredths as points with up to two decimals ("-501.25", "9").
std::string hundredths_text(int hundredths) {
  const int magnitude = std::abs(hundredths);
  std::string text = hundredths < 0 ? "-" : "";
  text += std::to_string(magnitude / 100);
  if (magnitude % 100 == 0) return text;
  char fraction[8];
  std::snprintf(fraction, sizeof fraction, ".%02d", magnitude % 100);
  std::string f = fraction;
  if (f.back() == '0') f.pop_back();
  return text + f;
}

std::string win_rate(const PessimismColumn::Games& g) {
  char text[16];
  std::snprintf(text, sizeof text, "%.0f%%", g.games ? 100.0 * g.wins / g.games : 0.0);
  return text;
}

}  // namespace

std::vector<std::string> pessimism_columns(const std::string& model) {
  return {"minimax", "expectimax", "minimax_vs_" + model, "expectimax_assuming_random_vs_" + model,
          "expectimax_assuming_" + model + "_vs_" + model};
}

std::optional<std::string> read_pessimism_reply(const EngineReplyData& reply, int depth,
                                                PessimismColumn& column) {
  if (const auto* error = std::get_if<EngineError>(&reply)) return error->message;
  if (const auto* match = std::get_if<MatchResult>(&reply)) {
    if (match->stopped) return "stopped";
    column.games =
        PessimismColumn::Games{match->games, match->wins, match->losses, match->draws, match->mean};
    return std::nullopt;
  }
  // The root moves' scores and the root's, at the depth asked: points (the
  // link reads a game of agents' scores as points, in hundredths).
  const auto points = [](const EngineScore& score) -> std::optional<int> {
    if (score.kind != EngineScore::Kind::kPoints) return std::nullopt;
    return score.value;
  };
  if (const auto* move = std::get_if<MoveInfoLine>(&reply); move && move->depth == depth) {
    if (const std::optional<int> value = points(move->score))
      column.moves.emplace_back(move->move, *value);
  } else if (const auto* info = std::get_if<SearchInfoLine>(&reply);
             info && info->depth == depth && info->score) {
    if (const std::optional<int> value = points(*info->score)) column.value = *value;
  }
  return std::nullopt;
}

// The root searches take the ghosts as random, as the first games do: the
// two algorithms fill columns 0 and 1 (their root searches, then their games
// against random ghosts), the three runs against the model columns 2 to 4.
void Pessimism::run(const std::string& game, const EnginePosition& position,
                    const PessimismRequest& request) {
  if (!make_engine_) return;
  if (!engine_) {
    engine_ = make_engine_();
    link_.emplace(*engine_);
  }
  stop();
  waiting_.clear();  // what a stopped run still answers is dropped
  request_ = request;
  columns_.clear();
  for (const std::string& name : pessimism_columns(request.model))
    columns_.push_back({.algorithm = name, .moves = {}, .value = {}, .games = {}});
  error_.clear();
  has_run_ = true;
  EngineLink& link = *link_;
  link.set_game(game);
  link.set_weights({.preset = "score", .terms = {}, .game = game});
  link.set_position(position);
  link.set_options({.root_scores = true, .iterative = false, .opponents = "random"});
  for (std::size_t column = 0; column < 2; ++column) {
    link.set_options({.algorithm = kAlgorithms[column]});
    waiting_.emplace_back(link.go({.depth = request.depth}), column);
  }
  const MatchCommand games{.games = request.games,
                           .algorithm = {},
                           .depth = request.depth,
                           .seed = request.seed,
                           .opponents = {},
                           .model = {}};
  for (std::size_t column = 0; column < 2; ++column) {
    MatchCommand against_random = games;
    against_random.algorithm = kAlgorithms[column];
    against_random.opponents = "random";
    waiting_.emplace_back(link.match(against_random), column);
  }
  MatchCommand against_model = games;
  against_model.opponents = request.model;
  const std::pair<Algorithm, std::optional<std::string>> assuming[] = {
      {Algorithm::kMinimax, std::nullopt},
      {Algorithm::kExpectimax, std::string("random")},
      {Algorithm::kExpectimax, request.model}};
  for (std::size_t i = 0; i < 3; ++i) {
    against_model.algorithm = assuming[i].first;
    against_model.model = assuming[i].second;
    waiting_.emplace_back(link.match(against_model), 2 + i);
  }
}

void Pessimism::stop() {
  if (link_ && busy()) link_->stop();
}

void Pessimism::update() {
  if (!link_) return;
  for (const LinkReply& reply : link_->poll()) {
    const auto entry = std::find_if(waiting_.begin(), waiting_.end(),
                                    [&](const auto& w) { return w.first == reply.request; });
    const auto* error = std::get_if<EngineError>(&reply.reply);
    // The set-up commands answer only when they are wrong.
    if (error && entry == waiting_.end()) {
      error_ = error->message;
      continue;
    }
    if (entry == waiting_.end()) continue;
    if (auto problem = read_pessimism_reply(reply.reply, request_.depth, columns_[entry->second]))
      error_ = *problem;
    const bool last = error || std::holds_alternative<BestMove>(reply.reply) ||
                      std::holds_alternative<MatchResult>(reply.reply);
    if (last) waiting_.erase(entry);
  }
}

std::string Pessimism::command(const std::vector<std::string>& w, const std::string& game,
                               const EnginePosition& position, const std::string& model,
                               bool agent0_to_move) {
  if (w.size() == 3 && w[2] == "stop") {
    stop();
    return "ok";
  }
  if (w.size() < 3 || w[2] != "run")
    return "error usage: lab pessimism run [depth D] [games N] [seed S] | lab pessimism stop";
  PessimismRequest r{.model = model};
  for (std::size_t i = 3; i < w.size(); i += 2) {
    const bool depth = w[i] == "depth", games = w[i] == "games", seed = w[i] == "seed";
    if ((!depth && !games && !seed) || i + 1 >= w.size())
      return "error lab pessimism run: bad '" + w[i] + "'";
    const auto n = parse_number(w[i + 1], seed ? 0 : 1,
                                depth   ? kMostDepth
                                : games ? kMostGames
                                        : UINT64_MAX);
    if (!n) return "error lab pessimism run " + w[i] + ": '" + w[i + 1] + "' is out of range";
    if (depth) r.depth = static_cast<int>(*n);
    if (games) r.games = static_cast<int>(*n);
    if (seed) r.seed = *n;
  }
  if (!agent0_to_move) return "error lab pessimism: at the first agent's turn only";
  if (!make_engine_) return "error no engine for the lab";
  run(game, position, r);
  return "ok";
}

std::string Pessimism::state() const {
  std::string out = "pessimism_state ";
  out += !has_run_ ? "idle" : busy() ? "running" : error_.empty() ? "done" : "error " + error_;
  out += "\npessimism_request depth " + std::to_string(request_.depth) + " games " +
         std::to_string(request_.games) + " seed " + std::to_string(request_.seed) + "\n";
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    const PessimismColumn& c = columns_[i];
    if (i < 2) {  // the root searches'
      out += "pessimism_root_" + c.algorithm + " value " +
             (c.value ? hundredths_text(*c.value) : "-") + " moves";
      for (const auto& [move, value] : c.moves) out += " " + move + ":" + hundredths_text(value);
      out += "\n";
    }
    out += "pessimism_games_" + c.algorithm;
    if (c.games)
      out += " games " + std::to_string(c.games->games) + " wins " + std::to_string(c.games->wins) +
             " losses " + std::to_string(c.games->losses) + " draws " +
             std::to_string(c.games->draws) + " rate " + win_rate(*c.games) + " mean " +
             hundredths_text(c.games->mean);
    out += "\n";
  }
  return out;
}

namespace {

// Each root move's value under each algorithm, and the root's.
void root_table(const std::vector<PessimismColumn>& columns) {
  if (columns.size() < 2 || columns[0].moves.empty()) return;
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchSame;
  if (!ImGui::BeginTable("pessimism_root", 3, kFlags)) return;
  ImGui::TableSetupColumn("Move");
  ImGui::TableSetupColumn("Minimax");
  ImGui::TableSetupColumn("Expectimax");
  ImGui::TableHeadersRow();
  for (const auto& entry : columns[0].moves) {
    const std::string& move = entry.first;
    const int value = entry.second;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(move.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(hundredths_text(value).c_str());
    ImGui::TableNextColumn();
    const auto other = std::find_if(columns[1].moves.begin(), columns[1].moves.end(),
                                    [&](const auto& m) { return m.first == move; });
    ImGui::TextUnformatted(
        other == columns[1].moves.end() ? "..." : hundredths_text(other->second).c_str());
  }
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted("Root");
  for (std::size_t i = 0; i < 2; ++i) {
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(columns[i].value ? hundredths_text(*columns[i].value).c_str() : "...");
  }
  ImGui::EndTable();
}

// A row's name in the games' table: who plays, what it assumes.
std::string row_name(std::size_t column, const std::string& model) {
  switch (column) {
    case 0:
    case 2:
      return "Minimax";
    case 1:
      return "Expectimax";
    case 3:
      return "Expectimax assuming random";
    default:
      return "Expectimax assuming " + model;
  }
}

// The games of columns [from, to): wins, win rate, mean score, under a
// heading that says whom they played.
void games_table(const std::vector<PessimismColumn>& columns, std::size_t from, std::size_t to,
                 const std::string& model, const char* heading) {
  if (to > columns.size() ||
      std::none_of(columns.begin() + static_cast<long>(from),
                   columns.begin() + static_cast<long>(to), [](const auto& c) { return c.games; }))
    return;
  ImGui::TextDisabled("%s", heading);
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable(heading, 4, kFlags)) return;
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthStretch, 2.2f);
  for (const char* title : {"Wins", "Win rate", "Mean"})
    ImGui::TableSetupColumn(title, ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableHeadersRow();
  for (std::size_t i = from; i < to; ++i) {
    const PessimismColumn& c = columns[i];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", row_name(i, model).c_str());
    const std::string wins =
        c.games ? std::to_string(c.games->wins) + " / " + std::to_string(c.games->games) : "...";
    const std::string rate = c.games ? win_rate(*c.games) : "...";
    const std::string mean = c.games ? hundredths_text(c.games->mean) : "...";
    for (const std::string* text : {&wins, &rate, &mean}) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(text->c_str());
    }
  }
  ImGui::EndTable();
}

}  // namespace

void Pessimism::section(const std::string& game, const EnginePosition& position,
                        const std::string& model, bool agent0_to_move, bool touch) {
  ImGui::Separator();
  ImGui::TextUnformatted("Minimax's pessimism");
  ImGui::TextWrapped(
      "Minimax takes each ghost for an enemy that always finds the worst move; expectimax for a "
      "coin. Both search %d rounds on the score alone (weights 'score'; the tree above uses the "
      "Evaluation weights, so its root may differ), then play %d games each against random "
      "ghosts, and against %ss, with expectimax assuming each model (seed %llu).",
      request_.depth, request_.games, model.c_str(),
      static_cast<unsigned long long>(request_.seed));
  if (busy()) {
    if (ui_button("Stop the comparison", 0, false, nullptr, touch)) stop();
  } else if (!agent0_to_move) {
    ImGui::TextDisabled("At the first agent's turn only.");
  } else if (ui_button("Compare: root and games", 0, true, nullptr, touch)) {
    PessimismRequest request = request_;
    request.model = model;
    run(game, position, request);
  }
  if (!error_.empty()) ImGui::TextWrapped("Engine: %s", error_.c_str());
  root_table(columns_);
  games_table(columns_, 0, 2, request_.model, "Games against random ghosts");
  const std::string against = "Games against " + request_.model + "s (the game's own ghosts)";
  games_table(columns_, 2, 5, request_.model, against.c_str());
}

}  // namespace arcade::app
