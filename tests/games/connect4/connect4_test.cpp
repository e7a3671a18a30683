// Connect Four: the rules against published perft counts, the position
// strings, the exact solver against the scores of Pascal Pons' data set, and
// the perfect player behind the session.

#include "games/connect4/connect4.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "engine/perft.h"
#include "games/connect4/connect4_bench.h"
#include "games/connect4/connect4_bound_table.h"
#include "games/connect4/connect4_session.h"
#include "games/connect4/connect4_solver.h"
#include "test_util.h"

namespace arcade {
namespace {

using Position = Connect4::Position;

struct Scored {
  std::string moves;
  int score = 0;
};

std::vector<Scored> read_data(const std::string& name) {
  std::ifstream in(std::string(ARCADE_DATA_DIR) + "/connect4/" + name);
  std::vector<Scored> rows;
  for (Scored row; in >> row.moves >> row.score;) rows.push_back(row);
  return rows;
}

Position parse(std::string_view text) {
  const Parsed<Position> p = Connect4::from_text(text);
  EXPECT_TRUE(p.ok()) << text << ": " << p.error();
  return p.ok() ? *p : Connect4::start();
}

// Exact score of one move for the side to move, the way a perfect player
// must see it: a four now, or minus the opponent's score afterwards.
int move_score(Connect4Solver& solver, const Position& p, Move m) {
  const Position next = Connect4::play(p, m);
  if (Connect4::outcome(next) == Outcome::kLost) return (Connect4::kCells + 1 - p.plies) / 2;
  return -solver.solve(next);
}

// A whole game without a four: columns 1-6 filled in pairs, three discs of
// one side under three of the other, so every row alternates; column 7 alone.
constexpr const char* kDrawnGame = "121212212121343434434343565656656565777777";

// --- Rules ---

TEST(Connect4Perft, MatchesThePublishedCountsToDepth8) {
  // The published counts: all 7^n move sequences until a column can overflow
  // (7 of them at ply 7), and from ply 8 on no play after a four.
  const std::uint64_t expected[] = {1, 7, 49, 343, 2401, 16807, 117649, 823536, 5673234};
  for (int depth = 0; depth <= 8; ++depth)
    EXPECT_EQ(perft<Connect4>(Connect4::start(), depth), expected[depth]) << "depth " << depth;
}

TEST(Connect4Rules, FourInEveryDirectionEndsTheGame) {
  // Vertical, horizontal, and both diagonals, each completed by the last disc.
  for (const char* moves : {"1212121", "1122334", "12234334544", "76654554344"}) {
    const Position p = parse(moves);
    EXPECT_EQ(Connect4::outcome(p), Outcome::kLost) << moves;
    MoveList<Connect4::kMaxMoves> list;
    Connect4::generate_moves(p, list);
    EXPECT_TRUE(list.empty()) << moves;
  }
  EXPECT_EQ(Connect4::outcome(parse("121212")), Outcome::kOngoing);
}

TEST(Connect4Rules, AFullBoardWithoutFourIsADraw) {
  const Position p = parse(kDrawnGame);
  EXPECT_EQ(p.plies, 42);
  EXPECT_EQ(Connect4::outcome(p), Outcome::kDrawn);
}

TEST(Connect4Rules, MovesAreColumnsOneToSeven) {
  const Position p = parse("111111");
  EXPECT_EQ(Connect4::move_to_text(p, 3), "4");
  EXPECT_EQ(*Connect4::move_from_text(p, "7"), 6);
  EXPECT_FALSE(Connect4::move_from_text(p, "1").ok());  // full
  for (const char* bad : {"0", "8", "", "12", "a", "-1"})
    EXPECT_FALSE(Connect4::move_from_text(p, bad).ok()) << bad;
  EXPECT_FALSE(Connect4::move_from_text(parse("1212121"), "3").ok());  // game over
}

// --- Position strings ---

TEST(Connect4Text, MovesAndBoardsReadToTheSamePosition) {
  const Position p = parse("4453");
  EXPECT_EQ(Connect4::to_text(p), "......./......./......./......./...o.../..oxx..");
  const Position board = parse(Connect4::to_text(p));
  EXPECT_EQ(board, p);
  EXPECT_EQ(Connect4::hash(board), Connect4::hash(p));
  EXPECT_EQ(Connect4::to_text(Connect4::start()),
            "......./......./......./......./......./.......");
  EXPECT_EQ(Connect4::to_text(parse("4")), "......./......./......./......./......./...x...");
}

TEST(Connect4Text, EveryPositionOfRandomGamesRoundTrips) {
  std::mt19937_64 rng(7);
  for (int game = 0; game < 200; ++game) {
    for (const Position& p : testing::random_playout<Connect4>(Connect4::start(), rng)) {
      const std::string text = Connect4::to_text(p);
      const Parsed<Position> back = Connect4::from_text(text);
      ASSERT_TRUE(back.ok()) << text << ": " << back.error();
      EXPECT_EQ(*back, p) << text;
    }
  }
}

TEST(Connect4Text, ImpossiblePositionsAreRejected) {
  const std::pair<const char*, const char*> cases[] = {
      {"......./......./......./......./......./..xx...", "x two discs ahead"},
      {"......./......./......./......./......./..o....", "o ahead of x"},
      {"......./......./......./......./...x.../.....o.", "floating disc"},
      {"......./......./......./......./......./...X...", "bad character"},
      {"......./......./......./......./......./...x..", "short row"},
      {"......./......./......./......./.......|...x...", "missing separator"},
      {"......./......./......./......./......./...x.../.......", "seven rows"},
      {"......./......./......./o....../o...x../o..xx../oxxxo..", "x to move after o's four"},
      {"......./......./x....o./x....o./x....o./x....o.", "both sides have four"},
      {"......./......./x....../x....../x....../xoooo..", "both sides, again"},
      {"......./......./x....../x....../x....../xoo.oo.", "x has four, play went on"},
      {"......./......./......./......./x....../o......", "o cannot be below x's first"},
      {"1111111", "column overflow"},
      {"12121212", "continues after a four"},
      {"4480", "column out of range"},
      {"", "empty"},
  };
  for (const auto& [text, why] : cases)
    EXPECT_FALSE(Connect4::from_text(text).ok()) << why << ": " << text;
}

TEST(Connect4Text, AGameJustWonByTheLastDiscIsAccepted) {
  const Position p = parse("......./......./x....../x....../x....o./x...oo.");
  EXPECT_EQ(Connect4::outcome(p), Outcome::kLost);
  EXPECT_EQ(p, parse("1616151"));
}

// --- Heuristic search ---

TEST(Connect4Search, FindsAnImmediateWin) {
  // x has three stacked in column 1; o three in column 2; x to move.
  const SearchInfo info = testing::search_once<Connect4>(parse("121212"), {}, 4);
  EXPECT_EQ(info.best, 0);
  EXPECT_EQ(info.score, win_in(1));
}

TEST(Connect4Search, BlocksAnImmediateLoss) {
  // x threatens the top of column 1; o has nothing.
  const SearchInfo info = testing::search_once<Connect4>(parse("12131"), {}, 4);
  EXPECT_EQ(info.best, 0);
  EXPECT_FALSE(is_loss(info.score));
}

TEST(Connect4Search, EvaluationStaysInTheHeuristicRange) {
  std::mt19937_64 rng(11);
  for (int game = 0; game < 100; ++game)
    for (const Position& p : testing::random_playout<Connect4>(Connect4::start(), rng))
      EXPECT_LE(std::abs(Connect4::evaluate(p, default_weights<Connect4>())), kMaxHeuristic)
          << Connect4::to_text(p);
}

// --- Exact solver ---

void expect_every_score(const std::string& file) {
  const std::vector<Scored> rows = read_data(file);
  ASSERT_EQ(rows.size(), 1000u) << file;
  Connect4Solver solver(16);
  for (const Scored& row : rows) {
    solver.reset();
    EXPECT_EQ(solver.solve(parse(row.moves)), row.score) << file << ": " << row.moves;
  }
}

using Bound = Connect4BoundTable::Bound;
using BoundKind = Connect4BoundTable::Kind;

TEST(Connect4BoundTable, KeepsEveryScoreKindAndKeyBit) {
  Connect4BoundTable table;
  table.resize(1 << 20);
  const std::uint64_t widest = (std::uint64_t{1} << 49) - 1;  // every bit of a key
  for (const std::uint64_t key : {std::uint64_t{1}, std::uint64_t{0x123456789AB}, widest}) {
    for (int score = -22; score <= 22; ++score) {
      for (const BoundKind kind : {BoundKind::kUpper, BoundKind::kLower}) {
        table.store(key, score, kind);
        const std::optional<Bound> b = table.probe(key);
        ASSERT_TRUE(b.has_value()) << key << " " << score;
        EXPECT_EQ(b->score, score);
        EXPECT_EQ(b->kind, kind);
      }
    }
  }
}

// A small table, so that thousands of keys share its slots: a probe finds
// the last bound stored for that very key or nothing, never another key's.
TEST(Connect4BoundTable, NeverAnswersForAnotherKey) {
  Connect4BoundTable table;
  table.resize(0);  // the smallest table
  ASSERT_LT(table.size(), 5000u);
  std::mt19937_64 rng(7);
  std::map<std::uint64_t, Bound> last;
  std::vector<std::uint64_t> keys;
  for (int i = 0; i < 5000; ++i) keys.push_back(rng() >> 15);  // 49-bit keys
  std::size_t found = 0;
  for (int i = 0; i < 50000; ++i) {
    const std::uint64_t key = keys[rng() % keys.size()];
    if (rng() % 2) {
      const Bound b{static_cast<int>(rng() % 45) - 22,
                    rng() % 2 ? BoundKind::kUpper : BoundKind::kLower};
      table.store(key, b.score, b.kind);
      last[key] = b;
    } else if (const std::optional<Bound> b = table.probe(key)) {
      ++found;
      ASSERT_TRUE(last.count(key)) << key;
      EXPECT_EQ(b->score, last[key].score);
      EXPECT_EQ(b->kind, last[key].kind);
    }
  }
  EXPECT_GT(found, 0u);
}

TEST(Connect4BoundTable, ClearForgetsEverythingAlsoWhenTheGenerationsWrap) {
  Connect4BoundTable table;
  table.resize(1 << 16);
  for (int round = 0; round < 300; ++round) {
    const std::uint64_t key = 1000 + static_cast<std::uint64_t>(round % 7);
    table.store(key, round % 20, BoundKind::kLower);
    ASSERT_TRUE(table.probe(key).has_value());
    table.clear();
    for (std::uint64_t k = 1000; k < 1007; ++k) ASSERT_FALSE(table.probe(k).has_value()) << round;
  }
}

// The solver with the smallest table, so that bounds are overwritten all
// the time, still gets every score right.
TEST(Connect4Solver, ASmallTableChangesNoScore) {
  Connect4Solver solver(1);
  const std::vector<Scored> rows = read_data("c4_L2_R2.txt");
  for (std::size_t i = 0; i < rows.size(); i += 40) {
    solver.reset();
    EXPECT_EQ(solver.solve(parse(rows[i].moves)), rows[i].score) << rows[i].moves;
  }
}

TEST(Connect4Solver, AgreesWithEveryEndgameScore) {
  expect_every_score("c4_L3_R1.txt");
}

TEST(Connect4Solver, AgreesWithEveryEasyMiddleGameScore) {
  expect_every_score("c4_L2_R1.txt");
}

TEST(Connect4Solver, WeakSolveGivesTheSign) {
  Connect4Solver solver(16);
  const std::vector<Scored> rows = read_data("c4_L2_R1.txt");
  for (std::size_t i = 0; i < rows.size(); i += 25) {
    const int expected = (rows[i].score > 0) - (rows[i].score < 0);
    EXPECT_EQ(solver.solve(parse(rows[i].moves), /*weak=*/true), expected) << rows[i].moves;
  }
}

TEST(Connect4Solver, MoveScoresContainThePositionScore) {
  Connect4Solver solver(16);
  const std::vector<Scored> rows = read_data("c4_L3_R1.txt");
  for (std::size_t i = 0; i < rows.size(); i += 50) {
    const Position p = parse(rows[i].moves);
    const auto scores = solver.move_scores(p);
    int best = -100;
    for (int c = 0; c < Connect4::kWidth; ++c) {
      EXPECT_EQ(scores[c].has_value(), !(p.mask & Connect4::top_cell(c)));
      if (scores[c]) best = std::max(best, *scores[c]);
    }
    EXPECT_EQ(best, rows[i].score) << rows[i].moves;
  }
}

TEST(Connect4Solver, FinishedGamesScoreTheirResult) {
  Connect4Solver solver(1);
  // x's fourth disc wins: 22 - 4 = 18, lost for o to move.
  EXPECT_EQ(solver.solve(parse("1212121")), -18);
  EXPECT_EQ(solver.solve(parse(kDrawnGame)), 0);
}

TEST(Connect4Solver, AStopFlagAbandonsTheSolve) {
  std::atomic<bool> stop{true};
  Connect4Solver solver(1);
  solver.set_limits({&stop, std::nullopt, 0});
  EXPECT_EQ(solver.solve(Connect4::start()), Connect4Solver::kStopped);
  EXPECT_TRUE(solver.stopped());
  // Nothing half-searched was kept: the same solver still gets it right.
  solver.set_limits({});
  const Scored row = read_data("c4_L2_R1.txt").front();
  EXPECT_EQ(solver.solve(parse(row.moves)), row.score);
  EXPECT_FALSE(solver.stopped());
}

TEST(Connect4Solver, ANodeBudgetAbandonsTheSolve) {
  Connect4Solver solver(1);
  solver.set_limits({nullptr, std::nullopt, 10000});
  EXPECT_EQ(solver.solve(Connect4::start()), Connect4Solver::kStopped);
  EXPECT_LT(solver.nodes(), 10000u + 4096u);
}

// --- The solver on two threads ---

// Every `step`-th position of a data file, from `first`.
std::vector<Scored> every(const std::string& file, std::size_t first, std::size_t step) {
  const std::vector<Scored> rows = read_data(file);
  std::vector<Scored> picked;
  for (std::size_t i = first; i < rows.size(); i += step) picked.push_back(rows[i]);
  return picked;
}

// Two threads even on a machine with one: the sharing is what is tested.
// Each thread count solves each position from an empty table, as the
// benchmark does. The slices keep the test to a few seconds under
// ThreadSanitizer.
TEST(Connect4SolverThreads, TwoThreadsAndOneGiveTheDataSetsScores) {
  Connect4Solver one(16);
  Connect4Solver two(16);
  two.set_threads(2, 2);
  ASSERT_EQ(two.threads(), 2);
  for (const auto& [file, step] : {std::pair{"c4_L3_R1.txt", 20}, std::pair{"c4_L2_R1.txt", 20},
                                   std::pair{"c4_L2_R2.txt", 40}})
    for (const Scored& row : every(file, 3, static_cast<std::size_t>(step))) {
      const Position p = parse(row.moves);
      one.reset();
      two.reset();
      EXPECT_EQ(one.solve(p), row.score) << file << ": " << row.moves;
      EXPECT_EQ(two.solve(p), row.score) << file << ": " << row.moves;
      EXPECT_FALSE(two.stopped());
    }
}

TEST(Connect4SolverThreads, MoveScoresAndBestMovesAgreeWithOneThread) {
  Connect4Solver one(16);
  Connect4Solver two(16);
  two.set_threads(2, 2);
  for (const Scored& row : every("c4_L2_R2.txt", 7, 100)) {
    const Position p = parse(row.moves);
    const auto scores = two.move_scores(p);
    EXPECT_EQ(scores, one.move_scores(p)) << row.moves;
    EXPECT_EQ(*std::max_element(scores.begin(), scores.end()), row.score) << row.moves;
    const Connect4Solver::BestMoves best = two.best_moves(p);
    EXPECT_EQ(best.score, row.score) << row.moves;
    EXPECT_EQ(best.columns, one.best_moves(p).columns) << row.moves;
  }
}

TEST(Connect4SolverThreads, AStopFlagStopsEveryThread) {
  std::atomic<bool> stop{true};
  Connect4Solver solver(1);
  solver.set_threads(2, 2);
  solver.set_limits({&stop, std::nullopt, 0});
  EXPECT_EQ(solver.solve(Connect4::start()), Connect4Solver::kStopped);
  EXPECT_TRUE(solver.stopped());
  EXPECT_EQ(solver.move_scores(Connect4::start()), (std::array<std::optional<int>, 7>{}));
  EXPECT_TRUE(solver.stopped());
}

TEST(Connect4SolverThreads, TheNodeBudgetCountsEveryThread) {
  Connect4Solver solver(1);
  solver.set_threads(2, 2);
  solver.set_limits({nullptr, std::nullopt, 10000});
  EXPECT_EQ(solver.solve(Connect4::start()), Connect4Solver::kStopped);
  // Each thread may pass the budget by one check's worth of nodes.
  EXPECT_LT(solver.nodes(), 10000u + 2 * 4096u);
}

TEST(Connect4SolverThreads, TheCountIsClampedToTheMachine) {
  Connect4Solver solver(1);
  solver.set_threads(8, 2);
  EXPECT_EQ(solver.threads(), 2);
  solver.set_threads(0, 2);
  EXPECT_EQ(solver.threads(), 1);
  solver.set_threads(2, 0);  // a machine that cannot tell
  EXPECT_EQ(solver.threads(), 1);
}

// --- Session ---

TEST(Connect4Session, ScoresConvertToPliesFromNow) {
  // x to move after 6 plies wins with its 4th disc: the next ply.
  EXPECT_EQ(connect4_engine_score(18, 6), win_in(1));
  // o to move after 7 plies (x has 4 discs) and x wins with its 5th: ply 2.
  EXPECT_EQ(connect4_engine_score(-17, 7), loss_in(2));
  // x to move after 6 plies, winning with its 6th disc: plies 1, 3, 5.
  EXPECT_EQ(connect4_engine_score(16, 6), win_in(5));
  EXPECT_EQ(connect4_engine_score(0, 20), kDraw);
  // A game just lost: the winner's last disc is already down.
  EXPECT_EQ(connect4_engine_score(-18, 7), loss_in(0));
}

TEST(Connect4Session, SolveReportsTheScoreAndBestMoves) {
  Connect4Session session;
  ASSERT_FALSE(session.set_position("121212", {}));
  std::atomic<bool> stop{false};
  const Parsed<std::string> answer = session.solve(stop);
  ASSERT_TRUE(answer.ok()) << answer.error();
  EXPECT_EQ(*answer, "score 18 best 1");
}

TEST(Connect4Session, PerfectPlayKeepsTheExactScore) {
  const std::vector<Scored> rows = read_data("c4_L2_R1.txt");
  Connect4Solver reference(16);
  // One session for all, as in a game: its tables carry over between moves.
  Connect4Session session;
  for (std::size_t i = 0; i < rows.size(); i += 50) {
    ASSERT_FALSE(session.set_position(rows[i].moves, {}));
    SearchOptions options;
    options.use_oracle = true;
    options.random_ties = true;
    options.seed = i;
    std::atomic<bool> stop{false};
    int iterations = 0;
    const SearchReport report =
        session.search({}, options, stop, [&](const SearchReport&) { ++iterations; });
    EXPECT_EQ(iterations, 1);
    ASSERT_TRUE(report.proven) << rows[i].moves;
    const Position p = session.position();
    EXPECT_EQ(report.score, connect4_engine_score(rows[i].score, p.plies)) << rows[i].moves;
    ASSERT_FALSE(report.pv.empty());
    EXPECT_EQ(report.pv.front(), report.best);
    const Parsed<Move> move = Connect4::move_from_text(p, report.best);
    ASSERT_TRUE(move.ok()) << report.best;
    EXPECT_EQ(move_score(reference, p, *move), rows[i].score) << rows[i].moves;
  }
}

// The analysis' column scores with the solver's threads (as many as the
// machine has, up to 2) against the data set's score and one thread's.
TEST(Connect4SessionThreads, PerfectPlayScoresEveryColumnOnTwoThreads) {
  Connect4Solver reference(16);
  Connect4Session session;
  session.set_threads(2);
  for (const Scored& row : every("c4_L2_R2.txt", 11, 200)) {
    ASSERT_FALSE(session.set_position(row.moves, {}));
    SearchOptions options;
    options.use_oracle = true;
    options.root_scores = true;
    std::atomic<bool> stop{false};
    const SearchReport report = session.search({}, options, stop, {});
    ASSERT_TRUE(report.proven) << row.moves;
    const Position p = session.position();
    EXPECT_EQ(report.score, connect4_engine_score(row.score, p.plies)) << row.moves;
    const auto expected = reference.move_scores(p);
    std::vector<std::pair<std::string, Score>> got, want;
    for (const SearchReport::RootScore& r : report.root_scores) got.emplace_back(r.move, r.score);
    for (int c = 0; c < Connect4::kWidth; ++c)
      if (expected[c])
        want.emplace_back(Connect4::move_to_text(p, static_cast<Move>(c)),
                          connect4_engine_score(*expected[c], p.plies));
    EXPECT_EQ(got, want) << row.moves;
  }
}

TEST(Connect4Session, PerfectPlayFallsBackToTheHeuristicSearchWhenStopped) {
  Connect4Session session;
  std::atomic<bool> stop{true};
  SearchOptions options;
  options.use_oracle = true;
  const SearchReport report = session.search({}, options, stop, {});
  EXPECT_FALSE(report.proven);
  EXPECT_TRUE(Connect4::move_from_text(Connect4::start(), report.best).ok()) << report.best;
}

// --- Benchmark command ---

class Connect4Bench : public ::testing::Test {
 protected:
  std::string write(const std::string& name, const std::string& content) {
    const auto path = std::filesystem::temp_directory_path() / name;
    std::ofstream(path) << content;
    paths_.push_back(path);
    return path.string();
  }
  ~Connect4Bench() override {
    for (const auto& p : paths_) std::filesystem::remove(p);
  }
  std::vector<std::filesystem::path> paths_;
};

TEST_F(Connect4Bench, ReportsOneSummaryLine) {
  // Two lines of the data set, and a blank line, which is skipped.
  const std::vector<Scored> rows = read_data("c4_L3_R1.txt");
  const std::string path =
      write("c4_bench_ok.txt", rows[0].moves + " " + std::to_string(rows[0].score) + "\n\n" +
                                   rows[1].moves + " " + std::to_string(rows[1].score) + "\n");
  std::ostringstream out, err;
  EXPECT_EQ(bench_connect4(path, out, err), 0) << err.str();
  EXPECT_EQ(out.str().rfind("bench c4_bench_ok.txt positions 2 mismatches 0 mean_us ", 0), 0u)
      << out.str();
  EXPECT_NE(out.str().find(" mean_nodes "), std::string::npos);
}

TEST_F(Connect4Bench, AWrongScoreIsAMismatch) {
  const std::string path = write("c4_bench_bad.txt", "121212 17\n");
  std::ostringstream out, err;
  EXPECT_EQ(bench_connect4(path, out, err), 1);
  EXPECT_NE(out.str().find("mismatch line 1: 121212 expected 17 got 18"), std::string::npos);
  EXPECT_NE(out.str().find("positions 1 mismatches 1"), std::string::npos);
}

TEST_F(Connect4Bench, AMalformedLineIsNamed) {
  const std::string path = write("c4_bench_malformed.txt", "121212 18\n4453\n");
  std::ostringstream out, err;
  EXPECT_EQ(bench_connect4(path, out, err), 2);
  EXPECT_NE(err.str().find("line 2"), std::string::npos) << err.str();
}

}  // namespace
}  // namespace arcade
