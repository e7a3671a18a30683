#pragma once
// The command-line tool's sub-commands, callable from tests with any streams.

#include <iosfwd>
#include <string>
#include <vector>

namespace arcade::cli {

// Runs `arcade ARGS...`; returns the process exit code.
int run(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
        std::ostream& err);

// The text protocol over streams, until `quit` or the end of input.
int protocol_loop(std::istream& in, std::ostream& out, bool background);

// Reads one line of the protocol (up to '\n', which is not kept) into `line`,
// keeping at most the protocol's cap and two bytes more, so that a line of
// any length costs no more memory than the cap. `too_long` is 0 when the line
// was kept whole, else the line's length, a final '\r' not counted (over the
// cap). False at the end of input.
bool read_protocol_line(std::istream& in, std::string& line, std::size_t& too_long);

}  // namespace arcade::cli
