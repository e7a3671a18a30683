#pragma once
// `arcade bench reversi FILE`: solves every position of a Reversi endgame
// file exactly (games/reversi/endgame.h), checks the position's score, the
// best move and every listed move's score against the file, and prints the
// nodes, time and nodes per second a position and in total.

#include <iosfwd>
#include <string>

#include "games/game_tool.h"

namespace arcade {

// FILE: one position a line in the .obf format of the FFO test positions
// (../shared/data/reversi/README.md): the 64 squares a1..h8 ('X' black, 'O'
// white, '-' empty), a space, the side to move, then `; <MOVE>:<score>`
// fields, best first (the first field's score is the position's). Each
// position starts from an empty table. A line a position:
//   reversi <line> empties E score S best M nodes N ms T nps R moves K moves_nodes N2 moves_ms T2
// (score and best from one solve, timed alone; then the listed moves' exact
// scores: EndgameSolver::solve_moves when every legal move is listed, as in
// the FFO files, else each listed move solved alone), each mismatch on its
// own line, then:
//   bench <file name> positions P mismatches M nodes N ms T cpu_ms C nps R moves_nodes N2 moves_ms
//   T2
// (cpu_ms: the processor time of the solves, for a machine shared with other
// work).
// Returns 0 when everything matched, 1 on a mismatch, 2 when the file
// cannot be read, is a directory, holds no positions or has a malformed line
// (the error names the line): a position of more than kMaxBenchEmpties
// empty squares, or a line longer than kMaxDataLine (games/data_file.h).
int bench_reversi(const std::string& path, std::ostream& out, std::ostream& err);

// `arcade bench reversi FILE` (registration.h): bench_reversi, or the
// arguments refused.
int bench_reversi_tool(const ToolCall& call);

// The most empty squares a position of the file may have. The exact solve
// takes about three times as long for each further empty square: the sets
// the bench is for (FFO #1-19 at 14-16 empties, FFO #20-39 at 20-26, the
// random 20-24 set) take seconds to a minute, 30 empties minutes to hours, and a
// position of 60 would never end (and a solve cannot be stopped), so a
// line beyond the limit is refused as malformed, before anything is solved.
inline constexpr int kMaxBenchEmpties = 30;

}  // namespace arcade
