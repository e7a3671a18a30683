#include "app/game/game_record.h"

#include <algorithm>

#include "games/registry.h"

namespace arcade::app {
namespace {

// A pasted word that is no move may be moves of one character each, as
// Connect Four's "4453": reads all of them, or none.
bool read_characters(std::unique_ptr<GameView>& position, const std::string& word,
                     std::vector<PlayedMove>& line) {
  if (word.size() < 2) return false;
  std::unique_ptr<GameView> tried = position->clone();
  std::vector<PlayedMove> tried_line = line;
  for (char c : word)
    if (read_move(*tried, std::string(1, c), tried_line)) return false;
  position = std::move(tried);
  line = std::move(tried_line);
  return true;
}

void count(SessionScore& score, int winner, const std::array<SideSettings, 2>& sides) {
  if (sides[0].ai != sides[1].ai) {
    const int person = sides[0].ai ? 1 : 0;
    ++(winner < 0         ? score.versus_ai.draws
       : winner == person ? score.versus_ai.you
                          : score.versus_ai.ai);
  } else {
    ++(winner < 0 ? score.by_side.draws : winner == 0 ? score.by_side.first : score.by_side.second);
  }
}

}  // namespace

std::string start_text_of(const GameView& start) {
  const std::optional<std::size_t> variant = start.start_variant();
  return variant ? start.start_variant_text(*variant) : start.position_text();
}

std::vector<std::string> texts(const std::vector<PlayedMove>& moves) {
  std::vector<std::string> out;
  for (const PlayedMove& m : moves) out.push_back(m.text);
  return out;
}

std::vector<std::string> redo_texts(const std::vector<PlayedMove>& redo) {
  std::vector<std::string> out = texts(redo);
  std::reverse(out.begin(), out.end());
  return out;
}

int winner_of(const GameView& position) {
  switch (position.outcome()) {
    case Outcome::kLost:
      return 1 - position.side_to_move();
    case Outcome::kWon:
      return position.side_to_move();
    default:
      return -1;
  }
}

std::string grouped(std::size_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::optional<std::string> too_many_moves(std::size_t count) {
  if (count <= kMaxGameMoves) return std::nullopt;
  return "the game has " + grouped(count) + " moves (at most " + grouped(kMaxGameMoves) + ")";
}

std::string brief(std::string text, std::size_t bytes) {
  if (text.size() <= bytes) return text;
  while (bytes > 0 && (static_cast<unsigned char>(text[bytes]) & 0xC0) == 0x80) --bytes;
  return text.substr(0, bytes) + "...";
}

std::optional<std::string> read_move(GameView& position, const std::string& text,
                                     std::vector<PlayedMove>& line) {
  const Parsed<Move> move = position.move_from_text(text);
  if (!move)
    return "move " + std::to_string(line.size() + 1) + " (" + brief(text, 24) +
           ") is not legal in " + std::string(position.title()) + " here: " + move.error();
  line.push_back({*move, position.move_to_text(*move), position.move_cells(*move),
                  position.move_words(*move)});
  position.play(*move);
  return std::nullopt;
}

Parsed<GameState> read_game(const std::string& game, const std::string& start,
                            const std::vector<std::string>& moves,
                            const std::vector<std::string>& redo, bool typed) {
  // Counted before any is read: reading is what the cap keeps short.
  if (auto problem = too_many_moves(moves.size() + redo.size())) return ParseError{*problem};
  std::unique_ptr<GameView> position = make_game_view(game);
  if (!position) return ParseError{"unknown game '" + game + "'"};
  if (auto problem = position->set_position(start)) return ParseError{*problem};
  GameState state;
  state.game = game;
  state.start_text = start_text_of(*position);
  state.start = position->clone();
  std::vector<PlayedMove> all;
  for (const std::string& text : moves) {
    std::optional<std::string> problem = read_move(*position, text, all);
    if (problem && typed && read_characters(position, text, all)) problem.reset();
    if (problem) return ParseError{*problem};
    // A typed word may be many moves ("4453").
    if (auto many = too_many_moves(all.size() + redo.size())) return ParseError{*many};
  }
  state.line = all;
  state.position = position->clone();
  for (const std::string& text : redo)
    if (auto problem = read_move(*position, text, all)) return ParseError{*problem};
  state.redo.assign(all.rbegin(), all.rend() - static_cast<long>(state.line.size()));
  return state;
}

void count_if_ended(SessionScore& score, const GameState& state) {
  if (!state.line.empty() && state.position->outcome() != Outcome::kOngoing)
    count(score, winner_of(*state.position), state.ended_by.value_or(state.sides));
}

bool has_moves(const GameState& state) {
  return !state.line.empty() || !state.redo.empty();
}

}  // namespace arcade::app
