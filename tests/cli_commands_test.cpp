// The `arcade` command line through cli::run, as main() calls it: exit codes,
// what goes to stdout and what to stderr, for the bench forms, the games'
// own tools as the registry offers them, and the seeds of match and
// tournament.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.h"
#include "engine/protocol.h"
#include "games/data_file.h"
#include "games/game_tools.h"
#include "games/registry.h"
#include "games/reversi/endgame_bench.h"

namespace arcade::cli {
namespace {

namespace fs = std::filesystem;

class CliCommands : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("arcade_cli_test_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
            "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  int run_arcade(const std::vector<std::string>& args) {
    std::istringstream in;
    out_.str("");
    err_.str("");
    return run(args, in, out_, err_);
  }
  std::string file_with(const std::string& name, const std::string& text) {
    const fs::path path = dir_ / name;
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
  }
  bool err_has(const std::string& text) const { return err_.str().find(text) != std::string::npos; }
  bool out_has(const std::string& text) const { return out_.str().find(text) != std::string::npos; }

  fs::path dir_;
  std::ostringstream out_, err_;
};

// --- arcade bench ---

TEST_F(CliCommands, BenchRefusesADirectory) {
  for (const char* form : {"connect4", "perfect"}) {
    EXPECT_EQ(run_arcade({"bench", form, dir_.string()}), 2) << form;
    EXPECT_TRUE(err_has("error bench: '" + dir_.string() + "' is a directory")) << err_.str();
    EXPECT_EQ(out_.str(), "") << form;
  }
}

TEST_F(CliCommands, BenchRefusesAFileWithoutPositions) {
  const std::string empty = file_with("empty.txt", "");
  const std::string blank = file_with("blank.txt", "\n   \n\t\r\n\n");
  for (const char* form : {"connect4", "perfect"})
    for (const std::string& path : {empty, blank}) {
      EXPECT_EQ(run_arcade({"bench", form, path}), 2) << form << " " << path;
      EXPECT_TRUE(err_has("error bench: '" + path + "' holds no positions")) << err_.str();
      EXPECT_EQ(out_.str(), "") << form << " " << path;
    }
}

TEST_F(CliCommands, BenchRefusesAMissingFile) {
  const std::string missing = (dir_ / "missing.txt").string();
  for (const char* form : {"connect4", "perfect"}) {
    EXPECT_EQ(run_arcade({"bench", form, missing}), 2) << form;
    EXPECT_TRUE(err_has("error bench: cannot read '" + missing + "'")) << err_.str();
    EXPECT_EQ(out_.str(), "") << form;
  }
}

TEST_F(CliCommands, MalformedBenchCallsNameTheBenchForms) {
  const std::string data = file_with("one.txt", "4 -1\n");
  const std::vector<std::vector<std::string>> malformed = {
      {"bench", "connect4"},
      {"bench", "perfect"},
      {"bench", "connect4", data, "extra"},
      {"bench", "connect4", data, "threads"},
      {"bench", "connect4", data, "threads", "0"},
      {"bench", "connect4", data, "threads", "2", "extra"},
      {"bench", "perfect", data, "movetime"},
      {"bench", "perfect", data, "movetime", "0"},
      {"bench", "perfect", data, "colour", "9"},
      {"bench", "chess"},
  };
  for (const std::vector<std::string>& args : malformed) {
    const std::string call =
        args.size() > 1 ? args[1] + " (" + std::to_string(args.size()) + ")" : "";
    EXPECT_EQ(run_arcade(args), 2) << call;
    EXPECT_EQ(err_.str().rfind("error bench: ", 0), 0u) << call << ": " << err_.str();
    EXPECT_TRUE(err_has("arcade bench connect4 FILE")) << call << ": " << err_.str();
    EXPECT_TRUE(err_has("arcade bench perfect FILE [movetime MS]")) << call << ": " << err_.str();
    EXPECT_FALSE(err_has("unknown command")) << call << ": " << err_.str();
    EXPECT_EQ(out_.str(), "") << call;
  }
}

TEST_F(CliCommands, BenchConnect4StillSolvesAGoodFile) {
  // Two positions of the data set (c4_L3_R1) with their published scores,
  // after a blank line, which is skipped.
  std::ifstream in(std::string(ARCADE_DATA_DIR) + "/connect4/c4_L3_R1.txt");
  std::string line_a, line_b;
  ASSERT_TRUE(std::getline(in, line_a) && std::getline(in, line_b));
  const std::string data = file_with("two.txt", "\n" + line_a + "\n" + line_b + "\n");
  EXPECT_EQ(run_arcade({"bench", "connect4", data}), 0) << err_.str();
  EXPECT_TRUE(out_has("bench two.txt positions 2 mismatches 0 ")) << out_.str();
  out_.str("");
  EXPECT_EQ(run_arcade({"bench", "connect4", data, "threads", "2"}), 0) << err_.str();
  EXPECT_TRUE(out_has("bench two.txt positions 2 mismatches 0 ")) << out_.str();
  EXPECT_EQ(err_.str(), "");
}

// A position beyond the bench's limit of empty squares would be solved for
// hours (the start's 60 for ever): it is refused, naming its line, before
// any position is solved.
TEST_F(CliCommands, BenchReversiRefusesAPositionOfMoreEmptiesThanItsLimit) {
  std::ifstream in(std::string(ARCADE_DATA_DIR) + "/reversi/fforum-1-19.obf");
  std::string ffo1;  // 14 empties
  ASSERT_TRUE(std::getline(in, ffo1));
  // FFO #1 with 17 more squares emptied, g8 still legal: 31 empties.
  const std::string empties31 =
      "-----------------------X-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+0";
  // The start: 60 empties, d3 legal for Black.
  const std::string start =
      "---------------------------OX------XO--------------------------- X; D3:+0";
  static_assert(kMaxBenchEmpties == 30);
  const std::string data = file_with("deep.obf", ffo1 + "\n" + empties31 + "\n");
  EXPECT_EQ(run_arcade({"bench", "reversi", data}), 2);
  EXPECT_EQ(err_.str(),
            "error bench: deep.obf line 2: 31 empty squares: the bench solves endgames of at "
            "most 30\n");
  EXPECT_EQ(out_.str(), "") << "nothing solved";
  EXPECT_EQ(run_arcade({"bench", "reversi", file_with("start.obf", "# the start\n" + start)}), 2);
  EXPECT_TRUE(err_has("start.obf line 2: 60 empty squares")) << err_.str();
  EXPECT_EQ(out_.str(), "");
}

// A line longer than the cap is refused, naming its line, whatever comes
// after it; the reader keeps no more of it than the cap (an endless line
// below).
TEST_F(CliCommands, BenchRefusesALineLongerThanTheCap) {
  std::ifstream in(std::string(ARCADE_DATA_DIR) + "/reversi/fforum-1-19.obf");
  std::string ffo1;
  ASSERT_TRUE(std::getline(in, ffo1));
  const std::string huge = ffo1 + std::string(3'000'000, ' ') + "; A1:+0\n";
  const std::string data = file_with("long.obf", ffo1 + "\n" + huge + ffo1 + "\n");
  EXPECT_EQ(run_arcade({"bench", "reversi", data}), 2);
  EXPECT_EQ(err_.str(), "error bench: long.obf line 2: longer than " +
                            std::to_string(kMaxDataLine) + " characters\n");
  EXPECT_EQ(out_.str(), "");
  // Connect Four's files are read alike: a line of the cap is read (and
  // judged as a position), one more character is refused for its length.
  const std::string at_cap = "4" + std::string(kMaxDataLine - 1, '4');
  EXPECT_EQ(run_arcade({"bench", "connect4", file_with("c4.txt", at_cap + "\n")}), 2);
  EXPECT_FALSE(err_has("longer than")) << err_.str();
  EXPECT_TRUE(err_has("c4.txt line 1: ")) << err_.str();
  EXPECT_EQ(run_arcade({"bench", "connect4", file_with("c4.txt", "\n" + at_cap + "4")}), 2);
  EXPECT_EQ(err_.str(), "error bench: c4.txt line 2: longer than " + std::to_string(kMaxDataLine) +
                            " characters\n");
}

// --- The games' own tools, from the registry ---

// The words of a tool's command ("bench connect4": "bench", "connect4").
std::vector<std::string> words_of(std::string_view command) {
  std::vector<std::string> words;
  std::istringstream in{std::string(command)};
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// `arcade help` lists the generic commands, then every tool the games
// register (games/game_tools.h), each with its arguments and summary.
TEST_F(CliCommands, HelpListsEveryRegisteredGameToolAfterTheGenericCommands) {
  ASSERT_FALSE(game_tools().empty());
  EXPECT_EQ(run_arcade({"help"}), 0);
  EXPECT_EQ(err_.str(), "");
  const std::string help = out_.str();
  const std::size_t tools_start = help.find("\nthe games' own tools:\n");
  ASSERT_NE(tools_start, std::string::npos) << help;
  for (const char* generic : {"  arcade perft GAME N ", "  arcade match GAME A B ",
                              "  arcade tournament GAME ", "  arcade bench  ", "  arcade help "})
    EXPECT_LT(help.find(generic), tools_start) << generic << " in:\n" << help;
  for (const GameTool& tool : game_tools()) {
    std::string call = "\n  arcade " + std::string(tool.command);
    if (!tool.arguments.empty()) call += " " + std::string(tool.arguments);
    const std::size_t at = help.find(call, tools_start);
    ASSERT_NE(at, std::string::npos) << tool.command << " in:\n" << help;
    // The whole call: a space or the line's end after it.
    EXPECT_NE(std::string(" \n").find(help[at + call.size()]), std::string::npos) << tool.command;
    // The summary follows, on the same line or the next.
    const std::size_t summary = help.find(std::string(tool.summary) + "\n", at);
    ASSERT_NE(summary, std::string::npos) << tool.command;
    EXPECT_LE(std::count(help.begin() + static_cast<std::ptrdiff_t>(at + 1),
                         help.begin() + static_cast<std::ptrdiff_t>(summary), '\n'),
              1)
        << tool.command;
  }
  // `--help` prints the same text.
  EXPECT_EQ(run_arcade({"--help"}), 0);
  EXPECT_EQ(out_.str(), help);
}

// Each tool is called by its words; a form of `arcade bench` is a bench
// form, and no tool takes a generic command's name.
TEST_F(CliCommands, EveryGameToolIsCalledByItsWords) {
  for (const GameTool& tool : game_tools()) {
    std::vector<std::string> args = words_of(tool.command);
    ASSERT_FALSE(args.empty());
    EXPECT_TRUE(args[0] == "bench" ? args.size() == 2 : args.size() == 1) << tool.command;
    for (const char* generic : {"perft", "match", "tournament", "help", "--help"})
      EXPECT_NE(args[0], generic) << tool.command;
    args.push_back("FILE");
    EXPECT_EQ(find_game_tool(args), &tool) << tool.command;
    EXPECT_NE(tool.run, nullptr) << tool.command;
  }
  EXPECT_EQ(find_game_tool({"bench"}), nullptr);
  EXPECT_EQ(find_game_tool({}), nullptr);
}

// An unknown form of `arcade bench` is refused naming every bench form the
// games register; an unknown command, with the whole usage; an unknown
// game, by its name.
TEST_F(CliCommands, AnUnknownToolOrGameGetsAClearError) {
  EXPECT_EQ(run_arcade({"bench", "chess", "games.txt"}), 2);
  EXPECT_EQ(err_.str().rfind("error bench: unknown form 'bench chess'\nusage: arcade bench ", 0),
            0u)
      << err_.str();
  for (const GameTool& tool : game_tools()) {
    if (!tool.command.starts_with("bench ")) continue;
    EXPECT_TRUE(err_has("arcade " + std::string(tool.command) + " " + std::string(tool.arguments)))
        << tool.command << ": " << err_.str();
  }
  EXPECT_EQ(out_.str(), "");

  EXPECT_EQ(run_arcade({"chess", "FILE"}), 2);
  EXPECT_EQ(err_.str().rfind("error unknown command 'chess'\nusage:\n", 0), 0u) << err_.str();
  EXPECT_TRUE(err_has("\nthe games' own tools:\n")) << err_.str();
  EXPECT_EQ(out_.str(), "");

  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"perft", "chess", "3"}, {"match", "chess", "1", "2"}, {"tournament", "chess"}}) {
    EXPECT_EQ(run_arcade(args), 2) << args[0];
    EXPECT_EQ(err_.str(), "error unknown game 'chess'\n") << args[0];
    EXPECT_EQ(out_.str(), "") << args[0];
  }
}

