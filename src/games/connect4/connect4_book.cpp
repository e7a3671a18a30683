#include "games/connect4/connect4_book.h"

#include <algorithm>
#include <array>
#include <bit>
#include <string>
#include <unordered_set>

namespace arcade {
namespace {

using Bits = std::uint64_t;
constexpr int kStride = Connect4::kHeight + 1;
constexpr int kKeyShift = 13, kScoreShift = 7;
constexpr int kScoreOffset = 32;
constexpr std::uint8_t kVersion = 2;
constexpr int kMostWholePlies = 9;  // plies 0-8: 120,000 positions to enumerate at most
constexpr Bits kValueMask = (Bits{1} << kKeyShift) - 1;  // what a whole ply stores of a word
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

int score_of(Bits word) {
  return static_cast<int>((word >> kScoreShift) & 63) - kScoreOffset;
}

std::uint8_t columns_of(Bits word) {
  return static_cast<std::uint8_t>(word & 127);
}

// The index of the entry with this (canonical) key, if there is one.
std::optional<std::size_t> index_of(const std::vector<Bits>& words, Bits key) {
  const auto it = std::lower_bound(words.begin(), words.end(), key << kKeyShift);
  if (it == words.end() || key_of(*it) != key) return std::nullopt;
  return static_cast<std::size_t>(it - words.begin());
}

std::string column_name(int column) {
  return std::to_string(column + 1);
}

// --- Facts every true entry obeys, checked when a book is read ---
//
// A book can be damaged in ways its checksum does not see (a bad build, a
// file rewritten with a fresh checksum). Each fact below holds for the
// exact entry of any position, whoever built it; none needs a search.

// The score of a win completed with the winner's n-th disc (data-set
// convention, connect4_solver.h): 22 - n. A four takes at least 4 discs,
// and a side has at most 21, so a win that needs more scores 0: no side
// can win, a draw is the best there is.
int win_score(int winner_discs) {
  return std::max(0, Connect4::kCells / 2 + 1 - std::max(winner_discs, 4));
}

Bits cell(int column, int row) {
  return 1ull << (column * kStride + row);
}

// Whether the discs of a position without a four can have been dropped in
// turn, the first player first: take discs off the column tops, the last
// mover's first, until none is left (with no four on the board, any order
// of drops is a game). Height combinations that failed are remembered, one
// mixed-radix digit a column, so each is tried once; the memory for that is
// taken at the first failure, as most positions of a book never backtrack.
class DropOrder {
 public:
  explicit DropOrder(const Connect4::Position& p)
      : first_player_(Connect4::x_to_move(p) ? p.mover : Connect4::opponent(p)),
        second_player_(p.mask ^ first_player_) {
    for (int c = 0; c < Connect4::kWidth; ++c) {
      heights_[c] = std::popcount(p.mask & Connect4::column_mask(c));
      radix_[c] = combinations_;
      state_ += static_cast<std::size_t>(heights_[c]) * combinations_;
      combinations_ *= static_cast<std::size_t>(heights_[c] + 1);
    }
  }

  bool possible() { return peel(std::popcount(first_player_ | second_player_)); }

 private:
  bool peel(int discs) {
    if (discs == 0) return true;
    if (!failed_.empty() && failed_[state_]) return false;
    // Disc number `discs` was the first player's when odd.
    const Bits last_mover = discs % 2 == 1 ? first_player_ : second_player_;
    for (int c = 0; c < Connect4::kWidth; ++c) {
      if (heights_[c] == 0 || !(last_mover & cell(c, heights_[c] - 1))) continue;
      take_top(c, -1);
      const bool ok = peel(discs - 1);
      take_top(c, +1);
      if (ok) return true;
    }
    if (failed_.empty()) failed_.assign(combinations_, false);
    failed_[state_] = true;
    return false;
  }
  void take_top(int column, int step) {
    heights_[column] += step;
    state_ = step > 0 ? state_ + radix_[column] : state_ - radix_[column];
  }

