// Reversi endgame positions from random play, each checked by a plain solver
// of its own, for `arcade bench reversi` and the comparison with Edax
// (data/reversi_random_20_24.obf was written by it).
//
//   g++ -std=c++20 -O2 -mpopcnt -Isrc tools/reversi_positions.cpp -o /tmp/reversi_positions
//   /tmp/reversi_positions SEED EMPTIES... > FILE.obf
//
// For each EMPTIES, one game of uniformly random moves from the start (the
// generator std::mt19937_64 seeded with SEED, then with SEED + 1, ... for
// each game) stops at that many empty squares; a game that ends earlier, or
// a stop where the side to move must pass, is replayed with the next seed.
// Each line is the board and side of the FFO .obf format
// (../shared/data/reversi/README.md), then every best move with the
// position's exact score (the file lists the best moves only, not every move:
// scoring every move of 24 empties without the real solver's tricks takes too
// long).
//
// The plain solver shares nothing with games/reversi/endgame.cpp but the move
// generator of games/reversi/bitboard.h (tested square by square against a
// walk of the eight directions): fail-soft alpha-beta with a fixed square
// order (corners first), from 8 empties up the moves that leave the fewest
// replies first and a table of bounds (without them 20 empties took
// minutes); the score by null-window tests from 0; no principal variation
// search, no parity, no stability, no special last moves. Each move's score
// is tested against the best with a null window.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "games/reversi/bitboard.h"

