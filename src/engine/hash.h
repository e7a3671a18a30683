#pragma once
#include <cstdint>

namespace arcade {

// Spreads a compact, unique position code over 64 bits (SplitMix64's
// finaliser), so that table slots are used evenly.
constexpr std::uint64_t mix_hash(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace arcade
