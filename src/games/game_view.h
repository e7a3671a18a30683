#pragma once
// One position of some game as the app sees it: the game's description
// (title, sides, board, start variants; game_description.h) and what the
// position holds (the piece on each cell, the legal moves and the cells they
// touch, whose turn it is, how the game ended), behind one interface, so that
// the app holds every game the same way and works on positions and moves.
// Text appears only at the edges: moves in notation for the move list, the
// engine's replies and saved games; position strings for the protocol and
// saved games. GameViewFor<G> adapts any game with a description; the
// registry (registry.h) makes one by name.
//
// A view is a small value behind a pointer: clone() copies it, so the app can
// keep the start of a game, the position now, or the positions of a line the
// engine found, and draw any of them.

#include <algorithm>
#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/agents.h"
#include "engine/evaluation.h"
#include "engine/level.h"
#include "games/game_description.h"

namespace arcade {

class GameView {
 public:
  virtual ~GameView() = default;
  virtual std::unique_ptr<GameView> clone() const = 0;

  // --- The game: the same for every position. ---
  virtual std::string_view name() const = 0;  // the protocol's `game` name
  virtual std::string_view title() const = 0;
  virtual const SideDescription& side(int s) const = 0;  // 0 moves first
  virtual const BoardLayout& board() const = 0;
  virtual std::string_view start_label() const = 0;
  // How a person plays a move, after "Click" or "Tap", where the game says
  // it better than its board's kind does (G::kHowToMove); empty if not.
  virtual std::string_view how_to_move() const = 0;
  // What one's own start is written with, for the box that takes it
  // (G::kStartTextHelp: Pac-Man's maze characters); empty if the game says
  // nothing.
  virtual std::string_view start_text_help() const = 0;
  virtual std::vector<std::string_view> start_variant_names() const = 0;
  // The variant as the protocol writes a start: "startpos" for the game's
  // own start, else its position string.
  virtual std::string start_variant_text(std::size_t variant) const = 0;
  // What level `level` (1 to kLevelCount) does in this game, for the level
  // menu: the game's own words where it has them (G::level_words), else the
  // level's (engine/level.h).
  virtual std::string level_description(int level) const = 0;

  // --- This position. ---
  // Reads "startpos" or a position string; on an error, which the message
  // names, nothing changes.
  virtual std::optional<std::string> set_position(std::string_view text) = 0;
  // The variant this position is, if it is one.
  virtual std::optional<std::size_t> start_variant() const = 0;
  virtual std::string position_text() const = 0;
  // The board's cells in this position: board().grid, unless the game's
  // boards differ in size (game_description.h's grid_of).
  virtual Grid grid() const = 0;
  // What the board does not show of this position, in a few words ("23
  // points"), or nothing (game_description.h's tally_of).
  virtual std::string tally() const = 0;
  // What the players' rows show of each side (Reversi's discs), or none
  // (game_description.h's side_count_of); in words, "3 discs".
  virtual std::optional<int> side_count(int side) const = 0;
  virtual std::string side_count_words(int side) const = 0;
  virtual int side_to_move() const = 0;
  virtual Outcome outcome() const = 0;           // for the side to move
  virtual std::string end_in_words() const = 0;  // empty while the game goes on
  // The piece the game's end took off the board, and where (game_description.h's
  // taken_at_end_of): Pac-Man caught.
  virtual std::optional<TakenPiece> taken_at_end() const = 0;
  virtual Piece piece_at(Cell c) const = 0;  // c within board().grid
  // How many things cell c holds, where the game's cells hold counts
  // (game_description.h's count_at_of), else nothing.
  virtual std::optional<int> count_at(Cell c) const = 0;
  virtual std::vector<Move> legal_moves() const = 0;
  virtual MoveCells move_cells(Move legal) const = 0;
  // What the move did beyond its cells, in words, or "" (move_words_of):
  // "South moves again: the last seed fell in its store."
  virtual std::string move_words(Move legal) const = 0;
  virtual std::string move_to_text(Move legal) const = 0;
  // Reads a move and checks that it is legal here.
  virtual Parsed<Move> move_from_text(std::string_view text) const = 0;
  virtual void play(Move legal) = 0;

