// The game in progress as a player expects it (app/game_controller.h): redo
// replays the recorded game, nothing is lost by switching games or starting a
// new one, rematches and the session's score, the AI's pace against itself,
// share links and pasted text. A scripted engine answers when a test says so.

#include "app/game/game_controller.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "app/game_in_words.h"
#include "engine/protocol.h"
#include "scripted_engine.h"

namespace arcade::app {
namespace {

using Moves = std::vector<std::string>;
using VersusAi = SessionScore::VersusAi;
using BySide = SessionScore::BySide;

// Wolf and Sheep with the sheep on c1 (variant 1 of a1, c1, e1, g1).
constexpr const char* kSheepOnC1 = "1w1w1w1w/8/8/8/8/8/8/2s5 s";

class GameSessionTest : public ::testing::Test {
 protected:
  // The AI, already asked or asked now, answers with `move`.
  void ai_plays(const std::string& move) {
    game.update();
    ASSERT_TRUE(game.ai_thinking()) << "the AI should be searching before " << move;
    engine.reply(engine.last_request, "bestmove " + move);
    game.update();
    ASSERT_EQ(game.moves().back(), move);
  }
  void play(const std::vector<std::string>& moves) {
    for (const std::string& m : moves) ASSERT_FALSE(game.play(m)) << m;
  }
  void people_on_both_sides() {
    game.set_side(0, {false, 3});
    game.set_side(1, {false, 3});
  }
  long searches() const {
    return std::count_if(engine.sent.begin(), engine.sent.end(),
                         [](const std::string& line) { return line.rfind("go ", 0) == 0; });
  }
  bool sent(const std::string& line) const {
    return std::find(engine.sent.begin(), engine.sent.end(), line) != engine.sent.end();
  }

