// Reversi's rules against boards worked out by hand and the published perft
// counts, its text, its heuristic, the margin scores of the engine, and the
// search against a plain negamax written here.

#include "games/reversi/reversi.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "cli/commands.h"
#include "engine/perft.h"
#include "engine/protocol.h"
#include "games/reversi/endgame.h"
#include "games/reversi/reversi_session.h"
#include "test_util.h"

namespace arcade::testing {
namespace {

using R = Reversi;
using P = R::Position;

// --- Boards by hand ---------------------------------------------------------

// A square's index in a position string: a1 b1 .. h1 a2 .. h8.
int index_of(std::string_view square) {
  return (square[1] - '1') * 8 + (square[0] - 'a');
}

// A position string with the given discs ('X' or 'O') and the rest empty.
std::string board_text(const std::map<std::string, char>& discs, char to_move) {
  std::string text(64, '-');
  for (const auto& [square, disc] : discs) text[index_of(square)] = disc;
  return text + " " + to_move;
}

P board(const std::map<std::string, char>& discs, char to_move) {
  const Parsed<P> p = R::from_text(board_text(discs, to_move));
  EXPECT_TRUE(p.ok()) << p.error();
  return *p;
}

char disc_on(const P& p, std::string_view square) {
  return R::to_text(p)[index_of(square)];
}

Move move(const P& p, std::string_view text) {
  const Parsed<Move> m = R::move_from_text(p, text);
  EXPECT_TRUE(m.ok()) << text << ": " << m.error();
  return *m;
}

TEST(Reversi, StartsWithTheFourDiscsAndBlackToMove) {
  const std::string expected =
      board_text({{"d4", 'O'}, {"e5", 'O'}, {"d5", 'X'}, {"e4", 'X'}}, 'X');
  EXPECT_EQ(R::to_text(R::start()), expected);
  EXPECT_EQ(R::side_to_move(R::start()), 0);
  MoveList<R::kMaxMoves> moves;
  R::generate_moves(R::start(), moves);
  std::vector<std::string> texts;
  for (Move m : moves) texts.push_back(R::move_to_text(R::start(), m));
  std::sort(texts.begin(), texts.end());
  // Black's four openings: d3, c4, f5, e6 (the diagonal squares).
  EXPECT_EQ(texts, (std::vector<std::string>{"c4", "d3", "e6", "f5"}));
}

// c3 closes a line of one white disc in each of the eight directions.
TEST(Reversi, AMoveTurnsTheLinesOfAllEightDirections) {
  const P p = board({{"d3", 'O'},
                     {"e3", 'X'},  // east
                     {"b3", 'O'},
                     {"a3", 'X'},  // west
                     {"c2", 'O'},
                     {"c1", 'X'},  // up
                     {"c4", 'O'},
                     {"c5", 'X'},  // down
                     {"d2", 'O'},
                     {"e1", 'X'},  // up-right
                     {"b2", 'O'},
                     {"a1", 'X'},  // up-left
                     {"d4", 'O'},
                     {"e5", 'X'},  // down-right
                     {"b4", 'O'},
                     {"a5", 'X'},  // down-left
                     {"e4", 'O'},
                     {"d5", 'O'}},  // the rest of the centre, on no line
                    'X');
  const P after = R::play(p, move(p, "c3"));
  for (const char* turned : {"d3", "b3", "c2", "c4", "d2", "b2", "d4", "b4", "c3"})
    EXPECT_EQ(disc_on(after, turned), 'X') << turned;
  EXPECT_EQ(disc_on(after, "e4"), 'O');
  EXPECT_EQ(disc_on(after, "d5"), 'O');
  EXPECT_EQ(R::side_to_move(after), 1);
  // The move's cells: the new disc, then the eight turned ones.
  const MoveCells cells = R::move_cells(p, move(p, "c3"));
  ASSERT_TRUE(cells.to.has_value());
  EXPECT_EQ(*cells.to, (Cell{2, 5}));  // column c, row 3 from the top = 6th from the bottom
  EXPECT_EQ(cells.also.size(), 8u);
}

// Long runs turn whole; a run ending on an empty square or the edge does not.
TEST(Reversi, OnlyRunsClosedByTheMoversDiscTurn) {
  const P p = board({{"b1", 'O'},
                     {"c1", 'O'},
                     {"d1", 'O'},
                     {"e1", 'X'},  // a1 east: 3 turn
                     {"a2", 'O'},
                     {"a3", 'O'},  // a1 down: a4 empty
                     {"b2", 'O'},
                     {"c3", 'O'},
                     {"d4", 'O'},
                     {"e5", 'O'},
                     {"f6", 'O'},
                     {"g7", 'O'},
                     {"h8", 'O'},  // a1 diagonal: to the edge
                     {"e4", 'X'},
                     {"d5", 'X'}},
                    'X');
  const P after = R::play(p, move(p, "a1"));
  for (const char* turned : {"b1", "c1", "d1"}) EXPECT_EQ(disc_on(after, turned), 'X') << turned;
  for (const char* kept : {"a2", "a3", "b2", "c3", "d4", "h8"})
    EXPECT_EQ(disc_on(after, kept), 'O') << kept;
  EXPECT_EQ(R::move_cells(p, move(p, "a1")).also.size(), 3u);
}

// Black (b7) has no move; White's only one, a8, takes Black's last disc.
TEST(Reversi, ASideWithNoMovePassesAndTheGameEndsWhenNeitherCanMove) {
  const P p = board({{"b7", 'X'},
                     {"c6", 'O'},
                     {"d5", 'O'},
                     {"e4", 'O'},
                     {"f3", 'O'},
                     {"g2", 'O'},
                     {"h1", 'O'},
                     {"d4", 'O'},
                     {"e5", 'O'}},
                    'X');
  EXPECT_TRUE(R::must_pass(p));
  MoveList<R::kMaxMoves> moves;
  R::generate_moves(p, moves);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], R::kPass);
  EXPECT_EQ(R::move_to_text(p, moves[0]), "pass");
  EXPECT_FALSE(R::move_from_text(p, "a8").ok());
  EXPECT_EQ(R::outcome(p), Outcome::kOngoing);
  EXPECT_NE(R::diagram(p).find("must pass"), std::string::npos);

