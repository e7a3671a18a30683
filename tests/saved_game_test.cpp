// Saved games keep what is valid (app/game_controller.h, GameController::
// load; issue 23, items 8 and 9): a bad side line, an unknown line, CRLF
// line ends, trailing spaces, an illegal move late in the game, a save cut
// short or with a zero byte in it each lose no more than the part that is
// bad, and say what went; a save of a later version, one over the size cap
// or with too many moves is refused whole and says why.
//
// The moves kept are the save's own text up to the bad part: each game's
// legality (Connect Four's seven columns, Tic-tac-toe's taken square) is the
// games' rules, tested in their own tests.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/game/game_controller.h"
#include "scripted_engine.h"

namespace arcade::app {
namespace {

using Moves = std::vector<std::string>;

// A version 3 save (what the app wrote before version 4): Connect Four,
// 4 4 3 3 played, people on both sides at level 2.
std::string version3(const std::string& moves_line = "moves 4 4 3 3",
                     const std::string& side1 = "side1 human 2") {
  return "minimax-arcade-save 3\ngame connect4\nstart startpos\n" + moves_line +
         "\nredo \npaused 0\nside0 human 2\n" + side1 + "\n";
}

bool mentions(const SaveNotes& notes, const std::string& words) {
  for (const std::string& note : notes.dropped)
    if (note.find(words) != std::string::npos) return true;
  return false;
}

std::string all(const SaveNotes& notes) {
  std::string out;
  for (const std::string& note : notes.dropped) out += note + " | ";
  return out;
}

class SavedGameTest : public ::testing::Test {
 protected:
  // The game on the board before a load: Tic-tac-toe, b2 played.
  SavedGameTest() { EXPECT_FALSE(game.play("b2")); }
  // Loads `saved`, which must restore a game.
  SaveNotes restore(const std::string& saved) {
    SaveNotes notes;
    const std::optional<std::string> problem = game.load(saved, &notes);
    EXPECT_FALSE(problem) << *problem << "\n" << saved;
    return notes;
  }
  // Loads `saved`, which must be refused and change nothing; the message.
  std::string refuse(const std::string& saved, SaveNotes* notes = nullptr) {
    const std::string before = game.save();
    const std::optional<std::string> problem = game.load(saved, notes);
    EXPECT_TRUE(problem) << saved.substr(0, 200);
    EXPECT_EQ(game.save(), before);
    return problem.value_or("");
  }

