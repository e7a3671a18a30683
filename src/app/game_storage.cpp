#include "app/game_storage.h"

namespace arcade::app {

std::optional<std::string> GameStorage::restore(GameController& game, Preferences& prefs) {
  std::optional<std::string> saved = storage_.load ? storage_.load() : std::nullopt;
  if (!saved) return std::nullopt;
  std::optional<std::string> told = read(std::move(*saved), game, prefs);
  if (told) held_games_ = game.save();
  return told;
}

// A save not read whole (refused, or restored without some part) is kept as
// stored until the person starts a game, so that nothing is lost before they
// have read the notice and chosen: a later version's save, above all, waits
// for the person to go back to that version. "Starts a game" is precisely
// any change to what GameController::save writes: a move (played, taken
// back or redone, the AI's included, as in a restored game where the AI is
// to move), a new game or rematch, another game chosen, a link or pasted
// moves opened, a side or level changed, AI against AI paused. A preference
// changed alone (sound, motion, pace) does not write it over.
std::optional<std::string> GameStorage::read(std::string saved, GameController& game,
                                             Preferences& prefs) {
  // The loaders read at most a byte over the cap; a text over it is no save
  // of this version, and its preferences are not read either.
  if (saved.size() <= kMaxSaveBytes) prefs = take_preferences(saved, prefs);
  SaveNotes notes;
  if (const std::optional<std::string> problem = game.load(saved, &notes)) {
    return notes.newer ? "The saved game is from a newer version of Minimax Arcade. It is kept as "
                         "it is until you play here; a new game was started."
                       : "The saved game could not be restored (" + *problem +
                             "); a new game was started. The saved text is kept until you play.";
  }
  if (notes.dropped.empty()) return std::nullopt;
  std::string told;
  for (const std::string& note : notes.dropped) told += (told.empty() ? "" : " ") + note;
  return told;
}

void GameStorage::write(const GameController& game, const Preferences& prefs) {
  if (!storage_.save) return;
  if (held_games_) {
    if (game.save() == *held_games_) return;  // see read
    held_games_.reset();
  }
  std::string state = game.save() + preferences_line(prefs);
  if (state == saved_) return;
  saved_ = std::move(state);
  storage_.save(saved_);
}

}  // namespace arcade::app