// --- Seeds of match and tournament ---

constexpr const char* kLargestSeed = "18446744073709551615";  // 2^64 - 1
constexpr const char* kBeyondLargestSeed = "18446744073709551616";

TEST_F(CliCommands, MatchTakesEverySeedFromZeroToTheLargest) {
  for (const char* seed : {"0", "1", kLargestSeed}) {
    // Perfect play never loses Tic-tac-toe, so the Beginner (A) wins no game.
    EXPECT_EQ(run_arcade({"match", "tictactoe", "1", "5", "games", "2", "seed", seed}), 0)
        << seed << ": " << err_.str();
    EXPECT_TRUE(out_has("match tictactoe A=Beginner B=Perfect games 2 A-wins 0 ")) << out_.str();
    EXPECT_EQ(err_.str(), "") << seed;
  }
}

// The winner a match names is the one its moves lead to, in every
// two-player game: the side to move at the end, as the game's view tells it,
// won or lost, whoever moved twice in a row on the way (an extra turn).
TEST_F(CliCommands, MatchNamesTheWinnerItsMovesLeadTo) {
  for (const std::string& game : game_names()) {
    if (make_game_view(game)->multi_agent()) continue;
    ASSERT_EQ(run_arcade({"match", game, "1", "2", "games", "4", "verbose"}), 0) << err_.str();
    std::istringstream lines(out_.str());
    int games = 0;
    for (std::string line; std::getline(lines, line);) {
      if (line.rfind("game ", 0) != 0) continue;
      ++games;
      // "game N A first: A wins moves m1 m2 ..."
      const bool a_first = line.find(" A first: ") != std::string::npos;
      const std::size_t at = line.find(" moves");
      ASSERT_NE(at, std::string::npos) << line;
      std::unique_ptr<GameView> view = make_game_view(game);
      ASSERT_FALSE(view->set_position("startpos"));
      std::istringstream moves(line.substr(at + 6));
      for (std::string move; moves >> move;) {
        const Parsed<Move> m = view->move_from_text(move);
        ASSERT_TRUE(m.ok()) << line;
        view->play(*m);
      }
      ASSERT_NE(view->outcome(), Outcome::kOngoing) << line;
      const int mover = view->side_to_move();
      const int winner = view->outcome() == Outcome::kWon    ? mover
                         : view->outcome() == Outcome::kLost ? 1 - mover
                                                             : -1;
      const char* expected = winner < 0 ? "draw" : (winner == 0) == a_first ? "A wins" : "B wins";
      EXPECT_NE(line.find(std::string("first: ") + expected + " "), std::string::npos)
          << game << ": " << line;
    }
    EXPECT_EQ(games, 4) << game;
  }
}

