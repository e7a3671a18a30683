// Fuzz target: the Connect Four opening book reader, Connect4Book::from_bytes
// (games/connect4_book.h).
//
// What it checks, on any bytes:
//  - from_bytes either reads a book or says what is wrong (a non-empty
//    message), and never crashes;
//  - a book it reads is exactly what it read: to_bytes() gives back the same
//    bytes (so every byte of a file is checked, none silently dropped or
//    normalised);
//  - every position the book lists is found, from either mirror image, with
//    the same score, a score in range, best columns that are mirror images
//    of each other and open in the position, and the book's move among them.
// Why: the book is data the program trusts at its strongest level; a damaged
// or foreign file must be refused with a reason, not misread.
//
// Mutator-friendly variant: a file ends with a checksum of everything before
// it, so nearly every mutation of a valid book is refused at the checksum
// and the entries behind it would never be explored. So each input is read
// twice: as it is, and repaired: its last 4 bytes taken as the checksum's
// place, the rest cut to whole entries (after the whole plies' values),
// the header's entry count set to match, and the right checksum appended. A mutated entry then reaches the
// checks of the entries themselves. The same checks apply to both readings.
//
// Seeds: tests/fuzz/corpus/connect4_book (slices of the shipped book and
// damaged files, made by tests/fuzz/make_corpus.py); the ctest run adds the
// shipped data/connect4_opening.book itself.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "fuzz_check.h"
#include "games/connect4/connect4_book.h"

namespace arcade::fuzz {
namespace {

// The file layout (games/connect4_book.h).
constexpr std::size_t kHeaderBytes = 12, kValueBytes = 2, kEntryBytes = 8, kChecksumBytes = 4;
constexpr std::size_t kWholeAt = 6, kCountAt = 8;
constexpr int kMostRepairedWhole = 4;
constexpr int kMaxScore = Connect4::kCells / 2;

std::uint32_t fnv1a(std::span<const std::uint8_t> bytes) {
  std::uint32_t h = 2166136261u;
  for (std::uint8_t b : bytes) h = (h ^ b) * 16777619u;
  return h;
}

void put_le32(std::uint8_t* at, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) at[i] = static_cast<std::uint8_t>(value >> (8 * i));
}

// The number of positions of the whole plies 0 to whole - 1: the u16
// values before the stored words.
std::size_t whole_ply_values(int whole) {
  std::size_t count = 0;
  for (int ply = 0; ply < whole; ++ply)
    for (const BookPosition& b : Connect4Book::reachable(ply))
      count += Connect4Book::needs_entry(b.position);
  return count;
}

// The input with a consistent entry count and checksum (see above), or
// nothing when it is shorter than a header. Its whole plies are kept when
// there are few enough to count here (at most 4, 151 positions) and the
// input holds their values; otherwise none.
std::optional<std::vector<std::uint8_t>> repaired(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < kHeaderBytes) return std::nullopt;
  const std::size_t without_checksum =
      bytes.size() >= kHeaderBytes + kChecksumBytes ? bytes.size() - kChecksumBytes : bytes.size();
  std::vector<std::uint8_t> out(bytes.begin(), bytes.begin() + kHeaderBytes);
  std::size_t values = out[kWholeAt] <= kMostRepairedWhole ? whole_ply_values(out[kWholeAt]) : 0;
  if (values == 0 || kHeaderBytes + kValueBytes * values > without_checksum) {
    out[kWholeAt] = 0;
    values = 0;
  }
  const std::size_t entries =
      (without_checksum - kHeaderBytes - kValueBytes * values) / kEntryBytes;
  out.insert(out.end(), bytes.begin() + static_cast<std::ptrdiff_t>(kHeaderBytes),
             bytes.begin() + static_cast<std::ptrdiff_t>(kHeaderBytes + kValueBytes * values +
                                                          entries * kEntryBytes));
  put_le32(out.data() + kCountAt, static_cast<std::uint32_t>(entries));
  out.resize(out.size() + kChecksumBytes);
  put_le32(out.data() + out.size() - kChecksumBytes,
           fnv1a(std::span(out).first(out.size() - kChecksumBytes)));
  return out;
}

std::string position_name(const Connect4::Position& p) {
  return Connect4::to_text(p);
}

void check_entry(const Connect4Book& book, const Connect4::Position& p) {
  const std::optional<Connect4Book::Entry> entry = book.find(p);
  const std::optional<Connect4Book::Entry> mirrored = book.find(Connect4Book::mirror(p));
  if (!entry || !mirrored) fail("a position the book lists is not found", position_name(p));
  if (p.plies > book.max_plies()) fail("a position deeper than max_plies", position_name(p));
  if (entry->score < -kMaxScore || entry->score > kMaxScore)
    fail("a score out of range", position_name(p));
  if (mirrored->score != entry->score) fail("mirror images score differently", position_name(p));
  if (entry->best_columns == 0 || entry->best_columns > 127)
    fail("no best column, or one beyond the board", position_name(p));
  // A symmetric position is its own mirror image: its columns come as stored
  // both times (the book may hold only one of two mirrored best columns).
  const bool symmetric = Connect4::key(p) == Connect4::key(Connect4Book::mirror(p));
  for (int c = 0; c < Connect4::kWidth; ++c) {
    const bool best = entry->best_columns & (1u << c);
    const int mirrored_column = symmetric ? c : Connect4::kWidth - 1 - c;
    if (best != static_cast<bool>(mirrored->best_columns & (1u << mirrored_column)))
      fail("the mirror image's best columns are not mirrored", position_name(p));
    if (best && (p.mask & Connect4::top_cell(c))) fail("a best column is full", position_name(p));
  }
  if (!(entry->best_columns & (1u << entry->move())))
    fail("the book's move is not a best column", position_name(p));
}

void check_book(std::span<const std::uint8_t> bytes) {
  const Parsed<Connect4Book> book = Connect4Book::from_bytes(bytes);
  if (!book) {
    if (book.error().empty()) fail("a book refused without a message");
    return;
  }
  const std::vector<std::uint8_t> written = book->to_bytes();
  if (!std::equal(written.begin(), written.end(), bytes.begin(), bytes.end()))
    fail("to_bytes differs from the bytes read");
  const std::vector<Connect4::Position> positions = book->positions();
  if (positions.size() != book->size()) fail("positions() and size() disagree");
  for (const Connect4::Position& p : positions) check_entry(*book, p);
}

}  // namespace
}  // namespace arcade::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace arcade::fuzz;
  const std::span<const std::uint8_t> bytes(data, size);
  check_book(bytes);
  if (const std::optional<std::vector<std::uint8_t>> fixed = repaired(bytes)) check_book(*fixed);
  return 0;
}
