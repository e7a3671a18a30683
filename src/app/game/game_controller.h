#pragma once
// The game in progress as the player sees it: which game, the moves played
// and undone, who plays each side (a person or the AI at a level), and the
// engine requests in flight. It knows no SDL, GL or browser, so it is tested
// natively; the UI draws from it and feeds it clicks and buttons.
//
// It holds the game through GameView (games/game_view.h): typed positions and
// moves, whatever the game. Text is only for the engine's protocol, saved
// games, links and the move list: a move's notation is written once, when it
// is played, and read once, when it comes from the engine, a saved game or a
// link.
//
// The engine is asked for a move whenever the side to move is the AI (and AI
// against AI is not paused). Anything that changes the position (a move,
// undo, redo, new game, swapping sides) abandons the running search first:
// its replies carry its request number and are dropped, so a stale answer
// never lands on the board.
//
// The rules a player relies on, and why:
//
// - Undo and redo are mirrors. Undo takes moves back to the last position
//   where a person is to move; redo replays the recorded moves until a
//   person is to move again (or none is left). Against the AI that is two
//   plies each way, so undo, undo, redo, redo gives back the same game.
//   With the AI on both sides each is one ply, and AI against AI pauses.
// - The AI never searches over a position whose recorded next move waits to
//   be redone: a search would play, and a move played clears the redo list,
//   so the game a player stepped back through would be gone without them
//   asking. There (after go_to, or when a side was switched to the AI) the
//   AI waits (waiting_for_redo()): redo() replays the game, move_now() is
//   the player's explicit "play from here", and the redo moves go when the
//   AI's move lands. A move equal to the next redo move (anyone's) keeps the
//   rest of the list: it is the same game.
// - Looking at an earlier position is a mode of its own (viewing()): a
//   click in the move list or the evaluation graph, `goto`, or undo into a
//   position where the AI would wait on its recorded move. It always has two
//   ways out: back_to_game() replays every recorded move, play_on() drops the
//   later moves and lets play continue from here (the AI moves if it is its
//   turn). A person's move there plays on too: the same move as recorded
//   steps forward, another replaces the later moves.
// - Each game (by name) has its own sides, levels and pause: choosing them
//   in one game never changes another's, and a game opened the first time
//   starts with a person against the AI whatever the others use.
// - Nothing is lost by accident. Each game (by name) keeps its game in
//   progress while another is played (switch_game, a new game or link of
//   another game), and saves keep them too. A new game, rematch, link or
//   pasted move list that replaces a game of the same name keeps the one it
//   replaced (one level): undo with no move to take back brings it back,
//   sides included (a rematch swapped them). Undone moves of the new game go
//   with it: it has just been started.
// - Opening a link or pasted text either works or changes nothing: every
//   part is read and checked before the board changes.
// - The session's score counts each finished game once, wherever it is: on
//   the board, kept, waiting for undo to bring it back, or gone for good (a
//   later new game, switch or load let it go). Counting the games held as
//   they stand, rather than adding each as it is left, shows a result at
//   once, un-counts a finished game that undo reopens, and never counts a
//   game twice when it comes back (a loaded game is new to the session).
//   Only games that ended with a move played count (a position set up
//   finished is no game); a game is scored by who played it when it ended
//   (a side changed afterwards changes nothing: a win is the person's only
//   if a person played that side then).
//   Not saved: a session's.
// - AI against AI at a pace (set_ai_pace): the next search starts no sooner
//   than the pace after the AI's previous move, so that people can follow
//   the game; move_now() does not wait.

#include <array>
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/engine_link/engine_link.h"
#include "app/game/ai_turn.h"
#include "app/game/game_links.h"
#include "app/game/game_record.h"
#include "app/game/kept_games.h"
#include "app/game/pondering.h"
#include "app/game/saved_game.h"
#include "games/game_view.h"

namespace arcade::app {

// The game's state and the coordinator of its engines: the AI's searches
// are AiTurn's (ai_turn.h), thinking on the person's time Pondering's
// (pondering.h); this says when each runs and plays the AI's moves. The
// games off the board are KeptGames's (kept_games.h). Its engines' part is
// in game_controller_engines.cpp, links, pasted text and saves in
// game_controller_text.cpp.
class GameController {
 public:
  explicit GameController(EngineClient& engine);
  // Its AI and ponders hold on to engines_.
  GameController(const GameController&) = delete;
  GameController& operator=(const GameController&) = delete;

