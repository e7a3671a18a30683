#pragma once
// The Connect Four solver's transposition table: one bound on a position's
// score per slot, always replaced, in a power-of-two number of 8-byte slots.
//
// Each slot is one 64-bit word holding the whole 49-bit key, so a slot is
// found by a multiply and a shift and a match is never another position
// (the table before this one kept 32 key bits in a prime number of slots and
// needed a 64-bit remainder, by way of a double, at every probe). A word is
// read and written whole with relaxed atomics, so that threads sharing the
// table never see half an entry; on x86-64 and in WebAssembly these are
// plain loads and stores.

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

namespace arcade {

class Connect4BoundTable {
 public:
  enum class Kind : std::uint8_t { kEmpty, kUpper, kLower };
  struct Bound {
    int score = 0;
    Kind kind = Kind::kEmpty;
  };

  // Fixed memory: the largest power of two of slots in `bytes`, at least
  // kMinSlots. Every entry is forgotten.
  void resize(std::size_t bytes) {
    const std::size_t wanted = std::max<std::size_t>(bytes / sizeof(std::uint64_t), kMinSlots);
    slots_.reset();  // the old table goes before the new one comes
    size_log2_ = std::bit_width(wanted) - 1;
    slots_ = std::make_unique<std::atomic<std::uint64_t>[]>(size());  // zeroed: empty
    generation_ = 1;
  }
  std::size_t size() const { return std::size_t{1} << size_log2_; }

  // Forgets every entry: a new generation at no cost, the words really
  // cleared only when the counter wraps.
  void clear() {
    if (++generation_ <= kMaxGeneration) return;
    for (std::size_t i = 0; i < size(); ++i) slots_[i].store(0, std::memory_order_relaxed);
    generation_ = 1;
  }

  [[gnu::always_inline]] std::optional<Bound> probe(std::uint64_t key) const {
    const std::uint64_t word = slot(key).load(std::memory_order_relaxed);
    // An empty word's generation, 0, is never the current one.
    if ((word & kKeyMask) != key || word >> kGenerationShift != generation_) return std::nullopt;
    return Bound{static_cast<int>((word >> kScoreShift) & 63) - kScoreBias,
                 static_cast<Kind>((word >> kKindShift) & 3)};
  }
  [[gnu::always_inline]] void store(std::uint64_t key, int score, Kind kind) {
    const std::uint64_t word = key | std::uint64_t(score + kScoreBias) << kScoreShift |
                               std::uint64_t(kind) << kKindShift |
                               std::uint64_t{generation_} << kGenerationShift;
    slot(key).store(word, std::memory_order_relaxed);
  }
  // Where key's slot is, to fetch it into the cache ahead of a probe.
  const void* address(std::uint64_t key) const { return &slot(key); }

 private:
  static constexpr std::size_t kMinSlots = std::size_t{1} << 10;
  // Bits 0-48 the key, 49-54 the score plus kScoreBias, 55-56 the kind,
  // 57-63 the generation (1 to 127). All zero is empty.
  static constexpr int kKeyBits = 49;
  static constexpr std::uint64_t kKeyMask = (std::uint64_t{1} << kKeyBits) - 1;
  static constexpr int kScoreShift = kKeyBits, kKindShift = 55, kGenerationShift = 57;
  static constexpr int kScoreBias = 32;  // scores lie in [-22, 22]
  static constexpr unsigned kMaxGeneration = 127;

  // Fibonacci hashing: the key times 2^64 over the golden ratio, top bits.
  [[gnu::always_inline]] std::atomic<std::uint64_t>& slot(std::uint64_t key) const {
    return slots_[(key * 0x9E3779B97F4A7C15ull) >> (64 - size_log2_)];
  }

  std::unique_ptr<std::atomic<std::uint64_t>[]> slots_;
  int size_log2_ = 0;
  unsigned generation_ = 1;
};

}  // namespace arcade