  ScriptedEngine engine;
  GameController game{engine};  // a person plays X, the AI O
};

// --- What the AI's move says -------------------------------------------------

// The engine's line on how it chose its move goes with that move, and only
// with it.
TEST_F(GameSessionTest, TheAIsMoveKeepsHowTheEngineChoseIt) {
  play({"a1"});
  game.update();
  ASSERT_TRUE(game.ai_thinking());
  engine.reply(engine.last_request, "info depth 8 score draw nodes 950 pv b2 a2 a3");
  engine.reply(engine.last_request, "info string chose c2 at random among 3 equal moves");
  engine.reply(engine.last_request, "bestmove c2");
  game.update();
  ASSERT_TRUE(game.last_ai_move());
  EXPECT_EQ(game.last_ai_move()->move, "c2");
  EXPECT_EQ(game.last_ai_move()->choice, (MoveChoice{"c2", 3, false}));
  EXPECT_EQ(game.last_ai_move()->thinking.pv.front(), "b2");
  play({"b2"});
  game.update();
  engine.reply(engine.last_request, "info depth 6 score draw nodes 90 pv a3");
  engine.reply(engine.last_request, "bestmove a3");
  game.update();
  ASSERT_TRUE(game.last_ai_move());
  EXPECT_FALSE(game.last_ai_move()->choice) << "the last search's words are not this one's";
}

// --- Redo replays the recorded game ------------------------------------------

TEST_F(GameSessionTest, RedoMirrorsUndoAndReplaysTheAIsRecordedMoves) {
  play({"b2"});
  ai_plays("a1");
  play({"c3"});
  ai_plays("c1");
  const long before = searches();
  game.undo();  // back to X's turn: c1 and c3
  EXPECT_EQ(game.moves(), (Moves{"b2", "a1"}));
  game.undo();
  EXPECT_TRUE(game.moves().empty());
  EXPECT_EQ(game.redo_moves(), (Moves{"b2", "a1", "c3", "c1"}));
  game.redo();  // to X's turn again: b2 and the AI's a1
  EXPECT_EQ(game.moves(), (Moves{"b2", "a1"}));
  EXPECT_EQ(game.redo_moves(), (Moves{"c3", "c1"}));
  game.update();
  EXPECT_FALSE(game.ai_thinking());
  game.redo();
  EXPECT_EQ(game.moves(), (Moves{"b2", "a1", "c3", "c1"}));
  EXPECT_FALSE(game.can_redo());
  game.update();
  EXPECT_EQ(searches(), before) << "the recorded game is replayed, not searched again";
}

TEST_F(GameSessionTest, AIAgainstAIUndoesAndRedoesOnePlyPaused) {
  game.set_side(0, {true, 3});
  ai_plays("b2");
  ai_plays("a1");
  game.undo();
  EXPECT_EQ(game.moves(), (Moves{"b2"}));
  EXPECT_TRUE(game.paused());
  game.redo();
  EXPECT_EQ(game.moves(), (Moves{"b2", "a1"}));
  EXPECT_TRUE(game.paused());
  game.update();
  EXPECT_FALSE(game.ai_thinking());
}

// After go_to the AI is to move and its recorded move waits: it does not
// search until the player says "play from here" (move now).
TEST_F(GameSessionTest, TheAIWaitsOnARecordedMoveUntilToldToPlayFromHere) {
  play({"b2"});
  ai_plays("a1");
  play({"c3"});
  ai_plays("c1");
  game.go_to(1);
  EXPECT_TRUE(game.waiting_for_redo());
  game.update();
  EXPECT_FALSE(game.ai_thinking());
  EXPECT_EQ(game.redo_moves(), (Moves{"a1", "c3", "c1"}));
  game.move_now();
  ASSERT_TRUE(game.ai_thinking());
  EXPECT_EQ(engine.sent[engine.sent.size() - 2], "position startpos moves b2");
  EXPECT_EQ(game.redo_moves().size(), 3u) << "kept until the AI's move lands";
  engine.reply(engine.last_request, "bestmove a3");
  game.update();
  EXPECT_EQ(game.moves(), (Moves{"b2", "a3"}));
  EXPECT_FALSE(game.can_redo()) << "a new move: the old game's moves go";
}

TEST_F(GameSessionTest, TheRecordedMovePlayedAgainKeepsTheRestOfTheGame) {
  play({"b2"});
  ai_plays("a1");
  play({"c3"});
  ai_plays("c1");
  game.go_to(1);
  game.move_now();
  engine.reply(engine.last_request, "bestmove a1");  // the AI finds the same move
  game.update();
  EXPECT_EQ(game.redo_moves(), (Moves{"c3", "c1"}));
  people_on_both_sides();
  game.go_to(0);
  play({"b2"});  // a person's too
  EXPECT_EQ(game.redo_moves(), (Moves{"a1", "c3", "c1"}));
  play({"c2"});
  EXPECT_FALSE(game.can_redo());
}

TEST_F(GameSessionTest, ASideSwitchedToTheAIDoesNotPlayOverTheRedoMoves) {
  people_on_both_sides();
  play({"b2", "a1", "c3"});
  game.undo();
  game.undo();
  EXPECT_EQ(game.redo_moves(), (Moves{"a1", "c3"}));
  game.set_side(1, {true, 3});  // O, to move, becomes the AI
  game.update();
  EXPECT_FALSE(game.ai_thinking());
  EXPECT_TRUE(game.waiting_for_redo());
  game.redo();
  EXPECT_EQ(game.moves(), (Moves{"b2", "a1"}));
  EXPECT_EQ(game.redo_moves(), (Moves{"c3"}));
}

// --- Viewing an earlier position ---------------------------------------------

// Issue 22's stuck game: Connect Four, Red the AI (Beginner), Yellow a
// person; 1 5 5 played; Yellow's 5 clicked in the move list. Red (the AI) is
// to move there and waits on its recorded move: the mode must say so and
// offer both ways out.
class ViewingTest : public GameSessionTest {
 protected:
  ViewingTest() {
    EXPECT_FALSE(game.new_game("connect4"));
    game.set_side(0, {true, 1});
    game.set_side(1, {false, 3});
    ai_plays("1");
    play({"5"});
    ai_plays("5");
    game.go_to(2);  // the click on Yellow's 5
  }
};

TEST_F(ViewingTest, AClickInTheMoveListIsAModeWhereTheAIWaits) {
  EXPECT_TRUE(game.viewing());
  EXPECT_EQ(game.moves().size(), 2u);
  EXPECT_EQ(game.known_plies(), 3u);
  EXPECT_TRUE(game.side(game.side_to_move()).ai) << "Red, the AI, is to move here";
  const long before = searches();
  game.update();
  EXPECT_FALSE(game.ai_thinking()) << "viewing never plays over the recorded moves";
  EXPECT_EQ(searches(), before);
}

TEST_F(ViewingTest, BackToTheGameReplaysEveryRecordedMove) {
  game.back_to_game();
  EXPECT_FALSE(game.viewing());
  EXPECT_EQ(game.moves(), (Moves{"1", "5", "5"}));
  EXPECT_FALSE(game.can_redo());
  EXPECT_FALSE(game.side(game.side_to_move()).ai) << "Yellow, the person, to move again";
  EXPECT_FALSE(game.play("4")) << "the board takes the person's move";
}

TEST_F(ViewingTest, PlayOnFromHereDropsTheLaterMovesAndTheAIMoves) {
  game.play_on();
  EXPECT_FALSE(game.viewing());
  EXPECT_EQ(game.moves(), (Moves{"1", "5"}));
  EXPECT_FALSE(game.can_redo());
  game.update();
  ASSERT_TRUE(game.ai_thinking()) << "Red is the AI and it is Red's turn";
  EXPECT_EQ(engine.sent[engine.sent.size() - 2], "position startpos moves 1 5");
  engine.reply(engine.last_request, "bestmove 3");
  game.update();
  EXPECT_EQ(game.moves(), (Moves{"1", "5", "3"}));
}

TEST_F(ViewingTest, APersonsMoveWhileViewingPlaysOnFromThere) {
  game.go_to(1);  // Yellow, the person, to move after Red's 1
  EXPECT_TRUE(game.viewing());
  EXPECT_FALSE(game.play("5")) << "the recorded move: a step forward, still viewing";
  EXPECT_TRUE(game.viewing());
  EXPECT_EQ(game.redo_moves(), (Moves{"5"}));
  game.go_to(1);
  EXPECT_FALSE(game.play("2")) << "another move plays on from here";
  EXPECT_FALSE(game.viewing());
  EXPECT_FALSE(game.can_redo());
  game.update();
  EXPECT_TRUE(game.ai_thinking());
}

TEST_F(GameSessionTest, UndoIntoAPositionWhereTheAIWaitsIsViewing) {
  play({"b2"});
  ai_plays("a1");
  game.undo();  // back to the person's turn: a plain undo, no mode
  EXPECT_FALSE(game.viewing());
  game.set_side(0, {true, 3});  // X, to move, becomes the AI: it waits on b2
  EXPECT_TRUE(game.waiting_for_redo());
  EXPECT_TRUE(game.viewing());
  game.play_on();
  game.update();
  EXPECT_TRUE(game.ai_thinking());
}

TEST_F(GameSessionTest, AIAgainstAIUndoIsViewingAndPlayOnResumes) {
  game.set_side(0, {true, 3});
  ai_plays("b2");
  ai_plays("a1");
  game.undo();
  EXPECT_TRUE(game.viewing());
  EXPECT_TRUE(game.paused());
  game.play_on();
  EXPECT_FALSE(game.paused());
  game.update();
  EXPECT_TRUE(game.ai_thinking());
}

// --- Nothing lost by accident ------------------------------------------------

TEST_F(GameSessionTest, EachGameIsKeptWhileAnotherIsPlayed) {
  play({"b2"});
  ai_plays("a1");
  ASSERT_FALSE(game.switch_game("connect4"));
  EXPECT_EQ(game.game(), "connect4");
  EXPECT_TRUE(game.moves().empty());
  play({"4"});
  ai_plays("4");
  play({"5"});
  ai_plays("3");
  game.undo();
  ASSERT_FALSE(game.new_game("wolfsheep", kSheepOnC1));  // another game keeps the others too
  ASSERT_FALSE(game.switch_game("tictactoe"));
  EXPECT_EQ(game.moves(), (Moves{"b2", "a1"}));
  ASSERT_FALSE(game.switch_game("connect4"));
  EXPECT_EQ(game.moves(), (Moves{"4", "4"}));
  EXPECT_EQ(game.redo_moves(), (Moves{"5", "3"}));
  ASSERT_FALSE(game.switch_game("wolfsheep"));
  EXPECT_EQ(game.start().start_variant(), 1u) << "the sheep's start square is kept";
  EXPECT_EQ(game.switch_game("chess"), "unknown game 'chess'");
  EXPECT_EQ(game.game(), "wolfsheep");
}

TEST_F(GameSessionTest, ASearchDoesNotFollowASwitch) {
  play({"b2"});
  game.update();
  const std::uint64_t search = engine.last_request;
  ASSERT_FALSE(game.switch_game("connect4"));
  engine.reply(search, "bestmove 1");  // a stale answer, legal in Connect Four
  game.update();
  EXPECT_TRUE(game.moves().empty());
  ASSERT_FALSE(game.switch_game("tictactoe"));
  EXPECT_EQ(game.moves(), (Moves{"b2"}));
  ai_plays("a1");  // asked again
}

TEST_F(GameSessionTest, KeptGamesAreSavedAndLoaded) {
  play({"b2"});
  ai_plays("a1");
  ASSERT_FALSE(game.new_game("wolfsheep", kSheepOnC1));
  play({"c1d2"});
  ai_plays("b8a7");
  ASSERT_FALSE(game.switch_game("connect4"));
  play({"4"});
  ai_plays("4");
  game.undo();
  const std::string saved = game.save();
  EXPECT_EQ(saved.rfind("minimax-arcade-save 4\n", 0), 0u);
  EXPECT_NE(saved.find("\nkept game=tictactoe&moves=b2.a1\n"), std::string::npos) << saved;
  EXPECT_NE(saved.find("\nkept game=wolfsheep&start=c1&moves=c1d2.b8a7\n"), std::string::npos);

  ScriptedEngine other_engine;
  GameController other(other_engine);
  ASSERT_FALSE(other.load(saved));
  EXPECT_EQ(other.save(), saved);
  EXPECT_EQ(other.game(), "connect4");
  EXPECT_EQ(other.redo_moves(), (Moves{"4", "4"}));
  ASSERT_FALSE(other.switch_game("tictactoe"));
  EXPECT_EQ(other.moves(), (Moves{"b2", "a1"}));
  ASSERT_FALSE(other.switch_game("wolfsheep"));
  EXPECT_EQ(other.start().start_variant(), 1u);
  EXPECT_EQ(other.moves(), (Moves{"c1d2", "b8a7"}));
}

TEST_F(GameSessionTest, AVersionOneSaveStillLoads) {
  ASSERT_FALSE(game.load(
      "minimax-arcade-save 1\ngame wolfsheep\nstart 1w1w1w1w/8/8/8/8/8/8/2s5 s\nmoves c1d2\n"
      "redo b8a7\npaused 1\nside0 human 3\nside1 ai 4\n"));
  EXPECT_EQ(game.start().start_variant(), 1u);
  EXPECT_EQ(game.moves(), (Moves{"c1d2"}));
  EXPECT_EQ(game.redo_moves(), (Moves{"b8a7"}));
  EXPECT_TRUE(game.paused());
  EXPECT_EQ(game.side(1).level, 4);
}

TEST_F(GameSessionTest, EachGamesSidesAreSavedAndLoaded) {
  game.set_side(1, {true, 2});
  play({"b2"});
  ASSERT_FALSE(game.switch_game("connect4"));
  game.set_side(0, {true, 5});
  game.set_side(1, {true, 4});
  ASSERT_FALSE(game.switch_game("wolfsheep"));
  const std::string saved = game.save();
  EXPECT_NE(saved.find("\nsides connect4 ai 5 ai 4\n"), std::string::npos) << saved;
  ScriptedEngine other_engine;
  GameController other(other_engine);
  ASSERT_FALSE(other.load(saved));
  EXPECT_EQ(other.save(), saved);
  EXPECT_EQ(other.side(0), (SideSettings{false, 3}));
  ASSERT_FALSE(other.switch_game("tictactoe"));
  EXPECT_EQ(other.side(1), (SideSettings{true, 2}));
  ASSERT_FALSE(other.switch_game("connect4"));
  EXPECT_EQ(other.side(0), (SideSettings{true, 5}));
  EXPECT_EQ(other.side(1), (SideSettings{true, 4}));
  EXPECT_FALSE(other.load("minimax-arcade-save 3\ngame tictactoe\nsides chess ai 1 ai 1\n"))
      << "a game that is no more is passed over";
  SaveNotes notes;
  EXPECT_FALSE(
      other.load("minimax-arcade-save 3\ngame tictactoe\nsides connect4 ai 9 ai 1\n", &notes));
  EXPECT_EQ(notes.dropped, (Moves{"The saved sides of Connect Four did not read; they are the "
                                  "defaults again."}));
}

// Version 2 had one set of sides for every game: the game on the board and
// the kept ones take them; a game not in the save starts as a new one.
TEST_F(GameSessionTest, AVersionTwoSaveStillLoads) {
  ASSERT_FALSE(
      game.load("minimax-arcade-save 2\ngame connect4\nstart startpos\nmoves 4 4\n"
                "redo \npaused 0\nside0 ai 2\nside1 human 3\n"
                "kept game=tictactoe&moves=b2\n"));
  EXPECT_EQ(game.moves(), (Moves{"4", "4"}));
  EXPECT_EQ(game.side(0), (SideSettings{true, 2}));
  EXPECT_EQ(game.side(1), (SideSettings{false, 3}));
  ASSERT_FALSE(game.switch_game("tictactoe"));
  EXPECT_EQ(game.moves(), (Moves{"b2"}));
  EXPECT_EQ(game.side(0), (SideSettings{true, 2})) << "as the game was left";
  ASSERT_FALSE(game.switch_game("wolfsheep"));
  EXPECT_EQ(game.side(0), (SideSettings{false, 3})) << "a new game: a person first";
  EXPECT_EQ(game.save().rfind("minimax-arcade-save 4\n", 0), 0u);
}

// Version 1 wrote the moves waiting to be redone with the next one last
// (GameController's redo list as it is kept); version 2 writes them alike.
TEST_F(GameSessionTest, TheRedoLineListsTheNextMoveLast) {
  ASSERT_FALSE(
      game.load("minimax-arcade-save 1\ngame tictactoe\nstart startpos\nmoves b2\n"
                "redo c3 a1\npaused 1\nside0 human 3\nside1 human 3\n"));
  EXPECT_EQ(game.redo_moves(), (Moves{"a1", "c3"}));  // the next one first
  EXPECT_NE(game.save().find("\nredo c3 a1\n"), std::string::npos);
  game.redo();
  EXPECT_EQ(game.moves(), (Moves{"b2", "a1"}));
}

TEST_F(GameSessionTest, ACorruptKeptGameIsDroppedNeverTheGame) {
  ASSERT_FALSE(
      game.load("minimax-arcade-save 2\ngame connect4\nstart startpos\nmoves 4 4\n"
                "redo \npaused 0\nside0 human 3\nside1 ai 3\n"
                "kept game=tictactoe&moves=b2.b2\n"
                "kept game=chess&moves=e2e4\n"
                "kept nonsense\n"
                "kept game=connect4&moves=1\n"
                "kept game=wolfsheep&start=c1&moves=c1d2\n"));
  EXPECT_EQ(game.moves(), (Moves{"4", "4"}));
  const std::string saved = game.save();
  EXPECT_NE(saved.find("\nkept game=wolfsheep&start=c1&moves=c1d2\n"), std::string::npos);
  EXPECT_EQ(saved.find("kept game=tictactoe"), std::string::npos);
  ASSERT_FALSE(game.switch_game("tictactoe"));
  EXPECT_TRUE(game.moves().empty());
}

TEST_F(GameSessionTest, ANewGameCanBeUndone) {
  EXPECT_FALSE(game.can_undo());
  play({"b2"});
  ai_plays("a1");
  ASSERT_FALSE(game.new_game("tictactoe"));
  EXPECT_TRUE(game.moves().empty());
  EXPECT_TRUE(game.can_undo());
  ASSERT_FALSE(game.new_game("tictactoe"));  // an empty game replaced: the one before stays
  game.undo();
  EXPECT_EQ(game.moves(), (Moves{"b2", "a1"}));
  game.undo();
  EXPECT_TRUE(game.moves().empty());
  EXPECT_FALSE(game.can_undo()) << "one level";
  EXPECT_EQ(game.redo_moves(), (Moves{"b2", "a1"}));
}

// --- Rematch and the session's score ----------------------------------------

TEST_F(GameSessionTest, ARematchSwapsTheSidesOnTheSameStart) {
  ASSERT_FALSE(game.new_game("wolfsheep", kSheepOnC1));
  play({"c1d2"});
  ai_plays("b8a7");
  game.rematch();
  EXPECT_EQ(game.start().start_variant(), 1u);
  EXPECT_TRUE(game.moves().empty());
  EXPECT_TRUE(game.side(0).ai) << "the AI has the sheep now";
  EXPECT_FALSE(game.side(1).ai);
  game.update();
  EXPECT_TRUE(game.ai_thinking());
  game.undo();  // the rematch taken back: the game and the sides as they were
  EXPECT_EQ(game.moves(), (Moves{"c1d2", "b8a7"}));
  EXPECT_FALSE(game.side(0).ai);
  EXPECT_TRUE(game.side(1).ai);
}

TEST_F(GameSessionTest, TheScoreCountsEachFinishedGameOnce) {
  // X (the person) wins on the diagonal a1 b2 c3.
  play({"a1"});
  ai_plays("a2");
  play({"b2"});
  ai_plays("a3");
  play({"c3"});
  ASSERT_EQ(game.winner(), 0);
  EXPECT_EQ(game.score().versus_ai, (VersusAi{1, 0, 0})) << "shown at once";
  game.undo();
  EXPECT_EQ(game.score().games(), 0) << "undone out of its end";
  game.redo();
  game.new_game("tictactoe");
  EXPECT_EQ(game.score().versus_ai, (VersusAi{1, 0, 0}));
  game.undo();  // the finished game back: still once
  EXPECT_EQ(game.score().versus_ai, (VersusAi{1, 0, 0}));
  game.switch_game("connect4");
  EXPECT_EQ(game.score().games(), 0);
  EXPECT_EQ(game.score("tictactoe").versus_ai, (VersusAi{1, 0, 0}));
  game.switch_game("tictactoe");
  game.rematch();  // the AI plays X now, and wins on the a file
  ai_plays("a1");
  play({"b1"});
  ai_plays("a2");
  play({"b2"});
  ai_plays("a3");
  ASSERT_EQ(game.winner(), 0);
  EXPECT_EQ(game.score().versus_ai, (VersusAi{1, 1, 0}));
  game.new_game("tictactoe");
  ai_plays("c1");  // the new game goes on; both finished games are counted once
  game.new_game("tictactoe");
  EXPECT_EQ(game.score().versus_ai, (VersusAi{1, 1, 0}));
  ASSERT_FALSE(game.load(GameController(engine).save()));  // a load leaves the game
  EXPECT_EQ(game.score().versus_ai, (VersusAi{1, 1, 0}));
  EXPECT_EQ(game.score().by_side, (BySide{}));
}

TEST_F(GameSessionTest, OtherMatchUpsAreScoredBySide) {
  ASSERT_FALSE(game.new_game("connect4"));
  people_on_both_sides();                     // Connect Four's own
  play({"1", "2", "1", "2", "1", "2", "1"});  // Red's four in column 1
  EXPECT_EQ(game.score().by_side, (BySide{1, 0, 0}));
  EXPECT_EQ(game.score().versus_ai, (VersusAi{}));
  ASSERT_FALSE(game.new_game("connect4", "1212121"));  // the same four, set up
  EXPECT_EQ(game.score().by_side, (BySide{1, 0, 0})) << "a game set up finished is no game";
}

// --- Each game its own sides, levels and score ------------------------------

TEST_F(GameSessionTest, EachGameKeepsItsOwnSidesAndLevels) {
  game.set_side(1, {true, 2});
  play({"b2"});
  ai_plays("a1");
  ASSERT_FALSE(game.switch_game("connect4"));
  EXPECT_EQ(game.side(0), (SideSettings{false, 3})) << "a game opened the first time";
  EXPECT_EQ(game.side(1), (SideSettings{true, 3}));
  game.swap_sides();  // the AI plays Red in Connect Four
  game.set_side(0, {true, 5});
  ai_plays("4");
  ASSERT_FALSE(game.switch_game("wolfsheep"));
  game.update();
  EXPECT_FALSE(game.ai_thinking()) << "the sheep (side 0) is a person's here";
  ASSERT_FALSE(game.switch_game("tictactoe"));
  EXPECT_EQ(game.side(0), (SideSettings{false, 3})) << "the game in progress kept its sides";
  EXPECT_EQ(game.side(1), (SideSettings{true, 2}));
  ASSERT_FALSE(game.switch_game("connect4"));
  EXPECT_EQ(game.side(0), (SideSettings{true, 5}));
  EXPECT_EQ(game.side(1), (SideSettings{false, 3}));
}

TEST_F(GameSessionTest, EachGameKeepsItsOwnPause) {
  game.set_side(0, {true, 3});  // AI against AI in Tic-tac-toe, paused
  game.set_paused(true);
  ASSERT_FALSE(game.switch_game("connect4"));
  EXPECT_FALSE(game.paused()) << "Connect Four was never paused";
  game.set_side(1, {true, 1});
  game.set_side(0, {true, 1});
  game.update();
  EXPECT_TRUE(game.ai_thinking());
  const std::string saved = game.save();
  EXPECT_NE(saved.find("\nsides tictactoe ai 3 ai 3 paused\n"), std::string::npos) << saved;
  ASSERT_FALSE(game.switch_game("tictactoe"));
  EXPECT_TRUE(game.paused());
  game.update();
  EXPECT_FALSE(game.ai_thinking());

  ScriptedEngine other_engine;
  GameController other(other_engine);
  ASSERT_FALSE(other.load(saved));
  EXPECT_FALSE(other.paused());
  ASSERT_FALSE(other.switch_game("tictactoe"));
  EXPECT_TRUE(other.paused());
}

TEST_F(GameSessionTest, AFinishedGameKeepsItsResultWhateverTheSidesDoLater) {
  play({"a1"});
  ai_plays("a2");
  play({"b2"});
  ai_plays("a3");
  play({"c3"});  // the person's X wins on a1 b2 c3
  ASSERT_EQ(game.winner(), 0);
  EXPECT_EQ(game.score().versus_ai, (VersusAi{1, 0, 0}));
  ASSERT_FALSE(game.switch_game("connect4"));
  game.swap_sides();  // in another game
  ASSERT_FALSE(game.switch_game("tictactoe"));
  EXPECT_FALSE(game.result_sides()[0].ai);
  EXPECT_EQ(game.score().versus_ai, (VersusAi{1, 0, 0}));
  game.swap_sides();  // in this one, after its end
  EXPECT_FALSE(game.result_sides()[0].ai) << "a person played X when it was won";
  EXPECT_EQ(game.score().versus_ai, (VersusAi{1, 0, 0}));
  game.new_game("tictactoe");
  EXPECT_EQ(game.score().versus_ai, (VersusAi{1, 0, 0})) << "and once it is left";
}

TEST_F(GameSessionTest, AnAIAgainstAIWinIsNobodysPersonalWin) {
  game.set_side(0, {true, 3});
  ai_plays("a1");
  ai_plays("a2");
  ai_plays("b2");
  ai_plays("a3");
  ai_plays("c3");
  ASSERT_EQ(game.winner(), 0);
  EXPECT_EQ(game.score().by_side, (BySide{1, 0, 0}));
  game.set_side(0, {false, 3});  // a person takes X after the end
  EXPECT_EQ(game.score().versus_ai, (VersusAi{})) << "no 'You 1'";
  EXPECT_EQ(game.score().by_side, (BySide{1, 0, 0}));
  EXPECT_TRUE(game.result_sides()[0].ai);
}

// --- AI against AI at a pace -------------------------------------------------

TEST_F(GameSessionTest, AIAgainstAIWaitsThePaceAfterEachMove) {
  game.set_side(0, {true, 3});
  game.set_ai_pace(500);
  game.update(100.0);
  ASSERT_TRUE(game.ai_thinking()) << "no move before it: at once";
  engine.reply(engine.last_request, "bestmove b2");
  game.update(100.2);
  EXPECT_EQ(game.moves(), (Moves{"b2"}));
  EXPECT_FALSE(game.ai_thinking());
  game.update(100.6);
  EXPECT_FALSE(game.ai_thinking());
  game.update(100.71);
  ASSERT_TRUE(game.ai_thinking());
  engine.reply(engine.last_request, "bestmove a1");
  game.update(101.0);
  game.move_now();  // does not wait
  ASSERT_TRUE(game.ai_thinking());
  engine.reply(engine.last_request, "bestmove c3");
  game.set_ai_pace(0);
  game.update(101.0);
  EXPECT_EQ(game.moves().size(), 3u);
  EXPECT_TRUE(game.ai_thinking()) << "pace 0: as fast as the engine answers";
}

TEST_F(GameSessionTest, ThePaceIsOnlyForAIAgainstAI) {
  game.set_ai_pace(5000);
  play({"b2"});
  game.update(1.0);
  EXPECT_TRUE(game.ai_thinking());
}

// --- Thinking on the person's time -----------------------------------------

class PonderingTest : public GameSessionTest {
 protected:
  PonderingTest() { game.set_side(1, {true, 5}); }  // Perfect answers the person
  // The positions of the `go ponder` lines sent to `e` so far, in order.
  static std::vector<std::string> pondered_by(const ScriptedEngine& e) {
    std::vector<std::string> positions;
    for (std::size_t i = 1; i < e.sent.size(); ++i)
      if (e.sent[i].rfind("go ponder", 0) == 0) positions.push_back(e.sent[i - 1]);
    return positions;
  }
  std::vector<std::string> pondered() const { return pondered_by(engine); }
};

TEST_F(PonderingTest, EachReplyIsPonderedInTurnRoundAfterRound) {
  game.update(10.0);
  ASSERT_TRUE(game.pondering());
  EXPECT_EQ(engine.sent.back(), "go ponder movetime 9000") << "as the AI's own search";
  const std::vector<Move> replies = game.legal_moves();
  for (std::size_t i = 1; i <= replies.size() + 1; ++i) {
    game.update(10.0 + 0.25 * static_cast<double>(i));  // within a turn: nothing new
    game.update(10.0 + 0.51 * static_cast<double>(i));
  }
  const std::vector<std::string> positions = pondered();
  ASSERT_GE(positions.size(), replies.size() + 1);
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const Move reply = replies[i % replies.size()];
    EXPECT_EQ(positions[i], "position startpos moves " + game.position().move_to_text(reply));
  }
  EXPECT_FALSE(game.ai_thinking()) << "pondering is no search of the AI";
  EXPECT_TRUE(game.moves().empty());
}

// A ponder that says it finished (the engine's tables hold its answer) ends
// its turn at once, and its reply gets no more turns.
TEST_F(PonderingTest, AReplyPonderedToTheEndGetsNoMoreTurns) {
  game.update(10.0);
  ASSERT_EQ(pondered().back(), "position startpos moves a1");
  engine.reply(engine.last_request, std::string(kPonderFinished));
  game.update(10.1);  // within a0's turn, which its end cut short
  EXPECT_EQ(pondered().back(), "position startpos moves b1");
  const std::size_t replies = game.legal_moves().size();
  for (std::size_t i = 1; i <= 2 * replies; ++i) game.update(10.1 + 0.51 * static_cast<double>(i));
  const std::vector<std::string> positions = pondered();
  EXPECT_EQ(std::count(positions.begin(), positions.end(), "position startpos moves a1"), 1)
      << "a1 was pondered once, to the end";
  EXPECT_GE(positions.size(), 2 * replies) << "the other eight go on in turn";
}

TEST_F(PonderingTest, ThePonderedReplyBecomesTheAIsSearch) {
  game.update(10.0);
  const std::uint64_t ponder = engine.last_request;
  const std::string reply =
      pondered().back().substr(std::string("position startpos moves ").size());
  play({reply});
  game.update(10.1);
  EXPECT_EQ(engine.sent.back(), "ponderhit");
  ASSERT_TRUE(game.ai_thinking());
  engine.reply(ponder, "bestmove b2");
  game.update(10.2);
  EXPECT_EQ(game.moves(), (Moves{reply, "b2"}));
}

// A ponder that finished answers ponderhit with its move alone: the figures
// the AI's move shows are what the ponder said, not none.
TEST_F(PonderingTest, AHitOnAFinishedPonderKeepsItsFigures) {
  game.update(10.0);
  const std::uint64_t ponder = engine.last_request;
  const std::string reply =
      pondered().back().substr(std::string("position startpos moves ").size());
  engine.reply(ponder, "info depth 7 score cp 25 nodes 900 pv b2 c3");
  engine.reply(ponder, std::string(kPonderFinished));
  play({reply});
  game.update(10.1);
  ASSERT_EQ(engine.sent.back(), "ponderhit");
  engine.reply(ponder, "bestmove b2");
  game.update(10.2);
  ASSERT_TRUE(game.last_ai_move());
  EXPECT_EQ(game.last_ai_move()->move, "b2");
  EXPECT_EQ(game.last_ai_move()->thinking.depth, 7);
  EXPECT_EQ(game.last_ai_move()->thinking.pv, (Moves{"b2", "c3"}));
}

TEST_F(PonderingTest, AnotherReplyIsSearchedAfreshAndThePonderIsDropped) {
  game.update(10.0);
  const std::uint64_t ponder = engine.last_request;
  ASSERT_EQ(pondered().back(), "position startpos moves a1");
  play({"c3"});
  game.update(10.1);
  EXPECT_EQ(engine.sent.back(), "go movetime 9000");
  EXPECT_TRUE(sent("position startpos moves c3"));
  const std::uint64_t search = engine.last_request;
  engine.reply(ponder, "bestmove b2");  // the ponder's answer, for a1: never played
  game.update(10.2);
  EXPECT_EQ(game.moves(), (Moves{"c3"}));
  engine.reply(search, "bestmove a3");
  game.update(10.3);
  EXPECT_EQ(game.moves(), (Moves{"c3", "a3"}));
}

TEST_F(PonderingTest, UndoNewGameOrASideChangeEndsThePonderUnplayed) {
  play({"b2"});
  ai_plays("a1");
  game.update(20.0);
  ASSERT_TRUE(game.pondering());
  const int stops = engine.stops;
  const std::uint64_t ponder = engine.last_request;
  game.undo();
  EXPECT_FALSE(game.pondering());
  EXPECT_EQ(engine.stops, stops + 1) << "the engine is not left pondering";
  engine.reply(ponder, "bestmove c3");
  game.update(20.1);
  EXPECT_TRUE(game.moves().empty());
  ASSERT_TRUE(game.pondering()) << "the person is to move again";
  game.set_side(1, {true, 4});
  EXPECT_FALSE(game.pondering());
  game.update(20.2);
  EXPECT_TRUE(game.pondering()) << "Expert ponders too";
  ASSERT_FALSE(game.new_game("tictactoe"));
  EXPECT_FALSE(game.pondering());
}

// Two helpers beside the main engine: three engines, each with its share.
class PonderHelpersTest : public PonderingTest {
 protected:
  PonderHelpersTest() { game.set_ponder_helpers({&helpers[0], &helpers[1]}); }
  // The reply each `go ponder` of `e` searched, in order.
  static std::vector<std::string> replies_pondered(const ScriptedEngine& e) {
    std::vector<std::string> replies;
    for (const std::string& position : pondered_by(e))
      replies.push_back(position.substr(std::string("position startpos moves ").size()));
    return replies;
  }
  std::string reply_text(std::size_t i) const {
    return game.position().move_to_text(game.legal_moves()[i]);
  }

