#pragma once
// What the fuzz targets share: turning their input into text, and failing
// loudly. A failed check prints what was expected and the text involved,
// then aborts, which libFuzzer reports as a crash and saves the input for.
// (Assertions would do, but the build may define NDEBUG, and a message says
// more than a line number.)

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
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

}  // namespace arcade::fuzz
