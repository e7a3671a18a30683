#pragma once
// Share links and pasted text: a game as a link's fragment
// ("game=connect4&moves=4.4.5.3") and back, every part checked before the
// board changes (GameController::open_link, open_text).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/game/game_record.h"

namespace arcade::app {

// Caps on text from outside the app: a link or pasted text longer than
// kMaxLinkChars characters is refused with a notice and changes nothing (a
// game's moves are capped too, kMaxGameMoves). Far above any real game (a
// whole game of Connect Four is a link of under 150 characters), low enough
// that reading what is allowed stays instant.
inline constexpr std::size_t kMaxLinkChars = 65536;
// Why `text` is over kMaxLinkChars, with its count in characters ("it is too
// long (300,020 characters; at most 65,536)"), or nothing.
std::optional<std::string> text_too_long(std::string_view text);
// What separates the moves of a link or of a pasted move list.
inline constexpr std::string_view kMoveSeparators = " .,\t\r\n";
// The parts of `text` between any of `separators`, empty ones left out.
std::vector<std::string> split_any(std::string_view text, std::string_view separators);
std::string joined(const std::vector<std::string>& parts, std::string_view separator);
// `text` as a notice can show it whole: a zero byte as \0, a tab, line end
// or other control character as \t, \n, \r or \xHH. A notice is drawn as a
// C string, so a zero byte in a quoted piece of a link would cut it there
// ("...Pac-Man: '"), and a line end would break it.
std::string visible(std::string_view text);
// A link's game (the fragment, with or without '#', or a whole URL): keys
// game, start (a variant's name) or position, moves, and redo.
Parsed<GameState> read_link(std::string_view link);
// A game as a link's fragment; the moves undone with `with_redo`.
std::string link_fragment(const GameState& state, bool with_redo);

}  // namespace arcade::app