  std::array<ScriptedEngine, 2> helpers;
};

TEST_F(PonderHelpersTest, EachEnginePondersItsShareOfTheRepliesAtOnce) {
  ASSERT_EQ(game.ponder_helpers(), 2u);
  game.update(10.0);
  // Tic-tac-toe's nine replies over three engines: 0 3 6, 1 4 7, 2 5 8.
  for (int turn = 1; turn <= 3; ++turn) game.update(10.0 + 0.51 * turn);
  const std::array<const ScriptedEngine*, 3> engines{&engine, &helpers[0], &helpers[1]};
  for (std::size_t e = 0; e < engines.size(); ++e) {
    const std::vector<std::string> replies = replies_pondered(*engines[e]);
    ASSERT_EQ(replies.size(), 4u) << "engine " << e;
    for (std::size_t turn = 0; turn < replies.size(); ++turn)
      EXPECT_EQ(replies[turn], reply_text(e + 3 * (turn % 3))) << "engine " << e;
    EXPECT_TRUE(std::find(engines[e]->sent.begin(), engines[e]->sent.end(), "game tictactoe") !=
                engines[e]->sent.end())
        << "each engine is told the game";
  }
}

TEST_F(PonderHelpersTest, AHelpersReplyIsAnsweredByThatHelperAndTheOthersStop) {
  game.update(10.0);
  const std::string reply = reply_text(1);  // helper 0's first reply
  const std::uint64_t ponder = helpers[0].last_request;
  const int main_stops = engine.stops, other_stops = helpers[1].stops;
  play({reply});
  game.update(10.1);
  EXPECT_EQ(helpers[0].sent.back(), "ponderhit");
  EXPECT_EQ(engine.stops, main_stops + 1);
  EXPECT_EQ(helpers[1].stops, other_stops + 1);
  ASSERT_TRUE(game.ai_thinking());
  // The main engine's stopped ponder answers under the same number: dropped.
  engine.reply(ponder, "bestmove a1");
  helpers[1].reply(helpers[1].last_request, "bestmove a1");
  game.update(10.2);
  EXPECT_EQ(game.moves(), (Moves{reply}));
  helpers[0].reply(ponder, "bestmove " + reply_text(0));
  const std::string answer = reply_text(0);
  game.update(10.3);
  EXPECT_EQ(game.moves(), (Moves{reply, answer}));
  EXPECT_FALSE(game.ai_thinking());
}

// The engine that pondered a reply to the end answers it, though it has gone
// on to another reply since: its tables hold the answer, the main engine's
// do not.
TEST_F(PonderHelpersTest, AReplyPonderedToTheEndIsAnsweredByTheEngineThatDidIt) {
  game.update(10.0);
  const std::string done = pondered_by(helpers[0]).back();  // its first reply
  const std::string reply = done.substr(std::string("position startpos moves ").size());
  helpers[0].reply(helpers[0].last_request, std::string(kPonderFinished));
  game.update(10.1);
  const std::uint64_t next_ponder = helpers[0].last_request;
  ASSERT_NE(pondered_by(helpers[0]).back(), done) << "the helper went on";
  const int main_stops = engine.stops, other_stops = helpers[1].stops;
  play({reply});
  game.update(10.2);
  EXPECT_EQ(engine.stops, main_stops + 1) << "the main engine's ponder stops";
  EXPECT_EQ(helpers[1].stops, other_stops + 1);
  ASSERT_EQ(helpers[0].sent.back(), "go movetime 9000");
  EXPECT_EQ(helpers[0].sent[helpers[0].sent.size() - 2], done);
  const std::uint64_t search = helpers[0].last_request;
  helpers[0].reply(next_ponder, "bestmove a1");  // the ponder it left: dropped
  game.update(10.3);
  EXPECT_EQ(game.moves(), (Moves{reply}));
  helpers[0].reply(search, "bestmove c3");
  game.update(10.4);
  EXPECT_EQ(game.moves(), (Moves{reply, "c3"}));
}

TEST_F(PonderHelpersTest, UndoWhileAHelperAnswersStopsThatHelperAndDropsItsMove) {
  game.update(10.0);
  const std::string reply = reply_text(2);  // helper 1's
  play({reply});
  game.update(10.1);
  ASSERT_EQ(helpers[1].sent.back(), "ponderhit");
  const int stops = helpers[1].stops;
  const std::uint64_t search = helpers[1].last_request;
  game.undo();
  EXPECT_EQ(helpers[1].stops, stops + 1);
  helpers[1].reply(search, "bestmove a1");
  game.update(10.2);
  EXPECT_TRUE(game.moves().empty());
}

TEST_F(PonderingTest, NoPonderBelowExpertOrWhenTurnedOff) {
  game.set_side(1, {true, 3});
  game.update(10.0);
  EXPECT_FALSE(game.pondering());
  game.set_side(1, {true, 5});
  game.update(10.1);
  ASSERT_TRUE(game.pondering());
  const int stops = engine.stops;
  game.set_pondering(false);
  EXPECT_FALSE(game.pondering());
  EXPECT_EQ(engine.stops, stops + 1);
  game.update(10.2);
  EXPECT_FALSE(game.pondering());
  EXPECT_EQ(pondered().size(), 1u);
}

// --- Links and pasted text ---------------------------------------------------

TEST_F(GameSessionTest, AShareFragmentNamesTheGameItsStartAndTheMoves) {
  EXPECT_EQ(game.share_fragment(), "game=tictactoe");
  ASSERT_FALSE(game.new_game("connect4"));
  people_on_both_sides();  // Connect Four's own
  play({"4", "4", "5", "3"});
  EXPECT_EQ(game.share_fragment(), "game=connect4&moves=4.4.5.3");
  game.undo();
  EXPECT_EQ(game.share_fragment(), "game=connect4&moves=4.4.5") << "the position on the board";
  ASSERT_FALSE(game.new_game("wolfsheep"));
  EXPECT_EQ(game.share_fragment(), "game=wolfsheep&start=e1");
  ASSERT_FALSE(game.new_game("wolfsheep", kSheepOnC1));
  play({"c1d2"});
  EXPECT_EQ(game.share_fragment(), "game=wolfsheep&start=c1&moves=c1d2");
  ASSERT_FALSE(game.new_game("wolfsheep", "1w1w1w1w/8/8/8/8/8/3s4/8 w"));
  EXPECT_EQ(game.share_fragment(), "game=wolfsheep&position=1w1w1w1w/8/8/8/8/8/3s4/8+w");
}

TEST_F(GameSessionTest, OpenLinkIsTheInverseOfShareFragment) {
  for (const char* link :
       {"game=connect4&moves=4.4.5.3", "game=wolfsheep&start=c1&moves=c1d2", "game=tictactoe",
        "game=wolfsheep&position=1w1w1w1w/8/8/8/8/8/3s4/8+w", "game=wolfsheep&start=a1"}) {
    ASSERT_FALSE(game.open_link(link)) << link;
    EXPECT_EQ(game.share_fragment(), link);
  }
  ASSERT_FALSE(game.open_link("https://example.org/arcade/index.html#game=connect4&moves=4.4"));
  EXPECT_EQ(game.moves(), (Moves{"4", "4"}));
  ASSERT_FALSE(game.open_link("#game=connect4&moves=4.4&redo=5.3"));
  EXPECT_EQ(game.redo_moves(), (Moves{"5", "3"}));
  ASSERT_FALSE(
      game.open_link("game=wolfsheep&position=1w1w1w1w%2F8%2F8%2F8%2F8%2F8%2F3s4%2F8%20w"));
  EXPECT_EQ(game.start_position(), "1w1w1w1w/8/8/8/8/8/3s4/8 w");
}

TEST_F(GameSessionTest, AnOpenedLinkKeepsTheGameItReplaces) {
  play({"b2"});
  ai_plays("a1");
  ASSERT_FALSE(game.open_link("game=connect4&moves=4"));
  ASSERT_FALSE(game.switch_game("tictactoe"));
  EXPECT_EQ(game.moves(), (Moves{"b2", "a1"}));
  ASSERT_FALSE(game.open_link("game=tictactoe&moves=c3"));  // the same game: undo brings it back
  game.undo();
  game.undo();
  EXPECT_EQ(game.moves(), (Moves{"b2", "a1"}));
}

TEST_F(GameSessionTest, ABadLinkSaysWhyAndChangesNothing) {
  ASSERT_FALSE(game.switch_game("connect4"));
  play({"4"});
  ai_plays("4");
  ASSERT_FALSE(game.switch_game("tictactoe"));
  play({"b2"});
  ai_plays("a1");
  play({"c3"});
  ai_plays("c1");
  game.undo();
  ASSERT_FALSE(game.new_game("tictactoe"));
  game.undo();  // the game back, the new one to undo
  game.new_game("tictactoe");
  const std::string before = game.save();
  const struct {
    const char* link;
    const char* error;
  } bad[] = {
      {"game=chess", "unknown game 'chess'"},
      {"game=connect4&moves=4.4.9",
       "move 3 (9) is not legal in Connect Four here: '9' is not a column (1..7)"},
      {"game=connect4&moves=1.1.1.1.1.1.1",
       "move 7 (1) is not legal in Connect Four here: column 1 is full"},
      {"game=connect4&moves=4&redo=8",
       "move 2 (8) is not legal in Connect Four here: '8' is not a column (1..7)"},
      {"game=connect4&x=1", "unknown key 'x'"},
      {"game=wolfsheep&start=b1", "unknown start 'b1' for Wolf and Sheep (a1, c1, e1, g1)"},
      {"game=wolfsheep&start=c1&position=1w1w1w1w/8/8/8/8/8/8/2s5+s",
       "a link gives a start or a position, not both"},
      {"game=tictactoe&game=connect4", "the key 'game' is given twice"},
      {"moves=4.4", "the link names no game (game=...)"},
      {"", "the link names no game (game=...)"},
      {"game", "the key 'game' has no value"},
  };
  for (const auto& [link, error] : bad) {
    const std::optional<std::string> problem = game.open_link(link);
    ASSERT_TRUE(problem) << link;
    EXPECT_EQ(*problem, error);
    EXPECT_EQ(game.save(), before) << link;
    EXPECT_TRUE(game.can_undo()) << link;
  }
  const std::optional<std::string> problem = game.open_link("game=tictactoe&position=xx");
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->rfind("the position is not one of Tic-tac-toe: ", 0), 0u) << *problem;
  game.undo();
  EXPECT_EQ(game.moves(), (Moves{"b2", "a1"}));
  EXPECT_EQ(game.redo_moves(), (Moves{"c3", "c1"}));
  ASSERT_FALSE(game.switch_game("connect4"));
  EXPECT_EQ(game.moves(), (Moves{"4", "4"}));
}