TEST_F(CliCommands, TournamentTakesEverySeedFromZeroToTheLargest) {
  for (const char* seed : {"0", kLargestSeed}) {
    EXPECT_EQ(run_arcade({"tournament", "tictactoe", "games", "2", "seed", seed, "movetime", "20"}),
              0)
        << seed << ": " << err_.str();
    EXPECT_TRUE(out_has(std::string("tournament tictactoe games 2 seed ") + seed + " "))
        << out_.str();
    EXPECT_TRUE(out_has("cross table")) << out_.str();
    EXPECT_EQ(err_.str(), "") << seed;
  }
}

// match and tournament refuse the same malformed seeds, each with an error
// that names the option, the text given and the range, and print nothing
// else.
TEST_F(CliCommands, MatchAndTournamentRefuseMalformedSeedsAlike) {
  for (const std::string seed : {kBeyondLargestSeed, "-1", "12x", "", "0x10", " 5"}) {
    const std::string expected =
        "seed '" + seed + "' is not a number from 0 to " + std::string(kLargestSeed);
    EXPECT_EQ(run_arcade({"match", "tictactoe", "1", "2", "seed", seed}), 2) << seed;
    EXPECT_EQ(err_.str().rfind("error match: " + expected + "\n", 0), 0u) << err_.str();
    EXPECT_EQ(out_.str(), "") << seed;
    EXPECT_EQ(run_arcade({"tournament", "tictactoe", "seed", seed}), 2) << seed;
    EXPECT_EQ(err_.str().rfind("error tournament: " + expected + "\n", 0), 0u) << err_.str();
    EXPECT_EQ(out_.str(), "") << seed;
  }
  // A seed without its number.
  EXPECT_EQ(run_arcade({"match", "tictactoe", "1", "2", "seed"}), 2);
  EXPECT_TRUE(err_has("error match: 'seed' needs a number")) << err_.str();
  EXPECT_EQ(run_arcade({"tournament", "tictactoe", "seed"}), 2);
  EXPECT_TRUE(err_has("error tournament: 'seed' needs a number")) << err_.str();
  // An option given twice is refused, as match refuses it (`games 5 games
  // 6` played 6 without a word).
  EXPECT_EQ(run_arcade({"tournament", "tictactoe", "games", "5", "games", "6"}), 2);
  EXPECT_TRUE(err_has("error tournament: 'games' given twice")) << err_.str();
  EXPECT_EQ(out_.str(), "");
  EXPECT_EQ(run_arcade({"tournament", "tictactoe", "all", "all"}), 2);
  EXPECT_TRUE(err_has("error tournament: 'all' given twice")) << err_.str();
}