  // The heuristic opened up (engine/evaluation.h): its terms, the presets
  // of weights it offers ("default" first), each term's value here for the
  // side to move, and the total the engine's search uses, with `weights`
  // (one a term, in order; defaults for any missing).
  virtual std::vector<EvalTerm> terms() const = 0;
  virtual std::vector<std::string_view> weight_presets() const = 0;
  virtual std::optional<std::vector<Score>> preset_weights(std::string_view name) const = 0;
  virtual std::vector<Score> term_values(const std::vector<Score>& weights) const = 0;
  virtual Score evaluate(const std::vector<Score>& weights) const = 0;

  // --- A game of more than two agents (engine/agents.h); none in others. ---
  // Whether it is one: its values are agent 0's points, its searches may
  // take the other agents as MIN or chance nodes (expectimax).
  virtual bool multi_agent() const = 0;
  // The agents in this position, agent 0 included; 0 in a two-player game.
  virtual int agent_count() const = 0;
  // The agent to move (0 is MAX's), -1 in a two-player game.
  virtual int agent_to_move() const = 0;
  // What a person calls agent `agent`: "Pac-Man", "ghost 1"; empty in a
  // two-player game.
  virtual std::string agent_name(int agent) const = 0;
  // The engine's words for how the other team plays (its Opponents option),
  // in this order: "adversarial", "random", the game's own model such as
  // "chaser"; none in a two-player game.
  virtual std::vector<std::string> opponent_models() const = 0;
  // Which of them the other team plays at `level` (1..kLevelCount) when the
  // engine plays it (G::kAgentLevels); empty in a two-player game.
  virtual std::string opponents_at_level(int level) const = 0;
};

template <class G>
requires GameDescription<G>
class GameViewFor final : public GameView {
 public:
  using Position = typename G::Position;

  GameViewFor() : position_(G::start()) {}

  std::unique_ptr<GameView> clone() const override { return std::make_unique<GameViewFor>(*this); }

  std::string_view name() const override { return G::kName; }
  std::string_view title() const override { return G::kTitle; }
  const SideDescription& side(int s) const override { return G::kSides[s]; }
  const BoardLayout& board() const override { return G::kBoardLayout; }
  std::string_view start_label() const override { return G::kStartLabel; }
  std::string_view how_to_move() const override {
    if constexpr (requires { G::kHowToMove; })
      return G::kHowToMove;
    else
      return "";
  }
  std::string_view start_text_help() const override {
    if constexpr (requires { G::kStartTextHelp; })
      return G::kStartTextHelp;
    else
      return {};
  }
  std::vector<std::string_view> start_variant_names() const override {
    std::vector<std::string_view> names;
    for (const auto& variant : variants()) names.push_back(variant.name);
    return names;
  }
  std::string start_variant_text(std::size_t variant) const override {
    const Position& p = variants().at(variant).position;
    return p == G::start() ? "startpos" : G::to_text(p);
  }
  std::string level_description(int level) const override {
    if constexpr (requires { G::level_words(level); }) {
      std::string own = G::level_words(level);
      if (!own.empty()) return own;
    }
    return std::string(kLevels[level - 1].description);
  }