// `count` copies of `piece`, joined.
std::string repeated(const std::string& piece, std::size_t count) {
  std::string out;
  for (std::size_t i = 0; i < count; ++i) out += piece;
  return out;
}

// Issue 23: a link or pasted text over 65,536 characters, or a game of over
// 10,000 moves (played and to redo together), is refused with the count and
// changes nothing; the counts are the inputs' own sizes. At the caps the
// text is read as any other.
TEST_F(GameSessionTest, ALinkOrPasteOverTheCapsIsRefusedWithItsSize) {
  play({"b2"});
  ai_plays("a1");
  const std::string before = game.save();
  const std::string huge = "game=connect4&moves=" + std::string(300000, '4');
  const struct {
    std::string text;
    const char* error;
  } bad[] = {
      {huge, "it is too long (300,020 characters; at most 65,536)"},
      {"game=connect4&moves=" + std::string(3000000, '4'),
       "it is too long (3,000,020 characters; at most 65,536)"},
      // Characters, not bytes: 'é' is two bytes of UTF-8.
      {repeated("\xc3\xa9", 70000), "it is too long (70,000 characters; at most 65,536)"},
      {"game=connect4&moves=4" + std::string(65516, ' '),
       "it is too long (65,537 characters; at most 65,536)"},
      {"game=tictactoe&moves=" + repeated("b2.", 10001),
       "the game has 10,001 moves (at most 10,000)"},
      {"game=tictactoe&moves=" + repeated("b2.", 5000) + "&redo=" + repeated("a1.", 5001),
       "the game has 10,001 moves (at most 10,000)"},
  };
  for (const auto& [text, error] : bad) {
    for (const bool pasted : {false, true}) {
      const std::optional<std::string> problem =
          pasted ? game.open_text(text) : game.open_link(text);
      ASSERT_TRUE(problem) << text.size() << " bytes";
      EXPECT_EQ(*problem, error) << (pasted ? "pasted" : "link");
      EXPECT_EQ(game.save(), before);
    }
  }
  const std::optional<std::string> moves = game.open_text(repeated("b2 ", 10001));
  ASSERT_TRUE(moves);
  EXPECT_EQ(*moves, "the game has 10,001 moves (at most 10,000)");
  EXPECT_EQ(game.save(), before);

  // At the caps: read, and refused only for what they say.
  ASSERT_FALSE(game.open_link("game=connect4&moves=4" + std::string(65515, ' ')));
  EXPECT_EQ(game.moves(), (Moves{"4"}));
  const std::optional<std::string> at_cap =
      game.open_link("game=tictactoe&moves=" + repeated("b2.", 10000));
  ASSERT_TRUE(at_cap);
  EXPECT_EQ(at_cap->rfind("move 2 (b2) is not legal", 0), 0u) << *at_cap;
}

