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

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "app/game/game_controller.h"
#include "app/game_storage.h"
#include "app/preferences.h"
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

// --- Issue 32, section 4 ------------------------------------------------------

// A version-4 save may hold lines this version does not know: counted in
// its "end" line by the build that wrote them, or added by hand since and
// not counted. Either way they are passed over, and nothing is lost.
TEST_F(SavedGameTest, AnUnknownLineBeforeTheEndIsNoDamage) {
  ASSERT_FALSE(game.new_game("connect4"));
  game.set_side(1, {false, 3});
  for (const char* m : {"4", "4", "3"}) ASSERT_FALSE(game.play(m));
  const std::string saved = game.save();
  const std::size_t end = saved.find("end ");
  const std::string added = saved.substr(0, end) + "colour blue\n" + saved.substr(end);
  SaveNotes notes = restore(added);
  EXPECT_EQ(game.moves(), (Moves{"4", "4", "3"}));
  EXPECT_TRUE(notes.dropped.empty()) << all(notes);
  // Counted, as a later build of version 4 writes it.
  const auto lines = std::count(saved.begin(), saved.begin() + static_cast<long>(end), '\n');
  notes = restore(saved.substr(0, end) + "colour blue\nend " + std::to_string(lines + 1) + "\n");
  EXPECT_TRUE(notes.dropped.empty()) << all(notes);
  // A known line added is no longer the save as written: said as such.
  notes = restore(saved.substr(0, end) + "moves 4\n" + saved.substr(end));
  EXPECT_TRUE(mentions(notes, "changed after it was written")) << all(notes);
  EXPECT_FALSE(mentions(notes, "missing")) << all(notes);
}

// The one text form of a start: a maze whose rows end in a space, as a
// link gives it, is carried as Pac-Man writes it ('_' for an empty cell),
// so a save's reader, which trims a line's trailing spaces, reads it back.
// The maze spelt with '_' is the same start, computed another way.
TEST_F(SavedGameTest, AStartIsSavedInItsOneTextForm) {
  ASSERT_FALSE(game.switch_game("connect4"));
  ASSERT_FALSE(game.play("4"));  // a game kept in progress
  ASSERT_FALSE(
      game.open_link("#game=pacman&position=%25%25%25%25%25%25/%25P.G.+/%25%25%25%25%25+"));
  const std::string start = game.start_position();
  EXPECT_EQ(start.find(' '), std::string::npos) << start;
  ASSERT_FALSE(game.new_game("pacman", "%%%%%%/%P.G._/%%%%%_"));
  EXPECT_EQ(game.start_position(), start);
  game.set_side(1, {false, 3});
  ASSERT_FALSE(game.play("E"));
  const std::string saved = game.save();
  EXPECT_NE(saved.find("\nstart " + start + "\n"), std::string::npos) << saved;

  GameController other(engine);
  SaveNotes notes;
  ASSERT_FALSE(other.load(saved, &notes)) << saved;
  EXPECT_TRUE(notes.dropped.empty()) << all(notes);
  EXPECT_EQ(other.game(), "pacman");
  EXPECT_EQ(other.moves(), (Moves{"E"}));
  EXPECT_EQ(other.start_position(), start);
  ASSERT_FALSE(other.switch_game("connect4"));
  EXPECT_EQ(other.moves(), (Moves{"4"})) << "the kept game";
}

// A save written before the one text form holds such a start as given,
// its trailing space and all: read as written, not trimmed.
TEST_F(SavedGameTest, AStartWithATrailingSpaceFromAnEarlierBuildStillReads) {
  const SaveNotes notes = restore(
      "minimax-arcade-save 4\ngame pacman\nstart %%%%%%/%P.G. /%%%%% \nmoves E\nredo \n"
      "paused 0\nside0 human 3\nside1 human 3\nend 8\n");
  EXPECT_TRUE(notes.dropped.empty()) << all(notes);
  EXPECT_EQ(game.moves(), (Moves{"E"}));
  EXPECT_EQ(game.start_position().find(' '), std::string::npos) << game.start_position();
}

// A start that does not read costs that game alone: a new game of it, said,
// and the games kept beside it stay.
TEST_F(SavedGameTest, AStartThatDoesNotReadDropsOnlyThatGame) {
  const SaveNotes notes = restore(
      "minimax-arcade-save 4\ngame pacman\nstart %%%%%%/%P.G./%%%%%\nmoves E\nredo \n"
      "paused 0\nside0 human 3\nside1 human 2\nkept game=connect4&moves=4.4.3\nend 9\n");
  EXPECT_EQ(game.game(), "pacman");
  EXPECT_TRUE(game.moves().empty());
  EXPECT_EQ(game.side(1), (SideSettings{false, 2}));
  EXPECT_TRUE(mentions(notes, "The saved game of Pac-Man did not read (ragged rows")) << all(notes);
  ASSERT_FALSE(game.switch_game("connect4"));
  EXPECT_EQ(game.moves(), (Moves{"4", "4", "3"}));
}