  const P white = R::play(p, R::kPass);
  EXPECT_EQ(R::side_to_move(white), 1);
  MoveList<R::kMaxMoves> replies;
  R::generate_moves(white, replies);
  ASSERT_EQ(replies.size(), 1u);
  EXPECT_EQ(R::move_to_text(white, replies[0]), "a8");
  EXPECT_FALSE(R::move_from_text(white, "pass").ok());

  const P end = R::play(white, replies[0]);
  MoveList<R::kMaxMoves> none;
  R::generate_moves(end, none);
  EXPECT_TRUE(none.empty());
  EXPECT_EQ(R::outcome(end), Outcome::kLost);  // for Black, to move
  // White's 9 discs and the 55 empty squares.
  EXPECT_EQ(R::final_margin(end), -64);
  EXPECT_EQ(R::end_in_words(end), "White wins: 64 discs to 0.");
}

TEST(Reversi, TheEmptySquaresGoToTheWinner) {
  // The centre black, one white corner: nobody can move.
  const P black_ahead =
      board({{"d4", 'X'}, {"e4", 'X'}, {"d5", 'X'}, {"e5", 'X'}, {"a1", 'O'}}, 'O');
  EXPECT_EQ(R::outcome(black_ahead), Outcome::kLost);
  EXPECT_EQ(R::final_margin(black_ahead), -(4 - 1 + 59));
  EXPECT_EQ(R::end_in_words(black_ahead), "Black wins: 63 discs to 1.");
  // Four each: a draw, the empty squares to nobody.
  const P draw = board({{"d4", 'X'},
                        {"e4", 'X'},
                        {"d5", 'X'},
                        {"e5", 'X'},
                        {"a1", 'O'},
                        {"h1", 'O'},
                        {"a8", 'O'},
                        {"h8", 'O'}},
                       'X');
  EXPECT_EQ(R::outcome(draw), Outcome::kDrawn);
  EXPECT_EQ(R::final_margin(draw), 0);
  EXPECT_EQ(R::end_in_words(draw), "Draw: 4 discs each.");
  // A full board: the difference alone.
  std::string full(64, 'X');
  std::fill(full.begin(), full.begin() + 20, 'O');
  const Parsed<P> filled = R::from_text(full + " O");
  ASSERT_TRUE(filled.ok());
  EXPECT_EQ(R::final_margin(*filled), 20 - 44);
}