// A problem quotes a short piece of what was pasted: a notice of pages
// would cover the screen.
TEST_F(GameSessionTest, AProblemQuotesAShortPieceOfTheText) {
  const std::string before = game.save();
  const std::string word(60000, 'x');
  for (const std::string& text : {word, "game=connect4&moves=" + word, "game=" + word,
                                  "game=connect4&" + word + "=1", repeated("\xc3\xa9", 60000)}) {
    const std::optional<std::string> link = game.open_link(text);
    const std::optional<std::string> pasted = game.open_text(text);
    ASSERT_TRUE(link && pasted);
    EXPECT_LE(link->size(), 303u) << *link;
    EXPECT_LE(pasted->size(), 303u) << *pasted;
    EXPECT_EQ(game.save(), before);
  }
}

TEST_F(GameSessionTest, PastedTextIsALinkMovesOrAPosition) {
  ASSERT_FALSE(game.new_game("connect4"));
  people_on_both_sides();  // Connect Four's own
  for (const char* moves : {"4453", "4 4 5 3", "4.4,5 3", " 4, 4, 5, 3\n"}) {
    ASSERT_FALSE(game.open_text(moves)) << moves;
    EXPECT_EQ(game.moves(), (Moves{"4", "4", "5", "3"})) << moves;
  }
  ASSERT_FALSE(game.open_text("......./......./......./......./......./...x..."));
  EXPECT_TRUE(game.moves().empty());
  EXPECT_EQ(game.side_to_move(), 1) << "Yellow to move after Red's disc";
  ASSERT_FALSE(game.open_text("  https://example.org/#game=tictactoe&moves=b2 "));
  EXPECT_EQ(game.moves(), (Moves{"b2"}));
  ASSERT_FALSE(game.open_text("b2 a1 c3"));
  EXPECT_EQ(game.moves(), (Moves{"b2", "a1", "c3"}));
  ASSERT_FALSE(game.new_game("wolfsheep", kSheepOnC1));
  ASSERT_FALSE(game.open_text("c1d2 b8a7"));  // from the game's own start
  EXPECT_EQ(game.moves(), (Moves{"c1d2", "b8a7"}));
  EXPECT_EQ(game.start().start_variant(), 1u);
}

