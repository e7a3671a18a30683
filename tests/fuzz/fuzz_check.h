#pragma once
// What the fuzz targets share: turning their input into text, and failing
// loudly. A failed check prints what was expected and the text involved,
// then aborts, which libFuzzer reports as a crash and saves the input for.
// (Assertions would do, but the build may define NDEBUG, and a message says
// more than a line number.)

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace arcade::fuzz {

[[noreturn]] inline void fail(std::string_view what, std::string_view text = {}) {
  std::fprintf(stderr, "\nfuzz check failed: %.*s\n  on: \"%.*s\"\n", static_cast<int>(what.size()),
               what.data(), static_cast<int>(text.size()), text.data());
  std::abort();
}

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Megabyte inputs from short ones, for the targets whose texts have size
// caps: an input that starts with the byte 0xFF, then a count byte N, is its
// rest repeated to (N + 1) * 64 KiB, at most 5 MiB; any other input is
// itself. (libFuzzer's mutations of a megabyte input are slow, and few.)
inline std::string input_text(std::string_view input) {
  constexpr std::size_t kRepeatUnit = 64 * 1024;
  constexpr std::size_t kMostRepeated = 5 * 1024 * 1024;
  if (input.size() < 3 || static_cast<unsigned char>(input[0]) != 0xFF) return std::string(input);
  const std::string_view unit = input.substr(2);
  const std::size_t size =
      std::min(kMostRepeated, (1 + static_cast<unsigned char>(input[1])) * kRepeatUnit);
  std::string text;
  text.reserve(size);
  while (text.size() < size) text.append(unit.substr(0, size - text.size()));
  return text;
}

}  // namespace arcade::fuzz