// An input of `head`, then `count` copies of `fill`, then `tail`, made as it is
// read: a line of any length costs the test no memory.
class RepeatedInput : public std::streambuf {
 public:
  RepeatedInput(std::string head, char fill, std::size_t count, std::string tail)
      : head_(std::move(head)), fill_(fill), count_(count), tail_(std::move(tail)) {}

 protected:
  int_type underflow() override {
    const std::size_t total = head_.size() + count_ + tail_.size();
    if (at_ == total) return traits_type::eof();
    std::size_t made = 0;
    for (; made < chunk_.size() && at_ < total; ++made, ++at_) chunk_[made] = char_at(at_);
    setg(chunk_.data(), chunk_.data(), chunk_.data() + made);
    return traits_type::to_int_type(chunk_[0]);
  }

 private:
  char char_at(std::size_t at) const {
    if (at < head_.size()) return head_[at];
    if (at < head_.size() + count_) return fill_;
    return tail_[at - head_.size() - count_];
  }
  std::string head_;
  char fill_;
  std::size_t count_;
  std::string tail_;
  std::size_t at_ = 0;
  std::array<char, 1 << 16> chunk_{};
};

// The protocol's replies to `input`, run as `arcade` with no arguments runs it.
std::vector<std::string> protocol_replies(std::streambuf& input) {
  std::istream in(&input);
  std::ostringstream out;
  protocol_loop(in, out, false);
  std::vector<std::string> lines;
  std::istringstream replies(out.str());
  for (std::string line; std::getline(replies, line);) lines.push_back(line);
  return lines;
}

