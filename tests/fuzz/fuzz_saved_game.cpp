// Fuzz target: the app's saved games, GameController::load
// (app/game_controller.h; the arcade_app_model library, no SDL or GL).
//
// What it checks, on any text:
//  - load either restores a game or returns a message (non-empty), and
//    never crashes;
//  - a refused text changes nothing: save() afterwards is what it was
//    before (the controller starts from a game in progress, so that a half
//    applied load would show);
//  - a restored game round-trips: its save() loads again, and save() then
//    gives the same text.
// Why: the app restores its last game at every start, from a file natively
// and from the browser's local storage on the web, both of which can hold
// anything (an older version's save, a truncated write, a hand edit). A bad
// save must be ignored with a notice, never crash the app or leave it half
// restored.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/game_controller.h"
#include "fuzz_check.h"

namespace arcade::fuzz {
namespace {

// An engine that accepts every request and never answers: load and save
// need none of its replies.
class SilentEngine : public app::EngineClient {
 public:
  std::uint64_t send(const std::string&) override { return ++requests_; }
  void stop() override {}
  std::vector<app::EngineReply> poll() override { return {}; }
  bool ready() const override { return true; }

 private:
  std::uint64_t requests_ = 0;
};

// A game in progress with something in every field a save holds: moves
// played and one undone, both sides people, paused. (Tic-tac-toe, the game
// the controller starts with: every new game makes a session with a 16 MB
// table, the bulk of a run's time under ASan.)
void set_up_game(app::GameController& game) {
  game.set_side(0, {false, 2});
  game.set_side(1, {false, 4});
  for (const char* move : {"b2", "a1", "c3"}) game.play(move);
  game.undo();
  game.set_paused(true);
}

// A restored game's save loads again, to the same save (into the same
// controller: a fresh one would cost another session, see above).
void check_restored(app::GameController& game) {
  const std::string saved = game.save();
  if (std::optional<std::string> problem = game.load(saved))
    fail("a restored game's save does not load: " + *problem, saved);
  if (game.save() != saved) fail("a restored game's save does not round-trip", saved);
}

}  // namespace
}  // namespace arcade::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace arcade::fuzz;
  const std::string text(as_text(data, size));
  SilentEngine engine;
  arcade::app::GameController game(engine);
  set_up_game(game);
  const std::string before = game.save();
  if (const std::optional<std::string> problem = game.load(text)) {
    if (problem->empty()) fail("a save refused without a message", text);
    if (game.save() != before) fail("a refused save changed the game", text);
    return 0;
  }
  check_restored(game);
  return 0;
}