  // While a frame is built the UI reads the game by reference (a position,
  // its start, the line) and holds on to it across its controls; a change
  // then would free what the rest of the frame still reads. So a frame holds
  // a ReadOnly for as long as it is built, and every change below checks
  // for one: a change while one lives stops the app at once, naming the
  // change, rather than leaving a dangling reference to be called later.
  // (The app posts a control's change to run after the frame: AppContext::later.)
  class ReadOnly {
   public:
    ReadOnly(ReadOnly&& other) noexcept;
    ReadOnly(const ReadOnly&) = delete;
    ReadOnly& operator=(const ReadOnly&) = delete;
    ReadOnly& operator=(ReadOnly&&) = delete;
    ~ReadOnly();

   private:
    friend class GameController;
    explicit ReadOnly(const GameController* game) : game_(game) {}
    const GameController* game_;
  };
  [[nodiscard]] ReadOnly read_only() const;
  bool read_only_now() const { return readers_ > 0; }

  // --- Commands from the UI. Each returns an error message, or nothing. ---
  // A fresh game. `start` is "startpos" or a position string of the game.
  std::optional<std::string> new_game(const std::string& game,
                                      const std::string& start = "startpos");
  // Back to the game `game` kept in progress, or a fresh one.
  std::optional<std::string> switch_game(const std::string& game);
  // The same game from the same start, each person on the other side.
  void rematch();
  std::optional<std::string> play(Move move);                // a person's move
  std::optional<std::string> play(const std::string& move);  // the same, in notation
  // Takes back to the last position where a person is to move; with no move
  // to take back, brings back the game a new game replaced.
  void undo();
  // Replays the moves undone until a person is to move again.
  void redo();
  // Shows the position after `plies` moves of the line and its redo moves
  // (the game's whole known line): the moves after it wait to be redone.
  // The AI waits there (see above); at the line's end, where it would play,
  // it is paused, so that stepping through a game never makes it play.
  void go_to(std::size_t plies);
  // Viewing an earlier position (see above): replays every recorded move.
  void back_to_game();
  // Viewing an earlier position: drops the moves after it and lets play go
  // on from it (unpaused: the AI moves if it is its turn).
  void play_on();
  void swap_sides();
  void set_side(int side, SideSettings settings);
  void set_paused(bool paused);
  void request_hint();
  // The AI plays now: its best move so far while it searches; while it is
  // paused or waits on a redo move, it searches and plays one move from here.
  void move_now();
  // AI against AI: the least time from one move to the next search (0: as
  // fast as the engine answers).
  void set_ai_pace(int milliseconds) { ai_.set_pace(milliseconds); }

  // Call once a frame: reads the engine's replies and starts AI moves.
  // `now_seconds` is any steady clock (for the pace); update() reads one.
  // Returns whether an engine replied: all a search shows comes that way.
  bool update(double now_seconds);
  bool update();

  // --- Links and pasted text. ---
  // "game=connect4&moves=4.4.5.3": the game's protocol name and the moves
  // played, in notation, joined by '.'. A game with start variants always
  // names its variant ("&start=c1"); a start that is no variant is written
  // as "&position=" and its position string with '+' for spaces. The moves
  // undone are not shared: a link shows the position on the board.
  std::string share_fragment() const;
  // Opens a link's game (the fragment, with or without '#', or a whole URL):
  // keys game, start (a variant's name) or position, moves, and redo (moves
  // after them waiting to be redone). It becomes the game on the board; the
  // one before is kept, as for a new game. Over the caps (kMaxLinkChars,
  // kMaxGameMoves) it says so, with the count; a problem that quotes the
  // text quotes a short piece of it.
  std::optional<std::string> open_link(const std::string& link);
  // What a person pastes: a link (it holds "game="), a move list of this
  // game from its start (separated by spaces, dots or commas; a word that is
  // no move is read as moves of one character each, such as Connect Four's
  // "4453"), or a position string of this game.
  std::optional<std::string> open_text(const std::string& text);