  ScriptedEngine engine;
  GameController game{engine};
};

TEST_F(SavedGameTest, AWholeSaveLoadsWithNoNote) {
  const SaveNotes notes = restore(version3());
  EXPECT_EQ(game.moves(), (Moves{"4", "4", "3", "3"}));
  EXPECT_TRUE(notes.dropped.empty()) << all(notes);
}

TEST_F(SavedGameTest, ABadSideLineGivesThatSideItsDefault) {
  const SaveNotes notes = restore(version3("moves 4 4 3 3", "side1 robot 9"));
  EXPECT_EQ(game.game(), "connect4");
  EXPECT_EQ(game.moves(), (Moves{"4", "4", "3", "3"}));
  EXPECT_EQ(game.side(0), (SideSettings{false, 2}));
  EXPECT_EQ(game.side(1), kDefaultSides[1]);
  EXPECT_TRUE(mentions(notes, "robot 9")) << all(notes);
}

TEST_F(SavedGameTest, ABadSidesLineOfAnotherGameGivesItTheDefaults) {
  const SaveNotes notes = restore(version3() + "sides tictactoe ai 9 ai 1\n");
  EXPECT_EQ(game.moves(), (Moves{"4", "4", "3", "3"}));
  EXPECT_TRUE(mentions(notes, "Tic-tac-toe")) << all(notes);
  ASSERT_FALSE(game.switch_game("tictactoe"));
  EXPECT_EQ(game.side(0), kDefaultSides[0]);
  EXPECT_EQ(game.side(1), kDefaultSides[1]);
}

// An unknown line is passed over without a note: the game is whole, and a
// player could do nothing about a line only a later or hand-edited save
// holds.
TEST_F(SavedGameTest, AnUnknownLineIsPassedOver) {
  const SaveNotes notes = restore(version3() + "colour blue\n");
  EXPECT_EQ(game.moves(), (Moves{"4", "4", "3", "3"}));
  EXPECT_EQ(game.side(1), (SideSettings{false, 2}));
  EXPECT_TRUE(notes.dropped.empty()) << all(notes);
}

TEST_F(SavedGameTest, CrlfLineEndsAreRead) {
  std::string saved;
  for (char c : version3("moves 4 4 3 3", "side1 ai 4"))
    saved += c == '\n' ? "\r\n" : std::string(1, c);
  const SaveNotes notes = restore(saved);
  EXPECT_EQ(game.moves(), (Moves{"4", "4", "3", "3"}));
  EXPECT_EQ(game.side(1), (SideSettings{true, 4}));
  EXPECT_TRUE(notes.dropped.empty()) << all(notes);
}

TEST_F(SavedGameTest, TrailingSpacesAreRead) {
  std::string saved = version3("moves 4 4 3 3 \t", "side1 ai 4  ");
  saved = "minimax-arcade-save 3 " + saved.substr(saved.find('\n'));  // after the header
  const SaveNotes notes = restore(saved);
  EXPECT_EQ(game.moves(), (Moves{"4", "4", "3", "3"}));
  EXPECT_EQ(game.side(1), (SideSettings{true, 4}));
  EXPECT_TRUE(notes.dropped.empty()) << all(notes);
}

// Connect Four has columns 1 to 7: "9" is no move.
TEST_F(SavedGameTest, AnIllegalLastMoveKeepsTheFourBeforeIt) {
  const SaveNotes notes = restore(version3("moves 4 4 3 3 9"));
  EXPECT_EQ(game.moves(), (Moves{"4", "4", "3", "3"}));
  EXPECT_TRUE(mentions(notes, "move 5 (9)")) << all(notes);
  EXPECT_TRUE(mentions(notes, "it was the last")) << all(notes);
}

TEST_F(SavedGameTest, AnIllegalMoveSaysHowManyWentAfterIt) {
  const SaveNotes notes = restore(
      "minimax-arcade-save 3\ngame tictactoe\nmoves a1 b2 a1 c3 c1\nside0 human 3\n"
      "side1 human 3\n");
  EXPECT_EQ(game.moves(), (Moves{"a1", "b2"}));  // a1 is taken
  EXPECT_TRUE(mentions(notes, "move 3 (a1)")) << all(notes);
  EXPECT_TRUE(mentions(notes, "the 2 moves after it")) << all(notes);
}

TEST_F(SavedGameTest, AnIllegalRedoMoveKeepsTheRedoMovesBeforeIt) {
  // The redo line lists the next move to redo last: 3 then 3 then 9.
  const SaveNotes notes =
      restore("minimax-arcade-save 3\ngame connect4\nmoves 4 4\nredo 9 3 3\nside0 human 2\n");
  EXPECT_EQ(game.moves(), (Moves{"4", "4"}));
  EXPECT_EQ(game.redo_moves(), (Moves{"3", "3"}));
  EXPECT_TRUE(mentions(notes, "(9)")) << all(notes);
}

TEST_F(SavedGameTest, ASaveOfALaterVersionIsRefusedAndSaysSo) {
  for (const char* header : {"minimax-arcade-save 5", "minimax-arcade-save 12"}) {
    SaveNotes notes;
    const std::string problem = refuse(std::string(header) + "\ngame connect4\nmoves 4\n", &notes);
    EXPECT_TRUE(notes.newer) << header;
    EXPECT_NE(problem.find("newer version of Minimax Arcade"), std::string::npos) << problem;
  }
  SaveNotes notes;
  refuse("minimax-arcade-save x\ngame connect4\n", &notes);
  EXPECT_FALSE(notes.newer) << "not a version at all";
}

// What this version writes ends with its line count, and reads back whole.
TEST_F(SavedGameTest, TheSaveEndsWithItsLineCount) {
  ASSERT_FALSE(game.new_game("connect4"));
  game.set_side(1, {false, 3});
  for (const char* m : {"4", "4", "3", "3", "5", "2"}) ASSERT_FALSE(game.play(m));
  const std::string saved = game.save();
  EXPECT_EQ(saved.rfind("minimax-arcade-save 4\n", 0), 0u) << saved;
  const std::size_t lines = static_cast<std::size_t>(std::count(saved.begin(), saved.end(), '\n'));
  EXPECT_NE(saved.find("\nend " + std::to_string(lines - 1) + "\n"), std::string::npos) << saved;
  const SaveNotes notes = restore(saved);
  EXPECT_TRUE(notes.dropped.empty()) << all(notes);
  EXPECT_EQ(game.save(), saved);
}

TEST_F(SavedGameTest, ASaveCutMidMovesLoadsTheMovesBeforeTheCut) {
  ASSERT_FALSE(game.new_game("wolfsheep"));
  game.set_side(1, {false, 3});
  for (const char* m : {"e1d2", "b8a7", "d2e3", "a7b6"}) ASSERT_FALSE(game.play(m));
  const std::string saved = game.save();
  // Cut inside the fourth move's text: "a7b6" would read as "a7".
  const std::string cut = saved.substr(0, saved.find("a7b6") + 2);
  GameController other(engine);
  SaveNotes notes;
  ASSERT_FALSE(other.load(cut, &notes));
  EXPECT_EQ(other.moves(), (Moves{"e1d2", "b8a7", "d2e3"}));
  EXPECT_TRUE(mentions(notes, "cut short; loaded the first 3 moves")) << all(notes);
  // Cut at a line's end, after the moves: they are whole, the cut is said.
  SaveNotes notes2;
  ASSERT_FALSE(other.load(saved.substr(0, saved.find("\nredo") + 1), &notes2));
  EXPECT_EQ(other.moves(), (Moves{"e1d2", "b8a7", "d2e3", "a7b6"}));
  EXPECT_TRUE(mentions(notes2, "cut short; loaded the first 4 moves")) << all(notes2);
}

TEST_F(SavedGameTest, ALineCountThatDoesNotMatchIsSaid) {
  ASSERT_FALSE(game.new_game("connect4"));
  std::string saved = game.save();
  saved.erase(saved.find("paused"),
              saved.find('\n', saved.find("paused")) + 1 - saved.find("paused"));
  const SaveNotes notes = restore(saved);
  EXPECT_TRUE(mentions(notes, "damaged")) << all(notes);
}

TEST_F(SavedGameTest, AZeroByteIsDamageThere) {
  ASSERT_FALSE(game.new_game("connect4"));
  game.set_side(1, {false, 3});
  for (const char* m : {"4", "4", "3", "3"}) ASSERT_FALSE(game.play(m));
  std::string saved = game.save();
  saved[saved.find("4 3 3")] = '\0';  // moves "4 \0 3 3"
  GameController other(engine);
  SaveNotes notes;
  ASSERT_FALSE(other.load(saved, &notes));
  EXPECT_EQ(other.moves(), (Moves{"4"}));
  EXPECT_TRUE(mentions(notes, "zero byte")) << all(notes);
  EXPECT_TRUE(mentions(notes, "loaded the first move")) << all(notes);
  // In an older version's save as well: it has no line count, but a zero
  // byte is never in a save.
  std::string old = version3();
  old[old.find("3 3")] = '\0';
  ASSERT_FALSE(other.load(old, &notes));
  EXPECT_EQ(other.moves(), (Moves{"4", "4"}));
  EXPECT_TRUE(mentions(notes, "zero byte")) << all(notes);
}

TEST_F(SavedGameTest, ASaveOverOneMebibyteIsRefused) {
  const std::string whole = version3();
  const std::string padding = "x\n";  // unknown lines, passed over
  std::string at_cap = whole;
  while (at_cap.size() + padding.size() < kMaxSaveBytes) at_cap += padding;
  at_cap += std::string(kMaxSaveBytes - at_cap.size() - 1, 'y') + "\n";
  ASSERT_EQ(at_cap.size(), kMaxSaveBytes);
  restore(at_cap);
  EXPECT_EQ(game.moves(), (Moves{"4", "4", "3", "3"}));
  ASSERT_FALSE(game.new_game("tictactoe"));
  const std::string problem = refuse(at_cap + "\n");
  EXPECT_NE(problem.find("1,048,576 bytes"), std::string::npos) << problem;
}

TEST_F(SavedGameTest, AGameOfMoreThanTenThousandMovesIsRefused) {
  std::string moves = "moves";
  for (std::size_t i = 0; i <= kMaxGameMoves; ++i) moves += " 4";
  const std::string problem = refuse(version3(moves));
  EXPECT_NE(problem.find("at most 10,000"), std::string::npos) << problem;
  std::string redo = "minimax-arcade-save 3\ngame connect4\nmoves 4\nredo";
  for (std::size_t i = 0; i < kMaxGameMoves; ++i) redo += " 4";
  EXPECT_NE(refuse(redo + "\n").find("at most 10,000"), std::string::npos)
      << "played and undone together";
}

}  // namespace
}  // namespace arcade::app