// Cells count rows from the bottom, the board's rows from the top.
TEST(Reversi, CellsMapRowOneToTheTop) {
  const P p = R::start();
  EXPECT_EQ(R::piece_at(p, Cell{3, 4}), Piece::kSecondSide);  // d4 white
  EXPECT_EQ(R::piece_at(p, Cell{4, 4}), Piece::kFirstSide);   // e4 black
  EXPECT_EQ(R::piece_at(p, Cell{3, 3}), Piece::kFirstSide);   // d5 black
  EXPECT_EQ(R::piece_at(p, Cell{0, 7}), Piece::kNone);        // a1
  const MoveCells d3 = R::move_cells(p, move(p, "d3"));
  EXPECT_EQ(*d3.to, (Cell{3, 5}));
  EXPECT_EQ(d3.also, (std::vector<Cell>{{3, 4}}));  // d4 turns
}

// --- Perft --------------------------------------------------------------------

// The published Othello perft counts from the start (passes counted as
// moves): the Chess Programming Wiki's "Perft Results" page (Othello
// section) and OEIS A124004, "number of possible Othello games at the end of
// the n-th ply".
constexpr std::uint64_t kPublishedPerft[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288};

TEST(Reversi, PerftMatchesThePublishedCountsThroughDepthSeven) {
  for (int depth = 0; depth <= 7; ++depth)
    EXPECT_EQ(perft<R>(R::start(), depth), kPublishedPerft[depth]) << "depth " << depth;
}

// Depths 8 and 9 through the command-line tool, as a player runs it.
TEST(Reversi, ArcadePerftMatchesThePublishedCountsAtDepthsEightAndNine) {
  for (int depth : {8, 9}) {
    std::istringstream in;
    std::ostringstream out, err;
    EXPECT_EQ(cli::run({"perft", "reversi", std::to_string(depth)}, in, out, err), 0);
    EXPECT_EQ(out.str(), "perft " + std::to_string(depth) + " " +
                             std::to_string(kPublishedPerft[depth]) + "\n");
  }
}

// --- Text ---------------------------------------------------------------------

TEST(Reversi, EveryPositionOfRandomGamesReadsBackFromItsText) {
  std::mt19937_64 rng(7);
  for (int game = 0; game < 50; ++game)
    for (const P& p : random_playout<R>(R::start(), rng)) {
      const Parsed<P> back = R::from_text(R::to_text(p));
      ASSERT_TRUE(back.ok()) << R::to_text(p) << ": " << back.error();
      EXPECT_EQ(*back, p);
    }
}

TEST(Reversi, BadTextIsRefusedWithAReason) {
  const std::string start = R::to_text(R::start());
  const std::map<std::string, std::string> bad = {
      {"", "expected 64 squares"},
      {start.substr(0, 64), "expected 64 squares"},
      {start.substr(0, 64) + "X", "expected 64 squares"},
      {start.substr(0, 64) + " Z", "side to move"},
      {start.substr(0, 64) + " X extra", "expected 64 squares"},
      {"Q" + start.substr(1), "square a1: 'Q'"},
      {board_text({{"d4", 'O'}, {"e4", 'X'}, {"d5", 'X'}}, 'X'), "centre"},
  };
  for (const auto& [text, reason] : bad) {
    const Parsed<P> p = R::from_text(text);
    ASSERT_FALSE(p.ok()) << text;
    EXPECT_NE(p.error().find(reason), std::string::npos) << text << " -> " << p.error();
  }
  // Lower case and dots read too.
  EXPECT_EQ(*R::from_text("...........................ox......xo........................... x"),
            R::start());
}

TEST(Reversi, MovesAreReadInAnyCaseAndIllegalOnesSayWhy) {
  const P p = R::start();
  EXPECT_EQ(*R::move_from_text(p, "D3"), move(p, "d3"));
  const std::map<std::string, std::string> bad = {{"i1", "a1-h8"},
                                                  {"a9", "a1-h8"},
                                                  {"d", "a1-h8"},
                                                  {"", "a1-h8"},
                                                  {"d4", "taken"},
                                                  {"a1", "turns no disc"},
                                                  {"pass", "only when no disc"}};
  for (const auto& [text, reason] : bad) {
    const Parsed<Move> m = R::move_from_text(p, text);
    ASSERT_FALSE(m.ok()) << text;
    EXPECT_NE(m.error().find(reason), std::string::npos) << text << " -> " << m.error();
  }
}

