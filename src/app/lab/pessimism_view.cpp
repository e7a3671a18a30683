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

constexpr const char* kAlgorithms[] = {"minimax", "expectimax"};
constexpr int kMostGames = 1000;
constexpr int kMostDepth = 5;

// "cp -501.25" at `at` (the word "cp"): hundredths of a point.
std::optional<int> read_points(const std::vector<std::string>& w, std::size_t at) {
  if (at + 1 >= w.size() || w[at] != "cp") return std::nullopt;
  char* end = nullptr;
  const double points = std::strtod(w[at + 1].c_str(), &end);
  if (end == w[at + 1].c_str() || *end) return std::nullopt;
  return static_cast<int>(std::lround(points * 100));
}

// Hundredths as points with up to two decimals, as the protocol writes them.
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

// The value of word `key` in `w` (as `key N`), if it reads.
std::optional<int> number_after(const std::vector<std::string>& w, const std::string& key) {
  const auto at = std::find(w.begin(), w.end(), key);
  if (at == w.end() || at + 1 == w.end()) return std::nullopt;
  const auto n = parse_signed(*(at + 1), -1'000'000'000, 1'000'000'000);
  if (!n) return std::nullopt;
  return static_cast<int>(*n);
}

std::string win_rate(const PessimismColumn::Games& g) {
  char text[16];
  std::snprintf(text, sizeof text, "%.0f%%", g.games ? 100.0 * g.wins / g.games : 0.0);
  return text;
}

// The column the i-th answering line fills (pessimism_lines).
std::size_t column_of_answer(std::size_t i) {
  return i < 4 ? i % 2 : i - 2;
}

}  // namespace

std::vector<std::string> pessimism_columns(const std::string& model) {
  return {"minimax", "expectimax", "minimax_vs_" + model, "expectimax_assuming_random_vs_" + model,
          "expectimax_assuming_" + model + "_vs_" + model};
}

std::vector<std::string> pessimism_lines(const std::string& game, const EnginePosition& position,
                                         const PessimismRequest& r,
                                         std::vector<std::size_t>& answered) {
  // The root searches take the ghosts as random, as the first games do.
  std::vector<std::string> lines = {game_command(game),
                                    "setoption name Weights value score",
                                    position_command(position),
                                    "setoption name RootScores value true",
                                    "setoption name Iterative value false",
                                    "setoption name Opponents value random"};
  for (const char* algorithm : kAlgorithms) {
    lines.push_back(std::string("setoption name Algorithm value ") + algorithm);
    answered.push_back(lines.size());
    lines.push_back("go depth " + std::to_string(r.depth));
  }
  const std::string games = "match games " + std::to_string(r.games) + " depth " +
                            std::to_string(r.depth) + " seed " + std::to_string(r.seed);
  for (const char* algorithm : kAlgorithms) {
    answered.push_back(lines.size());
    lines.push_back(games + " algorithm " + algorithm + " opponents random");
  }
  const std::string against = games + " opponents " + r.model;
  for (const std::string& tail :
       std::vector<std::string>{" algorithm minimax", " algorithm expectimax model random",
                                " algorithm expectimax model " + r.model}) {
    answered.push_back(lines.size());
    lines.push_back(against + tail);
  }
  return lines;
}

std::optional<std::string> read_pessimism_reply(const std::string& line, int depth,
                                                PessimismColumn& column) {
  const std::vector<std::string> w = split_words(line);
  if (w.empty()) return std::nullopt;
  if (w[0] == "error") return line.substr(6);
  if (w[0] == "match" && w.size() >= 2 && w[1] == "stopped") return "stopped";
  if (w[0] == "match") {
    const auto games = number_after(w, "games"), wins = number_after(w, "wins"),
               losses = number_after(w, "losses"), draws = number_after(w, "draws");
    const auto mean = read_points(w, w.size() - 2);
    if (!games || !wins || !losses || !draws || !mean) return "malformed: " + line;
    column.games = PessimismColumn::Games{*games, *wins, *losses, *draws, *mean};
    return std::nullopt;
  }
  // `info depth D move M score cp V` and `info depth D score cp V ...`.
  if (w[0] != "info" || w.size() < 6 || w[1] != "depth" || number_after(w, "depth") != depth)
    return std::nullopt;
  const bool move = w[3] == "move";
  const std::size_t score_at = move ? 5 : 3;
  if (w.size() <= score_at + 2 || w[score_at] != "score") return std::nullopt;
  const auto value = read_points(w, score_at + 1);
  if (!value) return std::nullopt;
  if (move)
    column.moves.emplace_back(w[4], *value);
  else
    column.value = *value;
  return std::nullopt;
}

void Pessimism::run(const std::string& game, const EnginePosition& position,
                    const PessimismRequest& request) {
  if (!make_engine_) return;
  if (!engine_) engine_ = make_engine_();
  stop();
  waiting_.clear();  // what a stopped run still answers is dropped
  request_ = request;
  columns_.clear();
  for (const std::string& name : pessimism_columns(request.model))
    columns_.push_back({.algorithm = name, .moves = {}, .value = {}, .games = {}});
  error_.clear();
  has_run_ = true;
  std::vector<std::size_t> answered;
  const std::vector<std::string> lines = pessimism_lines(game, position, request, answered);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::uint64_t id = engine_->send(lines[i]);
    const auto at = std::find(answered.begin(), answered.end(), i);
    if (at != answered.end())
      waiting_.emplace_back(id, column_of_answer(static_cast<std::size_t>(at - answered.begin())));
  }
}

void Pessimism::stop() {
  if (engine_ && busy()) engine_->stop();
}

void Pessimism::update() {
  if (!engine_) return;
  for (const EngineReply& reply : engine_->poll()) {
    const auto entry = std::find_if(waiting_.begin(), waiting_.end(),
                                    [&](const auto& w) { return w.first == reply.request; });
    // The lines of setoption and position answer only when they are wrong.
    if (reply.line.starts_with("error ") && entry == waiting_.end()) {
      error_ = reply.line.substr(6);
      continue;
    }
    if (entry == waiting_.end()) continue;
    if (auto problem = read_pessimism_reply(reply.line, request_.depth, columns_[entry->second]))
      error_ = *problem;
    const bool last = reply.line.starts_with("bestmove") || reply.line.starts_with("match") ||
                      reply.line.starts_with("error");
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