std::string too_long(std::size_t bytes) {
  return "error line too long: " + std::to_string(bytes) + " bytes (at most " +
         std::to_string(kMaxLineBytes) + ")";
}

// A data file's line of 2^40 characters (a terabyte, made as it is read,
// after an ordinary line): the reader stops one character past the cap
// rather than reading the rest.
TEST(DataFileLineReader, StopsOneCharacterPastTheCapOfAnEndlessLine) {
  RepeatedInput input("4 -1\n", 'X', std::size_t{1} << 40, "\n");
  std::istream in(&input);
  std::string line;
  ASSERT_TRUE(read_capped_line(in, line));
  EXPECT_EQ(line, "4 -1");
  ASSERT_TRUE(read_capped_line(in, line));
  EXPECT_EQ(line, std::string(kMaxDataLine + 1, 'X'));
}

TEST(DataFileLineReader, ReadsLinesAsGetlineDoesUpToTheCap) {
  std::istringstream in("a\r\n\nlast");
  std::string line;
  ASSERT_TRUE(read_capped_line(in, line));
  EXPECT_EQ(line, "a\r");
  ASSERT_TRUE(read_capped_line(in, line));
  EXPECT_EQ(line, "");
  ASSERT_TRUE(read_capped_line(in, line));  // the last line has no '\n'
  EXPECT_EQ(line, "last");
  EXPECT_FALSE(read_capped_line(in, line));
}