  std::optional<std::string> set_position(std::string_view text) override {
    if (text == "startpos") {
      position_ = G::start();
      return std::nullopt;
    }
    Parsed<Position> parsed = G::from_text(text);
    if (!parsed) return parsed.error();
    position_ = *parsed;
    return std::nullopt;
  }
  std::optional<std::size_t> start_variant() const override {
    for (std::size_t i = 0; i < variants().size(); ++i)
      if (variants()[i].position == position_) return i;
    return std::nullopt;
  }
  std::string position_text() const override { return G::to_text(position_); }
  Grid grid() const override { return grid_of<G>(position_); }
  std::string tally() const override { return tally_of<G>(position_); }
  std::optional<int> side_count(int side) const override {
    return side_count_of<G>(position_, side);
  }
  std::string side_count_words(int side) const override {
    const std::optional<int> count = side_count(side);
    if constexpr (requires { G::kSideCountNoun; }) {
      if (count)
        return std::to_string(*count) + " " + std::string(G::kSideCountNoun) +
               (*count == 1 ? "" : "s");
    }
    return count ? std::to_string(*count) : "";
  }
  int side_to_move() const override { return G::side_to_move(position_); }
  Outcome outcome() const override { return G::outcome(position_); }
  std::string end_in_words() const override { return G::end_in_words(position_); }
  std::optional<TakenPiece> taken_at_end() const override { return taken_at_end_of<G>(position_); }
  Piece piece_at(Cell c) const override { return G::piece_at(position_, c); }
  std::optional<int> count_at(Cell c) const override { return count_at_of<G>(position_, c); }
  std::vector<Move> legal_moves() const override {
    MoveList<G::kMaxMoves> list;
    G::generate_moves(position_, list);
    return {list.begin(), list.end()};
  }
  MoveCells move_cells(Move legal) const override { return G::move_cells(position_, legal); }
  std::string move_words(Move legal) const override { return move_words_of<G>(position_, legal); }
  std::string move_to_text(Move legal) const override { return G::move_to_text(position_, legal); }
  Parsed<Move> move_from_text(std::string_view text) const override {
    return G::move_from_text(position_, text);
  }
  void play(Move legal) override { position_ = G::play(position_, legal); }

  std::vector<EvalTerm> terms() const override { return {G::kTerms.begin(), G::kTerms.end()}; }
  std::vector<std::string_view> weight_presets() const override { return weight_preset_names<G>(); }
  std::optional<std::vector<Score>> preset_weights(std::string_view name) const override {
    const std::optional<typename G::Weights> weights = find_weight_preset<G>(name);
    if (!weights) return std::nullopt;
    return std::vector<Score>(weights->begin(), weights->end());
  }
  std::vector<Score> term_values(const std::vector<Score>& weights) const override {
    const typename G::Weights values = G::term_values(position_, to_weights(weights));
    return {values.begin(), values.end()};
  }
  Score evaluate(const std::vector<Score>& weights) const override {
    return G::evaluate(position_, to_weights(weights));
  }

  bool multi_agent() const override { return MultiAgentGame<G>; }
  int agent_count() const override {
    if constexpr (MultiAgentGame<G>) return G::agent_count(position_);
    return 0;
  }
  int agent_to_move() const override {
    if constexpr (MultiAgentGame<G>) return G::agent_to_move(position_);
    return -1;
  }
  std::string agent_name(int agent) const override {
    if constexpr (MultiAgentGame<G>) return G::agent_name(agent);
    return {};
  }
  std::vector<std::string> opponent_models() const override {
    if constexpr (MultiAgentGame<G>) return opponents_words(G::kWanderModel);
    return {};
  }
  std::string opponents_at_level(int level) const override {
    if constexpr (MultiAgentGame<G>) {
      const std::array<AgentLevel, kLevelCount> levels = G::kAgentLevels;
      return opponents_word(
          levels[static_cast<std::size_t>(std::clamp(level, 1, kLevelCount) - 1)].opponents,
          G::kWanderModel);
    }
    return {};
  }

 private:
  // The weights given, the defaults for any missing.
  static typename G::Weights to_weights(const std::vector<Score>& given) {
    typename G::Weights weights = default_weights<G>();
    for (std::size_t i = 0; i < weights.size() && i < given.size(); ++i) weights[i] = given[i];
    return weights;
  }

  // Read once: the app asks for them every frame.
  static const std::vector<StartVariant<Position>>& variants() {
    static const std::vector<StartVariant<Position>> all = G::start_variants();
    return all;
  }

  Position position_;
};

}  // namespace arcade