TEST_F(GameSessionTest, PastedTextThatIsNothingChangesNothing) {
  play({"b2"});
  const std::string before = game.save();
  for (const char* text : {"", "   ", "hello", "b2 b2", "game=chess"}) {
    const std::optional<std::string> problem = game.open_text(text);
    ASSERT_TRUE(problem) << text;
    EXPECT_EQ(game.save(), before);
  }
  EXPECT_EQ(game.open_text("hello"),
            "not a link, nor moves or a position of Tic-tac-toe: as moves, move 1 (hello) is not "
            "legal in Tic-tac-toe here: 'hello' is not a square (a1..c3); as a position, a "
            "tic-tac-toe position is three ranks of 'x', 'o' or '.' joined by '/', like "
            "x.o/.x./..o");
}

// --- Wolf and Sheep's start after a reload ----------------------------------

TEST_F(GameSessionTest, AWolfAndSheepStartSurvivesAReload) {
  ASSERT_FALSE(game.new_game("wolfsheep"));
  const std::vector<std::string_view> names = game.start().start_variant_names();
  for (std::size_t i = 0; i < names.size(); ++i) {
    ASSERT_FALSE(game.new_game("wolfsheep", game.start().start_variant_text(i)));
    ScriptedEngine other_engine;
    GameController reloaded(other_engine);
    ASSERT_FALSE(reloaded.load(game.save())) << names[i];
    EXPECT_EQ(reloaded.start().start_variant(), i) << "the start choice shows " << names[i];
    ASSERT_FALSE(reloaded.new_game(reloaded.game(), reloaded.start_position()));
    EXPECT_EQ(reloaded.start().start_variant(), i) << "a new game starts on " << names[i];
  }
}

