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

}  // namespace arcade::cli