  // --- State for the UI. ---
  const std::string& game() const { return board_.game; }
  const std::string& start_position() const { return board_.start_text; }
  const GameView& start() const { return *board_.start; }
  // The side to move after the line's first `plies` moves (replayed: turns
  // need not alternate, as when a side moves again).
  int side_to_move_at(std::size_t plies) const;
  const GameView& position() const { return *board_.position; }  // now
  // In a game of agents, how the other team (side 1) plays: as its AI
  // level says (GameView::opponents_at_level), or, a person playing it, as
  // an adversary. What every search of the game assumes of it, the AI's
  // and the lab's. None in a two-player game.
  std::optional<std::string> opponents_in_play() const;
  const std::vector<PlayedMove>& line() const { return board_.line; }
  std::vector<std::string> moves() const;  // the line in notation
  bool can_undo() const { return !board_.line.empty() || kept_games_.has_replaced(); }
  bool can_redo() const { return !board_.redo.empty(); }
  // The moves undone, the next one first.
  std::vector<std::string> redo_moves() const;
  std::vector<Move> legal_moves() const { return position().legal_moves(); }
  int side_to_move() const { return position().side_to_move(); }  // 0 moves first
  const SideSettings& side(int s) const { return sides_[s]; }
  bool paused() const { return paused_; }
  // The AI is to move where a recorded move waits to be redone: it does not
  // search (see above).
  bool waiting_for_redo() const;
  // Looking at an earlier position of the game (see above).
  bool viewing() const;
  // The plies of the game's whole known line: played and waiting to be redone.
  std::size_t known_plies() const { return board_.line.size() + board_.redo.size(); }
  bool ai_thinking() const { return ai_.searching(); }
  // The engine refused the AI's search here: an `error` in reply to a line
  // that set it up (engine_error() says which). The AI waits rather than
  // ask again; a new position (a new game, undo, a person's move) or
  // move_now asks again.
  bool ai_refused() const { return ai_.refused(engine_position()); }
  // The AI's engine could not start (EngineClient::failed); retry_engine
  // starts it again, and the AI's move follows once it runs.
  bool engine_failed() const { return engines_.front().failed(); }
  void retry_engine() { engines_.front().retry(); }
  bool hint_pending() const { return ai_.hint_pending(); }
  // The suggested move, once known.
  const std::optional<PlayedMove>& hint() const { return ai_.hint(); }
  const Thinking& thinking() const { return ai_.thinking(); }
  // The last move if the AI played it (nothing after undo, redo or a new game).
  const std::optional<AiMove>& last_ai_move() const { return ai_.last_move(); }
  bool game_over() const { return position().outcome() != Outcome::kOngoing; }
  // 0 or 1 for the winner, -1 for a draw or a game in progress.
  int winner() const;
  // Who played each side when the game on the board ended (its sides now
  // while it goes on): whose the result is.
  const std::array<SideSettings, 2>& result_sides() const {
    return board_.ended_by ? *board_.ended_by : sides_;
  }
  // The last message of a failed engine request (an `error` line), if any.
  const std::string& engine_error() const { return ai_.error(); }
  // How many commands above a person gave (each counts, whatever it
  // changed; load and update do not, nor anything the AI does): a save not
  // read whole is kept as stored until a person changes the game
  // (GameStorage), and the AI's own moves change nothing of that.
  std::uint64_t person_actions() const { return person_actions_; }
  // This session's finished games of `game`, or of the game on the board.
  SessionScore score(const std::string& game) const;
  SessionScore score() const { return score(game()); }

  // The heuristic's weights, sent before every search, so that the AI plays
  // with them.
  void set_engine_weights(EngineWeights weights);

  // Thinking on the person's time (on by default; pondering.h): while a
  // person is to move against the AI at Expert or Perfect, the engines
  // ponder the person's replies; the one the person plays becomes the AI's
  // search. Anything else that changes the position, the sides or the
  // options ends the ponders, and their answers are never played.
  void set_pondering(bool on) { pondering_.set_on(on); }
  bool pondering() const { return pondering_.running(); }
  // Engines of their own that ponder beside the main one, each its own
  // table (on the web a worker each), a share of the replies each. The
  // reply a helper pondered is answered by that helper (ponderhit); the
  // others stop. Each must outlive the controller or the next call.
  void set_ponder_helpers(const std::vector<EngineClient*>& helpers);
  std::size_t ponder_helpers() const { return engines_.size() - 1; }