// --- The heuristic ---------------------------------------------------------------

TEST(Reversi, EvaluateIsTheWeightedTotalOfItsTermsForEveryPreset) {
  std::mt19937_64 rng(11);
  std::vector<R::Weights> weights = {default_weights<R>()};
  for (const auto& preset : R::kWeightPresets) weights.push_back(preset.weights);
  std::uniform_int_distribution<Score> any(-200, 200);
  for (int i = 0; i < 5; ++i) {
    R::Weights random{};
    for (Score& w : random) w = any(rng);
    weights.push_back(random);
  }
  for (int game = 0; game < 20; ++game)
    for (const P& p : random_playout<R>(R::start(), rng))
      for (const R::Weights& w : weights)
        EXPECT_EQ(R::evaluate(p, w), weighted_total(R::term_values(p, w), w));
}

// The terms by hand on one board: Black (to move) owns a1 and b2 (the X-square
// of a1, whose corner is taken), White b1 (a C-square of a1, not of an empty
// corner) and g7 (the X-square of the empty h8).
TEST(Reversi, TermsCountWhatTheyNameOnABoardWorkedOutByHand) {
  const P p = board({{"a1", 'X'},
                     {"b2", 'X'},
                     {"b1", 'O'},
                     {"g7", 'O'},
                     {"d4", 'O'},
                     {"e4", 'X'},
                     {"d5", 'X'},
                     {"e5", 'O'},
                     {"a4", 'X'}},
                    'X');
  const R::Weights v = R::term_values(p, default_weights<R>());
  EXPECT_EQ(v[R::kCorners], 1);
  EXPECT_EQ(v[R::kXSquares], -1);  // White's g7 next to the empty h8; b2's corner is taken
  EXPECT_EQ(v[R::kCSquares], 0);   // b1 is beside a taken corner
  EXPECT_EQ(v[R::kEdges], 1);      // a4 (a1 a corner, b1 a C-square)
  EXPECT_EQ(v[R::kDiscs], 5 - 4);
  EXPECT_EQ(v[R::kParity], 1);  // 55 empties: odd, the side to move plays the last
  // Classic table: a1 100, b2 -50, e4 -1, d5 -1, a4 5 for Black; b1 -20,
  // g7 -50, d4 -1, e5 -1 for White.
  EXPECT_EQ(v[R::kSquareTable], (100 - 50 - 1 - 1 + 5) - (-20 - 50 - 1 - 1));
}

// --- Margin scores ------------------------------------------------------------

TEST(MarginScore, EveryMarginWinIsAWinBelowAnyWinInPliesAndMoreIsBetter) {
  EXPECT_GT(win_by(1), kMaxHeuristic);
  EXPECT_TRUE(is_win(win_by(1)));
  EXPECT_TRUE(is_loss(loss_by(1)));
  EXPECT_LT(win_by(64), win_in(Searcher<R>::kMaxSearchPly));
  EXPECT_GT(loss_by(64), loss_in(Searcher<R>::kMaxSearchPly));
  for (int m = 1; m < 64; ++m) {
    EXPECT_LT(win_by(m), win_by(m + 1));
    EXPECT_GT(loss_by(m), loss_by(m + 1));
    EXPECT_TRUE(is_margin(win_by(m)) && is_margin(loss_by(m)));
    EXPECT_EQ(margin_of(win_by(m)), m);
    EXPECT_EQ(margin_of(loss_by(m)), -m);
    EXPECT_FALSE(is_distance_result(win_by(m)));
  }
  EXPECT_EQ(margin_score(0), kDraw);
  EXPECT_EQ(margin_score(6), win_by(6));
  EXPECT_EQ(margin_score(-6), loss_by(6));
  for (int plies = 0; plies < Searcher<R>::kMaxSearchPly; ++plies) {
    EXPECT_FALSE(is_margin(win_in(plies)));
    EXPECT_TRUE(is_distance_result(loss_in(plies)));
  }
  EXPECT_EQ(score_text(win_by(6), true), "win by 6");
  EXPECT_EQ(score_text(loss_by(6), true), "loss by 6");
  EXPECT_EQ(score_text(kDraw, true), "draw");
}

// --- The search ---------------------------------------------------------------

