#pragma once
// A game as the player's record of it: its start, the moves played and those
// undone, who played it, and the session's score over finished games. Read
// from text (a link, a paste, a save) only through read_game, which checks
// every part before anything changes. No engine, no UI.

#include <array>
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/parsed.h"
#include "games/game_view.h"

namespace arcade::app {

// A game read from a link, pasted text or a save with more than this many
// moves (played and to redo together, each game on its own) is refused with
// a notice and changes nothing.
inline constexpr std::size_t kMaxGameMoves = 10000;

struct SideSettings {
  bool ai = false;
  int level = 3;  // 1..kLevelCount (engine/level.h)
  friend bool operator==(const SideSettings&, const SideSettings&) = default;
};

// A move of the game in progress, with what the UI shows of it.
struct PlayedMove {
  Move move = kNoMove;
  std::string text;  // in the game's notation
  MoveCells cells;   // in the position it was played in
  // What it did beyond its cells, in words, or "" (GameView::move_words):
  // "South moves again: its last seed fell in its store."
  std::string words = {};
};

// Finished games of one game this session. A person against the AI counts
// as the person's result, whichever colour they had; any other match-up
// (people on both sides, the AI on both) by side.
struct SessionScore {
  struct VersusAi {
    int you = 0;
    int ai = 0;
    int draws = 0;
    friend bool operator==(const VersusAi&, const VersusAi&) = default;
  };
  struct BySide {
    int first = 0;  // side 0, who moves first from the standard start
    int second = 0;
    int draws = 0;
    friend bool operator==(const BySide&, const BySide&) = default;
  };
  VersusAi versus_ai;
  BySide by_side;
  int games() const {
    return versus_ai.you + versus_ai.ai + versus_ai.draws + by_side.first + by_side.second +
           by_side.draws;
  }
  friend bool operator==(const SessionScore&, const SessionScore&) = default;
};

// One game: its start and its moves, played and undone. The controller's
// own: the game on the board, a kept one, the one a new game replaced.
struct GameState {
  std::string game;
  // The start as the protocol writes it, in its one text form
  // (start_text_of): the save, the link and the engine's `position` line
  // all carry this, never the text a person gave.
  std::string start_text = "startpos";
  std::unique_ptr<GameView> start;
  std::unique_ptr<GameView> position;  // after `line`
  std::vector<PlayedMove> line;
  std::vector<PlayedMove> redo;  // the next move to redo last
  // Who played it when it was left (the game on the board has the
  // controller's sides).
  std::array<SideSettings, 2> sides;
  // Who played it when it ended (set while its end is on the board or
  // waits to be redone): the result is theirs.
  std::optional<std::array<SideSettings, 2>> ended_by;
  // Stepped back through the move list (go_to): viewing an earlier position
  // until the moves waiting to be redone are replayed or dropped.
  bool browsing = false;
};

// The sides of a game opened the first time: a person against the AI.
inline constexpr std::array<SideSettings, 2> kDefaultSides{SideSettings{false, 3},
                                                           SideSettings{true, 3}};

// A game's sides and AI-against-AI pause, kept by game's name.
struct GameSides {
  std::array<SideSettings, 2> sides;
  bool paused = false;
};

// A start's one text form: "startpos" for the game's own start, a start
// variant's text for one of its variants, else GameView::position_text (a
// position read once from whatever text a person gave, written as the game
// writes it: Pac-Man's empty cells as '_', never spaces a line's reader
// could trim or a protocol could split).
std::string start_text_of(const GameView& start);
// The moves' notation, in order; the moves undone, the next first (they
// are kept with the next last).
std::vector<std::string> texts(const std::vector<PlayedMove>& moves);
std::vector<std::string> redo_texts(const std::vector<PlayedMove>& redo);
// 0 or 1 for the winner, -1 for a draw or a game in progress.
int winner_of(const GameView& position);
// 300020 as "300,020": a count as a player reads it in a notice.
std::string grouped(std::size_t n);
// Why `count` moves are too many (kMaxGameMoves), or nothing.
std::optional<std::string> too_many_moves(std::size_t count);
// `text` cut to `bytes` or less (never inside a character), "..." said
// where it was cut: a notice that quoted pages of pasted text would cover
// the screen.
std::string brief(std::string text, std::size_t bytes = 300);
// Reads the move `text` where `position` stands, plays it there and adds it
// to `line`; or says why it is not legal (numbered from the game's start).
std::optional<std::string> read_move(GameView& position, const std::string& text,
                                     std::vector<PlayedMove>& line);
// One game read from text, every part checked: its start, the moves played
// from there and the moves after them waiting to be redone. With `typed`,
// a word that is no move may be moves of one character each ("4453").
Parsed<GameState> read_game(const std::string& game, const std::string& start,
                            const std::vector<std::string>& moves,
                            const std::vector<std::string>& redo = {}, bool typed = false);
// Counts `state` if it ended with a move played, as played when it ended.
void count_if_ended(SessionScore& score, const GameState& state);
bool has_moves(const GameState& state);

}  // namespace arcade::app