  // The position on the board as an engine is told it, or the one after
  // the line's first `plies` moves.
  EnginePosition engine_position() const { return engine_position(line().size()); }
  EnginePosition engine_position(std::size_t plies) const;
  // The position after `legal` is played on the board's.
  EnginePosition engine_position_after(Move legal) const;

  // --- Saving: the games and settings as text, and back. ---
  // "minimax-arcade-save 4": the lines of version 1 (the game on the board,
  // its start, moves, redo moves, pause and sides), then a line
  // "kept <link fragment with redo>" for each game kept in progress (as
  // version 2), then "sides <game> ai|human LEVEL ai|human LEVEL [paused]"
  // for each other game whose sides were chosen (version 3: each its own),
  // then "end <the number of lines before it>" (version 4), by which a
  // reader tells a whole save from one cut short.
  std::string save() const;
  // Restores a saved game (version 1 to 4), keeping what is valid: the
  // moves up to the first illegal one, default sides for a side line that
  // does not read, the moves of a save cut short (at its end or at a zero
  // byte) before the cut; `notes`, if given, gets what was left out. A kept
  // game that does not read is dropped; the game on the board whose start
  // does not read becomes a new game of it, the kept ones staying. Unknown
  // lines are passed over. Lines may end in CRLF and trailing spaces.
  // Versions 1 and 2 had one set of sides for every game: the game on the
  // board and each kept one take them. Refused, changing nothing (the
  // message says why): a text that is no save, a save of a later version
  // (notes->newer), one over kMaxSaveBytes, one whose game on the board is
  // over kMaxGameMoves moves or is no game of this version.
  std::optional<std::string> load(const std::string& saved, SaveNotes* notes = nullptr);

 private:
  // The side to move after `line` (legal from the start).
  int side_after(const std::vector<PlayedMove>& line) const;
  // Replays `line` from the start: its moves are legal, they were read or
  // played in their positions.
  void set_line(std::vector<PlayedMove> line);
  void play_unchecked(Move move);
  // Puts `next` on the board, the game on it kept as a new game keeps it.
  void replace_game(GameState next);
  // Puts `next` on the board; the game on it is the caller's to keep.
  void show(GameState next);
  // Keeps the game on the board under its name (nothing for an empty one).
  void keep_current();
  // What was on the board, for keeping: it leaves with the sides now.
  GameState take_current();
  // The board's game becomes `game`: the sides are that game's.
  void use_sides_of(const std::string& game);
  // The game on the board ended (or its end came back): records who played.
  void note_end();
  bool ai_may_search(double now) const;
  // Drops the searches in flight; also the ponders unless `keep_ponder` (a
  // person's move, which a ponder may have foreseen).
  void abandon_searches(bool keep_ponder = false);
  void start_search(bool hint);
  SearchSetup search_setup() const { return {board_.game, engine_weights_, opponents_in_play()}; }
  // A person is to move against the AI at a pondering level, and the
  // engines have nothing else to do.
  bool may_ponder() const;
  void update_ponder();
  // Reads every engine's replies; whether there were any.
  bool read_replies();
  // Plays the AI's move, in the engine's notation.
  void take_engine_move(const std::string& text);

  // Stops the app if a ReadOnly lives (see above): `change` is its name.
  void check_writable(const char* change) const;

  mutable int readers_ = 0;                            // ReadOnly guards alive
  GameState board_;                                    // the game on the board
  KeptGames kept_games_;                               // kept in progress, replaced, gone
  std::array<SideSettings, 2> sides_ = kDefaultSides;  // sides_game_'s
  std::string sides_game_;                        // the game whose sides sides_ are: the board's
  std::map<std::string, GameSides> other_sides_;  // the other games', by game
  bool paused_ = false;
  std::uint64_t person_actions_ = 0;
  double now_ = 0;
  std::optional<EngineWeights> engine_weights_;
  // The main engine, then the ponder helpers (set_ponder_helpers): the AI
  // searches on the main one, or on the one whose ponder became its search.
  std::vector<EngineLink> engines_;
  AiTurn ai_{engines_};
  Pondering pondering_{engines_};
};

}  // namespace arcade::app