TEST(ProtocolLineReader, KeepsNoMoreThanTheCapOfALineOfAnyLength) {
  constexpr std::size_t kLength = 20'000'000;
  RepeatedInput input("", 'a', kLength, "\r\nisready\n\nd");
  std::istream in(&input);
  std::string line;
  std::size_t over = 0;
  ASSERT_TRUE(read_protocol_line(in, line, over));
  EXPECT_EQ(over, kLength);  // the '\r' is not counted
  EXPECT_LE(line.size(), kMaxLineBytes + 2);
  ASSERT_TRUE(read_protocol_line(in, line, over));
  EXPECT_EQ(line, "isready");
  EXPECT_EQ(over, 0u);
  ASSERT_TRUE(read_protocol_line(in, line, over));
  EXPECT_EQ(line, "");
  ASSERT_TRUE(read_protocol_line(in, line, over));  // the last line has no '\n'
  EXPECT_EQ(line, "d");
  EXPECT_FALSE(read_protocol_line(in, line, over));
}

TEST(ProtocolLineReader, EveryLengthAroundTheCapGetsItsOwnCount) {
  // `isready` padded with spaces to each length: at the cap it is obeyed,
  // past it refused with the line's own length, whether the reader kept it
  // whole (and Protocol::handle judged it) or not.
  for (const std::size_t length : {kMaxLineBytes, kMaxLineBytes + 1, kMaxLineBytes + 2,
                                   kMaxLineBytes + 3, std::size_t{5'000'000}})
    for (const std::string end : {"\n", "\r\n"}) {
      SCOPED_TRACE("length " + std::to_string(length) + (end == "\n" ? " LF" : " CRLF"));
      RepeatedInput input("isready", ' ', length - 7, end + "isready\n");
      const std::vector<std::string> expected =
          length <= kMaxLineBytes ? std::vector<std::string>{"readyok", "readyok"}
                                  : std::vector<std::string>{too_long(length), "readyok"};
      EXPECT_EQ(protocol_replies(input), expected);
    }
}

// --- arcade match pacman ---

// Pac-Man beside the only food: every game is won in one move, -1 + 10 +
// 500 = 509 points, whatever the algorithm and the ghost.
TEST_F(CliCommands, PacManMatchPlaysAMazeOfRows) {
  EXPECT_EQ(run_arcade({"match", "pacman", "%%%%%/%P.G%/%%%%%", "algorithm", "expectimax", "depth",
                        "2", "opponents", "random", "games", "3", "seed", "4"}),
            0)
      << err_.str();
  EXPECT_TRUE(out_has("games 3 wins 3 losses 0 draws 0 mean cp 509\n")) << out_.str();
  EXPECT_EQ(err_.str(), "");
}

// The tutorials' claim (Berkeley's trappedClassic): a minimax Pac-Man that
// takes the ghosts for enemies, searching 3 rounds on the score alone, runs
// into the ghost beside him and loses every game against random ghosts.
TEST_F(CliCommands, PacManMatchOfMinimaxInTheTrappedMazeLosesEveryGame) {
  EXPECT_EQ(run_arcade({"match", "pacman", "trapped", "algorithm", "minimax", "depth", "3",
                        "opponents", "random", "weights", "score", "games", "10", "seed", "1"}),
            0)
      << err_.str();
  EXPECT_TRUE(out_has("games 10 wins 0 losses 10 draws 0")) << out_.str();
}

