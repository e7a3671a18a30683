// GameController (game_controller.h) as text and back: the link it shares,
// a link or pasted text opened (every part read before the board changes),
// and its saves.

#include <algorithm>
#include <utility>

#include "app/game/game_controller.h"

namespace arcade::app {

std::string GameController::share_fragment() const {
  return link_fragment(board_, false);
}

std::optional<std::string> GameController::open_link(const std::string& link) {
  check_writable("open_link");
  ++person_actions_;
  if (auto problem = text_too_long(link)) return problem;
  Parsed<GameState> opened = read_link(link);
  if (!opened) return brief(visible(opened.error()));
  replace_game(std::move(*opened));
  return std::nullopt;
}

std::optional<std::string> GameController::open_text(const std::string& text) {
  check_writable("open_text");
  ++person_actions_;
  if (auto problem = text_too_long(text)) return problem;
  const std::vector<std::string> words = split_any(text, kMoveSeparators);
  if (words.empty()) return "nothing to open: paste a link, moves or a position";
  if (text.find("game=") != std::string::npos) return open_link(text);
  // No position is words by the thousand: so many are moves.
  if (auto problem = too_many_moves(words.size())) return problem;
  Parsed<GameState> opened = read_game(board_.game, board_.start_text, words, {}, /*typed=*/true);
  if (!opened) {
    // As given first (a maze's spaces side by side are cells), then its
    // words joined by one space (a position pasted over lines).
    const std::size_t from = std::min(text.find_first_not_of(" \t\r\n"), text.size());
    const std::string given = text.substr(from, text.find_last_not_of(" \t\r\n") + 1 - from);
    const std::string trimmed = joined(split_any(text, " \t\r\n"), " ");
    Parsed<GameState> at = read_game(board_.game, given, {});
    if (!at) at = read_game(board_.game, trimmed, {});
    if (!at)
      return brief(visible("not a link, nor moves or a position of " +
                           std::string(start().title()) + ": as moves, " + opened.error() +
                           "; as a position, " + at.error()));
    opened = std::move(at);
  }
  replace_game(std::move(*opened));
  return std::nullopt;
}

std::string GameController::save() const {
  return write_save(board_, {sides_, paused_}, kept_games_.kept(), other_sides_);
}

std::optional<std::string> GameController::load(const std::string& saved, SaveNotes* notes_out) {
  check_writable("load");
  SaveNotes unread;
  Parsed<SavedGames> read = read_save(saved, notes_out ? *notes_out : unread);
  if (!read) return read.error();
  SavedGames& games = *read;
  kept_games_.let_go(take_current());
  kept_games_.replace_all(std::move(games.kept));
  // The sides of the games before the load go with them.
  sides_game_.clear();
  other_sides_ = std::move(games.other_sides);
  show(std::move(games.board));
  paused_ = games.board_sides.paused;
  return std::nullopt;
}

}  // namespace arcade::app