// --- An engine that refuses the AI's own line (issue 32, section 4) --------

// The request of the last line sent that starts with `start` (the scripted
// engine numbers every line from 1).
std::uint64_t request_of(const ScriptedEngine& engine, const std::string& start) {
  for (std::size_t i = engine.sent.size(); i > 0; --i)
    if (engine.sent[i - 1].rfind(start, 0) == 0) return i;
  ADD_FAILURE() << "no line '" << start << "...' was sent";
  return 0;
}

// An `error` in reply to a line that set up the AI's search (its position,
// an option, the `go` itself) ends that search: the `go` after a refused
// position searches the one before, and its move must never land here.
// The AI does not ask again each frame; the heading says why; undo and a
// new game go on, and ask afresh.
TEST_F(GameSessionTest, AnEngineThatRefusesTheAIsSearchIsSaidAndNeverWaitedOn) {
  const std::string why = "ragged rows: row 2 has 7 cells, row 1 has 8";
  for (const std::string refused : {"position ", "setoption name Level ", "go "}) {
    SCOPED_TRACE(refused);
    ASSERT_FALSE(game.new_game("tictactoe"));
    play({"b2"});
    game.update();
    ASSERT_TRUE(game.ai_thinking());
    const long asked = searches();
    const int stops = engine.stops;
    engine.reply(request_of(engine, refused), "error " + why);
    // A refused `go` never answers; the others' search answers for the
    // position before.
    if (refused != "go ") engine.reply(engine.last_request, "bestmove a1");
    game.update();
    EXPECT_FALSE(game.ai_thinking());
    EXPECT_TRUE(game.ai_refused());
    EXPECT_EQ(game.moves(), (Moves{"b2"})) << "a move searched on another position was played";
    EXPECT_EQ(game.engine_error(), why);
    EXPECT_GT(engine.stops, stops) << "its search goes on";
    EXPECT_EQ(turn_text(game), "The engine refused this position");
    EXPECT_EQ(figures_text(game, false), "The engine said: " + why + ". Undo or start a new game.");
    for (int frame = 0; frame < 3; ++frame) game.update();
    EXPECT_EQ(searches(), asked) << "asked again every frame";
    game.undo();
    EXPECT_TRUE(game.moves().empty());
    EXPECT_FALSE(game.ai_refused());
    play({"c3"});
    ai_plays("a1");
  }
  ASSERT_FALSE(game.new_game("tictactoe"));
  EXPECT_EQ(turn_text(game), "Your move, X");
}

