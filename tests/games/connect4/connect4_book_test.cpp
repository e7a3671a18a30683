// The Connect Four opening book: its file format (and every way a file can
// be damaged), the positions a build solves, the solver's use of it, and the
// book shipped in data/ against published values, the data set and the
// solver without the book.

#include "games/connect4/connect4_book.h"

#include <gtest/gtest.h>

#include <bit>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <sstream>

#include "cli/commands.h"
#include "engine/protocol.h"
#include "games/connect4/connect4_book_builder.h"
#include "games/connect4/connect4_session.h"
#include "games/connect4/connect4_solver.h"
#include "games/connect4/shipped_book.h"
#include "games/engine_sessions.h"
#include "games/registry.h"

namespace arcade {
namespace {

using Position = Connect4::Position;

Position parse(std::string_view moves) {
  if (moves.empty()) return Connect4::start();
  const Parsed<Position> p = Connect4::from_text(moves);
  EXPECT_TRUE(p.ok()) << moves << ": " << p.error();
  return p.ok() ? *p : Connect4::start();
}

std::uint8_t column_bit(int column) {
  return static_cast<std::uint8_t>(1u << column);
}

// FNV-1a (32 bits) as published, to make files with a valid checksum.
std::uint32_t fnv1a(const std::vector<std::uint8_t>& bytes, std::size_t size) {
  std::uint32_t h = 2166136261u;
  for (std::size_t i = 0; i < size; ++i) h = (h ^ bytes[i]) * 16777619u;
  return h;
}

void reseal(std::vector<std::uint8_t>& bytes) {
  const std::size_t body = bytes.size() - 4;
  const std::uint32_t h = fnv1a(bytes, body);
  for (int i = 0; i < 4; ++i) bytes[body + i] = static_cast<std::uint8_t>(h >> (8 * i));
}

// --- The file format ---

TEST(Connect4Book, MirrorSwapsTheColumns) {
  EXPECT_EQ(Connect4Book::mirror(parse("1123")), parse("7765"));
  EXPECT_EQ(Connect4Book::mirror(parse("44")), parse("44"));
  EXPECT_EQ(Connect4Book::canonical_key(parse("1123")), Connect4Book::canonical_key(parse("7765")));
}

TEST(Connect4Book, FindsAnEntryFromEitherMirrorImage) {
  Connect4Book book;
  book.insert(parse("12"), {-3, column_bit(0)});
  const std::optional<Connect4Book::Entry> same = book.find(parse("12"));
  const std::optional<Connect4Book::Entry> mirrored = book.find(parse("76"));
  ASSERT_TRUE(same && mirrored);
  EXPECT_EQ(same->score, -3);
  EXPECT_EQ(same->best_columns, column_bit(0));
  EXPECT_EQ(mirrored->score, -3);
  EXPECT_EQ(mirrored->best_columns, column_bit(6));
  EXPECT_FALSE(book.find(parse("13")));
  EXPECT_EQ(book.size(), 1u);
  EXPECT_EQ(book.max_plies(), 2);
}

TEST(Connect4Book, TheBookMoveIsTheMostCentralBestColumn) {
  EXPECT_EQ(
      (Connect4Book::Entry{0, static_cast<std::uint8_t>(column_bit(0) | column_bit(5))}.move()), 5);
  EXPECT_EQ(
      (Connect4Book::Entry{0, static_cast<std::uint8_t>(column_bit(2) | column_bit(3))}.move()), 3);
}

TEST(Connect4Book, RoundTripsThroughItsFileFormat) {
  Connect4Book book;
  book.insert(parse(""), {1, column_bit(3)});
  book.insert(parse("4"), {-1, column_bit(3)});
  book.insert(parse("23"), {0, static_cast<std::uint8_t>(column_bit(1) | column_bit(2))});
  const Parsed<Connect4Book> read = Connect4Book::from_bytes(book.to_bytes());
  ASSERT_TRUE(read.ok()) << read.error();
  EXPECT_EQ(read->to_bytes(), book.to_bytes());
  EXPECT_EQ(read->max_plies(), 2);
  for (const char* moves : {"", "4", "23", "65"}) {
    const auto a = book.find(parse(moves)), b = read->find(parse(moves));
    ASSERT_TRUE(a && b) << moves;
    EXPECT_EQ(a->score, b->score);
    EXPECT_EQ(a->best_columns, b->best_columns);
  }
}

TEST(Connect4Book, RejectsDamagedFilesWithAReason) {
  Connect4Book book;
  book.insert(parse("4"), {-1, column_bit(3)});
  book.insert(parse("44"), {1, column_bit(3)});
  const std::vector<std::uint8_t> good = book.to_bytes();
  auto error_of = [](std::vector<std::uint8_t> bytes) {
    const Parsed<Connect4Book> read = Connect4Book::from_bytes(bytes);
    return read.ok() ? std::string("accepted") : read.error();
  };
  std::vector<std::uint8_t> bytes = good;
  bytes.resize(good.size() - 1);
  EXPECT_NE(error_of(bytes).find("size"), std::string::npos);
  EXPECT_NE(error_of({good.begin(), good.begin() + 6}).find("too short"), std::string::npos);
  bytes = good;
  bytes[0] = 'X';
  EXPECT_NE(error_of(bytes).find("magic"), std::string::npos);
  bytes = good;
  bytes[4] = 1;  // before whole plies
  EXPECT_NE(error_of(bytes).find("version"), std::string::npos);
  bytes = good;
  bytes[14] ^= 1;  // inside the first entry
  EXPECT_NE(error_of(bytes).find("checksum"), std::string::npos);
  // The header's reserved u16, sealed (found by tests/fuzz/fuzz_connect4_book:
  // it was read, and to_bytes then wrote other bytes).
  bytes = good;
  bytes[7] = 1;
  reseal(bytes);
  EXPECT_NE(error_of(bytes).find("reserved"), std::string::npos);
  // Well sealed but wrong inside: each must still be refused.
  bytes = good;
  std::swap_ranges(bytes.begin() + 12, bytes.begin() + 20, bytes.begin() + 20);
  reseal(bytes);
  EXPECT_NE(error_of(bytes).find("order"), std::string::npos);
  bytes = good;
  bytes[5] = 1;  // the header says 1 ply, an entry has 2
  reseal(bytes);
  EXPECT_NE(error_of(bytes).find("deeper"), std::string::npos);
  bytes = good;
  bytes[12] &= 0x80;  // no best column (and a changed score)
  reseal(bytes);
  EXPECT_NE(error_of(bytes).find("best column"), std::string::npos);
  bytes = good;
  bytes[19] = 0xff;  // a key beyond 49 bits
  reseal(bytes);
  EXPECT_NE(error_of(bytes).find("no position"), std::string::npos);
  bytes = good;
  bytes[6] = 10;  // whole plies: at most 9, and never deeper than the deepest entry
  reseal(bytes);
  EXPECT_NE(error_of(bytes).find("whole plies"), std::string::npos);
  EXPECT_EQ(error_of(good), "accepted");
}

// "accepted", or why the reader refuses the book's bytes.
std::string read_result(const std::vector<std::uint8_t>& bytes) {
  const Parsed<Connect4Book> read = Connect4Book::from_bytes(bytes);
  return read.ok() ? std::string("accepted") : read.error();
}

std::string read_result(const Connect4Book& book) {
  return read_result(book.to_bytes());
}

bool mentions(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A book of one entry: the position, its score, one best column.
Connect4Book one_entry(const Position& p, int score, int column) {
  Connect4Book book;
  book.insert(p, {score, column_bit(column)});
  return book;
}

Position from_bits(std::uint64_t mover, std::uint64_t mask, int plies) {
  return {mover, mask, static_cast<std::uint8_t>(plies)};
}

// A book that holds plies whole stores 2 bytes for each of their positions,
// not their keys; the reader enumerates the positions again.
TEST(Connect4Book, StoresWholePliesWithoutTheirKeys) {
  Connect4Book book;
  book.insert(Connect4::start(), {1, column_bit(3)});
  const int first_move_value[Connect4::kWidth] = {-2, -1, 0, 1, 0, -1, -2};  // published
  for (Move m = 0; m < 4; ++m)  // columns 1-4; 5-7 are their mirror images
    book.insert(Connect4::play(Connect4::start(), m), {-first_move_value[m], column_bit(3)});
  book.insert(parse("44"), {1, column_bit(3)});
  EXPECT_EQ(book.whole_plies(), 2);
  const std::vector<std::uint8_t> bytes = book.to_bytes();
  EXPECT_EQ(bytes[6], 2);
  EXPECT_EQ(bytes.size(), 12u + 2 * 5 + 8 * 1 + 4);  // 5 values, 1 stored entry
  const Parsed<Connect4Book> read = Connect4Book::from_bytes(bytes);
  ASSERT_TRUE(read.ok()) << read.error();
  EXPECT_EQ(read->size(), 6u);
  EXPECT_EQ(read->to_bytes(), bytes);
  for (const char* moves : {"", "1", "7", "4", "44"})
    EXPECT_EQ(read->find(parse(moves))->score, book.find(parse(moves))->score) << moves;
  // A ply is whole only with every position it needs.
  Connect4Book missing;
  missing.insert(Connect4::start(), {1, column_bit(3)});
  missing.insert(parse("4"), {-1, column_bit(3)});
  EXPECT_EQ(missing.whole_plies(), 1);
  EXPECT_EQ(Connect4Book().whole_plies(), 0);

  auto error_of = [](std::vector<std::uint8_t> damaged) {
    reseal(damaged);
    const Parsed<Connect4Book> r = Connect4Book::from_bytes(damaged);
    return r.ok() ? std::string("accepted") : r.error();
  };
  std::vector<std::uint8_t> damaged = bytes;
  damaged[12 + 1] |= 0x80;  // the first value's bit 15: no word has it
  EXPECT_TRUE(mentions(error_of(damaged), "unused bits")) << error_of(damaged);
  damaged = bytes;
  damaged[6] = 3;  // ply 2 would then be whole too: the size no longer fits
  EXPECT_TRUE(mentions(error_of(damaged), "size")) << error_of(damaged);
  damaged = bytes;
  damaged[6] = 1;  // ply 1 stored: then its 4 positions lack their keys
  EXPECT_TRUE(mentions(error_of(damaged), "size")) << error_of(damaged);
  // A whole ply's position stored again as a word: the start (key 0) in
  // the book of the start and "4", where ply 0 is whole.
  const std::vector<std::uint8_t> two = missing.to_bytes();
  ASSERT_EQ(two[6], 1);
  std::vector<std::uint8_t> twice(two.begin(), two.begin() + 14);   // header, the start's value
  twice[8] = 2;                                                     // two stored words
  twice.insert(twice.end(), {two[12], two[13], 0, 0, 0, 0, 0, 0});  // the start's word
  twice.insert(twice.end(), two.begin() + 14, two.end());           // "4", the checksum
  EXPECT_TRUE(mentions(error_of(twice), "which the book holds whole")) << error_of(twice);
  // Ply 0 whole but stored as a word: the file must say so, or the bytes
  // written would differ from the bytes read.
  std::vector<std::uint8_t> understated(two.begin(), two.begin() + 12);
  understated[6] = 0;
  understated[8] = 2;
  understated.insert(understated.end(), {two[12], two[13], 0, 0, 0, 0, 0, 0});
  understated.insert(understated.end(), two.begin() + 14, two.end());
  EXPECT_TRUE(mentions(error_of(understated), "the header says no ply whole, ply 0 is whole too"))
      << error_of(understated);
}

TEST(Connect4Book, RefusesAnEntryForAPositionNoGameHasOpen) {
  // x has four in column 1: the game is over, there is no move to book.
  const std::string finished = read_result(one_entry(parse("1212121"), -18, 1));
  EXPECT_TRUE(mentions(finished, "entry 0")) << finished;
  EXPECT_TRUE(mentions(finished, "four in a row")) << finished;
  // An o under an x in one column: x moves first, so no game drops them so.
  const Position o_under_x = from_bits(/*x=*/1ull << 1, /*both=*/0b11, 2);
  ASSERT_FALSE(Connect4::from_text(Connect4::to_text(o_under_x)).ok());
  const std::string unreachable = read_result(one_entry(o_under_x, 0, 3));
  EXPECT_TRUE(mentions(unreachable, "no game reaches")) << unreachable;
  // x under o, as in the game "11", is fine.
  EXPECT_EQ(read_result(one_entry(from_bits(1ull << 0, 0b11, 2), 0, 3)), "accepted");
}

TEST(Connect4Book, RefusesAScoreNoPositionOfItsPlyCanHave) {
  // A four takes four discs, so no score beats 22 - 4 = 18 (or -18).
  for (int score : {19, -19, 21, -21}) {
    const std::string result = read_result(one_entry(Connect4::start(), score, 3));
    EXPECT_TRUE(mentions(result, "out of range")) << score << ": " << result;
  }
  // 18 is impossible for the empty board, but only a search knows that.
  EXPECT_EQ(read_result(one_entry(Connect4::start(), 18, 3)), "accepted");
  // x wins at once with its fourth disc, in column 1: exactly 18, and only
  // column 1 is best.
  const Position wins = parse("121212");
  ASSERT_TRUE(Connect4::can_win_next(wins));
  ASSERT_EQ(Connect4Solver().solve(wins), 18);
  const std::string too_low = read_result(one_entry(wins, 17, 0));
  EXPECT_TRUE(mentions(too_low, "wins at once")) << too_low;
  const std::string slow_column = read_result(one_entry(wins, 18, 1));
  EXPECT_TRUE(mentions(slow_column, "does not win at once")) << slow_column;
  EXPECT_EQ(read_result(one_entry(wins, 18, 0)), "accepted");
  // o threatens columns 2 and 6 at once: x loses to o's fourth disc, -18.
  const Position lost = parse("131475");
  ASSERT_EQ(Connect4::non_losing_moves(lost), 0u);
  ASSERT_EQ(Connect4Solver().solve(lost), -18);
  const std::string too_high = read_result(one_entry(lost, -17, 1));
  EXPECT_TRUE(mentions(too_high, "every move loses at once")) << too_high;
  EXPECT_EQ(read_result(one_entry(lost, -18, 3)), "accepted");
}

TEST(Connect4Book, RefusesABestColumnThatLetsTheOpponentWinAtOnce) {
  // o threatens column 6 only; x must block there.
  const Position must_block = parse("231415");
  ASSERT_FALSE(Connect4::can_win_next(must_block));
  ASSERT_EQ(Connect4::non_losing_moves(must_block), Connect4::bottom_cell(5));
  const std::string elsewhere = read_result(one_entry(must_block, 0, 3));
  EXPECT_TRUE(mentions(elsewhere, "lets the opponent win at once")) << elsewhere;
  EXPECT_EQ(read_result(one_entry(must_block, 0, 5)), "accepted");
}

// The child of a best column scores the negation of its parent's score, and
// no child scores better for the parent than that.
TEST(Connect4Book, RefusesEntriesTheirChildrenContradict) {
  Connect4Book book;
  book.insert(Connect4::start(), {1, column_bit(3)});
  book.insert(parse("4"), {-1, column_bit(3)});
  book.insert(parse("3"), {0, column_bit(3)});  // the published value of 3 is 0
  EXPECT_EQ(read_result(book), "accepted");
  Connect4Book best_child_disagrees = book;
  best_child_disagrees.insert(parse("4"), {1, column_bit(3)});
  const std::string disagrees = read_result(best_child_disagrees);
  EXPECT_TRUE(mentions(disagrees, "entry 0: best column 4 is worth -1")) << disagrees;
  Connect4Book better_child = book;
  better_child.insert(parse("3"), {-2, column_bit(3)});  // 3 would win with 2 for x
  const std::string better = read_result(better_child);
  EXPECT_TRUE(mentions(better, "entry 0: column 3 is worth 2")) << better;
  EXPECT_TRUE(mentions(better, "the entry's score is 1")) << better;
}

TEST(Connect4Book, RefusesAHeaderDeeperThanEveryEntry) {
  Connect4Book book;
  book.insert(Connect4::start(), {1, column_bit(3)});
  book.insert(parse("4"), {-1, column_bit(3)});
  std::vector<std::uint8_t> bytes = book.to_bytes();
  bytes[5] = 2;  // the deepest ply: the entries go to 1
  reseal(bytes);
  const std::string result = read_result(bytes);
  EXPECT_TRUE(mentions(result, "deepest")) << result;
}

// --- What a build solves ---

// Every position of `ply` plies by brute force over all move sequences, one
// of each mirror pair, as the book keeps them.
std::set<std::uint64_t> brute_force_keys(int ply) {
  std::set<std::uint64_t> keys;
  std::vector<Position> layer = {Connect4::start()};
  for (int i = 0; i < ply; ++i) {
    std::vector<Position> next;
    for (const Position& p : layer)
      if (Connect4::outcome(p) == Outcome::kOngoing)
        for (Move m = 0; m < Connect4::kWidth; ++m) next.push_back(Connect4::play(p, m));
    layer = std::move(next);
  }
  for (const Position& p : layer)
    if (Connect4::outcome(p) == Outcome::kOngoing && !Connect4::can_win_next(p))
      keys.insert(Connect4Book::canonical_key(p));
  return keys;
}

TEST(Connect4BookLayer, AFullPlyHasEveryPositionOnce) {
  const Connect4Book empty;
  for (int ply = 0; ply <= 4; ++ply) {
    const BookLayer layer = connect4_book_layer(empty, ply, 4);
    std::set<std::uint64_t> keys;
    for (const BookPosition& b : layer.positions) {
      EXPECT_EQ(b.position, parse(b.moves));
      keys.insert(Connect4Book::canonical_key(b.position));
    }
    EXPECT_EQ(keys.size(), layer.positions.size()) << "a mirror pair twice at ply " << ply;
    EXPECT_EQ(keys, brute_force_keys(ply)) << "ply " << ply;
  }
}

TEST(Connect4BookLayer, TheTreeFollowsTheBookMoves) {
  Connect4Book book;
  EXPECT_EQ(connect4_book_layer(book, 2, 1).missing, 1u);  // the empty board is not in yet
  book.insert(parse(""), {1, column_bit(3)});
  const BookLayer layer = connect4_book_layer(book, 2, 1);
  EXPECT_EQ(layer.missing, 0u);
  std::set<std::string> moves;
  for (const BookPosition& b : layer.positions) moves.insert(b.moves);
  // After 4, the seven answers; 41/47, 42/46 and 43/45 are mirror pairs.
  EXPECT_EQ(moves, (std::set<std::string>{"41", "42", "43", "44"}));
}

// --- The solver with a book ---

bool book_worthy(const Position& p) {
  return Connect4::outcome(p) == Outcome::kOngoing && !Connect4::can_win_next(p);
}

TEST(Connect4Solver, TakesExactScoresFromTheBook) {
  // The first position of the data set's c4_L2_R2 (score -2 for the side to move).
  const Position p = parse("47143145561111322");
  Connect4Solver plain;
  const int expected = plain.solve(p);
  ASSERT_EQ(expected, -2);
  const std::uint64_t plain_nodes = plain.nodes();
  Connect4Book book;
  std::optional<Position> some_child;
  for (Move m = 0; m < Connect4::kWidth; ++m) {
    if (p.mask & Connect4::top_cell(m)) continue;
    const Position child = Connect4::play(p, m);
    if (!book_worthy(child)) continue;
    Connect4Solver child_solver;
    const Connect4Solver::BestMoves best = child_solver.best_moves(child, true);
    book.insert(child, {best.score, column_bit(best.columns.front())});
    some_child = child;
  }
  ASSERT_TRUE(some_child);
  Connect4Solver with_book;
  with_book.set_book(&book);
  EXPECT_EQ(with_book.solve(p), expected);
  EXPECT_LT(with_book.nodes(), plain_nodes);
  // A wrong entry changes the answer: the book is really read. Here one
  // answer is said to lose badly for the opponent.
  Connect4Book lying = book;
  lying.insert(*some_child, {-15, column_bit(3)});
  Connect4Solver misled;
  misled.set_book(&lying);
  EXPECT_GT(misled.solve(p), expected);
}

// --- The shipped book ---

std::shared_ptr<const Connect4Book> shipped() {
  std::shared_ptr<const Connect4Book> book = shipped_connect4_book();
  EXPECT_TRUE(book) << "data/connect4_opening.book does not read";
  return book;
}

// The deepest ply to which the book holds the whole of the perfect player's
// tree, as its build reports it (docs/games.md, "Connect Four's opening book").
constexpr int kCompleteTreePlies = 12;

TEST(ShippedConnect4Book, HoldsThePerfectPlayersTree) {
  const auto book = shipped();
  ASSERT_TRUE(book);
  for (int ply = 0; ply <= kCompleteTreePlies; ++ply) {
    const BookLayer layer = connect4_book_layer(*book, ply, 1);
    EXPECT_EQ(layer.missing, 0u) << "ply " << ply;
    for (const BookPosition& b : layer.positions)
      EXPECT_TRUE(book->find(b.position)) << "ply " << ply << ": " << b.moves;
  }
}

// Every position of plies 0 to 3 (docs/games.md, "Connect Four's opening book"), stored as whole
// plies; the reader has checked that they are whole.
TEST(ShippedConnect4Book, HoldsTheFirstPliesWhole) {
  const auto book = shipped();
  ASSERT_TRUE(book);
  EXPECT_GE(book->whole_plies(), 8);
  for (int ply = 0; ply < 8; ++ply)
    for (const BookPosition& b : Connect4Book::reachable(ply))
      if (Connect4Book::needs_entry(b.position)) {
        EXPECT_TRUE(book->find(b.position)) << b.moves;
      }
}

TEST(ShippedConnect4Book, AgreesWithThePublishedOpeningValues) {
  const auto book = shipped();
  ASSERT_TRUE(book);
  // The first player wins, and only in the centre column (Allis 1988; Tromp).
  const auto root = book->find(Connect4::start());
  ASSERT_TRUE(root);
  EXPECT_EQ(root->score, 1);
  EXPECT_EQ(root->best_columns, column_bit(3));
  // The first move's values for the first player, columns 1 to 7, as Pons'
  // solver gives them: -2 -1 0 1 0 -1 -2. After it, the second player is to
  // move, so the book holds their negation.
  const int first_move_value[Connect4::kWidth] = {-2, -1, 0, 1, 0, -1, -2};
  for (Move m = 0; m < Connect4::kWidth; ++m) {
    const auto e = book->find(Connect4::play(Connect4::start(), m));
    ASSERT_TRUE(e) << "column " << m + 1;
    EXPECT_EQ(e->score, -first_move_value[m]) << "column " << m + 1;
  }
}

TEST(ShippedConnect4Book, AgreesWithTheDataSet) {
  const auto book = shipped();
  ASSERT_TRUE(book);
  int compared = 0;
  for (const char* file : {"c4_opening_R3.txt", "c4_L1_R1.txt", "c4_L1_R2.txt", "c4_L1_R3.txt"}) {
    std::ifstream in(std::string(ARCADE_DATA_DIR) + "/connect4/" + file);
    ASSERT_TRUE(in) << file;
    std::string moves;
    for (int score; in >> moves >> score;)
      if (const auto e = book->find(parse(moves))) {
        EXPECT_EQ(e->score, score) << file << ": " << moves;
        ++compared;
      }
  }
  EXPECT_GE(compared, 5);  // at least the first moves of c4_opening_R3
}

// Two entries of each ply from 6 on, solved again without the book (plies
// below take the solver alone from seconds to minutes; they are checked
// against published values and the data set above, and through the entries
// they were built from).
TEST(ShippedConnect4Book, SampledEntriesAgreeWithTheSolverAlone) {
  const auto book = shipped();
  ASSERT_TRUE(book);
  std::vector<std::vector<Position>> by_ply(static_cast<std::size_t>(book->max_plies()) + 1);
  for (const Position& p : book->positions()) by_ply[p.plies].push_back(p);
  std::mt19937_64 rng(2026);
  Connect4Solver solver(64);
  int checked = 0;
  for (std::size_t ply = 6; ply < by_ply.size(); ++ply) {
    std::shuffle(by_ply[ply].begin(), by_ply[ply].end(), rng);
    for (std::size_t i = 0; i < std::min<std::size_t>(2, by_ply[ply].size()); ++i) {
      const Position& p = by_ply[ply][i];
      const Connect4Book::Entry e = *book->find(p);
      const Connect4Solver::BestMoves best = solver.best_moves(p);
      EXPECT_EQ(e.score, best.score) << Connect4::to_text(p);
      EXPECT_NE(std::find(best.columns.begin(), best.columns.end(), e.move()), best.columns.end())
          << Connect4::to_text(p);
      ++checked;
    }
  }
  EXPECT_GE(checked, 2 * (book->max_plies() - 5));
}

// An entry word of a book: bits 13-63 the key, 7-12 the score + 32, 0-6 the
// best columns (games/connect4_book.h).
enum class Field { kColumns, kScore, kKey };

Field field_of_bit(int bit) {
  return bit < 7 ? Field::kColumns : bit < 13 ? Field::kScore : Field::kKey;
}

// The position of a key, decoded here from its definition (Connect4::key:
// the mover's discs plus every disc; in a column of h discs that is the
// mover's discs plus 2^h - 1, so with one added its highest bit is bit h),
// or nothing for a key no position has.
std::optional<Position> position_of(std::uint64_t key) {
  constexpr int kStride = Connect4::kHeight + 1;
  Position p;
  for (int c = 0; c < Connect4::kWidth; ++c) {
    const std::uint64_t marked = ((key >> (c * kStride)) & ((1u << kStride) - 1)) + 1;
    const int height = std::bit_width(marked) - 1;
    if (height > Connect4::kHeight) return std::nullopt;
    p.mask |= ((1ull << height) - 1) << (c * kStride);
    p.mover |= (marked - (1ull << height)) << (c * kStride);
  }
  if (key >> (Connect4::kWidth * kStride)) return std::nullopt;
  p.plies = static_cast<std::uint8_t>(std::popcount(p.mask));
  return p;
}

// Whether `key` may stand between keys `before` and `after` in a book to
// ply `max_plies`: a legal game's position (Connect4::from_text judges
// that), not over, as deep as the book at most, the smaller key of its
// mirror pair, in order.
bool fits_in_place(std::uint64_t key, std::uint64_t before, std::uint64_t after, int max_plies) {
  const std::optional<Position> p = position_of(key);
  if (!p || p->plies > max_plies || key <= before || key >= after) return false;
  if (Connect4Book::canonical_key(*p) != key) return false;
  const Parsed<Position> legal = Connect4::from_text(Connect4::to_text(*p));
  return legal.ok() && *legal == *p && Connect4::outcome(*p) == Outcome::kOngoing;
}

struct FlipCount {
  int flips = 0, loaded = 0, in_place = 0;
};

// Every single-bit flip of the words of 40 entries of the shipped book
// (8 under the sanitizers; chosen with a fixed seed), each book resealed
// with a fresh checksum so that only the reader's checks of the entries
// stand in its way. Facts
// known here without the reader say which flips must be refused: a key
// that is no legal, unfinished position in its place in key order; no best
// column left; a score beyond 18 or -18 (a four takes four discs). Other
// flips give entries that may be true of some book: a flip there is
// refused only when the position itself or the entries around it
// contradict it, and `arcade book check` (solving again) is what finds
// the rest. The counts are printed.
// Where an entry's bits lie in a book file (games/connect4_book.h): a whole
// ply's value, 16 bits (bits 13-15 unused), or a stored word, 64 bits.
struct EntryBits {
  std::size_t offset = 0;
  int bits = 0;
};

std::vector<EntryBits> entry_bits(const Connect4Book& book, const std::vector<std::uint8_t>& file) {
  constexpr std::size_t kHeaderBytes = 12;
  const int whole = file[6];
  const std::vector<Position> positions = book.positions();  // in key order, as the file
  const auto values = static_cast<std::size_t>(std::count_if(
      positions.begin(), positions.end(), [&](const Position& p) { return p.plies < whole; }));
  std::size_t value = 0, word = 0;
  std::vector<EntryBits> out;
  for (const Position& p : positions)
    out.push_back(p.plies < whole ? EntryBits{kHeaderBytes + 2 * value++, 16}
                                  : EntryBits{kHeaderBytes + 2 * values + 8 * word++, 64});
  return out;
}

// Each flip loads the whole book again: 40 entries' flips take some 40 s
// in release and four minutes under ASan, where 8 (a fixed seed: 3 stored
// words, 5 whole plies' values) keep the memory checks of every field's
// refusals in a fraction of that; the release build runs all 40.
#ifdef ARCADE_SANITIZED
constexpr std::size_t kFlipSampled = 8;
#else
constexpr std::size_t kFlipSampled = 40;
#endif

TEST(ShippedConnect4Book, RefusesSingleBitFlipsThatNoTrueEntryCanHave) {
  const auto book = shipped();
  ASSERT_TRUE(book);
  const std::vector<std::uint8_t> good = book->to_bytes();
  constexpr std::size_t kSampled = kFlipSampled;
  std::vector<std::uint64_t> keys;
  for (const Position& p : book->positions()) keys.push_back(Connect4Book::canonical_key(p));
  const std::vector<EntryBits> where = entry_bits(*book, good);
  std::vector<std::size_t> entries(keys.size());
  std::iota(entries.begin(), entries.end(), std::size_t{0});
  std::vector<std::size_t> sample;
  std::sample(entries.begin(), entries.end(), std::back_inserter(sample), kSampled,
              std::mt19937_64(40));
  ASSERT_EQ(sample.size(), kSampled);
  std::map<Field, FlipCount> counts;
  int stored = 0;
  for (std::size_t entry : sample) {
    const Connect4Book::Entry e = *book->find(*position_of(keys[entry]));
    ASSERT_EQ(std::popcount(e.best_columns), 1) << "the book stores one best column, its move";
    // A stored word's place is among the stored words: the file keeps them
    // in key order apart from the whole plies' values, which the reader
    // merges in, so a flipped key may pass a whole ply's key and still be
    // in place.
    std::uint64_t before = 0, after = ~0ull;
    for (std::size_t i = entry; i-- > 0;) {
      if (where[i].bits == 64) {
        before = keys[i];
        break;
      }
    }
    for (std::size_t i = entry + 1; i < keys.size(); ++i) {
      if (where[i].bits == 64) {
        after = keys[i];
        break;
      }
    }
    stored += where[entry].bits == 64;
    for (int bit = 0; bit < where[entry].bits; ++bit) {
      std::vector<std::uint8_t> bytes = good;
      bytes[where[entry].offset + static_cast<std::size_t>(bit / 8)] ^=
          static_cast<std::uint8_t>(1u << (bit % 8));
      reseal(bytes);
      const bool loaded = Connect4Book::from_bytes(bytes).ok();
      FlipCount& count = counts[field_of_bit(bit)];
      ++count.flips;
      count.loaded += loaded;
      bool may_load = true;
      if (field_of_bit(bit) == Field::kKey && where[entry].bits == 16) {
        may_load = false;  // a whole ply's value has no key: bits 13-15 are unused
      } else if (field_of_bit(bit) == Field::kKey) {
        may_load =
            fits_in_place(keys[entry] ^ (1ull << (bit - 13)), before, after, book->max_plies());
        count.in_place += may_load;
      } else if (field_of_bit(bit) == Field::kColumns) {
        may_load = !(e.best_columns >> bit & 1);
      } else {
        const int flipped = ((e.score + 32) ^ (1 << (bit - 7))) - 32;
        may_load = flipped >= -18 && flipped <= 18;
      }
      if (!may_load) {
        EXPECT_FALSE(loaded) << "entry " << entry << " bit " << bit;
      }
    }
  }
  EXPECT_EQ(counts[Field::kKey].flips, 51 * stored + 3 * (static_cast<int>(kSampled) - stored));
  std::cout << "[ flips    ] single-bit flips of " << kSampled << " entries (" << stored
            << " stored with their keys) that still load: key " << counts[Field::kKey].loaded
            << " of " << counts[Field::kKey].flips << " (" << counts[Field::kKey].in_place
            << " a legal position in place), score " << counts[Field::kScore].loaded << " of "
            << counts[Field::kScore].flips << ", best columns " << counts[Field::kColumns].loaded
            << " of " << counts[Field::kColumns].flips << "\n";
}

// --- A measurement, run by hand ---
//
// How many of all single-bit flips of all entry words of the shipped book
// (16,349 x 64) the reader refuses, by field:
//   arcade_tests --gtest_also_run_disabled_tests --gtest_filter='*CountEverySingleBitFlip*'
// Loading the whole damaged book each time would take over an hour, so each
// flip is judged on a small book of the entries whose checks can involve
// the flipped word: its neighbours in key order, the entries up to two
// plies above and below its position and its siblings (the checks between
// entries reach that far), and one deepest entry (the header's deepest
// ply). The other entries are true and stay so, and checks among true
// entries only get weaker with fewer of them present. A random sample of
// flips is judged both ways, to confirm that the two agree.

std::vector<Position> children_of(const Position& p) {
  std::vector<Position> out;
  for (Move c = 0; c < Connect4::kWidth; ++c)
    if (!(p.mask & Connect4::top_cell(c))) out.push_back(Connect4::play(p, c));
  return out;
}

// The positions one disc earlier: the last mover's top discs taken back.
std::vector<Position> parents_of(const Position& p) {
  std::vector<Position> out;
  for (int c = 0; c < Connect4::kWidth; ++c) {
    const std::uint64_t column = p.mask & Connect4::column_mask(c);
    if (!column) continue;
    const std::uint64_t top = 1ull << (std::bit_width(column) - 1);
    if (Connect4::opponent(p) & top)
      out.push_back(from_bits(Connect4::opponent(p) ^ top, p.mask ^ top, p.plies - 1));
  }
  return out;
}

class FlippedBooks {
 public:
  explicit FlippedBooks(const Connect4Book& book) : bytes_(book.to_bytes()) {
    const std::vector<Position> positions = book.positions();
    for (std::size_t i = 0; i < positions.size(); ++i) {
      const std::uint64_t key = Connect4Book::canonical_key(positions[i]);
      const Connect4Book::Entry e = *book.find(positions[i]);  // as stored: the key's side
      words_.push_back(key << 13 | static_cast<std::uint64_t>(e.score + 32) << 7 | e.best_columns);
      index_[key] = i;
      if (positions[i].plies == book.max_plies()) deepest_ = i;
    }
  }
  std::size_t size() const { return index_.size(); }
  // Entry i's word, whether the file stores it or a whole ply's value.
  std::uint64_t word(std::size_t i) const { return words_[i]; }

  // Whether the shipped book with word i replaced loads.
  bool whole_loads(std::size_t i, std::uint64_t w) const {
    std::vector<std::size_t> all(size());
    std::iota(all.begin(), all.end(), std::size_t{0});
    return loads(all, i, w);
  }
  // The same, judged on the small book around entry i.
  bool small_loads(std::size_t i, std::uint64_t w) const {
    std::set<std::size_t> members = {i, deepest_};
    if (i > 0) members.insert(i - 1);
    if (i + 1 < size()) members.insert(i + 1);
    if (!loads({members.begin(), members.end()}, i, w)) return false;
    const Position q = *position_of(w >> 13);  // it loaded, so it is a position
    std::vector<Position> related;
    for (const Position& child : children_of(q)) {
      related.push_back(child);
      for (const Position& grandchild : children_of(child)) related.push_back(grandchild);
    }
    for (const Position& parent : parents_of(q)) {
      related.push_back(parent);
      for (const Position& grandparent : parents_of(parent)) related.push_back(grandparent);
      for (const Position& sibling : children_of(parent)) related.push_back(sibling);
    }
    for (const Position& r : related)
      if (const auto it = index_.find(Connect4Book::canonical_key(r)); it != index_.end())
        if (it->second != i) members.insert(it->second);
    return loads({members.begin(), members.end()}, i, w);
  }

 private:
  static constexpr std::size_t kHeader = 12;

  // The book of the entries `members` (ascending), word i replaced by w,
  // every entry stored as a word (no ply is whole in it).
  bool loads(const std::vector<std::size_t>& members, std::size_t i, std::uint64_t w) const {
    std::vector<std::uint8_t> bytes(bytes_.begin(), bytes_.begin() + kHeader);
    bytes[6] = 0;
    for (int b = 0; b < 4; ++b) bytes[8 + b] = static_cast<std::uint8_t>(members.size() >> (8 * b));
    for (std::size_t m : members) {
      const std::uint64_t v = m == i ? w : word(m);
      for (int b = 0; b < 8; ++b) bytes.push_back(static_cast<std::uint8_t>(v >> (8 * b)));
    }
    bytes.resize(bytes.size() + 4);
    reseal(bytes);
    return Connect4Book::from_bytes(bytes).ok();
  }

  std::vector<std::uint8_t> bytes_;
  std::vector<std::uint64_t> words_;            // by entry, in key order
  std::map<std::uint64_t, std::size_t> index_;  // canonical key -> entry
  std::size_t deepest_ = 0;
};

TEST(ShippedConnect4Book, DISABLED_CountEverySingleBitFlipRefusedAtLoad) {
  const auto book = shipped();
  ASSERT_TRUE(book);
  const FlippedBooks books(*book);
  std::mt19937_64 rng(2026);
  for (int k = 0; k < 500; ++k) {
    const std::size_t i = rng() % books.size();
    const std::uint64_t w = books.word(i) ^ (1ull << (rng() % 64));
    ASSERT_EQ(books.small_loads(i, w), books.whole_loads(i, w)) << "entry " << i;
  }
  std::map<Field, FlipCount> counts;
  for (std::size_t i = 0; i < books.size(); ++i)
    for (int bit = 0; bit < 64; ++bit) {
      FlipCount& count = counts[field_of_bit(bit)];
      ++count.flips;
      count.loaded += books.small_loads(i, books.word(i) ^ (1ull << bit));
    }
  int flips = 0, loaded = 0;
  for (const auto& [field, count] : counts) {
    std::cout << "[ flips    ] "
              << (field == Field::kKey     ? "key"
                  : field == Field::kScore ? "score"
                                           : "best columns")
              << ": " << count.flips - count.loaded << " of " << count.flips << " refused\n";
    flips += count.flips;
    loaded += count.loaded;
  }
  std::cout << "[ flips    ] all: " << flips - loaded << " of " << flips << " refused\n";
  EXPECT_EQ(flips, 64 * static_cast<int>(books.size()));
}

TEST(ShippedConnect4Book, PerfectPlayAnswersFromTheBookWithoutSearching) {
  const auto book = shipped();
  ASSERT_TRUE(book);
  std::unique_ptr<GameSession> session = make_engine_session("connect4");
  ASSERT_TRUE(session);
  for (int ply = 0; ply <= kCompleteTreePlies; ++ply) {
    const BookLayer layer = connect4_book_layer(*book, ply, 1);
    ASSERT_FALSE(layer.positions.empty()) << "ply " << ply;
    const BookPosition& b = layer.positions.back();
    ASSERT_FALSE(session->set_position(Connect4::to_text(b.position), {})) << b.moves;
    SearchOptions options;
    options.use_oracle = true;
    options.random_ties = true;
    std::atomic<bool> stop{false};
    const SearchReport report = session->search({}, options, stop, {});
    EXPECT_TRUE(report.proven) << b.moves;
    EXPECT_EQ(report.stats.nodes, 0u) << b.moves;
    const auto e = book->find(b.position);
    ASSERT_TRUE(e) << b.moves;
    EXPECT_EQ(report.best, Connect4::move_to_text(b.position, e->move())) << b.moves;
    EXPECT_EQ(report.score, connect4_engine_score(e->score, ply)) << b.moves;
  }
}

// --- The `arcade book` command ---

namespace fs = std::filesystem;

class BookCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        fs::temp_directory_path() /
        ("arcade_book_test_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  int run(std::vector<std::string> args) {
    out_.str("");
    err_.str("");
    return run_arcade(args);
  }
  // `arcade ARGS...`, as main() runs it.
  int run_arcade(const std::vector<std::string>& args) {
    std::istringstream in;
    return cli::run(args, in, out_, err_);
  }
  static void write(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
  }
  static std::string read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

  fs::path dir_;
  std::ostringstream out_, err_;
};

// Log lines for the empty board and the four first moves (one of each
// mirror pair) with their published scores, and the same entries as a book.
// A build takes its log as it finds it, so the column given (the centre)
// only has to be legal here.
std::string opening_log(Connect4Book& same) {
  const int first_move_value[Connect4::kWidth] = {-2, -1, 0, 1, 0, -1, -2};
  std::string log = "- 1 4\n";
  same.insert(Connect4::start(), {1, column_bit(3)});
  for (const char* moves : {"1", "2", "3", "4"}) {
    const int score = -first_move_value[moves[0] - '1'];
    same.insert(parse(moves), {score, column_bit(3)});
    log += std::string(moves) + " " + std::to_string(score) + " 4\n";
  }
  return log;
}

TEST_F(BookCommand, ABuildGoesOnFromItsLogAndWritesTheSameBytes) {
  const fs::path book = dir_ / "c4.book";
  Connect4Book expected;
  // A build stopped while writing its last line: that line is dropped.
  write(book.string() + ".log", opening_log(expected) + "44 1");
  ASSERT_EQ(run({"book", "build", book.string(), "plies", "1", "hash", "16"}), 0) << err_.str();
  EXPECT_NE(out_.str().find("to solve 0"), std::string::npos) << out_.str();
  EXPECT_FALSE(fs::exists(book.string() + ".log"));
  const std::vector<std::uint8_t> bytes = expected.to_bytes();
  EXPECT_EQ(read(book), std::string(bytes.begin(), bytes.end()));
  ASSERT_EQ(run({"book", "info", book.string()}), 0) << err_.str();
  EXPECT_NE(out_.str().find("book entries 5 plies 0-1"), std::string::npos) << out_.str();
}

TEST_F(BookCommand, ADamagedBookIsRefusedAndLeftAlone) {
  const fs::path book = dir_ / "c4.book";
  write(book, "C4OB not really a book");
  EXPECT_EQ(run({"book", "build", book.string(), "plies", "1"}), 2);
  EXPECT_NE(err_.str().find("error book:"), std::string::npos) << err_.str();
  EXPECT_EQ(read(book), "C4OB not really a book");
  EXPECT_EQ(run({"book", "info", book.string()}), 2);
  EXPECT_EQ(run({"book", "check", (dir_ / "missing.book").string()}), 2);
  EXPECT_NE(err_.str().find("cannot read"), std::string::npos) << err_.str();
}

TEST_F(BookCommand, AMalformedLogLineIsNamed) {
  const fs::path book = dir_ / "c4.book";
  write(book.string() + ".log", "- 1 4\n48x 0 4\n");
  EXPECT_EQ(run({"book", "build", book.string(), "plies", "1"}), 2);
  EXPECT_NE(err_.str().find("line 2"), std::string::npos) << err_.str();
  EXPECT_FALSE(fs::exists(book));
}

TEST_F(BookCommand, BadArgumentsGetAUsage) {
  EXPECT_EQ(run({"book", "build", "x.book", "plies"}), 2);
  EXPECT_EQ(run({"book", "build", "x.book", "plies", "99"}), 2);
  EXPECT_EQ(run({"book", "build", "x.book", "colour", "red"}), 2);
  EXPECT_EQ(run({"book", "bake", "x.book"}), 2);
  EXPECT_NE(err_.str().find("unknown sub-command"), std::string::npos) << err_.str();
}

// A position of c4_L2_R1 (middle game, quick to solve) with its score and
// best column, and a wrong score for it that the reader cannot see: one
// step nearer a draw (a win or a loss one disc later), which fits every
// fact loading checks.
struct WrongEntry {
  Position position;
  int score = 0, wrong_score = 0;
  Move move = 0;
};

std::vector<WrongEntry> wrong_entries_loading_accepts(std::size_t count) {
  std::ifstream in(std::string(ARCADE_DATA_DIR) + "/connect4/c4_L2_R1.txt");
  std::vector<WrongEntry> found;
  Connect4Solver solver;
  std::string moves;
  for (int score; found.size() < count && in >> moves >> score;) {
    WrongEntry w{parse(moves), score, score > 0 ? score - 1 : score + 1, 0};
    w.move = solver.best_moves(w.position, true).columns.front();
    if (read_result(one_entry(w.position, w.wrong_score, w.move)) == "accepted") found.push_back(w);
  }
  return found;
}

TEST_F(BookCommand, CheckFindsAWrongEntry) {
  const std::vector<WrongEntry> entries = wrong_entries_loading_accepts(2);
  ASSERT_EQ(entries.size(), 2u);
  const WrongEntry &a = entries[0], &b = entries[1];
  Connect4Book good;
  good.insert(a.position, {a.score, column_bit(a.move)});
  good.insert(b.position, {b.score, column_bit(b.move)});
  Connect4Book bad = good;
  bad.insert(b.position, {b.wrong_score, column_bit(b.move)});
  const fs::path good_path = dir_ / "good.book", bad_path = dir_ / "bad.book";
  for (const auto& [path, book] : {std::pair{good_path, &good}, std::pair{bad_path, &bad}}) {
    const std::vector<std::uint8_t> bytes = book->to_bytes();
    write(path, std::string(bytes.begin(), bytes.end()));
  }
  EXPECT_EQ(run({"book", "check", good_path.string(), "samples", "10"}), 0) << out_.str();
  EXPECT_NE(out_.str().find("samples 2 wrong 0"), std::string::npos) << out_.str();
  EXPECT_EQ(run({"book", "check", bad_path.string(), "samples", "10"}), 1) << out_.str();
  EXPECT_NE(out_.str().find("samples 2 wrong 1"), std::string::npos) << out_.str();
}

// --- The protocol's OwnBook option ---

// The lines a protocol with the shipped books answers to `lines`.
std::vector<std::string> protocol_answers(const std::vector<std::string>& lines) {
  std::vector<std::string> out;
  Protocol protocol(
      make_engine_session, game_names(), [&out](const std::string& l) { out.push_back(l); }, false);
  for (const std::string& line : lines) protocol.handle(line);
  protocol.wait();
  return out;
}

bool has_line_with(const std::vector<std::string>& lines, const std::string& text) {
  return std::any_of(lines.begin(), lines.end(),
                     [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

TEST(OwnBook, PerfectOpensFromTheBookUnlessItIsOff) {
  const std::vector<std::string> with_book =
      protocol_answers({"game connect4", "setoption name Level value 5", "go movetime 200"});
  EXPECT_TRUE(has_line_with(with_book, "score win 41")) << with_book.front();
  EXPECT_TRUE(has_line_with(with_book, "bestmove 4"));
  // Without the book, 200 ms is far too little to solve the empty board: the
  // level falls back to its heuristic search, which proves nothing.
  const std::vector<std::string> without =
      protocol_answers({"setoption name OwnBook value false", "game connect4",
                        "setoption name Level value 5", "go movetime 200"});
  EXPECT_FALSE(has_line_with(without, "score win")) << without.front();
  EXPECT_TRUE(has_line_with(without, "score cp"));
  EXPECT_TRUE(has_line_with(without, "bestmove"));
}

// --- `arcade bench perfect` ---

TEST_F(BookCommand, BenchPerfectTimesTheLevelAndChecksItsMoves) {
  // The first position is in the book; the second (c4_L2_R2) is solved.
  const fs::path data = dir_ / "few.txt";
  write(data, "4 -1\n47143145561111322 -2\n");
  EXPECT_EQ(run_arcade({"bench", "perfect", data.string(), "movetime", "5000"}), 0)
      << out_.str() << err_.str();
  EXPECT_NE(out_.str().find("positions 2 best 2 proven 2 mismatches 0 book 1"), std::string::npos)
      << out_.str();
  // A wrong score in the file is a mismatch, and the run fails.
  write(data, "4 1\n");
  EXPECT_EQ(run_arcade({"bench", "perfect", data.string()}), 1);
  EXPECT_NE(out_.str().find("MISMATCH"), std::string::npos) << out_.str();
  EXPECT_EQ(run_arcade({"bench", "perfect", data.string(), "movetime"}), 2);
  EXPECT_EQ(run_arcade({"bench", "perfect", (dir_ / "none.txt").string()}), 2);
}

}  // namespace
}  // namespace arcade