TEST_F(CliCommands, PacManMatchRefusesAnUnknownMazeAndBadOptions) {
  EXPECT_EQ(run_arcade({"match", "pacman", "nowhere"}), 2);
  EXPECT_TRUE(err_has("error match: no maze 'nowhere' in pacman (corridors")) << err_.str();
  EXPECT_EQ(run_arcade({"match", "pacman", "tiny", "algorithm", "perfect"}), 2);
  EXPECT_TRUE(err_has("error match algorithm: 'perfect' is not minimax, alphabeta or expectimax"))
      << err_.str();
  EXPECT_EQ(run_arcade({"match", "pacman", "tiny", "opponents", "friendly"}), 2);
  EXPECT_TRUE(err_has("error match opponents: 'friendly' is not")) << err_.str();
  EXPECT_EQ(run_arcade({"match", "pacman", "tiny", "games", "0"}), 2);
  EXPECT_TRUE(err_has("error match games: '0' is not a number from 1 to")) << err_.str();
  EXPECT_EQ(run_arcade({"match", "pacman", "tiny", "speed", "2"}), 2);
  EXPECT_TRUE(err_has("error match: unknown option 'speed'")) << err_.str();
  EXPECT_EQ(run_arcade({"match", "pacman", "%%%/%P%"}), 2);
  EXPECT_TRUE(err_has("error bad maze: ")) << err_.str();
  EXPECT_EQ(out_.str(), "");
}

// MAZE is one argument: words in it are cells of the maze, never protocol
// words (the `moves E` here was played once, and the match started after
// it); a space in it is an empty cell.
TEST_F(CliCommands, PacManMatchReadsTheMazeAsOneArgument) {
  EXPECT_EQ(run_arcade({"match", "pacman", "%%%%%/%P.G%/%%%%% moves E"}), 2);
  EXPECT_EQ(err_.str(), "error bad maze: ragged rows: row 3 has 13 cells, row 1 has 5\n");
  EXPECT_EQ(out_.str(), "");
  EXPECT_EQ(run_arcade({"match", "pacman", "%%%%%%/%P. G%/%%%%%%", "games", "2"}), 0) << err_.str();
  EXPECT_TRUE(out_has("games 2 wins 2 losses 0 draws 0 mean cp 509\n")) << out_.str();
}

// Each option once, each value one word: `games 5 games 6` played 6 games,
// and a value holding words set further options on the protocol's line.
TEST_F(CliCommands, PacManMatchRefusesAnOptionTwiceAndAValueOfSeveralWords) {
  EXPECT_EQ(run_arcade({"match", "pacman", "tiny", "games", "5", "games", "6"}), 2);
  EXPECT_TRUE(err_has("error match: 'games' given twice\n")) << err_.str();
  EXPECT_EQ(run_arcade({"match", "pacman", "tiny", "weights", "score", "weights", "default"}), 2);
  EXPECT_TRUE(err_has("error match: 'weights' given twice\n")) << err_.str();
  EXPECT_EQ(run_arcade({"match", "pacman", "tiny", "games", "5 seed 3"}), 2);
  EXPECT_TRUE(err_has("error match: 'games' takes one word, not '5 seed 3'\n")) << err_.str();
  EXPECT_EQ(run_arcade({"match", "pacman", "tiny", "weights", "score\ngo depth 1"}), 2);
  EXPECT_TRUE(err_has("error match: 'weights' takes one word")) << err_.str();
  EXPECT_EQ(run_arcade({"match", "pacman", "tiny", "depth", ""}), 2);
  EXPECT_TRUE(err_has("error match: 'depth' takes one word, not ''")) << err_.str();
  EXPECT_EQ(out_.str(), "");
}

TEST_F(CliCommands, TwoPlayerMatchRefusesAnOptionTwice) {
  for (const char* option : {"games", "seed"}) {
    EXPECT_EQ(run_arcade({"match", "tictactoe", "1", "2", option, "5", option, "6"}), 2) << option;
    EXPECT_TRUE(err_has("error match: '" + std::string(option) + "' given twice\n")) << err_.str();
  }
  EXPECT_EQ(run_arcade({"match", "tictactoe", "1", "2", "verbose", "games", "1", "verbose"}), 2);
  EXPECT_TRUE(err_has("error match: 'verbose' given twice\n")) << err_.str();
  EXPECT_EQ(out_.str(), "");
}

}  // namespace
}  // namespace arcade::cli
