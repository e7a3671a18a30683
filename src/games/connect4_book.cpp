#include "games/connect4_book.h"

#include <algorithm>
#include <bit>
#include <string>

namespace arcade {
namespace {

using Bits = std::uint64_t;
constexpr int kStride = Connect4::kHeight + 1;
constexpr int kKeyShift = 13, kScoreShift = 7;
constexpr int kScoreOffset = 32;
constexpr std::uint8_t kVersion = 1;
constexpr std::size_t kHeaderBytes = 12, kChecksumBytes = 4;

Bits mirror_bits(Bits bits) {
  Bits out = 0;
  for (int c = 0; c < Connect4::kWidth; ++c)
    out |= ((bits >> (c * kStride)) & ((1ull << kStride) - 1))
           << ((Connect4::kWidth - 1 - c) * kStride);
  return out;
}

std::uint8_t mirror_columns(std::uint8_t columns) {
  std::uint8_t out = 0;
  for (int c = 0; c < Connect4::kWidth; ++c)
    if (columns & (1u << c)) out |= static_cast<std::uint8_t>(1u << (Connect4::kWidth - 1 - c));
  return out;
}

Bits key_of(Bits word) {
  return word >> kKeyShift;
}

Bits make_word(Bits key, const Connect4Book::Entry& e) {
  return key << kKeyShift | static_cast<Bits>(e.score + kScoreOffset) << kScoreShift |
         e.best_columns;
}

// Back from a key to its position: in each column the key is the mover's
// discs plus 2^h - 1 for a column h discs high, so its highest bit after
// adding one is bit h. Nothing for a key no position has.
std::optional<Connect4::Position> position_of_key(Bits key) {
  Connect4::Position p;
  for (int c = 0; c < Connect4::kWidth; ++c) {
    const Bits column = (key >> (c * kStride)) & ((1ull << kStride) - 1);
    const int height = std::bit_width(column + 1) - 1;
    if (height > Connect4::kHeight) return std::nullopt;
    const Bits filled = (1ull << height) - 1;
    p.mask |= filled << (c * kStride);
    p.mover |= (column - filled) << (c * kStride);
  }
  if (key >> (Connect4::kWidth * kStride)) return std::nullopt;
  p.plies = static_cast<std::uint8_t>(std::popcount(p.mask));
  // The side to move has played half the discs, rounded down.
  if (std::popcount(p.mover) != p.plies / 2) return std::nullopt;
  return p;
}

std::uint32_t fnv1a(std::span<const std::uint8_t> bytes) {
  std::uint32_t h = 2166136261u;
  for (std::uint8_t b : bytes) h = (h ^ b) * 16777619u;
  return h;
}

std::uint64_t read_le(std::span<const std::uint8_t> bytes, std::size_t at, int count) {
  std::uint64_t v = 0;
  for (int i = count - 1; i >= 0; --i) v = v << 8 | bytes[at + static_cast<std::size_t>(i)];
  return v;
}

void write_le(std::vector<std::uint8_t>& out, std::uint64_t v, int count) {
  for (int i = 0; i < count; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

// What is wrong with entry i (its word, the previous key), or nothing.
std::optional<std::string> entry_error(Bits word, std::optional<Bits> previous_key, int max_plies) {
  const Bits key = key_of(word);
  if (previous_key && key <= *previous_key) return "keys out of order";
  const std::optional<Connect4::Position> p = position_of_key(key);
  if (!p) return "a key that is no position";
  if (p->plies > max_plies) return "a position deeper than the header says";
  if (Connect4Book::canonical_key(*p) != key)
    return "a key that is not the smaller of its mirror pair";
  const int score = static_cast<int>((word >> kScoreShift) & 63) - kScoreOffset;
  if (score < -Connect4::kCells / 2 || score > Connect4::kCells / 2) return "a score out of range";
  const auto columns = static_cast<std::uint8_t>(word & 127);
  if (columns == 0) return "an entry with no best column";
  for (int c = 0; c < Connect4::kWidth; ++c)
    if ((columns & (1u << c)) && (p->mask & Connect4::top_cell(c)))
      return "a best column that is full";
  return std::nullopt;
}

}  // namespace

Move Connect4Book::Entry::move() const {
  for (int c : Connect4::kCentreFirst)
    if (best_columns & (1u << c)) return static_cast<Move>(c);
  return 0;  // no valid entry lacks a best column (from_bytes checks)
}

Connect4::Position Connect4Book::mirror(const Position& p) {
  return {mirror_bits(p.mover), mirror_bits(p.mask), p.plies};
}

std::uint64_t Connect4Book::canonical_key(const Position& p) {
  return std::min(Connect4::key(p), Connect4::key(mirror(p)));
}

Parsed<Connect4Book> Connect4Book::from_bytes(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < kHeaderBytes + kChecksumBytes)
    return ParseError{"book: the file is too short"};
  if (!std::equal(bytes.begin(), bytes.begin() + 4, "C4OB"))
    return ParseError{"book: not a Connect Four opening book (bad magic)"};
  if (bytes[4] != kVersion)
    return ParseError{"book: version " + std::to_string(bytes[4]) + ", this program reads 1"};
  const std::uint64_t count = read_le(bytes, 8, 4);
  if (bytes.size() != kHeaderBytes + 8 * count + kChecksumBytes)
    return ParseError{"book: the size does not match " + std::to_string(count) + " entries"};
  const std::size_t body = bytes.size() - kChecksumBytes;
  if (read_le(bytes, body, 4) != fnv1a(bytes.first(body)))
    return ParseError{"book: checksum mismatch (damaged file)"};
  Connect4Book book;
  book.max_plies_ = bytes[5];
  book.words_.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    const Bits word = read_le(bytes, kHeaderBytes + 8 * i, 8);
    const std::optional<Bits> previous =
        book.words_.empty() ? std::nullopt : std::optional<Bits>(key_of(book.words_.back()));
    if (std::optional<std::string> error = entry_error(word, previous, book.max_plies_))
      return ParseError{"book: entry " + std::to_string(i) + ": " + *error};
    book.words_.push_back(word);
  }
  return book;
}

std::vector<std::uint8_t> Connect4Book::to_bytes() const {
  std::vector<std::uint8_t> out = {
      'C', '4', 'O', 'B', kVersion, static_cast<std::uint8_t>(max_plies_), 0, 0};
  write_le(out, words_.size(), 4);
  for (Bits word : words_) write_le(out, word, 8);
  write_le(out, fnv1a(out), 4);
  return out;
}

std::optional<Connect4Book::Entry> Connect4Book::find(const Position& p) const {
  if (p.plies > max_plies_ || words_.empty()) return std::nullopt;
  const Bits key = Connect4::key(p), mirrored_key = Connect4::key(mirror(p));
  const Bits canonical = std::min(key, mirrored_key);
  const auto it = std::lower_bound(words_.begin(), words_.end(), canonical << kKeyShift);
  if (it == words_.end() || key_of(*it) != canonical) return std::nullopt;
  Entry e;
  e.score = static_cast<int>((*it >> kScoreShift) & 63) - kScoreOffset;
  e.best_columns = static_cast<std::uint8_t>(*it & 127);
  // Symmetric positions have key == mirrored_key; their columns are stored as is.
  if (canonical != key) e.best_columns = mirror_columns(e.best_columns);
  return e;
}

std::vector<Connect4::Position> Connect4Book::positions() const {
  std::vector<Position> out;
  out.reserve(words_.size());
  for (Bits word : words_) out.push_back(*position_of_key(key_of(word)));  // checked on entry
  return out;
}

void Connect4Book::insert(const Position& p, const Entry& entry) {
  const Bits key = Connect4::key(p), mirrored_key = Connect4::key(mirror(p));
  const Entry stored =
      key <= mirrored_key ? entry : Entry{entry.score, mirror_columns(entry.best_columns)};
  const Bits canonical = std::min(key, mirrored_key);
  const Bits word = make_word(canonical, stored);
  const auto it = std::lower_bound(words_.begin(), words_.end(), canonical << kKeyShift);
  if (it != words_.end() && key_of(*it) == canonical)
    *it = word;
  else
    words_.insert(it, word);
  max_plies_ = std::max<int>(max_plies_, p.plies);
}

}  // namespace arcade