  Bits first_player_, second_player_;
  std::array<int, Connect4::kWidth> heights_{};
  std::array<std::size_t, Connect4::kWidth> radix_{};
  std::size_t combinations_ = 1, state_ = 0;
  std::vector<bool> failed_;  // by state; empty until the first failure
};

// A legal, unfinished position: no four, a free cell, a possible history.
std::optional<std::string> position_error(const Connect4::Position& p) {
  if (Connect4::has_four(p.mover) || Connect4::has_four(Connect4::opponent(p)))
    return "a position with four in a row (a finished game has no entry)";
  if (p.plies >= Connect4::kCells) return "a full board (a finished game has no entry)";
  if (!DropOrder(p).possible()) return "a position no game reaches (discs not droppable in turn)";
  return std::nullopt;
}

// The score's range from the discs each side has played: a win at once
// when there is one; else a loss at once when every move allows one; else
// a win from the mover's second disc on or a loss from the opponent's
// second disc on.
std::optional<std::string> score_error(const Connect4::Position& p, int score) {
  const int mine = p.plies / 2, theirs = (p.plies + 1) / 2;  // discs played
  if (Connect4::can_win_next(p)) {
    const int win = win_score(mine + 1);
    if (score == win) return std::nullopt;
    return "score " + std::to_string(score) +
           ", but the side to move wins at once: " + std::to_string(win);
  }
  if (!Connect4::non_losing_moves(p)) {
    const int loss = -win_score(theirs + 1);
    if (score == loss) return std::nullopt;
    return "score " + std::to_string(score) +
           ", but every move loses at once: " + std::to_string(loss);
  }
  const int lo = -win_score(theirs + 2), hi = win_score(mine + 2);
  if (score >= lo && score <= hi) return std::nullopt;
  return "score " + std::to_string(score) + " out of range " + std::to_string(lo) + ".." +
         std::to_string(hi) + " for ply " + std::to_string(p.plies);
}

// Best columns are playable, and no worse than a win or a safe move
// available at once: a column that wins at once scores more than any
// other, and one that lets the opponent win at once less than any other.
std::optional<std::string> columns_error(const Connect4::Position& p, std::uint8_t columns) {
  if (columns == 0) return "an entry with no best column";
  const Bits wins = Connect4::winning_cells(p.mover, p.mask) & Connect4::playable(p);
  const Bits safe = Connect4::non_losing_moves(p);
  for (int c = 0; c < Connect4::kWidth; ++c) {
    if (!(columns & (1u << c))) continue;
    if (p.mask & Connect4::top_cell(c)) return "a best column that is full";
    const Bits move = Connect4::move_cell(p, static_cast<Move>(c));
    if (wins && !(move & wins))
      return "best column " + column_name(c) + " does not win at once, though a column does";
    if (!wins && safe && !(move & safe))
      return "best column " + column_name(c) +
             " lets the opponent win at once, though a column "
             "does not";
  }
  return std::nullopt;
}

// What is wrong with entry i on its own (its word, the previous key), or
// nothing.
std::optional<std::string> entry_error(Bits word, std::optional<Bits> previous_key, int max_plies) {
  const Bits key = key_of(word);
  if (previous_key && key <= *previous_key) return "keys out of order";
  const std::optional<Connect4::Position> p = position_of_key(key);
  if (!p) return "a key that is no position";
  if (p->plies > max_plies) return "a position deeper than the header says";
  if (Connect4Book::canonical_key(*p) != key)
    return "a key that is not the smaller of its mirror pair";
  if (std::optional<std::string> error = position_error(*p)) return error;
  if (std::optional<std::string> error = score_error(*p, score_of(word))) return error;
  return columns_error(*p, columns_of(word));
}

// --- Facts between entries ---
//
// Exact scores obey negamax: a position scores the best of its moves, each
// worth the negation of the position it leads to. The book holds few
// children of its positions (its tree keeps the perfect player's side), but
// many grandchildren, and many positions are decided by their next disc;
// so a move's value is taken from its position's entry, from a result at
// once, or bounded below by the answers to it whose values are known.

// The entries of a book being read, found by key through a hash table:
// the checks between entries look up some 300,000 positions, mostly
// absent, and a binary search each took most of the load time.
class EntryTable {
 public:
  EntryTable(const std::vector<Bits>& words, int max_plies)
      : words_(words),
        max_plies_(max_plies),
        slots_(std::bit_ceil(2 * words.size() + 2), 0),
        shift_(64 - std::countr_zero(slots_.size())) {
    for (std::size_t i = 0; i < words.size(); ++i) {
      std::size_t slot = first_slot(key_of(words[i]));
      while (slots_[slot]) slot = next_slot(slot);
      slots_[slot] = static_cast<std::uint32_t>(i + 1);
    }
  }

