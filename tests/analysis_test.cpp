// The analysis panel's model with a scripted engine: which searches it asks
// for and when it stops them, how it reads their lines, and the scores in
// words a player reads.

#include "app/analysis/analysis.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <set>
#include <thread>

#include "engine/worker_pool.h"
#include "games/registry.h"
#include "games/tictactoe/tictactoe.h"
#include "games/wolfsheep/wolfsheep.h"
#include "games/wolfsheep/wolfsheep_solution.h"
#include "scripted_engine.h"

namespace arcade::app {
namespace {

using Kind = EngineScore::Kind;

std::optional<EngineScore> score_of(const std::string& text) {
  return read_score(split_words(text), 0);
}

TEST(EngineScoreText, ReadsEveryKindAndRefusesMalformedOnes) {
  EXPECT_EQ(score_of("cp -12"), (EngineScore{Kind::kHeuristic, -12}));
  EXPECT_EQ(score_of("win 7"), (EngineScore{Kind::kWin, 7}));
  EXPECT_EQ(score_of("loss 0"), (EngineScore{Kind::kLoss, 0}));
  EXPECT_EQ(score_of("draw"), (EngineScore{Kind::kDraw, 0}));
  EXPECT_FALSE(score_of("cp"));
  EXPECT_FALSE(score_of("cp x"));
  EXPECT_FALSE(score_of("win -3"));
  EXPECT_FALSE(score_of("mate 3"));
}

TEST(EngineScoreText, NamesTheSideAheadInWords) {
  const std::unique_ptr<GameView> connect4 = make_game_view("connect4");
  const std::unique_ptr<GameView> wolfsheep = make_game_view("wolfsheep");
  // Plies to the end become the winner's own moves: win in 7 plies is 4 moves.
  EXPECT_EQ(score_in_words({Kind::kWin, 7}, 0, *connect4), "Red wins in 4 moves");
  EXPECT_EQ(score_in_words({Kind::kLoss, 2}, 0, *connect4), "Yellow wins in 1 move");
  EXPECT_EQ(score_in_words({Kind::kWin, 1}, 1, *connect4), "Yellow wins in 1 move");
  EXPECT_EQ(score_in_words({Kind::kDraw, 0}, 1, *connect4), "draw");
  // A game already won says so, not "wins in 0 moves" (issue 33).
  EXPECT_EQ(score_in_words({Kind::kLoss, 0}, 0, *connect4), "Yellow has won");
  EXPECT_EQ(score_in_words({Kind::kWin, 0}, 1, *wolfsheep), "Wolves have won");
  EXPECT_EQ(score_in_words({Kind::kHeuristic, 4}, 0, *connect4), "even");
  // A heuristic score as far as the evaluation bar leans (its share).
  EXPECT_EQ(score_in_words({Kind::kHeuristic, 8}, 0, *connect4), "Red leads slightly");
  EXPECT_EQ(score_in_words({Kind::kHeuristic, 8}, 1, *connect4), "Yellow leads slightly");
  EXPECT_EQ(score_in_words({Kind::kHeuristic, -100}, 0, *connect4), "Yellow leads");
  EXPECT_EQ(score_in_words({Kind::kHeuristic, 300}, 0, *connect4), "Red leads clearly");
  // Connect Four's WinNow (a four to complete at once) is 5000 units: no
  // "+500.0" a person cannot read.
  EXPECT_EQ(score_in_words({Kind::kHeuristic, 5000}, 1, *connect4), "Yellow leads by far");
  // A side named in the plural takes "win" and "lead".
  const std::string wolves(wolfsheep->side(1).name);
  EXPECT_EQ(score_in_words({Kind::kLoss, 5}, 0, *wolfsheep), wolves + " win in 3 moves");
  EXPECT_EQ(score_in_words({Kind::kHeuristic, -8}, 0, *wolfsheep), wolves + " lead slightly");
  // A game scored by its final margin (Reversi's disc difference).
  const std::unique_ptr<GameView> reversi = make_game_view("reversi");
  EXPECT_EQ(score_in_words({Kind::kWinBy, 18}, 1, *reversi), "White wins by 18");
  EXPECT_EQ(score_in_words({Kind::kLossBy, 6}, 1, *reversi), "Black wins by 6");
}

// A proven score says the search is exact, whatever its depth; a heuristic
// one how many moves ahead it looked (the levels' own count, engine/level.h:
// Beginner "looks one move ahead" at depth 1).
TEST(EngineScoreText, SaysWhetherTheSearchIsExactOrHowFarItLooked) {
  const std::unique_ptr<GameView> reversi = make_game_view("reversi");
  const std::unique_ptr<GameView> connect4 = make_game_view("connect4");
  const auto info = [](const std::string& line) {
    std::optional<SearchInfoLine> read = read_search_info(split_words(line));
    EXPECT_TRUE(read) << line;
    return read.value_or(SearchInfoLine{});
  };
  const SearchInfoLine endgame = info("info depth 15 score win by 18 nodes 3200000 pv c4 c3");
  EXPECT_EQ(played_in_words(1, "c4", endgame, std::nullopt, *reversi),
            "White played c4, exact from here: White wins by 18, 3.2M nodes, line c4 c3");
  const SearchInfoLine lost = info("info depth 15 score loss by 4 nodes 10 pv c4");
  EXPECT_EQ(search_in_words(lost, 0, *reversi),
            "exact from here: White wins by 4, 10 nodes, line c4");
  const SearchInfoLine drawn = info("info depth 12 score draw nodes 10 pv c4");
  EXPECT_EQ(search_in_words(drawn, 0, *reversi), "exact from here: draw, 10 nodes, line c4");
  const SearchInfoLine midgame = info("info depth 9 score cp -12 nodes 120000 pv d3");
  EXPECT_EQ(search_in_words(midgame, 0, *reversi),
            "searched 9 moves ahead: White leads slightly, 120k nodes, line d3");
  // Connect Four and Wolf and Sheep alike: a win in plies, proven at depth 8.
  const SearchInfoLine win = info("info depth 8 score win 7 nodes 900 pv 4");
  EXPECT_EQ(
      played_in_words(0, "4", win, std::nullopt, *connect4),
      "Red played 4, exact from here: Red wins in 4 moves, 900 nodes, line 4 (the search kept "
      "1 of the 7 moves to the end)");
  // Where the score is exact and the line is longer than shown, it says so:
  // the screen never shows a cut line as the whole way to the end.
  const SearchInfoLine long_win =
      info("info depth 30 score loss 37 nodes 5 pv 4 3 5 4 3 2 6 6 1 1");
  EXPECT_EQ(search_in_words(long_win, 1, *connect4),
            "exact from here: Red wins in 19 moves, 5 nodes, line 4 3 5 4 3 2 ... (the first 6 "
            "of the 37 moves to the end)");
  // Where room is short, the reach and the score alone.
  EXPECT_EQ(search_in_brief_words(endgame, 1, *reversi), "exact from here: White wins by 18");
  EXPECT_EQ(search_in_brief_sentence(endgame, 1, *reversi), "Exact from here: White wins by 18");
  EXPECT_EQ(search_in_brief_words(midgame, 0, *reversi),
            "searched 9 moves ahead: White leads slightly");
  EXPECT_EQ(reach_in_words(1, EngineScore{Kind::kHeuristic, 0}), "searched 1 move ahead");
  EXPECT_EQ(reach_in_words(3, std::nullopt), "searched 3 moves ahead");
  for (const Kind kind : {Kind::kWin, Kind::kLoss, Kind::kDraw, Kind::kWinBy, Kind::kLossBy})
    EXPECT_EQ(reach_in_words(30, EngineScore{kind, 2}), "exact from here");
}

TEST(EngineScoreText, GivesNoSpeedForASearchTooShortToMeasure) {
  const std::unique_ptr<GameView> tictactoe = make_game_view("tictactoe");
  // What the engine says of a depth-1 search after a1: 8 nodes in 0 ms.
  std::optional<SearchInfoLine> tiny = read_search_info(split_words(
      "info depth 1 score cp 1 nodes 8 nps 8000 time 0 evals 8 tablecuts 0 betacuts 0 pv b2"));
  ASSERT_TRUE(tiny);
  EXPECT_EQ(tiny->time_ms, 0u);
  EXPECT_EQ(search_in_words(*tiny, 1, *tictactoe), "searched 1 move ahead: even, 8 nodes, line b2");
  EXPECT_EQ(measured_nps(*tiny), 0u) << "what the analysis panel shows: no speed";
  SearchInfoLine measured = *tiny;
  measured.nodes = 40'000;
  measured.nps = 2'000'000;
  measured.time_ms = kMinMeasuredMs;
  EXPECT_EQ(search_in_words(measured, 1, *tictactoe),
            "searched 1 move ahead: even, 40k nodes, 2.0M nodes/s, line b2");
  EXPECT_EQ(measured_nps(measured), 2'000'000u);
  measured.time_ms.reset();  // an engine that does not say its time
  EXPECT_EQ(search_in_words(measured, 1, *tictactoe).find("nodes/s"), std::string::npos);
}

TEST(EngineScoreText, ReadsHowAMoveWasChosen) {
  const auto choice = [](const std::string& line) { return read_choice(split_words(line)); };
  EXPECT_EQ(choice("info string chose c2 at random among 3 equal moves"),
            (MoveChoice{"c2", 3, false}));
  EXPECT_EQ(choice("info string chose 4 as a slip of the level"), (MoveChoice{"4", 0, true}));
  EXPECT_FALSE(choice("info string ponder finished"));
  EXPECT_FALSE(choice("info string chose c2 at random among 1 equal moves"));
  EXPECT_FALSE(choice("info string chose c2 at random among x equal moves"));
  EXPECT_FALSE(choice("info string chose c2 as a slip"));
  EXPECT_FALSE(choice("info depth 1 score cp 1 nodes 8 pv b2"));
}

TEST(EngineScoreText, SaysWhyThePlayedMoveIsNotTheLinesFirst) {
  const std::unique_ptr<GameView> tictactoe = make_game_view("tictactoe");
  std::optional<SearchInfoLine> search = read_search_info(split_words(
      "info depth 8 score draw nodes 950 nps 95000 time 10 pv a1 b2 a3 c1 b1 b3 c3 a2"));
  ASSERT_TRUE(search);
  EXPECT_EQ(played_in_words(1, "c2", *search, MoveChoice{"c2", 3, false}, *tictactoe),
            "O played c2 at random among 3 equal moves; the search's line: a1 b2 a3 c1 b1 b3 "
            "... (exact from here: draw, 950 nodes)");
  EXPECT_EQ(
      played_in_words(1, "c2", *search, MoveChoice{"c2", 0, true}, *tictactoe),
      "O played c2, a weaker move its level plays on purpose; the search's line: a1 b2 a3 c1 b1 b3 "
      "... (exact from here: draw, 950 nodes)");
  // Where room is short, the move and how it was chosen come first, then
  // the score: a status line cut at its end keeps them (issue 33: "Searched
  // 9 moves ahead: White leads clearly" had lost both).
  EXPECT_EQ(played_in_brief_words(1, "c2", *search, MoveChoice{"c2", 3, false}, *tictactoe),
            "O played c2 at random among 3 equal moves: draw");
  EXPECT_EQ(played_in_brief_words(1, "c2", *search, MoveChoice{"c2", 0, true}, *tictactoe),
            "O played c2, a weaker move on purpose: draw");
  // Without a word from the engine it still says the line is another move's.
  EXPECT_EQ(played_in_words(1, "c2", *search, std::nullopt, *tictactoe),
            "O played c2; the search's line: a1 b2 a3 c1 b1 b3 ... (exact from here: draw, 950 "
            "nodes)");
  EXPECT_EQ(played_in_words(1, "a1", *search, MoveChoice{"a1", 3, false}, *tictactoe),
            "O played a1 at random among 3 equal moves, exact from here: draw, 950 nodes, line "
            "a1 b2 a3 c1 b1 b3 ...");
}

TEST(EngineScoreText, LabelsAMoveFromItsPlayersView) {
  EXPECT_EQ(move_score_label({Kind::kWin, 17}), "wins in 9");
  EXPECT_EQ(move_score_label({Kind::kLoss, 24}), "loses in 12");
  EXPECT_EQ(move_score_label({Kind::kDraw, 0}), "draw");
  EXPECT_EQ(move_score_label({Kind::kHeuristic, 8}), "+0.8");
  EXPECT_EQ(move_score_label({Kind::kHeuristic, -15}), "-1.5");
  EXPECT_EQ(move_score_short_label({Kind::kWin, 17}), "W9");
  EXPECT_EQ(move_score_short_label({Kind::kLoss, 24}), "L12");
  EXPECT_EQ(move_score_short_label({Kind::kDraw, 0}), "=");
}

TEST(EngineScoreText, CountsReadAtAGlance) {
  EXPECT_EQ(short_count(950), "950");
  EXPECT_EQ(short_count(12'345), "12k");
  EXPECT_EQ(short_count(1'234'567), "1.2M");
  EXPECT_EQ(short_count(35'000'000), "35M");
}

TEST(EngineScoreOrder, WinsSoonerBeatLaterWinsAndAnyHeuristic) {
  const EngineScore win3{Kind::kWin, 3}, win9{Kind::kWin, 9}, loss2{Kind::kLoss, 2},
      loss8{Kind::kLoss, 8}, plus{Kind::kHeuristic, 50}, draw{Kind::kDraw, 0};
  EXPECT_TRUE(win3.better_than(win9));
  EXPECT_TRUE(win9.better_than(plus));
  EXPECT_TRUE(plus.better_than(draw));
  EXPECT_TRUE(draw.better_than(loss8));
  EXPECT_TRUE(loss8.better_than(loss2));
  EXPECT_EQ(win3.flipped(), (EngineScore{Kind::kLoss, 3}));
  EXPECT_FLOAT_EQ(win3.share(), 1.0f);
  EXPECT_FLOAT_EQ(draw.share(), 0.5f);
  EXPECT_GT(plus.share(), 0.5f);
  EXPECT_NEAR(plus.flipped().share(), 1.0f - plus.share(), 1e-6);
}

class AnalysisTest : public ::testing::Test {
 protected:
  AnalysisTest() {
    game.set_side(1, {false, 3});  // person against person: nothing else searches
  }
  // The analysis engine's last `go` and the position before it.
  std::string last_go() const { return analysis_engine.sent.back(); }
  std::string last_position() const {
    auto it = std::find_if(analysis_engine.sent.rbegin(), analysis_engine.sent.rend(),
                           [](const std::string& l) { return l.rfind("position ", 0) == 0; });
    return it == analysis_engine.sent.rend() ? "" : *it;
  }

  ScriptedEngine game_engine, analysis_engine;
  GameController game{game_engine};
  Analysis analysis{analysis_engine};
};

TEST_F(AnalysisTest, ScoresEveryMoveOfThePositionOnTheBoard) {
  ASSERT_FALSE(game.play("b2"));
  analysis.update(game);
  EXPECT_EQ(last_position(), "position startpos moves b2");
  EXPECT_EQ(last_go(), "go depth 10 movetime 500");
  EXPECT_NE(std::find(analysis_engine.sent.begin(), analysis_engine.sent.end(),
                      "setoption name RootScores value true"),
            analysis_engine.sent.end());
  EXPECT_NE(std::find(analysis_engine.sent.begin(), analysis_engine.sent.end(),
                      "setoption name Threads value " + std::to_string(hardware_threads())),
            analysis_engine.sent.end());
  const std::uint64_t go = analysis_engine.last_request;
  analysis_engine.reply(go, "info depth 8 score draw nodes 4247 nps 4247000 time 1 pv a1 c2");
  analysis_engine.reply(go, "info depth 8 move c2 score loss 6");
  analysis_engine.reply(go, "info depth 8 move a1 score draw");
  analysis.update(game);
  ASSERT_TRUE(analysis.current());
  const AnalysisResult& r = *analysis.current();
  EXPECT_EQ(r.depth, 8);
  EXPECT_EQ(r.score.kind, Kind::kDraw);
  EXPECT_EQ(r.nodes, 4247u);
  EXPECT_EQ(r.pv, (std::vector<std::string>{"a1", "c2"}));
  ASSERT_EQ(r.moves.size(), 2u);
  EXPECT_EQ(r.moves[0].text, "a1");  // best first
  EXPECT_EQ(r.moves[1].score, (EngineScore{Kind::kLoss, 6}));
  EXPECT_FALSE(r.done);
  ASSERT_EQ(analysis.history().size(), 2u);
  EXPECT_EQ(analysis.history()[1], (EngineScore{Kind::kDraw, 0}));
}

TEST_F(AnalysisTest, HistoryIsFromTheFirstSidesViewAndFilledBackwards) {
  game.play("b2");
  analysis.update(game);
  // O to move: O's loss in 6 is X's win in 6.
  analysis_engine.reply(analysis_engine.last_request, "info depth 6 score loss 6 nodes 9 pv a2");
  analysis_engine.reply(analysis_engine.last_request, "bestmove a2");
  analysis.update(game);
  EXPECT_FALSE(analysis.current()->done);
  // The second, longer search: a shallower heuristic iteration does not
  // replace what the first one proved.
  EXPECT_EQ(last_go(), "go movetime 3000");
  analysis_engine.reply(analysis_engine.last_request, "info depth 1 score cp 3 nodes 9 pv a2");
  analysis_engine.reply(analysis_engine.last_request, "bestmove a2");
  analysis.update(game);
  EXPECT_TRUE(analysis.current()->done);
  EXPECT_EQ(analysis.current()->depth, 6);
  EXPECT_EQ(analysis.history()[1], (EngineScore{Kind::kWin, 6}));
  // Then the start, which has no score yet, at a glance.
  EXPECT_EQ(last_position(), "position startpos");
  EXPECT_EQ(last_go(), "go movetime 300");
  analysis_engine.reply(analysis_engine.last_request, "info depth 9 score cp 12 nodes 9 pv b2");
  analysis_engine.reply(analysis_engine.last_request, "bestmove b2");
  const std::size_t sent = analysis_engine.sent.size();
  analysis.update(game);
  EXPECT_EQ(analysis.history()[0], (EngineScore{Kind::kHeuristic, 12}));
  EXPECT_EQ(analysis_engine.sent.size(), sent) << "every position scored: the engine rests";
}

TEST_F(AnalysisTest, AProvenPositionWithMovesNotAllProvenGetsLongerPasses) {
  ASSERT_FALSE(game.play("b2"));
  analysis.update(game);
  const auto answer = [&](const char* c2) {
    const std::uint64_t go = analysis_engine.last_request;
    analysis_engine.reply(go, "info depth 9 score draw nodes 9 pv a1");
    analysis_engine.reply(go, "info depth 9 move a1 score draw");
    analysis_engine.reply(go, std::string("info depth 9 move c2 score ") + c2);
    analysis_engine.reply(go, "bestmove a1");
    analysis.update(game);
  };
  answer("cp 5");
  EXPECT_EQ(last_go(), "go movetime 3000");
  answer("cp 5");
  EXPECT_EQ(last_go(), "go movetime 6000") << "c2 has no exact score yet";
  EXPECT_FALSE(analysis.current()->done);
  answer("loss 6");
  EXPECT_TRUE(analysis.current()->done);
  EXPECT_EQ(analysis.current()->moves.back().score, (EngineScore{Kind::kLoss, 6}));
  EXPECT_EQ(last_go(), "go movetime 300") << "then the start, at a glance";
}

TEST_F(AnalysisTest, AHeuristicPositionGetsTwoPasses) {
  ASSERT_FALSE(game.play("b2"));
  analysis.update(game);
  for (int pass = 0; pass < 2; ++pass) {
    const std::uint64_t go = analysis_engine.last_request;
    analysis_engine.reply(go, "info depth 9 score cp 3 nodes 9 pv a1");
    analysis_engine.reply(go, "info depth 9 move a1 score cp 3");
    analysis_engine.reply(go, "bestmove a1");
    analysis.update(game);
  }
  EXPECT_TRUE(analysis.current()->done);
  EXPECT_EQ(last_go(), "go movetime 300");
}

TEST_F(AnalysisTest, ANewPositionStopsTheSearchAndIgnoresItsLateLines) {
  game.play("b2");
  analysis.update(game);
  const std::uint64_t old = analysis_engine.last_request;
  game.play("a1");
  analysis.update(game);
  EXPECT_EQ(analysis_engine.stops, 1);
  EXPECT_EQ(last_position(), "position startpos moves b2 a1");
  analysis_engine.reply(old, "info depth 5 score cp 99 nodes 1 pv c3");
  analysis_engine.reply(old, "bestmove c3");
  analysis.update(game);
  EXPECT_FALSE(analysis.current());
  EXPECT_FALSE(analysis.history()[2]);
}

TEST_F(AnalysisTest, UndoKeepsTheScoresOfTheLineStillPlayed) {
  game.play("b2");
  analysis.update(game);
  analysis_engine.reply(analysis_engine.last_request, "info depth 6 score loss 6 nodes 9 pv a2");
  analysis_engine.reply(analysis_engine.last_request, "bestmove a2");
  analysis.update(game);
  game.play("a1");
  analysis.update(game);
  game.undo();
  analysis.update(game);
  ASSERT_EQ(analysis.history().size(), 2u);
  EXPECT_EQ(analysis.history()[1], (EngineScore{Kind::kWin, 6}));
}

TEST_F(AnalysisTest, WaitsWhileTheAIThinks) {
  game.set_side(1, {true, 3});
  game.play("b2");
  game.update();  // the AI's search starts on its own engine
  ASSERT_TRUE(game.ai_thinking());
  analysis.update(game);
  EXPECT_TRUE(analysis_engine.sent.empty());
}

TEST_F(AnalysisTest, AFinishedGameIsScoredWithoutASearch) {
  for (const char* m : {"a1", "b1", "a2", "b2", "a3"}) ASSERT_FALSE(game.play(m));
  ASSERT_TRUE(game.game_over());
  analysis.update(game);
  ASSERT_TRUE(analysis.current());
  // O to move has lost: X's win, from the first side's view.
  EXPECT_EQ(analysis.history().back(), (EngineScore{Kind::kWin, 0}));
  EXPECT_EQ(last_go(), "go movetime 300") << "the earlier positions are scored";
}

// Split over three engines: each searches the positions after its share of
// the moves; a move's score is its position's, from the mover's view.
class SplitAnalysisTest : public AnalysisTest {
 protected:
  SplitAnalysisTest() { analysis.set_helpers({&helpers[0], &helpers[1]}); }
  ScriptedEngine* engine(std::size_t i) { return i == 0 ? &analysis_engine : &helpers[i - 1]; }
  // The move whose position engine i searches now ("" when it rests).
  std::string searched_move(std::size_t i) {
    ScriptedEngine& e = *engine(i);
    auto it = std::find_if(e.sent.rbegin(), e.sent.rend(),
                           [](const std::string& l) { return l.rfind("position ", 0) == 0; });
    if (it == e.sent.rend() || e.sent.back().rfind("go ", 0) != 0) return "";
    const std::vector<std::string> words = split_words(*it);
    return words.back();
  }
  // Answers every engine's search whose `go` starts with `go`, each position
  // with `scores`' score for its move (cp 0 if none), until none is left;
  // returns the moves searched, in the order asked.
  std::vector<std::string> answer_all(const std::string& go,
                                      const std::map<std::string, std::string>& scores,
                                      int depth = 4) {
    std::vector<std::string> asked;
    for (int round = 0; round < 20; ++round) {
      bool any = false;
      for (std::size_t i = 0; i < 3; ++i) {
        ScriptedEngine& e = *engine(i);
        if (e.sent.empty() || e.sent.back().rfind(go, 0) != 0 ||
            answered.count({i, e.last_request}))
          continue;
        const std::string move = searched_move(i);
        asked.push_back(move);
        searched_by.push_back({i, move});
        const auto s = scores.find(move);
        e.reply(e.last_request, "info depth " + std::to_string(depth) + " score " +
                                    (s == scores.end() ? "cp 0" : s->second) +
                                    " nodes 100 nps 1000 pv x" + move);
        e.reply(e.last_request, "bestmove x" + move);
        answered.insert({i, e.last_request});
        any = true;
      }
      analysis.update(game);
      if (!any) break;
    }
    return asked;
  }

  ScriptedEngine helpers[2];
  std::set<std::pair<std::size_t, std::uint64_t>> answered;
  std::vector<std::pair<std::size_t, std::string>> searched_by;  // engine, move
};

TEST_F(SplitAnalysisTest, EachEngineSearchesThePositionAfterADifferentMove) {
  ASSERT_FALSE(game.play("b2"));
  analysis.update(game);
  std::set<std::string> moves;
  for (std::size_t i = 0; i < 3; ++i) {
    const std::string move = searched_move(i);
    EXPECT_EQ(engine(i)->sent.back(), "go depth 9 movetime 187") << "500 ms x 3 engines / 8 moves";
    EXPECT_NE(std::find(engine(i)->sent.begin(), engine(i)->sent.end(),
                        "setoption name RootScores value false"),
              engine(i)->sent.end());
    moves.insert(move);
  }
  EXPECT_EQ(moves.size(), 3u);
  EXPECT_EQ(moves.count("b2"), 0u);
  EXPECT_EQ(analysis.engines(), 3u);
}

TEST_F(SplitAnalysisTest, ShowsTheMovesOnceEachIsScoredBestFirstAndOnePlyLonger) {
  ASSERT_FALSE(game.play("b2"));
  analysis.update(game);
  // O to move: after O's a1, X loses in 5; after c3, X wins in 6.
  const std::vector<std::string> asked =
      answer_all("go depth", {{"a1", "loss 5"}, {"c3", "win 6"}});
  EXPECT_EQ(std::set<std::string>(asked.begin(), asked.end()).size(), 8u) << "each move once";
  ASSERT_TRUE(analysis.current());
  const AnalysisResult& r = *analysis.current();
  ASSERT_EQ(r.moves.size(), 8u);
  EXPECT_EQ(r.moves.front().text, "a1");
  EXPECT_EQ(r.moves.front().score, (EngineScore{Kind::kWin, 6}));
  EXPECT_EQ(r.moves.back().text, "c3");
  EXPECT_EQ(r.moves.back().score, (EngineScore{Kind::kLoss, 7}));
  EXPECT_EQ(r.moves[1].score, (EngineScore{Kind::kHeuristic, 0}));
  EXPECT_EQ(r.score, (EngineScore{Kind::kWin, 6}));
  EXPECT_EQ(r.pv, (std::vector<std::string>{"a1", "xa1"}));
  EXPECT_EQ(r.depth, 5);
  EXPECT_EQ(r.nodes, 800u);
  // The second pass: the longer time shared the same way.
  EXPECT_EQ(analysis_engine.sent.back(), "go movetime 1125");
  EXPECT_FALSE(r.done);
  ASSERT_EQ(analysis.history().size(), 2u);
  EXPECT_EQ(analysis.history()[1], (EngineScore{Kind::kLoss, 6})) << "the first side's view";
}

TEST_F(SplitAnalysisTest, TheSecondPassKeepsWhatTheFirstKnewBetter) {
  ASSERT_FALSE(game.play("b2"));
  analysis.update(game);
  answer_all("go depth", {{"a1", "loss 5"}});
  // Shallower lines of the second pass: a1's proof and the others' depth stay.
  answer_all("go movetime", {{"a1", "cp 40"}}, 2);
  ASSERT_TRUE(analysis.current());
  EXPECT_TRUE(analysis.current()->done);
  EXPECT_EQ(analysis.current()->moves.front().score, (EngineScore{Kind::kWin, 6}));
  EXPECT_EQ(analysis.current()->depth, 5);
}

TEST_F(SplitAnalysisTest, MovesWithoutAnExactScoreGetLongerPassesOnTheSameEngine) {
  ASSERT_FALSE(game.play("b2"));
  analysis.update(game);
  const std::map<std::string, std::string> all_but_c3 = {
      {"a1", "draw"}, {"a2", "draw"}, {"a3", "draw"}, {"b1", "draw"},
      {"b3", "draw"}, {"c1", "draw"}, {"c2", "draw"}};
  EXPECT_EQ(answer_all("go depth", all_but_c3).size(), 8u);
  EXPECT_EQ(answer_all("go movetime 1125", all_but_c3).size(), 8u) << "the second pass: all";
  std::size_t c3_engine = 3;
  for (const auto& [engine, move] : searched_by)
    if (move == "c3") c3_engine = engine;
  // 6000 ms x 3 engines / 8 moves, then twice that, for c3 alone.
  EXPECT_EQ(answer_all("go movetime 2250", all_but_c3), (std::vector<std::string>{"c3"}));
  EXPECT_EQ(searched_by.back().first, c3_engine) << "its engine keeps it";
  EXPECT_FALSE(analysis.current()->done);
  EXPECT_EQ(answer_all("go movetime 4500", {{"c3", "loss 4"}}), (std::vector<std::string>{"c3"}));
  EXPECT_TRUE(analysis.current()->done) << "four passes at most";
  EXPECT_EQ(analysis.current()->moves.front().score, (EngineScore{Kind::kWin, 5}));
  EXPECT_EQ(analysis.history()[0], std::nullopt) << "then the start, at a glance";
  EXPECT_EQ(analysis_engine.sent.back(), "go movetime 300");
}

TEST_F(SplitAnalysisTest, AMoveThatEndsTheGameIsScoredWithoutASearch) {
  for (const char* m : {"a1", "b1", "a2", "b2"}) ASSERT_FALSE(game.play(m));
  analysis.update(game);
  const std::vector<std::string> asked = answer_all("go depth", {});
  EXPECT_EQ(std::count(asked.begin(), asked.end(), "a3"), 0);
  EXPECT_EQ(asked.size(), 4u);
  ASSERT_TRUE(analysis.current());
  EXPECT_EQ(analysis.current()->moves.front().text, "a3");
  EXPECT_EQ(analysis.current()->moves.front().score, (EngineScore{Kind::kWin, 1}));
}

TEST_F(SplitAnalysisTest, ANewPositionStopsEveryEngineAndIgnoresTheirLateLines) {
  ASSERT_FALSE(game.play("b2"));
  analysis.update(game);
  std::uint64_t old[3];
  for (std::size_t i = 0; i < 3; ++i) old[i] = engine(i)->last_request;
  ASSERT_FALSE(game.play("a1"));
  analysis.update(game);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(engine(i)->stops, 1);
    engine(i)->reply(old[i], "info depth 5 score win 3 nodes 1 pv c3");
    engine(i)->reply(old[i], "bestmove c3");
  }
  analysis.update(game);
  EXPECT_FALSE(analysis.current());
  EXPECT_FALSE(analysis.history()[2]);
  EXPECT_EQ(searched_move(0).size(), 2u) << "searching the new position's moves";
}

// Real engines: the split scores are the scores one engine gives every move
// (RootScores), on positions each game solves: Tic-tac-toe to the end,
// Connect Four from the data set's positions near the end.
std::vector<MoveScore> analyse_until_done(GameController& game, std::size_t engines) {
  std::vector<std::unique_ptr<EngineClient>> clients;
  for (std::size_t i = 0; i < engines; ++i) clients.push_back(make_engine_client());
  Analysis analysis(*clients[0]);
  std::vector<EngineClient*> helpers;
  for (std::size_t i = 1; i < engines; ++i) helpers.push_back(clients[i].get());
  analysis.set_helpers(helpers);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!(analysis.current() && analysis.current()->done) &&
         std::chrono::steady_clock::now() < deadline) {
    analysis.update(game);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  if (!analysis.current() || !analysis.current()->done) return {};
  std::vector<MoveScore> moves = analysis.current()->moves;
  std::sort(moves.begin(), moves.end(),
            [](const MoveScore& a, const MoveScore& b) { return a.text < b.text; });
  return moves;
}

void expect_same_scores(GameController& game) {
  const std::vector<MoveScore> one = analyse_until_done(game, 1);
  const std::vector<MoveScore> three = analyse_until_done(game, 3);
  ASSERT_EQ(one.size(), game.legal_moves().size())
      << command_line(position_command(game.engine_position()));
  ASSERT_EQ(three.size(), one.size()) << command_line(position_command(game.engine_position()));
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(three[i].text, one[i].text);
    EXPECT_EQ(three[i].score, one[i].score)
        << command_line(position_command(game.engine_position())) << " " << one[i].text;
    EXPECT_NE(one[i].score.kind, Kind::kHeuristic) << "a solved position";
  }
}

TEST(SplitAnalysisAgrees, WithOneEngineScoringEveryMoveOfSolvedPositions) {
  ScriptedEngine ai;
  GameController game(ai);
  game.set_side(1, {false, 3});
  for (const char* line : {"b2", "a1 b2", "a1 b2 c3 a3"}) {
    ASSERT_FALSE(game.open_text(line)) << line;
    expect_same_scores(game);
  }
  std::ifstream data(std::string(ARCADE_DATA_DIR) + "/connect4/c4_L3_R1.txt");
  ASSERT_TRUE(data) << "../shared/data/connect4/c4_L3_R1.txt";
  std::string moves, score;
  for (int i = 0; i < 3 && data >> moves >> score; ++i) {
    ASSERT_FALSE(game.switch_game("connect4"));
    ASSERT_FALSE(game.open_text(moves)) << moves;
    expect_same_scores(game);
  }
}

// A solved game's analysis is exact for every move, and its line runs to
// the end of the game. Expected values: a brute-force minimax of
// Tic-tac-toe, and Wolf and Sheep's solution table, not the search.
AnalysisResult analysis_when_done(GameController& game) {
  const std::unique_ptr<EngineClient> engine = make_engine_client();
  Analysis analysis(*engine);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!(analysis.current() && analysis.current()->done) &&
         std::chrono::steady_clock::now() < deadline) {
    analysis.update(game);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return analysis.current().value_or(AnalysisResult{});
}

// A move's score from its position's exact value (plies counted from it).
EngineScore move_score_of(Score after) {
  if (after == kDraw) return {Kind::kDraw, 0};
  return is_win(after) ? EngineScore{Kind::kLoss, plies_to_end(after) + 1}
                       : EngineScore{Kind::kWin, plies_to_end(after) + 1};
}

Score tictactoe_value(const TicTacToe::Position& p) {
  if (TicTacToe::outcome(p) != Outcome::kOngoing) return terminal_score(TicTacToe::outcome(p), 0);
  MoveList<TicTacToe::kMaxMoves> moves;
  TicTacToe::generate_moves(p, moves);
  Score best = -kInfinity;
  for (Move m : moves) {
    const Score child = tictactoe_value(TicTacToe::play(p, m));
    best = std::max(best, is_win(child) ? -child + 1 : is_loss(child) ? -child - 1 : kDraw);
  }
  return best;
}

template <class G>
std::optional<Score> exact_value(const typename G::Position& p) {
  if constexpr (std::is_same_v<G, TicTacToe>)
    return tictactoe_value(p);
  else
    return WolfSheepSolution::instance().value(p);
}

template <class G>
void expect_exact_and_whole(const std::string& game_name, const std::string& moves) {
  ScriptedEngine ai;
  GameController game(ai);
  game.set_side(1, {false, 3});
  ASSERT_FALSE(game.switch_game(game_name));
  ASSERT_FALSE(game.open_text(moves)) << moves;
  const AnalysisResult result = analysis_when_done(game);
  ASSERT_TRUE(result.done) << moves << ": the analysis never finished";
  typename G::Position p = *G::from_text(game.position().position_text());
  EXPECT_EQ(result.moves.size(), game.legal_moves().size()) << moves;
  for (const MoveScore& m : result.moves) {
    const std::optional<Score> after = exact_value<G>(G::play(p, *G::move_from_text(p, m.text)));
    ASSERT_TRUE(after);
    EXPECT_EQ(m.score, move_score_of(*after)) << moves << ", " << m.text;
  }
  // The line is the best move's, to the end of the game, and keeps its score.
  ASSERT_FALSE(result.pv.empty()) << moves;
  EXPECT_EQ(result.pv.front(), result.moves.front().text) << moves;
  for (const std::string& text : result.pv) {
    const Parsed<Move> m = G::move_from_text(p, text);
    ASSERT_TRUE(m) << moves << ": " << text << " in the line";
    p = G::play(p, *m);
  }
  EXPECT_NE(G::outcome(p), Outcome::kOngoing) << moves << ": the line stops short";
  if (result.score.kind != Kind::kDraw) {
    EXPECT_EQ(static_cast<int>(result.pv.size()), result.score.value) << moves;
  }
}

TEST(SolvedAnalysis, TicTacToeScoresEveryMoveExactlyWithTheLineToTheEnd) {
  // X a1, O c2: X wins with three moves, and every other move's score is a
  // draw or a loss that a search to the end proves too.
  for (const char* moves : {"a1 c2", "a1 b2", "b2", "a1 c2 c1", "a1 c3 c1 b1"})
    expect_exact_and_whole<TicTacToe>("tictactoe", moves);
}

TEST(SolvedAnalysis, WolfAndSheepScoresEveryMoveExactlyWithTheLineToTheEnd) {
  for (const char* moves : {"e1f2", "e1f2 f8g7", "e1f2 f8g7 f2e3"})
    expect_exact_and_whole<WolfSheep>("wolfsheep", moves);
}

// After e1f2 the wolves on f8 and h8 can both go to g7: f8g7 loses, h8g7
// wins (the solution table says so). One label for the square must not say
// "wins" for both.
TEST(BoardLabels, ASquareTwoPiecesReachShowsTheWorseScoreNamingItsPiece) {
  ScriptedEngine ai;
  GameController game(ai);
  game.set_side(1, {false, 3});
  ASSERT_FALSE(game.switch_game("wolfsheep"));
  ASSERT_FALSE(game.play("e1f2"));
  const WolfSheep::Position p = *WolfSheep::from_text(game.position().position_text());
  AnalysisResult result;
  for (const Move move : game.legal_moves()) {
    const std::string text = game.position().move_to_text(move);
    result.moves.push_back(
        {move, text,
         move_score_of(*WolfSheepSolution::instance().value(WolfSheep::play(p, move)))});
  }
  std::stable_sort(
      result.moves.begin(), result.moves.end(),
      [](const MoveScore& a, const MoveScore& b) { return a.score.better_than(b.score); });
  const auto score_of_move = [&](const std::string& text) {
    return std::find_if(result.moves.begin(), result.moves.end(),
                        [&](const MoveScore& m) { return m.text == text; })
        ->score;
  };
  ASSERT_EQ(score_of_move("f8g7").kind, Kind::kLoss);
  ASSERT_EQ(score_of_move("h8g7").kind, Kind::kWin);

  const Cell g7{6, 6}, f8{5, 7};
  const std::vector<BoardLabel> all = board_labels(result, game.position(), std::nullopt);
  for (const BoardLabel& label : all) {
    // Every move to the label's square, and the worst of their scores.
    std::vector<const MoveScore*> to_here;
    for (const MoveScore& m : result.moves)
      if (game.position().move_cells(m.move).to == label.cell) to_here.push_back(&m);
    ASSERT_FALSE(to_here.empty());
    EngineScore worst = to_here.front()->score;
    for (const MoveScore* m : to_here)
      if (worst.better_than(m->score)) worst = m->score;
    const bool differ = std::any_of(to_here.begin(), to_here.end(),
                                    [&](const MoveScore* m) { return !(m->score == worst); });
    EXPECT_EQ(label.score, worst);
    for (const std::string& move : label.moves) EXPECT_EQ(score_of_move(move), worst) << move;
    EXPECT_EQ(label.piece.empty(), !differ);
    if (differ) {
      ASSERT_EQ(label.moves.size(), 1u);
      EXPECT_EQ(label.piece, label.moves[0].substr(0, 2));
    } else {
      EXPECT_EQ(label.moves.size(), to_here.size());
    }
    if (label.cell == g7) {
      EXPECT_EQ(label.moves, std::vector<std::string>{"f8g7"});
    }
  }
  std::set<std::pair<int, int>> cells;
  for (const BoardLabel& label : all) cells.insert({label.cell.col, label.cell.row});
  EXPECT_EQ(cells.size(), all.size()) << "one label a square";
  EXPECT_TRUE(cells.count({g7.col, g7.row}));

  // The f8 wolf selected: its own two moves, nothing else.
  std::set<std::string> f8_moves;
  for (const BoardLabel& label : board_labels(result, game.position(), f8)) {
    ASSERT_EQ(label.moves.size(), 1u);
    EXPECT_EQ(label.score, score_of_move(label.moves[0]));
    EXPECT_TRUE(label.piece.empty());
    f8_moves.insert(label.moves[0]);
  }
  EXPECT_EQ(f8_moves, (std::set<std::string>{"f8e7", "f8g7"}));
}

}  // namespace
}  // namespace arcade::app
