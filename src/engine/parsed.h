#pragma once
// The result of reading text: a value, or a message that says what was wrong.
// (std::expected is C++23; this is the small part of it the project needs.)

#include <optional>
#include <string>
#include <utility>

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

}  // namespace arcade
