#pragma once
// `arcade bench connect4 FILE`: solves every position of a Connect Four data
// file ("<moves> <score>" a line), checks each score, and reports the mean
// time and nodes a position, the figures Pascal Pons' test protocol compares.

#include <iosfwd>
#include <string>

namespace arcade::cli {

// Prints each mismatch, then one summary line:
//   bench <file name> positions N mismatches M mean_us U mean_nodes K
// Returns 0 when every score matched, 1 on a mismatch, 2 when the file
// cannot be read or a line is malformed (the error names the line).
int bench_connect4(const std::string& path, std::ostream& out, std::ostream& err);

}  // namespace arcade::cli