// Negamax with no pruning, no table, no ordering: the heuristic at the depth
// limit, the final margin at the end of the game.
Score brute_negamax(const P& p, int depth) {
  if (R::outcome(p) != Outcome::kOngoing) return margin_score(R::final_margin(p));
  if (depth == 0) return R::evaluate(p, default_weights<R>());
  MoveList<R::kMaxMoves> moves;
  R::generate_moves(p, moves);
  Score best = -kInfinity;
  for (Move m : moves) best = std::max(best, -brute_negamax(R::play(p, m), depth - 1));
  return best;
}

TEST(Reversi, TheSearchAtDepthDIsAPlainNegamaxOfDepthD) {
  std::mt19937_64 rng(5);
  SearchOptions full;  // alpha-beta, table, ordering, deepening
  full.random_ties = false;
  for (int i = 0; i < 24; ++i) {
    const P p = random_position<R>(static_cast<int>(rng() % 60), rng);
    if (R::outcome(p) != Outcome::kOngoing) continue;
    const int depth = 1 + static_cast<int>(rng() % 4);
    EXPECT_EQ(search_once<R>(p, full, depth).score, brute_negamax(p, depth))
        << R::to_text(p) << " depth " << depth;
  }
}

// Near the end the engine's own search proves the exact final margin, the
// same as the endgame solver's (their code shares nothing but the bitboards).
TEST(Reversi, TheSearchProvesTheSolversMarginNearTheEnd) {
  std::mt19937_64 rng(9);
  reversi::EndgameSolver solver(16);
  int checked = 0;
  while (checked < 12) {
    const P p = random_position<R>(51 + static_cast<int>(rng() % 4), rng);
    if (R::outcome(p) != Outcome::kOngoing) continue;
    const SearchInfo info = search_once<R>(p, SearchOptions{}, 0, 4);
    EXPECT_TRUE(info.proven) << R::to_text(p);
    EXPECT_EQ(info.score, margin_score(solver.solve(p.player, p.opponent))) << R::to_text(p);
    ++checked;
  }
}

// --- The session ----------------------------------------------------------------

// FFO #1 (14 empties, ../shared/data/reversi): the top level plays a best
// move and scores every move as the file does.
TEST(ReversiSession, TheTopLevelScoresEveryMoveOfAnFfoPositionExactly) {
  std::ifstream file(std::string(ARCADE_DATA_DIR) + "/reversi/fforum-1-19.obf");
  std::string line;
  ASSERT_TRUE(std::getline(file, line));
  ReversiSession session;
  ASSERT_FALSE(session.set_position(line.substr(0, 66), {}));
  SearchOptions options;
  options.use_oracle = true;
  options.root_scores = true;
  options.random_ties = false;
  std::atomic<bool> stop{false};
  const SearchReport r = session.search({}, options, stop, {});
  EXPECT_TRUE(r.proven);
  // "G8:+18; H1:+12; ...": every move's published margin.
  std::map<std::string, Score> published;
  std::istringstream fields(line.substr(67));
  for (std::string field; std::getline(fields, field, ';');) {
    const std::size_t colon = field.find(':');
    if (colon == std::string::npos) continue;
    std::string square = field.substr(field.find_first_not_of(' '), 2);
    square[0] = static_cast<char>(std::tolower(square[0]));
    published[square] = margin_score(std::stoi(field.substr(colon + 1)));
  }
  ASSERT_EQ(r.root_scores.size(), published.size());
  for (const auto& rs : r.root_scores) {
    EXPECT_TRUE(rs.proven);
    EXPECT_EQ(rs.score, published[rs.move]) << rs.move;
  }
  EXPECT_EQ(r.score, win_by(18));
  EXPECT_EQ(r.best, "g8");
  EXPECT_GT(r.pv.size(), 1u);  // the line goes on to the end
  const Parsed<std::string> solved = session.solve(stop);
  ASSERT_TRUE(solved.ok());
  EXPECT_EQ(solved->substr(0, 16), "score +18 best g");
}

// In the midgame the top level searches to its depth and answers at once.
TEST(ReversiSession, TheTopLevelSearchesTheMidgameToItsDepth) {
  ReversiSession session;
  SearchOptions options;
  options.use_oracle = true;
  std::atomic<bool> stop{false};
  const SearchReport r = session.search({}, options, stop, {});
  EXPECT_EQ(r.depth, ReversiSession::kPerfectMidgameDepth);
  EXPECT_FALSE(r.proven);
  EXPECT_FALSE(r.best.empty());
}

}  // namespace
}  // namespace arcade::testing
