// The conformance suite: what every game must satisfy for the engine, the
// protocol and the app to rely on it, checked on random games.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <utility>

#include "all_games.h"
#include "games/registry.h"
#include "nim_game.h"
#include "test_util.h"

namespace arcade::testing {
namespace {

template <class G>
class Conformance : public ::testing::Test {};
TYPED_TEST_SUITE(Conformance, AllGames);

constexpr int kPlayouts = 300;

TYPED_TEST(Conformance, RandomPlayoutsEndWithinTheGameLength) {
  using G = TypeParam;
  std::mt19937_64 rng(1);
  for (int i = 0; i < kPlayouts; ++i) {
    const auto line = random_playout<G>(G::start(), rng);
    EXPECT_LE(static_cast<int>(line.size()) - 1, G::kMaxGamePlies);
    EXPECT_NE(G::outcome(line.back()), Outcome::kOngoing);
  }
}

TYPED_TEST(Conformance, PositionStringsRoundTrip) {
  using G = TypeParam;
  std::mt19937_64 rng(2);
  for (int i = 0; i < kPlayouts; ++i) {
    for (const auto& p : random_playout<G>(G::start(), rng)) {
      const std::string text = G::to_text(p);
      const Parsed<typename G::Position> back = G::from_text(text);
      ASSERT_TRUE(back.ok()) << text << ": " << back.error();
      EXPECT_EQ(G::to_text(*back), text);
      EXPECT_EQ(G::hash(*back), G::hash(p)) << text;
    }
  }
}

TYPED_TEST(Conformance, GeneratedMovesAreDistinctLegalAndReadBack) {
  using G = TypeParam;
  std::mt19937_64 rng(3);
  for (int i = 0; i < kPlayouts; ++i) {
    for (const auto& p : random_playout<G>(G::start(), rng)) {
      if (G::outcome(p) != Outcome::kOngoing) continue;
      MoveList<G::kMaxMoves> moves;
      G::generate_moves(p, moves);
      ASSERT_FALSE(moves.empty()) << "an ongoing game with no move: " << G::to_text(p);
      std::set<Move> seen;
      for (Move m : moves) {
        EXPECT_LT(m, G::kMoveSpace);
        EXPECT_TRUE(seen.insert(m).second) << "duplicate move in " << G::to_text(p);
        const Parsed<Move> read = G::move_from_text(p, G::move_to_text(p, m));
        ASSERT_TRUE(read.ok()) << G::move_to_text(p, m) << ": " << read.error();
        EXPECT_EQ(*read, m);
        EXPECT_NE(G::hash(G::play(p, m)), G::hash(p)) << "a move that changes nothing";
      }
    }
  }
}

TYPED_TEST(Conformance, ResultsAreConsistent) {
  using G = TypeParam;
  std::mt19937_64 rng(4);
  for (int i = 0; i < kPlayouts; ++i) {
    for (const auto& p : random_playout<G>(G::start(), rng)) {
      const Score eval = G::evaluate(p, default_weights<G>());
      EXPECT_LE(std::abs(eval), kMaxHeuristic) << G::to_text(p);
      // A finished game searched to any depth is exactly its result.
      if (G::outcome(p) == Outcome::kOngoing) continue;
      const SearchInfo info = search_once<G>(p, {}, 3);
      EXPECT_TRUE(info.proven);
      EXPECT_EQ(info.score, game_end_score<G>(p, G::outcome(p), 0));
      EXPECT_EQ(info.best, kNoMove);
    }
  }
}

TYPED_TEST(Conformance, GarbageIsRejected) {
  using G = TypeParam;
  for (const char* text : {"", " ", "xyz", "////////", "1/2/3", "\x01\x02", "999999999999"}) {
    EXPECT_FALSE(G::from_text(text).ok()) << "accepted position '" << text << "'";
    EXPECT_FALSE(G::move_from_text(G::start(), text).ok()) << "accepted move '" << text << "'";
  }
}

// --- The game as the app shows it (games/game_description.h) ---------------

// What a cell shows: its piece, and its count where the game's cells hold
// counts.
struct CellContent {
  Piece piece = Piece::kNone;
  std::optional<int> count;
  friend auto operator<=>(const CellContent&, const CellContent&) = default;
};

// Every cell's content, row by row from the bottom.
template <class G>
std::vector<CellContent> board_of(const typename G::Position& p) {
  const Grid grid = grid_of<G>(p);
  std::vector<CellContent> cells;
  for (int row = 0; row < grid.rows; ++row)
    for (int col = 0; col < grid.cols; ++col)
      cells.push_back({G::piece_at(p, {col, row}), count_at_of<G>(p, {col, row})});
  return cells;
}

template <class G>
Piece piece_of_side(int side) {
  return side == 0 ? Piece::kFirstSide : Piece::kSecondSide;
}

// Random games from every start the app offers.
template <class G>
std::vector<std::vector<typename G::Position>> playouts_from_every_start(int per_start,
                                                                         std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::vector<typename G::Position>> lines;
  for (const auto& variant : G::start_variants())
    for (int i = 0; i < per_start; ++i) lines.push_back(random_playout<G>(variant.position, rng));
  return lines;
}

// Whether `side`'s pieces hold `length` cells in a row in some direction.
template <class G>
bool has_line_of(const std::vector<CellContent>& board, Piece side, int length) {
  const Grid grid = G::kBoardLayout.grid;
  const Cell directions[] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  auto at = [&](Cell c) {
    return grid.contains(c) ? board[c.row * grid.cols + c.col].piece : Piece::kNone;
  };
  for (int row = 0; row < grid.rows; ++row)
    for (int col = 0; col < grid.cols; ++col)
      for (Cell d : directions) {
        int n = 0;
        while (n < length && at({col + n * d.col, row + n * d.row}) == side) ++n;
        if (n == length) return true;
      }
  return false;
}

TYPED_TEST(Conformance, DescriptionNamesTheGameItsSidesAndItsBoard) {
  using G = TypeParam;
  EXPECT_FALSE(G::kTitle.empty());
  EXPECT_FALSE(G::kStartLabel.empty());
  for (const SideDescription& side : G::kSides) {
    EXPECT_FALSE(side.name.empty());
    ASSERT_FALSE(side.subject.empty());
    EXPECT_TRUE(std::isupper(static_cast<unsigned char>(side.subject[0])))
        << side.subject << ": a subject starts a sentence";
  }
  EXPECT_NE(G::kSides[0].name, G::kSides[1].name);
  const BoardLayout board = G::kBoardLayout;
  EXPECT_GT(board.grid.cols, 0);
  EXPECT_GT(board.grid.rows, 0);
  EXPECT_GE(board.winning_line, 0);
  EXPECT_LE(board.winning_line, std::max(board.grid.cols, board.grid.rows));
}

TYPED_TEST(Conformance, StartVariantsAreLegalStartsAndIncludeTheStart) {
  using G = TypeParam;
  const auto variants = G::start_variants();
  ASSERT_FALSE(variants.empty());
  std::set<std::string_view> names;
  int standard = 0;
  for (const auto& variant : variants) {
    EXPECT_FALSE(variant.name.empty());
    EXPECT_TRUE(names.insert(variant.name).second) << "two variants named " << variant.name;
    EXPECT_EQ(G::outcome(variant.position), Outcome::kOngoing) << variant.name;
    const std::string text = G::to_text(variant.position);
    const Parsed<typename G::Position> back = G::from_text(text);
    ASSERT_TRUE(back.ok()) << variant.name << ": " << text << ": " << back.error();
    EXPECT_EQ(*back, variant.position) << variant.name;
    standard += variant.position == G::start();
  }
  EXPECT_EQ(standard, 1) << "start() must be one of the variants, once";
}

// piece_at (and count_at) shows all there is to a position: two positions
// with the same pieces and counts and the same side to move are the same
// position. Not so in a game of more than two agents (Pac-Man): its score,
// the agent to move among the ghosts and their fear are no pieces, and
// several ghosts of a team move in turn. Sides alternate, but where the game
// has extra turns; there a move that keeps the turn says so in words.
TYPED_TEST(Conformance, TheBoardAndTheSideToMoveAreThePosition) {
  using G = TypeParam;
  std::map<std::pair<std::vector<CellContent>, int>, std::string> seen;
  for (const auto& line : playouts_from_every_start<G>(100, 5)) {
    for (std::size_t ply = 0; ply < line.size(); ++ply) {
      const auto& p = line[ply];
      const int side = G::side_to_move(p);
      ASSERT_TRUE(side == 0 || side == 1) << G::to_text(p);
      if constexpr (MultiAgentGame<G>) continue;
      if (ply > 0 && !HasExtraTurns<G>) {
        EXPECT_NE(side, G::side_to_move(line[ply - 1])) << "turns alternate";
      }
      const auto [it, fresh] = seen.try_emplace({board_of<G>(p), side}, G::to_text(p));
      EXPECT_TRUE(fresh || it->second == G::to_text(p))
          << it->second << " and " << G::to_text(p) << " look the same on the board";
    }
  }
}

// A move changes exactly the cells its description names (changed()): the
// mover's piece arrives on `to`, leaves `from` when it moves, or the move
// takes from `to` what it held (a removal, a sowing), and the cells in
// `also` (discs turned, pieces taken, houses sown) change too; a pass
// changes none. A cell changes when its piece or its count does. So the
// app's marks and animations show what the move did to the board. In a game
// of more than two agents the mover's step is named even where its ends look
// the same before and after (two ghosts of one look meeting, an eaten ghost
// gone home from the cell it stepped on); the other changed cells are
// exactly `also`.
template <class G>
void check_move_cells() {
  for (const auto& line : playouts_from_every_start<G>(50, 6)) {
    for (const auto& p : line) {
      const Grid grid = grid_of<G>(p);
      auto index = [&](Cell c) { return static_cast<std::size_t>(c.row * grid.cols + c.col); };
      MoveList<G::kMaxMoves> moves;
      G::generate_moves(p, moves);
      const std::vector<CellContent> before = board_of<G>(p);
      const Piece mover = piece_of_side<G>(G::side_to_move(p));
      for (Move m : moves) {
        const MoveCells cells = G::move_cells(p, m);
        const std::string what = G::to_text(p) + " " + G::move_to_text(p, m);
        const std::vector<CellContent> after = board_of<G>(G::play(p, m));
        std::set<std::size_t> differ;
        for (std::size_t i = 0; i < before.size(); ++i)
          if (before[i] != after[i]) differ.insert(i);
        std::set<std::size_t> named;
        for (Cell c : cells.changed()) {
          ASSERT_TRUE(grid.contains(c)) << what;
          EXPECT_TRUE(named.insert(index(c)).second) << what << ": a cell named twice";
        }
        if constexpr (MultiAgentGame<G>) {
          EXPECT_TRUE(std::includes(named.begin(), named.end(), differ.begin(), differ.end()))
              << what << ": a changed cell not named";
          for (Cell c : cells.also) {
            EXPECT_TRUE(differ.count(index(c))) << what;
          }
          if (cells.is_pass()) {
            EXPECT_TRUE(cells.changed().empty()) << what;
          }
          continue;
        }
        EXPECT_EQ(differ, named) << what;
        if (cells.is_pass()) {
          EXPECT_TRUE(cells.changed().empty()) << what << ": a pass names a cell";
          EXPECT_FALSE(cells.takes) << what;
          continue;
        }
        if (cells.takes) {
          // Something was there to take: a piece or a count.
          const CellContent& taken = before[index(*cells.to)];
          EXPECT_TRUE(taken.piece != Piece::kNone || taken.count.value_or(0) > 0) << what;
          EXPECT_FALSE(cells.moves_a_piece()) << what;
          continue;
        }
        EXPECT_EQ(after[index(*cells.to)].piece, mover) << what;
        if (cells.moves_a_piece()) {
          EXPECT_EQ(before[index(*cells.from)].piece, mover) << what;
          EXPECT_EQ(after[index(*cells.from)].piece, Piece::kNone) << what;
        } else {
          EXPECT_EQ(before[index(*cells.to)].piece, Piece::kNone) << what;
        }
        // A dropped piece lands on the lowest empty cell of its column.
        if (G::kBoardLayout.placement == Placement::kDroppedInColumn && cells.to->row > 0) {
          EXPECT_NE(before[index({cells.to->col, cells.to->row - 1})].piece, Piece::kNone) << what;
        }
      }
    }
  }
}

TYPED_TEST(Conformance, MoveCellsAreTheCellsTheMoveChanges) {
  check_move_cells<TypeParam>();
}

// A game whose moves remove things passes the same check (a test game, as
// no registered game may be one).
TEST(ConformanceOfRemovals, MoveCellsAreTheCellsANimMoveChanges) {
  check_move_cells<NimGame>();
}

// Where a side may move again, a move that keeps the turn says so in words:
// the board alone does not tell the player whose turn it is.
template <class G>
void check_kept_turns_are_said() {
  if constexpr (HasExtraTurns<G>) {
    int kept = 0;
    for (const auto& line : playouts_from_every_start<G>(50, 10)) {
      for (const auto& p : line) {
        MoveList<G::kMaxMoves> moves;
        G::generate_moves(p, moves);
        for (Move m : moves) {
          const auto next = G::play(p, m);
          if (G::outcome(next) != Outcome::kOngoing || !keeps_turn<G>(p, next)) continue;
          ++kept;
          EXPECT_FALSE(move_words_of<G>(p, m).empty())
              << G::to_text(p) << " " << G::move_to_text(p, m) << " keeps the turn unsaid";
        }
      }
    }
    EXPECT_GT(kept, 0) << "a game with extra turns never gave one";
  }
}

TYPED_TEST(Conformance, AMoveThatKeepsTheTurnSaysSo) {
  check_kept_turns_are_said<TypeParam>();
}

TYPED_TEST(Conformance, EndInWordsExactlyWhenTheGameIsOver) {
  using G = TypeParam;
  std::set<std::string> endings;
  for (const auto& line : playouts_from_every_start<G>(100, 7)) {
    for (const auto& p : line) {
      const Outcome outcome = G::outcome(p);
      const std::string words = G::end_in_words(p);
      ASSERT_EQ(words.empty(), outcome == Outcome::kOngoing) << G::to_text(p) << ": " << words;
      if (words.empty()) continue;
      endings.insert(words);
      EXPECT_EQ(words.back(), '.') << words;
      if (outcome == Outcome::kDrawn) {
        EXPECT_EQ(words.rfind("Draw", 0), 0u) << words;
        continue;
      }
      const int winner = outcome == Outcome::kWon ? G::side_to_move(p) : 1 - G::side_to_move(p);
      EXPECT_EQ(words.rfind(side_wins(G::kSides[winner]) + ":", 0), 0u)
          << G::to_text(p) << ": " << words;
      if (G::kBoardLayout.winning_line > 0) {
        EXPECT_TRUE(
            has_line_of<G>(board_of<G>(p), piece_of_side<G>(winner), G::kBoardLayout.winning_line))
            << G::to_text(p) << ": " << words << ", but no winning line on the board";
      }
    }
  }
  EXPECT_FALSE(endings.empty());
}

// The registry has the game, and its view for the app shows what the game
// says, position by position.
TYPED_TEST(Conformance, TheRegistrysViewShowsTheGame) {
  using G = TypeParam;
  const std::unique_ptr<GameView> view = make_game_view(G::kName);
  ASSERT_TRUE(view);
  EXPECT_TRUE(make_session(G::kName));
  EXPECT_TRUE(tool_settings(G::kName));
  EXPECT_EQ(view->name(), G::kName);
  EXPECT_EQ(view->title(), G::kTitle);
  EXPECT_EQ(view->start_variant_names().size(), G::start_variants().size());
  std::mt19937_64 rng(8);
  for (int i = 0; i < 20; ++i) {
    const std::unique_ptr<GameView> game = view->clone();
    for (typename G::Position p = G::start();;) {
      EXPECT_EQ(game->position_text(), G::to_text(p));
      EXPECT_EQ(game->outcome(), G::outcome(p));
      EXPECT_EQ(game->end_in_words(), G::end_in_words(p));
      EXPECT_EQ(game->side_to_move(), G::side_to_move(p));
      const Grid grid = grid_of<G>(p);
      EXPECT_EQ(game->grid().cols, grid.cols);
      EXPECT_EQ(game->grid().rows, grid.rows);
      EXPECT_EQ(board_of<G>(p).size(), static_cast<std::size_t>(grid.cols * grid.rows));
      for (int row = 0; row < grid.rows; ++row)
        for (int col = 0; col < grid.cols; ++col) {
          EXPECT_EQ(game->piece_at({col, row}), G::piece_at(p, {col, row}));
          EXPECT_EQ(game->count_at({col, row}), count_at_of<G>(p, {col, row}));
        }
      MoveList<G::kMaxMoves> moves;
      G::generate_moves(p, moves);
      const std::vector<Move> legal = game->legal_moves();
      ASSERT_TRUE(std::equal(moves.begin(), moves.end(), legal.begin(), legal.end()));
      if (legal.empty()) break;
      const Move m = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
      EXPECT_EQ(game->move_to_text(m), G::move_to_text(p, m));
      EXPECT_EQ(game->move_cells(m), G::move_cells(p, m));
      EXPECT_EQ(game->move_words(m), move_words_of<G>(p, m));
      game->play(m);
      p = G::play(p, m);
    }
  }
}

// The heuristic opened up through the view is the engine's: with the
// defaults and with other weights, each term's value and the total as the
// engine's session reports them (`eval`).
TYPED_TEST(Conformance, TheViewsEvaluationIsTheEngines) {
  using G = TypeParam;
  const std::unique_ptr<GameView> view = make_game_view(G::kName);
  const std::vector<EvalTerm> terms = view->terms();
  ASSERT_EQ(terms.size(), G::kTerms.size());
  EXPECT_EQ(view->weight_presets().front(), "default");
  std::vector<Score> other = *view->preset_weights("default");
  for (Score& w : other) w = w / 2 + 1;  // other weights, within range
  EXPECT_FALSE(view->preset_weights("no such preset"));
  std::mt19937_64 rng(9);
  typename G::Position p = G::start();
  const std::unique_ptr<GameView> game = view->clone();
  for (int ply = 0; ply < 12 && G::outcome(p) == Outcome::kOngoing; ++ply) {
    for (const std::vector<Score>& weights : {*view->preset_weights("default"), other}) {
      const std::unique_ptr<GameSession> session = make_session(G::kName);
      ASSERT_FALSE(session->set_position(G::to_text(p), {}));
      for (std::size_t i = 0; i < terms.size(); ++i)
        ASSERT_FALSE(session->set_weight(terms[i].name, weights[i]));
      const EvaluationReport report = session->evaluation();
      const std::vector<Score> values = game->term_values(weights);
      for (std::size_t i = 0; i < terms.size(); ++i) EXPECT_EQ(values[i], report.terms[i].value);
      EXPECT_EQ(game->evaluate(weights), report.total);
    }
    MoveList<G::kMaxMoves> moves;
    G::generate_moves(p, moves);
    const Move m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
    game->play(m);
    p = G::play(p, m);
  }
}

TEST(Registry, UnknownGamesGetNothing) {
  EXPECT_FALSE(make_game_view("chess"));
  EXPECT_FALSE(make_session("chess"));
  EXPECT_FALSE(tool_settings("chess"));
  for (const std::string& name : game_names()) EXPECT_TRUE(make_game_view(name)) << name;
}

}  // namespace
}  // namespace arcade::testing