  // The index of the entry for x, if the book holds x.
  std::optional<std::size_t> find(const Connect4::Position& x) const {
    if (x.plies > max_plies_) return std::nullopt;
    const Bits key = Connect4Book::canonical_key(x);
    for (std::size_t slot = first_slot(key); slots_[slot]; slot = next_slot(slot))
      if (key_of(words_[slots_[slot] - 1]) == key) return slots_[slot] - 1;
    return std::nullopt;
  }
  const std::vector<Bits>& words() const { return words_; }
  int max_plies() const { return max_plies_; }

 private:
  // Fibonacci hashing: the top bits of the key times 2^64 / golden ratio.
  std::size_t first_slot(Bits key) const { return (key * 0x9E3779B97F4A7C15ull) >> shift_; }
  std::size_t next_slot(std::size_t slot) const { return (slot + 1) & (slots_.size() - 1); }

  const std::vector<Bits>& words_;
  int max_plies_;
  std::vector<std::uint32_t> slots_;  // entry index + 1; 0: empty
  int shift_;
};

// A score known without a search, and the entry it comes from, if any.
struct Known {
  int score = 0;
  std::optional<std::size_t> entry;
};

// The score of x if the book holds it or the next disc decides it: the
// game is over, the side to move wins at once, or every move loses at once.
std::optional<Known> known_score(const EntryTable& book, const Connect4::Position& x) {
  const int mine = x.plies / 2, theirs = (x.plies + 1) / 2;  // discs played
  if (Connect4::has_four(Connect4::opponent(x))) return Known{-win_score(theirs), {}};
  if (x.plies == Connect4::kCells) return Known{0, {}};
  if (Connect4::can_win_next(x)) return Known{win_score(mine + 1), {}};
  if (!Connect4::non_losing_moves(x)) return Known{-win_score(theirs + 1), {}};
  const std::optional<std::size_t> j = book.find(x);
  if (!j) return std::nullopt;
  return Known{score_of(book.words()[*j]), j};
}

// What the book and the position tell of a move's value for the side that
// makes it: exact (`exact`), or at most `value`, as an answer to it with a
// known score shows; nothing when no answer is known. The answers are
// looked at only when asked (`answers`): for a column that is not best only
// an exact value says anything, and the answers to such a column are
// rarely all known (measured: 0.02% of the single-bit flips of the shipped
// book, for 15% of the load time).
struct MoveValue {
  int value = 0;
  bool exact = false;
  std::optional<std::size_t> entry;  // where the value or the bound comes from
};

std::optional<MoveValue> move_value(const EntryTable& book, const Connect4::Position& after,
                                    bool answers) {
  if (std::optional<Known> k = known_score(book, after))
    return MoveValue{-k->score, true, k->entry};
  // Answers beyond the book's deepest ply are known only when decided at
  // once, which rarely bounds anything: not worth the load time.
  if (!answers || after.plies >= book.max_plies()) return std::nullopt;
  std::optional<MoveValue> bound;
  bool every_answer_known = true;
  for (int d = 0; d < Connect4::kWidth; ++d) {
    if (after.mask & Connect4::top_cell(d)) continue;
    const std::optional<Known> answer =
        known_score(book, Connect4::play(after, static_cast<Move>(d)));
    if (!answer) {
      every_answer_known = false;
    } else if (!bound || answer->score < bound->value) {
      bound = MoveValue{answer->score, false, answer->entry};
    }
  }
  if (bound) bound->exact = every_answer_known;
  return bound;
}

std::string value_text(const MoveValue& v) {
  return (v.exact ? "is worth " : "is worth at most ") + std::to_string(v.value) +
         (v.entry ? " (entry " + std::to_string(*v.entry) + ")" : " (decided at once)");
}

// What is wrong between entry i and what the book and the positions tell
// of its moves: its score is the value of each best column, and no column
// is worth more.
std::optional<std::string> moves_error(const EntryTable& book, std::size_t i) {
  const Bits word = book.words()[i];
  const Connect4::Position p = *position_of_key(key_of(word));  // checked on its own
  const int score = score_of(word);
  for (int c = 0; c < Connect4::kWidth; ++c) {
    if (p.mask & Connect4::top_cell(c)) continue;
    const bool best = columns_of(word) & (1u << c);
    const std::optional<MoveValue> v =
        move_value(book, Connect4::play(p, static_cast<Move>(c)), /*answers=*/best);
    if (!v) continue;
    if ((best && (v->exact ? v->value != score : v->value < score)) ||
        (v->exact && v->value > score))
      return std::string(best ? "best " : "") + "column " + column_name(c) + " " + value_text(*v) +
             ", the entry's score is " + std::to_string(score);
  }
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

bool Connect4Book::needs_entry(const Position& p) {
  return Connect4::outcome(p) == Outcome::kOngoing && !Connect4::can_win_next(p);
}

namespace {

// Every position one ply after `positions`, each mirror pair once (the
// first reached, columns tried centre first), with its moves, as long as
// `keep` accepts each: nothing from the first it refuses on.
template <class Keep>
std::optional<std::vector<BookPosition>> next_ply_while(const std::vector<BookPosition>& positions,
                                                        Keep keep) {
  std::unordered_set<Bits> seen;
  std::vector<BookPosition> next;
  for (const BookPosition& parent : positions) {
    if (Connect4::outcome(parent.position) != Outcome::kOngoing) continue;
    for (int c : Connect4::kCentreFirst) {
      if (parent.position.mask & Connect4::top_cell(c)) continue;
      const Connect4::Position child = Connect4::play(parent.position, static_cast<Move>(c));
      if (!seen.insert(Connect4Book::canonical_key(child)).second) continue;
      if (!keep(child)) return std::nullopt;
      next.push_back({child, parent.moves + static_cast<char>('1' + c)});
    }
  }
  return next;
}

}  // namespace

std::vector<BookPosition> Connect4Book::next_ply(const std::vector<BookPosition>& positions) {
  return *next_ply_while(positions, [](const Position&) { return true; });
}

std::vector<BookPosition> Connect4Book::reachable(int ply) {
  std::vector<BookPosition> layer = {{Connect4::start(), ""}};
  for (int i = 0; i < ply; ++i) layer = next_ply(layer);
  return layer;
}

namespace {

std::string whole_text(int whole) {
  return whole == 0 ? "no ply" : "plies 0-" + std::to_string(whole - 1);
}

// The plies 0 to whole - 1 of a book that holds them whole: the keys of
// their entries, ascending (where a file's u16 values belong), and the
// positions of the last of them (what the next ply is made from).
struct WholePlies {
  std::vector<Bits> keys;
  std::vector<BookPosition> last;
};

WholePlies enumerate_whole_plies(int whole) {
  WholePlies out;
  for (int ply = 0; ply < whole; ++ply) {
    out.last = ply == 0 ? Connect4Book::reachable(0) : Connect4Book::next_ply(out.last);
    for (const BookPosition& b : out.last)
      if (Connect4Book::needs_entry(b.position))
        out.keys.push_back(Connect4Book::canonical_key(b.position));
  }
  std::sort(out.keys.begin(), out.keys.end());
  return out;
}

// The entries of a file in key order: the whole plies' values with their
// enumerated keys, merged with the stored words. Refused: a value with bits
// beyond a word's low 13, a stored word of a whole ply.
Parsed<std::vector<Bits>> read_words(std::span<const std::uint8_t> bytes, int whole,
                                     const std::vector<Bits>& keys, std::size_t stored) {
  const std::size_t values_at = kHeaderBytes, words_at = values_at + 2 * keys.size();
  if (bytes.size() != words_at + 8 * stored + kChecksumBytes)
    return ParseError{"book: the size does not match " + std::to_string(keys.size()) +
                      " positions of " + whole_text(whole) + " (whole) and " +
                      std::to_string(stored) + " entries"};
  const std::size_t body = bytes.size() - kChecksumBytes;
  if (read_le(bytes, body, 4) != fnv1a(bytes.first(body)))
    return ParseError{"book: checksum mismatch (damaged file)"};
  std::vector<Bits> implied;
  implied.reserve(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const Bits value = read_le(bytes, values_at + 2 * i, 2);
    if (value & ~kValueMask)
      return ParseError{"book: whole-ply value " + std::to_string(i) + ": unused bits set"};
    implied.push_back(keys[i] << kKeyShift | value);
  }
  std::vector<Bits> words;
  words.reserve(stored);
  for (std::size_t i = 0; i < stored; ++i) {
    const Bits word = read_le(bytes, words_at + 8 * i, 8);
    const std::optional<Connect4::Position> p = position_of_key(key_of(word));
    if (p && p->plies < whole)
      return ParseError{"book: stored entry " + std::to_string(i) + ": a position of ply " +
                        std::to_string(p->plies) + ", which the book holds whole"};
    words.push_back(word);
  }
  std::vector<Bits> merged(implied.size() + words.size());
  std::merge(implied.begin(), implied.end(), words.begin(), words.end(), merged.begin());
  return merged;
}

std::size_t needing_entries(const std::vector<BookPosition>& layer) {
  return static_cast<std::size_t>(std::count_if(layer.begin(), layer.end(), [](const auto& b) {
    return Connect4Book::needs_entry(b.position);
  }));
}

// Whether the book holds ply `ply` whole, `previous` being the positions of
// the ply before: every position that needs an entry has one, and the book
// has no other entry of the ply (`entries` in all). Gives the ply's
// positions when it is whole; stops at the first one missing, so that a
// ply far from whole costs little to rule out.
std::optional<std::vector<BookPosition>> whole_ply(const Connect4Book& book,
                                                   const std::vector<BookPosition>& previous,
                                                   int ply, std::size_t entries) {
  const auto held = [&](const Connect4::Position& p) {
    return !Connect4Book::needs_entry(p) || book.find(p);
  };
  std::optional<std::vector<BookPosition>> layer =
      ply == 0 ? std::optional(Connect4Book::reachable(0)) : next_ply_while(previous, held);
  if (!layer || (ply == 0 && !held(Connect4::start())) || needing_entries(*layer) != entries)
    return std::nullopt;
  return layer;
}

// The number of entries of each ply, 0 to the deepest.
std::vector<std::size_t> entries_per_ply(const std::vector<Bits>& words, int max_plies) {
  std::vector<std::size_t> per_ply(static_cast<std::size_t>(max_plies) + 1);
  for (Bits word : words) ++per_ply[position_of_key(key_of(word))->plies];
  return per_ply;
}

}  // namespace

int Connect4Book::whole_plies() const {
  const std::vector<std::size_t> per_ply = entries_per_ply(words_, max_plies_);
  std::vector<BookPosition> layer;
  for (int ply = 0; ply < std::min(kMostWholePlies, max_plies_ + 1); ++ply) {
    std::optional<std::vector<BookPosition>> whole =
        whole_ply(*this, layer, ply, per_ply[static_cast<std::size_t>(ply)]);
    if (!whole) return ply;
    layer = std::move(*whole);
  }
  return std::min(kMostWholePlies, max_plies_ + 1);
}

Parsed<Connect4Book> Connect4Book::from_bytes(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < kHeaderBytes + kChecksumBytes)
    return ParseError{"book: the file is too short"};
  if (!std::equal(bytes.begin(), bytes.begin() + 4, "C4OB"))
    return ParseError{"book: not a Connect Four opening book (bad magic)"};
  if (bytes[4] != kVersion)
    return ParseError{"book: version " + std::to_string(bytes[4]) + ", this program reads " +
                      std::to_string(kVersion)};
  // to_bytes writes it as 0: a book read must be the bytes it was read from.
  if (bytes[7] != 0) return ParseError{"book: the header's reserved byte 7 is not 0"};
  const int whole = bytes[6];
  if (whole > kMostWholePlies || whole > bytes[5] + 1)
    return ParseError{"book: " + std::to_string(whole) + " whole plies, at most " +
                      std::to_string(std::min<int>(kMostWholePlies, bytes[5] + 1))};
  const WholePlies whole_plies = enumerate_whole_plies(whole);
  Parsed<std::vector<Bits>> words =
      read_words(bytes, whole, whole_plies.keys, read_le(bytes, 8, 4));
  if (!words) return ParseError{words.error()};
  Connect4Book book;
  book.max_plies_ = bytes[5];
  book.words_.reserve(words->size());
  const std::size_t count = words->size();
  int deepest = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const Bits word = (*words)[i];
    const std::optional<Bits> previous =
        book.words_.empty() ? std::nullopt : std::optional<Bits>(key_of(book.words_.back()));
    if (std::optional<std::string> error = entry_error(word, previous, book.max_plies_))
      return ParseError{"book: entry " + std::to_string(i) + ": " + *error};
    book.words_.push_back(word);
    deepest = std::max<int>(deepest, position_of_key(key_of(word))->plies);
  }
  if (deepest != book.max_plies_)
    return ParseError{"book: the header says the deepest ply is " +
                      std::to_string(book.max_plies_) + ", the deepest entry has " +
                      std::to_string(deepest)};
  // A file states every whole ply, so that what is read writes the same
  // bytes; its plies below `whole` are whole by how they were read.
  if (whole < std::min(kMostWholePlies, book.max_plies_ + 1) &&
      whole_ply(book, whole_plies.last, whole,
                entries_per_ply(book.words_, book.max_plies_)[static_cast<std::size_t>(whole)]))
    return ParseError{"book: the header says " + whole_text(whole) + " whole, ply " +
                      std::to_string(whole) + " is whole too"};
  const EntryTable table(book.words_, book.max_plies_);
  for (std::size_t i = 0; i < count; ++i)
    if (std::optional<std::string> error = moves_error(table, i))
      return ParseError{"book: entry " + std::to_string(i) + ": " + *error};
  return book;
}

std::vector<std::uint8_t> Connect4Book::to_bytes() const {
  const int whole = whole_plies();
  std::vector<std::uint8_t> out = {'C',
                                   '4',
                                   'O',
                                   'B',
                                   kVersion,
                                   static_cast<std::uint8_t>(max_plies_),
                                   static_cast<std::uint8_t>(whole),
                                   0};
  std::vector<Bits> stored;
  for (Bits word : words_)
    if (position_of_key(key_of(word))->plies >= whole) stored.push_back(word);
  write_le(out, stored.size(), 4);
  for (Bits key : enumerate_whole_plies(whole).keys)
    write_le(out, words_[*index_of(words_, key)] & kValueMask, 2);
  for (Bits word : stored) write_le(out, word, 8);
  write_le(out, fnv1a(out), 4);
  return out;
}

std::optional<Connect4Book::Entry> Connect4Book::find(const Position& p) const {
  if (p.plies > max_plies_ || words_.empty()) return std::nullopt;
  const Bits key = Connect4::key(p), mirrored_key = Connect4::key(mirror(p));
  const Bits canonical = std::min(key, mirrored_key);
  const std::optional<std::size_t> i = index_of(words_, canonical);
  if (!i) return std::nullopt;
  Entry e{score_of(words_[*i]), columns_of(words_[*i])};
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