namespace {

using arcade::reversi::Bitboard;
using arcade::reversi::count;
using arcade::reversi::flips;
using arcade::reversi::legal_moves;

// Corners, then the squares two from a corner, the edges, the inside, the
// squares next to the corners last.
constexpr int kOrder[64] = {0,  7,  56, 63, 2,  5,  16, 23, 40, 47, 58, 61, 3,  4,  24, 31,
                            32, 39, 59, 60, 18, 21, 42, 45, 19, 20, 26, 29, 34, 37, 43, 44,
                            27, 28, 35, 36, 10, 11, 12, 13, 17, 22, 25, 30, 33, 38, 41, 46,
                            50, 51, 52, 53, 1,  6,  8,  15, 48, 55, 57, 62, 9,  14, 49, 54};

std::uint64_t g_nodes = 0;

int final_score(Bitboard player, Bitboard opponent) {
  const int mine = count(player), theirs = count(opponent), empty = 64 - mine - theirs;
  if (mine > theirs) return mine - theirs + empty;
  if (mine < theirs) return mine - theirs - empty;
  return 0;
}

// A table of bounds for positions of 8 empties and more (every position kept
// whole, so no collision can mislead it), replaced always.
struct Bounds {
  Bitboard player = 0, opponent = 0;
  int lower = -64, upper = 64;
};
std::vector<Bounds> g_table(std::size_t{1} << 22);

Bounds& bounds_of(Bitboard player, Bitboard opponent) {
  return g_table[(player * 0x9E3779B97F4A7C15ULL + opponent * 0x632BE59BD9B4E019ULL) >> 42];
}

// The moves in the fixed order, or from 8 empties up fewest replies first
// (ties in the fixed order).
int ordered_moves(Bitboard player, Bitboard opponent, int moves_out[32]) {
  const Bitboard moves = legal_moves(player, opponent);
  int n = 0, replies[32];
  const bool sort = 64 - count(player | opponent) >= 8;
  for (int square : kOrder) {
    if (!(moves >> square & 1)) continue;
    const Bitboard turned = flips(player, opponent, square);
    const int r =
        sort ? count(legal_moves(opponent & ~turned, player | turned | Bitboard{1} << square)) : 0;
    int i = n++;
    for (; i > 0 && replies[i - 1] > r; --i) {
      replies[i] = replies[i - 1];
      moves_out[i] = moves_out[i - 1];
    }
    replies[i] = r;
    moves_out[i] = square;
  }
  return n;
}

int plain_search(Bitboard player, Bitboard opponent, int alpha, int beta, bool passed) {
  ++g_nodes;
  int moves[32];
  const int n = ordered_moves(player, opponent, moves);
  if (n == 0) {
    if (passed) return final_score(player, opponent);
    return -plain_search(opponent, player, -beta, -alpha, true);
  }
  const bool keep = 64 - count(player | opponent) >= 8;
  Bounds* entry = nullptr;
  if (keep) {
    entry = &bounds_of(player, opponent);
    if (entry->player != player || entry->opponent != opponent)
      *entry = {player, opponent, -64, 64};
    if (entry->lower >= beta) return entry->lower;
    if (entry->upper <= alpha) return entry->upper;
    if (entry->lower == entry->upper) return entry->lower;
  }
  const int alpha0 = alpha;
  int best = -100;
  for (int i = 0; i < n; ++i) {
    const int square = moves[i];
    const Bitboard turned = flips(player, opponent, square);
    const int score = -plain_search(opponent & ~turned, player | turned | Bitboard{1} << square,
                                    -beta, -alpha, false);
    if (score > best) {
      best = score;
      if (best >= beta) break;
      if (best > alpha) alpha = best;
    }
  }
  if (keep) {
    entry = &bounds_of(player, opponent);  // the children may have replaced it
    if (entry->player != player || entry->opponent != opponent)
      *entry = {player, opponent, -64, 64};
    if (best > alpha0) entry->lower = std::max(entry->lower, best);
    if (best < beta) entry->upper = std::min(entry->upper, best);
  }
  return best;
}

struct Position {
  Bitboard black = 0, white = 0;
  bool black_to_move = true;
};

// Random play until `empties` squares are empty and the side to move has a
// move; false when the game ends or a side must pass at that point.
bool random_position(std::mt19937_64& rng, int empties, Position& p) {
  p = {Bitboard{1} << 35 | Bitboard{1} << 28, Bitboard{1} << 27 | Bitboard{1} << 36, true};
  for (;;) {
    Bitboard& mover = p.black_to_move ? p.black : p.white;
    Bitboard& other = p.black_to_move ? p.white : p.black;
    const Bitboard moves = legal_moves(mover, other);
    if (64 - count(p.black | p.white) == empties) return moves != 0;
    if (!moves) {
      if (!legal_moves(other, mover)) return false;
      p.black_to_move = !p.black_to_move;
      continue;
    }
    int pick = std::uniform_int_distribution<int>(0, count(moves) - 1)(rng);
    Bitboard m = moves;
    while (pick--) m &= m - 1;
    const int square = __builtin_ctzll(m);
    const Bitboard turned = flips(mover, other, square);
    mover |= turned | Bitboard{1} << square;
    other &= ~turned;
    p.black_to_move = !p.black_to_move;
  }
}

std::string obf_line(const Position& p) {
  const Bitboard player = p.black_to_move ? p.black : p.white;
  const Bitboard opponent = p.black_to_move ? p.white : p.black;
  std::string line;
  for (int s = 0; s < 64; ++s) line += (p.black >> s & 1) ? 'X' : (p.white >> s & 1) ? 'O' : '-';
  line += p.black_to_move ? " X;" : " O;";
  // The score by null windows (MTD(f) from 0): each test says whether the
  // score reaches a value; a whole-window search of 22 empties took minutes.
  int lower = -64, upper = 64, score = 0;
  while (lower < upper) {
    const int test = std::max(score, lower + 1);
    score = plain_search(player, opponent, test - 1, test, false);
    (score < test ? upper : lower) = score;
  }
  for (int square : kOrder) {
    if (!(legal_moves(player, opponent) >> square & 1)) continue;
    const Bitboard turned = flips(player, opponent, square);
    const Bitboard next_player = opponent & ~turned;
    const Bitboard next_opponent = player | turned | Bitboard{1} << square;
    // The move reaches `score` when its score is not below it: one null window.
    if (-plain_search(next_player, next_opponent, -score, -score + 1, false) < score) continue;
    char field[16];
    std::snprintf(field, sizeof field, " %c%c:%+d;", 'A' + square % 8, '1' + square / 8, score);
    line += field;
  }
  return line;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: reversi_positions SEED EMPTIES...\n");
    return 2;
  }
  std::uint64_t seed = std::strtoull(argv[1], nullptr, 10);
  for (int i = 2; i < argc; ++i) {
    const int empties = std::atoi(argv[i]);
    Position p;
    for (;; ++seed) {
      std::mt19937_64 rng(seed);
      if (random_position(rng, empties, p)) break;
    }
    g_nodes = 0;
    const auto start = std::chrono::steady_clock::now();
    std::printf("%s\n", obf_line(p).c_str());
    std::fflush(stdout);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "seed %llu empties %d plain nodes %llu seconds %.1f\n",
                 static_cast<unsigned long long>(seed), empties,
                 static_cast<unsigned long long>(g_nodes), seconds);
    ++seed;
  }
  return 0;
}
