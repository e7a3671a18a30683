#pragma once
// The data files of the games' benches (`arcade bench connect4 FILE`,
// `arcade bench reversi FILE`; games/game_tool.h): one position a line, read
// by the bench's own parse_line.

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <istream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/parsed.h"

namespace arcade {

// The longest line a data file may hold: the positions of the benches'
// files take a few hundred characters (an .obf line with every move of a
// position listed, under 400), so a longer line is no position, and
// reading it whole could take any amount of memory.
inline constexpr std::size_t kMaxDataLine = 4096;

// The next line of `in` into `line` (without its end), false at the end of
// the input. A line longer than kMaxDataLine is read no further: `line`
// then holds its first kMaxDataLine + 1 characters.
inline bool read_capped_line(std::istream& in, std::string& line) {
  line.clear();
  std::streambuf* buffer = in.rdbuf();
  for (;;) {
    const int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return !line.empty();
    }
    if (c == '\n') return true;
    line.push_back(static_cast<char>(c));
    if (line.size() > kMaxDataLine) return true;
  }
}

// The cases of a data file with their line numbers, or a message saying what
// is wrong: the line, or the file itself. Blank lines, and lines that start
// with one of `comment_marks`, are passed over. A directory opens as a stream
// that reads nothing, and a file without positions would measure nothing, so
// both are errors rather than a run over zero positions.
// A line longer than kMaxDataLine is an error too.
template <class Case, class ParseLine>
Parsed<std::vector<std::pair<std::size_t, Case>>> read_data_file(const std::string& path,
                                                                 ParseLine parse_line,
                                                                 std::string_view comment_marks) {
  const std::string name = std::filesystem::path(path).filename().string();
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored))
    return ParseError{"'" + path + "' is a directory"};
  std::ifstream file(path);
  if (!file) return ParseError{"cannot read '" + path + "'"};
  std::vector<std::pair<std::size_t, Case>> cases;
  std::size_t number = 0;
  for (std::string line; read_capped_line(file, line);) {
    ++number;
    if (line.size() > kMaxDataLine)
      return ParseError{name + " line " + std::to_string(number) + ": longer than " +
                        std::to_string(kMaxDataLine) + " characters"};
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (comment_marks.find(line[0]) != std::string_view::npos) continue;
    const Parsed<Case> c = parse_line(line);
    if (!c) return ParseError{name + " line " + std::to_string(number) + ": " + c.error()};
    cases.emplace_back(number, *c);
  }
  if (file.bad()) return ParseError{"cannot read '" + path + "'"};
  if (cases.empty()) return ParseError{"'" + path + "' holds no positions"};
  return cases;
}

}  // namespace arcade
