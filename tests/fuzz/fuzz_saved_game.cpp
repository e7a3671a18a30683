// Fuzz target: the app's saved games, GameController::load
// (app/game_controller.h; the arcade_app_model library, no SDL or GL).
//
// What it checks, on any text:
//  - load either restores a game or returns a message (non-empty), and
//    never crashes; a text over the cap (kMaxSaveBytes) is refused;
//  - a refused text changes nothing: save() afterwards is what it was
//    before (the controller holds a game in progress, so that a half
//    applied load would show);
//  - a restored game round-trips: its save() loads again, whole (no note),
//    and save() then gives the same text;
//  - the reader tells a save that is not whole: that save cut at a point of
//    the input's choosing, or with a zero byte there, is refused or restored
//    with a note, never taken for whole.
// An input that starts with the byte 0xFF is its rest repeated up to
// (1 + the next byte) x 64 KiB, at most 5 MiB: saves of megabytes (the cap
// is 1 MiB), long moves and kept lines, from small inputs libFuzzer mutates
// quickly.
// Why: the app restores its last game at every start, from a file natively
// and from the browser's local storage on the web, both of which can hold
// anything (an older or newer version's save, a truncated write, a hand
// edit). A bad save must be read as far as it is good, with a notice,
// never crash the app or leave it half restored.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/game/game_controller.h"
#include "fuzz_check.h"
#include "silent_engine.h"

namespace arcade::fuzz {
namespace {

// A game in progress with something in every field a save holds: moves
// played and one undone, both sides people, paused.
void set_up_game(app::GameController& game) {
  game.set_side(0, {false, 2});
  game.set_side(1, {false, 4});
  for (const char* move : {"b2", "a1", "c3"}) game.play(move);
  game.undo();
  game.set_paused(true);
}

// One controller for the whole run, at the same game before every input.
// Why not a new one each time: a controller once held a session with a
// 16 MB table (about 60 ms under ASan; now it holds game views of a few
// bytes), and a reused one keeps a game in progress that a half applied load
// would change. Between inputs only load changes it, and a refused load changes nothing
// (checked), so only a restored game needs putting back (`baseline`). Load
// also ends any search and drops a hint; nothing else is kept, as this
// engine never answers.
struct Fixture {
  Fixture() {
    set_up_game(game);
    baseline = game.save();
  }
  SilentEngine engine;
  app::GameController game{engine};
  std::string baseline;
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

// A restored game's save loads again, whole, to the same save.
void check_restored(app::GameController& game) {
  const std::string saved = game.save();
  app::SaveNotes notes;
  if (std::optional<std::string> problem = game.load(saved, &notes))
    fail("a restored game's save does not load: " + *problem, saved);
  if (!notes.dropped.empty()) fail("a whole save loads with a note: " + notes.dropped[0], saved);
  if (game.save() != saved) fail("a restored game's save does not round-trip", saved);
}

// `saved` (a whole save) cut at `at`, or with a zero byte there, is never
// taken for whole.
void check_damage_told(app::GameController& game, const std::string& saved, std::size_t at) {
  for (const std::string& damaged :
       {saved.substr(0, at), saved.substr(0, at) + '\0' + saved.substr(at + 1)}) {
    app::SaveNotes notes;
    if (!game.load(damaged, &notes) && notes.dropped.empty())
      fail("a save cut short or with a zero byte loads as whole", damaged);
  }
}

}  // namespace
}  // namespace arcade::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace arcade::fuzz;
  const std::string text = input_text(as_text(data, size));
  Fixture& f = fixture();
  if (const std::optional<std::string> problem = f.game.load(text)) {
    if (problem->empty()) fail("a save refused without a message", text);
    if (f.game.save() != f.baseline) fail("a refused save changed the game", text);
    return 0;
  }
  if (text.size() > arcade::app::kMaxSaveBytes) fail("a save over the cap was read", text);
  check_restored(f.game);
  const std::string restored = f.game.save();
  check_damage_told(f.game, restored, text.size() % restored.size());
  if (f.game.load(f.baseline) || f.game.save() != f.baseline)
    fail("the fuzzer's own game does not restore from its save", f.baseline);
  return 0;
}
