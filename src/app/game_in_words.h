#pragma once
// The game in words, as the app says it above the board, in the end's banner
// and in App::state: whose turn it is, what the AI's search says, how to
// play a move, how the game ended, the session's score. Functions of the
// game alone (and of whether the screen is touched), so that the heading, the
// panel and the scripts say the same.

#include <string>

#include "app/game/game_controller.h"

namespace arcade::app {

// The heading: whose turn it is (or which move is viewed, or that the AI
// could not start).
std::string turn_text(const GameController& game);
// Under it: what the AI's search says as it goes, or what its last one said;
// the hint; how the game ended; while viewing, the cue. `brief`: the
// search's reach and score alone, and of the last move's words what it did
// without why, where the line has little room (a phone).
std::string figures_text(const GameController& game, bool touch, bool brief = false);
// What the last move did beyond its cells (GameView::move_words), in full,
// and what it did without why (the words before their colon); "" for none.
std::string last_move_words(const GameController& game);
std::string last_move_headline(const GameController& game);
// Both in one line, for scripts.
std::string status_text(const GameController& game, bool touch);
// Viewing an earlier position: what a move on the board does there.
std::string viewing_cue(const GameController& game, bool touch);
// How a person plays a move on this board, with what they have in hand.
std::string how_to_move(const GameController& game, bool touch);
// The end in a few words, for the person when one plays the AI.
std::string end_title(const GameController& game);
// The session's score in this game; empty before the first finished game.
std::string score_text(const GameController& game);
// The game has an AI side whose engine could not start (the heading says
// so, with Retry).
bool ai_failed(const GameController& game);

}  // namespace arcade::app
