// Fuzz target: links and pasted text, GameController::open_link and
// open_text (app/game_controller.h; the arcade_app_model library, no SDL or
// GL), in every game of the registry.
//
// What it checks, on any text:
//  - each either opens a game or returns a message (non-empty, at most a
//    few lines: a message quotes only a short piece of the text), and
//    never crashes;
//  - a text over the cap (kMaxLinkChars characters) is refused, saying it
//    is too long;
//  - a refused text changes nothing: save() afterwards is what it was
//    before (the controller holds a game in progress);
//  - an opened game has at most kMaxGameMoves moves (played and to redo),
//    and its share link opens again to the same game.
// Input: byte 0 says how the text comes (even: a link, odd: pasted) and
// which game is on the board before (byte 0 / 2, modulo the number of
// games, in the registry's order); the rest is the text, or, when it starts
// with the byte 0xFF, its rest repeated up to (1 + the next byte) x 64 KiB,
// at most 5 MiB: texts of megabytes (the cap is 64 Ki characters), long
// move lists and many keys, from small inputs libFuzzer mutates quickly.
// Why: links come from anyone (a message, a web page) and the address bar
// holds whatever it is given; pasted text is whatever was on the
// clipboard. A 300,000-character link once crashed the web app for good.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/game/game_controller.h"
#include "fuzz_check.h"
#include "games/registry.h"
#include "silent_engine.h"

namespace arcade::fuzz {
namespace {

// One controller for the whole run, put back to its game (`baseline`, one
// per game of the registry: people on both sides, a move played and one
// undone) before every input; a refused text must not have changed it.
struct Fixture {
  Fixture() {
    for (const std::string& name : game_names()) {
      game.switch_game(name);
      game.set_side(0, {false, 3});
      game.set_side(1, {false, 3});
      const std::vector<Move> legal = game.legal_moves();
      if (!legal.empty()) {
        game.play(legal.front());
        if (!game.legal_moves().empty()) game.play(game.legal_moves().back());
        game.undo();
      }
      baselines.push_back(game.save());
    }
  }
  SilentEngine engine;
  app::GameController game{engine};
  std::vector<std::string> baselines;
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

// A message quotes at most a short piece of the text (game_record.cpp's
// brief(): 300 bytes and "...").
constexpr std::size_t kLongestMessage = 303;

std::size_t characters(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

// The game opened: within the cap, and its share link opens to it again.
void check_opened(app::GameController& game, const std::string& text) {
  if (game.line().size() + game.redo_moves().size() > app::kMaxGameMoves)
    fail("a game over the cap on moves was opened", text.substr(0, 4096));
  const std::string fragment = game.share_fragment();
  const std::vector<std::string> moves = game.moves();
  const std::string position = game.position().position_text();
  if (std::optional<std::string> problem = game.open_link(fragment))
    fail("an opened game's share link does not open: " + *problem, fragment);
  if (game.moves() != moves || game.position().position_text() != position)
    fail("an opened game's share link opens another game", fragment);
}

}  // namespace
}  // namespace arcade::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace arcade::fuzz;
  if (size == 0) return 0;
  Fixture& f = fixture();
  const bool pasted = data[0] % 2 == 1;
  const std::string& baseline = f.baselines[(data[0] / 2) % f.baselines.size()];
  if (f.game.load(baseline)) fail("the fuzzer's own game does not restore", baseline);
  const std::string text = input_text(as_text(data + 1, size - 1));
  const std::optional<std::string> problem =
      pasted ? f.game.open_text(text) : f.game.open_link(text);
  const bool too_long = characters(text) > arcade::app::kMaxLinkChars;
  if (problem) {
    if (problem->empty()) fail("a text refused without a message", text.substr(0, 4096));
    if (problem->size() > kLongestMessage) fail("a message of pages: " + *problem);
    if (too_long && problem->find("too long") == std::string::npos)
      fail("a text over the cap refused for another reason: " + *problem);
    if (f.game.save() != baseline) fail("a refused text changed the game", text.substr(0, 4096));
    return 0;
  }
  if (too_long) fail("a text over the cap was opened", text.substr(0, 4096));
  check_opened(f.game, text);
  return 0;
}
