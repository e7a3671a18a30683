#pragma once
// The analysis panel's model: what the engine thinks of the position on the
// board, for any game and whoever plays it (person against person too).
//
// It runs on engines of its own (make_engine_client), so that it never
// stops or delays the AI's search: whenever the position changes it stops
// its searches and starts on the new position at the strongest level with
// every move scored, so exact values come where the game is solved
// (Tic-tac-toe, Wolf and Sheep, Connect Four in its book or within reach of
// the solver) and heuristic ones elsewhere. While the AI thinks it waits and
// the AI's own search is shown instead, so the two do not share the
// processor. When the current position is done, it goes back over the
// game's earlier positions that have no score yet, for the evaluation graph.
//
// With one engine, one search scores every move (RootScores). With helper
// engines (set_helpers: the web's workers share no memory, so the work is
// split by message) each engine searches the positions after its share of
// the moves, and a move's score is its position's, seen from the mover; the
// earlier positions are spread over the engines too.
//
// No ImGui here: analysis_view.cpp draws it; tests drive it with fake
// engines.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/engine_link/engine_link.h"
#include "app/game/game_controller.h"

namespace arcade::app {

struct MoveScore {
  Move move = kNoMove;
  std::string text;
  EngineScore score;  // for the side that plays it
};

// What one analysis found, from the side to move's view.
struct AnalysisResult {
  int depth = 0;
  EngineScore score;
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;
  std::vector<std::string> pv;   // the principal variation, in notation
  std::vector<MoveScore> moves;  // every legal move scored, best first
  bool done = false;             // the engine answered with its move
};

// A move score drawn over the board, on the square the move goes to.
struct BoardLabel {
  Cell cell;
  EngineScore score;               // of each move it stands for
  std::vector<std::string> moves;  // in notation
  // The square of the piece whose move it is, named where another piece's
  // move to the same square scores better (the label stands for this one).
  std::string piece;
  bool best = false;  // as good as the best move
};

// The labels of `result`'s moves over `position`'s board. A score belongs to
// a move, not a square: with a piece selected only its moves are labelled;
// with none, a square two pieces can reach shows one label when both moves
// score alike, and otherwise the worse score, naming the piece that makes
// it. The worse, not both: two labels do not fit a phone's 45-point square,
// and a square that looked better than one way of getting there would hide
// a losing move; selecting the other piece shows its own score.
std::vector<BoardLabel> board_labels(const AnalysisResult& result, const GameView& position,
                                     std::optional<Cell> selected);

class Analysis {
 public:
  explicit Analysis(EngineClient& engine);

  // Engines that share the work with the first one; it keeps pointers.
  void set_helpers(const std::vector<EngineClient*>& helpers);
  std::size_t engines() const { return lanes_.size(); }

  // Call once a frame with the game on the board: starts, stops and reads.
  // Returns whether an engine replied.
  bool update(const GameController& game);
  // The heuristic's weights, sent before each search.
  void set_weights(EngineWeights weights) { weights_ = std::move(weights); }
  // Stops every engine's search (the panel was closed).
  void stop();

  // The current position's analysis, once an `info` line has come.
  const std::optional<AnalysisResult>& current() const { return current_; }
  // Side 0's score after each ply of the game's line (index 0: the start),
  // where known; as long as the line plus one.
  const std::vector<std::optional<EngineScore>>& history() const { return history_; }
  bool searching() const;

 private:
  // A search one engine runs.
  struct Target {
    std::string game;
    EnginePosition position;
    std::size_t ply = 0;  // in the game's line
    int side_to_move = 0;
    bool current = false;  // the position on the board, not an earlier one
    bool quick = false;    // its first search (see kQuickSearch)
    // Split: the move on the board's position whose resulting position this
    // is; its score, flipped, is the move's.
    std::optional<Move> move;
    GoLimits go;

    bool same_search(const Target& other) const {
      return game == other.game && position == other.position && move == other.move &&
             go == other.go;
    }
  };
  // One engine and the search it runs.
  struct Lane {
    explicit Lane(EngineClient* e) : engine(*e) {}
    EngineLink engine;
    std::uint64_t request = 0;
    std::optional<Target> target;
    std::optional<AnalysisResult> partial;  // of the running search
    std::uint64_t nps = 0;                  // its last line's
  };
  // A move of the board's position while the engines split them.
  struct SplitMove {
    Move move = kNoMove;
    std::string text;
    std::optional<EnginePosition> position;  // after it; none where it ends the game
    std::optional<EngineScore> score;
    int depth = 0;
    std::uint64_t nodes = 0;
    std::vector<std::string> pv;  // the move, then its position's line
    bool searched = false;        // in the current pass (quick, then full)
  };

  bool split() const { return lanes_.size() > 1; }
  std::vector<Target> wanted_targets(const GameController& game) const;
  void current_targets(const GameController& game, std::vector<Target>& out) const;
  void start(Lane& lane, const Target& target);
  void stop(Lane& lane);
  // Reads every engine's replies; whether there were any.
  bool read_replies();
  void handle(Lane& lane, const LinkReply& reply);
  void take_move_info(Lane& lane, const MoveInfoLine& move);
  void take_search_info(Lane& lane, const SearchInfoLine& info);
  void finish(Lane& lane);
  void record(const Target& target, const AnalysisResult& result);
  void record_move(const Target& target, const SearchInfoLine& info);
  void show_split();
  std::optional<AnalysisResult> split_result() const;
  SplitMove* split_move(const Target& target);
  bool split_searched() const;
  bool passes_left() const;
  std::optional<std::size_t> lane_of(const Target& target) const;
  void end_pass();
  void sync_history(const GameController& game);
  void make_split_moves(const GameController& game);

  std::vector<Lane> lanes_;
  // The game (name and start) and line the history belongs to.
  std::string history_game_;
  std::vector<std::string> history_moves_;
  std::vector<std::optional<EngineScore>> history_;
  std::optional<AnalysisResult> current_;
  bool shows_partial_ = false;  // current_ is the running pass's
  int current_searches_ = 0;    // passes finished on the position on the board
  std::vector<SplitMove> split_moves_;
  std::size_t split_ply_ = 0;  // the board's position, whose moves they are
  int split_side_ = 0;
  std::optional<EngineWeights> weights_;
};

}  // namespace arcade::app