// A notice is drawn as a C string: a control character in a quoted piece is
// shown, never a zero byte that would cut the sentence there.
TEST_F(SavedGameTest, AControlCharacterInAQuotedPieceIsShown) {
  const SaveNotes notes = restore(version3("moves 4 4 3 3", std::string("side1 robot\x01 9")));
  EXPECT_TRUE(mentions(notes, "(robot\\x01 9) did not read")) << all(notes);
}

// --- What is stored (GameStorage) ---------------------------------------------

// The platform's storage, in memory.
struct Stored {
  std::optional<std::string> text;
  Storage storage() {
    return {[this] { return text; }, [this](const std::string& saved) { text = saved; }};
  }
};

// What the app stores for a game: its save and the preferences' line.
std::string stored_game(const std::vector<std::string>& moves) {
  ScriptedEngine engine;
  GameController game(engine);
  EXPECT_FALSE(game.new_game("reversi"));
  game.set_side(1, {false, 3});
  for (const std::string& m : moves) EXPECT_FALSE(game.play(m)) << m;
  Stored stored;
  GameStorage(stored.storage()).write(game, Preferences{});
  return stored.text.value_or("");
}

// Cut by its last bytes, however many, the stored text is no whole save:
// said, and kept as it was until the person plays (the preferences' line
// comes after the games' "end" line: a cut there lost no game, but a
// whole-looking save must not be taken for whole, nor written over). One
// cut is whole: at the end of the "end" line, where nothing tells the text
// from a save stored without preferences.
TEST(GameStorageTest, ASaveCutInItsLastBytesIsSaidAndKeptUntilThePersonPlays) {
  const std::string whole = stored_game({"d3", "c3", "c4", "e3", "f2"});
  const std::size_t end_line = whole.rfind("\nend ") + 1;
  ASSERT_NE(end_line, 0u) << whole;
  const std::size_t prefs_line = whole.find('\n', end_line) + 1;
  for (std::size_t cut = 1; cut < whole.size() - end_line; ++cut) {
    const std::string text = whole.substr(0, whole.size() - cut);
    if (text.size() == prefs_line) continue;
    Stored stored{text};
    GameStorage storage(stored.storage());
    ScriptedEngine engine;
    GameController game(engine);
    Preferences prefs;
    const std::optional<std::string> told = storage.restore(game, prefs);
    ASSERT_TRUE(told) << "cut by " << cut << ": " << text.substr(end_line);
    EXPECT_NE(told->find("cut short"), std::string::npos) << *told;
    EXPECT_EQ(game.moves(), (Moves{"d3", "c3", "c4", "e3", "f2"})) << cut;
    storage.write(game, prefs);
    EXPECT_EQ(stored.text, text) << "cut by " << cut;
    ASSERT_FALSE(game.play(game.legal_moves().front()));
    storage.write(game, prefs);
    EXPECT_EQ(stored.text->rfind("minimax-arcade-save 4\n", 0), 0u) << *stored.text;
    EXPECT_NE(stored.text->find("moves d3 c3 c4 e3 f2 "), std::string::npos)
        << "written once played: " << *stored.text;
  }
}

// A save not read whole (a bad side line, whose default is the AI) stays as
// stored while the AI moves: only a person's own action writes it over.
TEST(GameStorageTest, TheAIsMoveDoesNotWriteOverASaveNotReadWhole) {
  const std::string saved = version3("moves 4 4 3", "side1 robot 9");  // the AI to move
  Stored stored{saved};
  GameStorage storage(stored.storage());
  ScriptedEngine engine;
  GameController game(engine);
  Preferences prefs;
  ASSERT_TRUE(storage.restore(game, prefs));
  ASSERT_EQ(game.side(1), kDefaultSides[1]);
  game.update();
  ASSERT_TRUE(game.ai_thinking());
  engine.reply(engine.last_request, "bestmove 3");
  game.update();
  ASSERT_EQ(game.moves(), (Moves{"4", "4", "3", "3"}));
  storage.write(game, prefs);
  EXPECT_EQ(stored.text, saved) << "the AI's move wrote over it";
  // A hint changes nothing saved: still kept.
  game.request_hint();
  storage.write(game, prefs);
  EXPECT_EQ(stored.text, saved);
  ASSERT_FALSE(game.play("5"));
  storage.write(game, prefs);
  EXPECT_NE(stored.text->find("moves 4 4 3 3 5"), std::string::npos) << *stored.text;
}

}  // namespace
}  // namespace arcade::app
