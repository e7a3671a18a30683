#pragma once
// `arcade book ...`: builds, merges and checks the Connect Four opening book
// (connect4_book.h); Connect Four's tool of the `arcade` command
// (registration.h).
//
//   arcade book build FILE [plies N] [full F] [hash MB] [threads T] [minutes M]
//       Builds the book up to N plies (default 8): the perfect player's tree
//       (connect4_book_builder.h), every position up to F plies
//       (default 2). Ply by ply, on T threads (one a core), each with a
//       table of MB megabytes. Resumable: each result is appended to FILE.log
//       at once, and a build reads FILE and its log before it starts, so a
//       stopped build (killed, or at its time limit of M minutes) loses at
//       most the positions it was solving. Reproducible: an entry is an exact
//       fact about its position and the book's move follows from the facts,
//       so the file is the same byte for byte however the build was split
//       into runs or threads.
//   arcade book pack FILE
//       Merges a killed build's log into FILE and removes it.
//   arcade book check FILE [samples K] [seed S] [plies P]
//       Solves K entries (of P plies or more) picked at random again,
//       without the book, and
//       compares score and best columns.
//   arcade book info FILE
//       Entries per ply and the file's size.

#include "games/game_tool.h"

namespace arcade {

// call.args[0] is "book". Returns 0 on success, 1 when `check` finds a wrong
// entry, 2 on bad arguments or an unreadable or damaged file.
int connect4_book_tool(const ToolCall& call);

}  // namespace arcade
