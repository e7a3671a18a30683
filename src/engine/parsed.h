#pragma once
// The result of reading text: a value, or a message that says what was wrong.
// (std::expected is C++23; this is the small part of it the project needs.)

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arcade {

struct ParseError {
  std::string message;
};

template <class T>
class Parsed {
 public:
  Parsed(T value) : value_(std::move(value)) {}                   // NOLINT: implicit by design
  Parsed(ParseError error) : error_(std::move(error.message)) {}  // NOLINT

  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  const T& operator*() const { return *value_; }
  T& operator*() { return *value_; }
  const T* operator->() const { return &*value_; }
  const std::string& error() const { return error_; }

 private:
  std::optional<T> value_;
  std::string error_;
};

// The whole of `text` as an unsigned number within [lo, hi], or nothing (for
// signs, spaces, trailing characters, overflow or a value out of range).
inline std::optional<std::uint64_t> parse_number(std::string_view text, std::uint64_t lo,
                                                 std::uint64_t hi) {
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || value < lo || value > hi)
    return std::nullopt;
  return value;
}

// The whole of `text` as a signed number within [lo, hi] (a leading '-' and
// no '+'), or nothing, as parse_number.
inline std::optional<std::int64_t> parse_signed(std::string_view text, std::int64_t lo,
                                                std::int64_t hi) {
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || value < lo || value > hi)
    return std::nullopt;
  return value;
}

// The whitespace-separated words of a protocol line.
inline std::vector<std::string> split_words(std::string_view line) {
  std::vector<std::string> words;
  std::size_t at = line.find_first_not_of(" \t\r\n");
  while (at != std::string_view::npos) {
    const std::size_t end = line.find_first_of(" \t\r\n", at);
    words.emplace_back(line.substr(at, end == std::string_view::npos ? end : end - at));
    at = line.find_first_not_of(" \t\r\n", end == std::string_view::npos ? line.size() : end);
  }
  return words;
}

// words[from, to) joined by single spaces: a protocol line from its words.
inline std::string join_words(const std::vector<std::string>& words, std::size_t from = 0,
                              std::size_t to = std::string::npos) {
  std::string out;
  for (std::size_t i = from; i < words.size() && i < to; ++i) {
    if (i > from) out += ' ';
    out += words[i];
  }
  return out;
}

}  // namespace arcade