// A hint whose search the engine refused ends too: it is never waited on.
TEST_F(GameSessionTest, ARefusedHintEndsAndIsSaid) {
  game.request_hint();
  ASSERT_TRUE(game.hint_pending());
  engine.reply(request_of(engine, "position "), "error bad position");
  engine.reply(engine.last_request, "bestmove a1");
  game.update();
  EXPECT_FALSE(game.hint_pending());
  EXPECT_FALSE(game.hint());
  EXPECT_EQ(game.engine_error(), "bad position");
  play({"b2"});
  ai_plays("a1");
}

// A zero byte in a link is shown in its problem, never left in it: a
// notice is drawn as a C string, and the sentence would end there.
TEST_F(GameSessionTest, AControlCharacterInALinkIsShownInItsProblem) {
  const std::string before = game.save();
  const std::optional<std::string> problem =
      game.open_link("game=pacman&position=%25%25%25/%25P%00/%25%25%25");
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->find('\0'), std::string::npos);
  EXPECT_NE(problem->find("'\\0' in row 2"), std::string::npos) << *problem;
  const std::optional<std::string> pasted = game.open_text(std::string("b2\x1b[2J"));
  ASSERT_TRUE(pasted);
  EXPECT_NE(pasted->find("\\x1b[2J"), std::string::npos) << *pasted;
  EXPECT_EQ(game.save(), before);
}

// A maze pasted with two spaces side by side is that maze: its spaces are
// cells, not separators to join (the same maze spelt with '_' is the
// expected start, computed another way).
TEST_F(GameSessionTest, APastedMazeKeepsItsSpaces) {
  ASSERT_FALSE(game.new_game("pacman", "%%%%%%%%/%P__..G%/%%%%%%%%"));
  const std::string expected = game.start_position();
  ASSERT_FALSE(game.new_game("pacman"));
  ASSERT_FALSE(game.open_text(" %%%%%%%%/%P  ..G%/%%%%%%%%\n"));
  EXPECT_EQ(game.start_position(), expected);
}

// The monkey's engine refusals (issue 32): a change of game ran before the
// weights panel followed it, and the AI's search was set up with the old
// game's terms ("unknown option 'TheirOpenThree'" in Reversi), which the
// engine refused with the search. Weights of another game are never told:
// that game's defaults go instead.
TEST_F(GameSessionTest, AnotherGamesWeightsAreNeverToldToTheEngine) {
  people_on_both_sides();
  ASSERT_FALSE(game.new_game("connect4"));
  game.set_engine_weights({"default", {{"TheirOpenThree", 7}}, "connect4"});
  ASSERT_FALSE(game.new_game("reversi"));
  engine.sent.clear();
  game.set_side(0, {true, 2});
  game.update();
  ASSERT_EQ(searches(), 1);
  EXPECT_TRUE(sent("game reversi"));
  EXPECT_TRUE(sent("setoption name Weights value default"));
  EXPECT_TRUE(std::none_of(engine.sent.begin(), engine.sent.end(), [](const std::string& l) {
    return l.find("TheirOpenThree") != std::string::npos;
  }));
  // The board's own game's weights are told.
  game.set_side(0, {false, 2});
  game.set_engine_weights({"default", {{"Mobility", 9}}, "reversi"});
  game.set_side(0, {true, 2});
  game.update();
  EXPECT_TRUE(sent("setoption name Mobility value 9"));
}

// Reversi counts each side's discs beside the players, as every Othello
// site does (issue 33): 2 and 2 at the start, and Black's first move flips
// one disc, 4 to 1 (the rules). Other games count nothing there.
TEST_F(GameSessionTest, ReversiCountsEachSidesDiscs) {
  people_on_both_sides();
  ASSERT_FALSE(game.new_game("reversi"));
  people_on_both_sides();
  EXPECT_EQ(game.position().side_count(0), 2);
  EXPECT_EQ(game.position().side_count(1), 2);
  play({"d3"});
  EXPECT_EQ(game.position().side_count(0), 4);
  EXPECT_EQ(game.position().side_count(1), 1);
  EXPECT_EQ(game.position().side_count_words(0), "4 discs");
  EXPECT_EQ(game.position().side_count_words(1), "1 disc");
  play({"c3"});
  EXPECT_EQ(game.position().side_count(0), 3);
  EXPECT_EQ(game.position().side_count(1), 3);
  ASSERT_FALSE(game.new_game("connect4"));
  EXPECT_EQ(game.position().side_count(0), std::nullopt);
}

// The AI Pac-Man searches against the ghosts in play (issue 33): after its
// level, the engine is told the ghosts' model, as their own level plays
// them (Pac-Man's levels 1-5, engine/agents.h: random, random, chaser,
// chaser, adversarial), or adversarial when a person plays them. Before,
// the AI's expectimax took chasing ghosts for random ones.
TEST_F(GameSessionTest, TheAIPacManAssumesTheGhostsInPlay) {
  ASSERT_FALSE(game.new_game("pacman"));
  const std::vector<std::string> models = game.position().opponent_models();
  ASSERT_EQ(models.size(), 3u);
  const auto searched_with = [&](int ghost_level, bool ghosts_ai) {
    game.set_side(1, {ghosts_ai, ghost_level});
    engine.sent.clear();
    game.set_side(0, {true, 2});
    game.update();
    const auto level =
        std::find(engine.sent.begin(), engine.sent.end(), "setoption name Level value 2");
    const auto go = std::find_if(engine.sent.begin(), engine.sent.end(),
                                 [](const std::string& l) { return l.starts_with("go "); });
    EXPECT_TRUE(level < go) << "the level before the search";
    const auto said = std::find_if(level, go, [](const std::string& l) {
      return l.starts_with("setoption name Opponents value ");
    });
    std::string model = said == go ? "" : said->substr(31);
    game.set_side(0, {false, 2});
    game.update();
    return model;
  };
  for (int level = 1; level <= kLevelCount; ++level)
    EXPECT_EQ(searched_with(level, true), game.position().opponents_at_level(level)) << level;
  EXPECT_EQ(searched_with(3, true), "chaser");
  EXPECT_EQ(searched_with(2, true), "random");
  EXPECT_EQ(searched_with(3, false), "adversarial");
  // A two-player game says nothing of opponents.
  engine.sent.clear();
  ASSERT_FALSE(game.new_game("tictactoe"));
  game.set_side(0, {true, 2});
  game.update();
  EXPECT_EQ(searches(), 1);
  EXPECT_TRUE(std::none_of(engine.sent.begin(), engine.sent.end(), [](const std::string& l) {
    return l.starts_with("setoption name Opponents");
  }));
}

// With the engine itself: a maze with two spaces side by side (as "Your own
// maze" or a link gives it) reaches the engine in its one text form, and
// the ghosts (the AI) answer Pac-Man's move. The protocol once split such a
// start into words and joined them with one space: "ragged rows", unheard.
TEST(GameControllerEngineTest, TheAIGhostsPlayAMazeWithAdjacentSpaces) {
  const std::unique_ptr<EngineClient> engine = make_engine_client();
  GameController game(*engine);
  ASSERT_FALSE(game.new_game("pacman", "%%%%%%%%/%P  ..G%/%%%%%%%%"));
  ASSERT_TRUE(game.side(1).ai) << "the ghosts are the AI's by default";
  ASSERT_FALSE(game.play("E"));
  // Not a timing check: a liveness bound, far above the search's 1.5 s.
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (game.moves().size() < 2 && std::chrono::steady_clock::now() < until) {
    game.update();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(game.engine_error(), "");
  EXPECT_FALSE(game.ai_refused());
  EXPECT_EQ(game.moves().size(), 2u) << "the ghost's move";
}

}  // namespace
}  // namespace arcade::app
