#include "app/game_in_words.h"

#include <algorithm>
#include <array>

#include "app/board/board_scene.h"
#include "app/engine_link/engine_info.h"

namespace arcade::app {
namespace {

// The AI's move is the last one on the board and a pass.
bool ai_passed(const GameController& game) {
  const std::optional<AiMove>& last = game.last_ai_move();
  return last && !game.line().empty() && game.line().back().cells.is_pass() &&
         game.line().back().text == last->move;
}

}  // namespace

std::string status_text(const GameController& game, bool touch) {
  if (game.game_over()) return game.position().end_in_words();
  const std::string figures = figures_text(game, touch);
  return turn_text(game) + (figures.empty() ? "." : ": " + figures);
}

std::string turn_text(const GameController& game) {
  const int mover = game.side_to_move();
  const SideDescription& side = game.position().side(mover);
  const std::string name(side.name);
  if (game.viewing()) {
    const std::size_t ply = game.line().size();
    const std::string of = " of " + std::to_string(game.known_plies());
    return ply == 0 ? "Viewing the start" + of : "Viewing move " + std::to_string(ply) + of;
  }
  if (ai_failed(game) && game.side(mover).ai) return "The AI could not start";
  if (game.ai_refused() && game.side(mover).ai) return "The engine refused this position";
  if (game.ai_thinking()) return name + " (AI) " + (side.plural ? "are" : "is") + " thinking";
  // Never "Your move" for a side the AI plays, whatever keeps it waiting.
  if (game.side(mover).ai) return name + " (AI) to move" + (game.paused() ? ", paused" : "");
  const bool person_vs_ai = game.side(0).ai != game.side(1).ai;
  return person_vs_ai ? "Your move, " + name : name + " to move";
}

// Only where a side is the AI's: in a game of two people the engine's
// failure changes nothing they can see.
bool ai_failed(const GameController& game) {
  return !game.game_over() && (game.side(0).ai || game.side(1).ai) && game.engine_failed();
}

// A move on the board while viewing plays on from there (GameController::
// play): the recorded move steps forward, another replaces the later ones.
// Taking the click, rather than ignoring it, is what a learner who has
// stepped back to try a better move expects; the heading says so first.
// Where the AI is to move a click can play nothing: the cue says how to
// let it.
std::string viewing_cue(const GameController& game, bool touch) {
  const int mover = game.side_to_move();
  const std::string name(game.position().side(mover).name);
  if (game.side(mover).ai) return name + " (AI) moves once you play on from here";
  return std::string(touch ? "A tap" : "A move") + " here plays on; the later moves go";
}

std::string last_move_words(const GameController& game) {
  return game.line().empty() || game.viewing() ? std::string() : game.line().back().words;
}

// A move's words say what it did, then why after a colon ("North captures 4
// seeds: the last seed fell in an empty house of its own."): the what.
std::string last_move_headline(const GameController& game) {
  const std::string words = last_move_words(game);
  return words.substr(0, words.find(':'));
}

// What the AI's search says as it goes (once it has said something), or
// what its last one said, while nothing newer is known; the hint. Once the
// game is over, how it ended: the last search's words are old news then.
std::string figures_text(const GameController& game, bool touch, bool brief) {
  const GameView& position = game.position();
  if (game.game_over()) return position.end_in_words();
  const int mover = game.side_to_move();
  if (game.viewing()) return viewing_cue(game, touch);
  if (ai_failed(game)) {
    return game.side(mover).ai ? "Its files did not load."
                               : "The AI could not start: its files did not load.";
  }
  // Said, never waited on (ai_turn.h): the person goes on from here.
  if (game.ai_refused() && game.side(mover).ai)
    return "The engine said: " + visible(game.engine_error()) + ". Undo or start a new game.";
  if (game.ai_thinking()) {
    const Thinking& t = game.thinking();
    if (t.depth == 0) return "";
    return brief ? search_in_brief_sentence(t, mover, position)
                 : search_in_words(t, mover, position);
  }
  // What the last move did that its cells do not say (a side moving again,
  // a capture), first: it is why the turn is whose it is.
  std::string text = brief ? last_move_headline(game) : last_move_words(game);
  const auto then = [&text] {
    if (!text.empty() && text.back() != '.') text += ".";
    if (!text.empty()) text += " ";
  };
  if (game.hint_pending())
    then(), text += "Looking for a hint...";
  else if (game.hint())
    then(), text += "Hint: " + game.hint()->text;
  const std::optional<AiMove>& last = game.last_ai_move();
  if (last && ai_passed(game)) {
    // No cell shows it: said in words (its search told nothing to choose).
    const SideDescription& side = position.side(last->side);
    then();
    text += std::string(side.subject) + " had no move and passed";
  } else if (last && last->thinking.depth > 0) {
    then();
    text += brief ? played_in_brief_words(last->side, last->move, last->thinking, last->choice,
                                          position)
                  : played_in_words(last->side, last->move, last->thinking, last->choice, position);
  }
  return text;
}

std::string how_to_move(const GameController& game, bool touch) {
  const std::string act = touch ? "Tap" : "Click";
  const GameView& position = game.position();
  const BoardLayout& board = position.board();
  if (board.placement == Placement::kDroppedInColumn) {
    const std::string_view noun = board.look.pieces[position.side_to_move() == 0 ? 0 : 1].noun;
    return act + (touch ? " a column to drop a " + std::string(noun)
                        : std::string(" a column, or use ← → and Enter"));
  }
  if (const std::optional<Steps> steps = steps_of(position)) {
    const std::string_view noun = board.look.pieces[position.side_to_move() == 0 ? 0 : 1].noun;
    return touch ? "Swipe to move " + std::string(noun) + ", tap it to stop"
                 : "Arrows or W A S D move " + std::string(noun) + ", Space stops";
  }
  if (const std::string_view own = position.how_to_move(); !own.empty())
    return act + " " + std::string(own) + (touch ? "" : ", or use the arrow keys and Enter");
  const std::vector<Move> moves = position.legal_moves();
  if (std::any_of(moves.begin(), moves.end(),
                  [&](Move m) { return position.move_cells(m).moves_a_piece(); }))
    return act + " a piece, then the square it goes to";
  return act + (touch ? " a square" : " a square, or use the arrow keys and Enter");
}

std::string end_title(const GameController& game) {
  const int winner = game.winner();
  if (winner < 0) return "Draw";
  // Who played when it ended: sides changed since change nothing.
  const std::array<SideSettings, 2>& sides = game.result_sides();
  const bool person_vs_ai = sides[0].ai != sides[1].ai;
  if (person_vs_ai) return sides[winner].ai ? "The AI wins" : "You win!";
  return side_wins(game.position().side(winner));
}

// The person's against the AI's, or each side's.
std::string score_text(const GameController& game) {
  const SessionScore score = game.score();
  if (score.games() == 0) return "";
  const auto& v = score.versus_ai;
  const auto& b = score.by_side;
  std::string text;
  const auto add = [&text](const std::string& who, int n) {
    if (!text.empty()) text += " \u00b7 ";
    text += who + " " + std::to_string(n);
  };
  if (v.you + v.ai + v.draws > 0) {
    add("You", v.you);
    add("AI", v.ai);
  }
  if (b.first + b.second + b.draws > 0) {
    add(std::string(game.position().side(0).name), b.first);
    add(std::string(game.position().side(1).name), b.second);
  }
  add("Draws", v.draws + b.draws);
  return text;
}

}  // namespace arcade::app
