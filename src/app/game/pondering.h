#pragma once
// Thinking on the person's time, over N engines: while a person is to move
// against the AI at Expert or Perfect, the engines ponder (`go ponder`) the
// position after each of the person's replies in turn, round after round;
// their tables keep the work. When the person plays the reply being
// pondered, `ponderhit` makes that search the AI's (take_hit); another
// reply's search starts from the tables the turns filled, on the engine
// that pondered it to the end if one did (hand_over). Anything else that
// changes the position, the sides or the options ends the ponders (end),
// and their answers are never played.
//
// The engines: the main one, then helpers of their own, each its own table
// (on the web a worker each). With k engines in all, engine i ponders
// replies i, i + k, ... in turn, so with one engine a reply every reply is
// searched all the time the person thinks.
//
// Why apart from the game (GameController): the game says when pondering
// may run and which search the AI starts; this keeps what each engine
// ponders, for how long, what it finished and what it said, which is all
// the AI's search needs to take a ponder over.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "app/engine_link/engine_link.h"
#include "app/game/ai_turn.h"
#include "games/game_view.h"

namespace arcade::app {

class Pondering {
 public:
  // engines[0] is the main engine, the others helpers; the vector must
  // outlive this, and resize() follows it when it changes.
  explicit Pondering(std::vector<EngineLink>& engines);

  // Whether the AI at `level` thinks on the person's time (Expert, Perfect).
  static bool ponders_at(int level);
  // On by default; off ends the ponders.
  void set_on(bool on);
  // Whether any engine ponders.
  bool running() const;
  // The engines changed (helpers came or went), after end().
  void resize();

  // Call once a frame while a person is to move against a pondering AI at
  // `level` in `position` (the engine's `base`): starts each engine's next
  // turn when its turn is up.
  void update(const SearchSetup& setup, int level, const GameView& position,
              const EnginePosition& base, double now);
  // Stops every ponder and forgets what was pondered.
  void end();
  // Reads one reply of engine `from`: a ponder's info line or its end.
  void handle(const LinkReply& reply, std::size_t from);

  // The person played into `position`, which an engine ponders at `level`:
  // that ponder becomes the AI's search (ponderhit); the others stop.
  std::optional<PonderHit> take_hit(const EnginePosition& position, int level);
  // The engine for the AI's search of `position`: the one that pondered it
  // to the end (its tables hold the answer), else the main engine. Its
  // ponder ends with the position sent; the others stop.
  std::size_t hand_over(const EnginePosition& position);
  // Engine `engine` gets another request: its ponder ends by it, unstopped.
  void release(std::size_t engine) { ponderers_[engine].request = 0; }

 private:
  // What one engine ponders.
  struct Ponderer {
    std::uint64_t request = 0;  // its `go ponder` in flight
    EnginePosition position;    // the position that searches
    int level = 0;              // at this level
    std::size_t turn = 0;       // its turns since the position on the board came
    double started = 0;         // when its turn began
    // What its ponder said last: the AI's figures after a ponderhit on a
    // ponder that had finished, which answers with its move alone.
    Thinking thinking;
    // The positions it pondered to the end since the position on the board
    // came: its tables hold their answers.
    std::vector<EnginePosition> finished;
    bool has_finished(const EnginePosition& p) const {
      return std::find(finished.begin(), finished.end(), p) != finished.end();
    }
  };
  // One frame's update: what every engine's turn is set up from.
  struct Turn {
    const SearchSetup& setup;
    int level;
    const GameView& position;
    const EnginePosition& base;
    const std::vector<Move>& replies;
    double now;
  };
  void update(std::size_t i, const Turn& turn);
  // The next of engine i's replies not yet pondered to the end; none when
  // none is left.
  std::optional<EnginePosition> next_position(std::size_t i, const Turn& turn);
  // Stops every ponder but engine `kept`'s.
  void stop_all_but(std::size_t kept);

  std::vector<EngineLink>* engines_;
  std::vector<Ponderer> ponderers_;  // one an engine
  bool on_ = true;
  std::optional<EnginePosition> base_;  // the position whose replies are pondered
  std::vector<Move> replies_;           // those of its replies after which the AI moves
};

}  // namespace arcade::app
