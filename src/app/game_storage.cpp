#include "app/game_storage.h"

namespace arcade::app {
namespace {

// The app ends what it stores with a line end: a text without one was cut
// inside its last line. When that line is the preferences' (after the
// games' "end" line), the games read whole and the cut goes unseen, so it
// is found here: its last word goes, as it may be a piece of a longer one
// ("pace 70" of "pace 700"), and the caller says it.
bool drop_cut_preferences(std::string& saved) {
  if (saved.empty() || saved.back() == '\n') return false;
  const std::size_t last_line = saved.rfind('\n') + 1;  // 0 with no line end at all
  const std::string line = preferences_line({});
  const std::string key = line.substr(0, line.find(' ') + 1);
  if (saved.compare(last_line, key.size(), key) != 0) return false;
  saved.erase(std::max(saved.find_last_of(" \t"), last_line + key.size() - 1));
  saved += '\n';
  return true;
}

}  // namespace

std::optional<std::string> GameStorage::restore(GameController& game, Preferences& prefs) {
  std::optional<std::string> saved = storage_.load ? storage_.load() : std::nullopt;
  if (!saved) return std::nullopt;
  std::optional<std::string> told = read(std::move(*saved), game, prefs);
  if (told) held_ = Held{game.save(), game.person_actions()};
  return told;
}

// A save not read whole (refused, restored without some part, or cut in
// its preferences' line) is kept as stored until the person changes the
// game, so that nothing is lost before they have read the notice and
// chosen: a later version's save, above all, waits for the person to go
// back to that version. "Changes the game" is a person's own action
// (GameController::person_actions: a move, undo or redo, a new game or
// rematch, another game chosen, a link or pasted moves opened, a side or
// level changed, AI against AI paused) that changes what GameController::
// save writes. The AI's own moves, as in a restored game where the AI is
// to move, do not: a person who has not played has chosen nothing. A
// preference changed alone (sound, motion, pace) does not write it over.
std::optional<std::string> GameStorage::read(std::string saved, GameController& game,
                                             Preferences& prefs) {
  // The loaders read at most a byte over the cap; a text over it is no save
  // of this version, and its preferences are not read either.
  const bool cut_preferences = saved.size() <= kMaxSaveBytes && drop_cut_preferences(saved);
  if (saved.size() <= kMaxSaveBytes) prefs = take_preferences(saved, prefs);
  SaveNotes notes;
  if (const std::optional<std::string> problem = game.load(saved, &notes)) {
    return notes.newer ? "The saved game is from a newer version of Minimax Arcade. It is kept as "
                         "it is until you play here; a new game was started."
                       : "The saved game could not be restored (" + *problem +
                             "); a new game was started. The saved text is kept until you play.";
  }
  if (cut_preferences)
    notes.dropped.push_back(
        "The saved game was cut short in its last line, the settings; the games loaded whole.");
  if (notes.dropped.empty()) return std::nullopt;
  std::string told;
  for (const std::string& note : notes.dropped) told += (told.empty() ? "" : " ") + note;
  return told;
}

void GameStorage::write(const GameController& game, const Preferences& prefs) {
  if (!storage_.save) return;
  if (held_) {
    std::string games = game.save();
    // The AI alone moved: the stored text stays (see read).
    if (game.person_actions() == held_->person_actions) {
      held_->games = std::move(games);
      return;
    }
    // The person did something that changed nothing saved (a hint, say).
    if (games == held_->games) {
      held_->person_actions = game.person_actions();
      return;
    }
    held_.reset();
  }
  std::string state = game.save() + preferences_line(prefs);
  if (state == saved_) return;
  saved_ = std::move(state);
  storage_.save(saved_);
}

}  // namespace arcade::app
