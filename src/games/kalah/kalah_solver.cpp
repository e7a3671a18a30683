#include "games/kalah/kalah_solver.h"

#include <algorithm>
#include <numeric>

#include "engine/clock.h"
#include "engine/hash.h"

namespace arcade {
namespace {

constexpr std::int8_t kUnknown = -128;

int seeds_on(const KalahSolver::Board& board) {
  return std::accumulate(board.begin(), board.end(), 0);
}

}  // namespace

KalahSolver::KalahSolver(int houses, int endgame_seeds, int table_bits)
    : houses_(houses),
      endgame_seeds_(endgame_seeds),
      table_(std::size_t{1} << std::max(table_bits, 1)),
      mask_((std::uint64_t{1} << std::max(table_bits, 1)) - 1) {
  // ways_[parts][n] = C(n + parts - 1, parts - 1), by Pascal's rule.
  const int parts = 2 * houses_;
  ways_.assign(static_cast<std::size_t>(parts) + 1,
               std::vector<std::uint64_t>(static_cast<std::size_t>(endgame_seeds_) + 1, 0));
  ways_[0][0] = 1;
  for (int k = 1; k <= parts; ++k)
    for (int n = 0; n <= endgame_seeds_; ++n)
      ways_[k][n] = ways_[k - 1][n] + (n > 0 ? ways_[k][n - 1] : 0);
  offset_.assign(static_cast<std::size_t>(endgame_seeds_) + 2, 0);
  for (int n = 0; n <= endgame_seeds_; ++n) offset_[n + 1] = offset_[n] + ways_[parts][n];
  const SteadyClock::time_point start = SteadyClock::now();
  build_endgame();
  endgame_build_ms_ = ms_since(start);
}

KalahSolver::Board KalahSolver::board_of(const Kalah::Position& p) {
  Board board{};
  // (Bounded for the compiler, which cannot tell that houses are at most 6.)
  const int h = std::min<int>(p.houses, Kalah::kMaxHouses);
  for (int house = 0; house < h; ++house) {
    board[house] = p.pits[Kalah::pit_of(p, p.side, house)];
    board[h + house] = p.pits[Kalah::pit_of(p, 1 - p.side, house)];
  }
  return board;
}

// The ring from the mover's view: its houses 0..h-1, its store h, the
// opponent's houses h+1..2h; the opponent's store is skipped. Whole laps
// first, then the rest one by one.
KalahSolver::Sown KalahSolver::sow(const Board& board, int m) const {
  const int h = std::min(houses_, Kalah::kMaxHouses);  // (bounded for the compiler)
  const int ring = 2 * h + 1;
  Sown s;
  Board b = board;
  const int seeds = b[m];
  b[m] = 0;
  const int laps = seeds / ring, rest = seeds % ring;
  if (laps > 0)
    for (int i = 0; i < 2 * h; ++i) b[i] = static_cast<std::uint8_t>(b[i] + laps);
  s.gained = laps;
  int last = m;
  for (int k = 1; k <= rest; ++k) {
    last = m + k < ring ? m + k : m + k - ring;
    if (last < h)
      ++b[last];
    else if (last == h)
      ++s.gained;
    else
      ++b[last - 1];
  }
  if (rest == 0) last = m;  // the last lap ended where it began
  if (last == h) {
    s.again = true;
  } else if (last < h && b[last] == 1) {
    // The empty-capture rule: the last seed, and whatever is opposite.
    const int across = h + (h - 1 - last);
    s.gained += 1 + b[across];
    b[last] = 0;
    b[across] = 0;
  }
  int mine = 0, theirs = 0;
  for (int i = 0; i < h; ++i) {
    mine += b[i];
    theirs += b[h + i];
  }
  if (mine == 0 || theirs == 0) {
    s.ended = true;
    s.gained += mine - theirs;
    return s;
  }
  if (s.again) {
    s.next = b;
  } else {
    for (int i = 0; i < h; ++i) {
      s.next[i] = b[h + i];
      s.next[h + i] = b[i];
    }
  }
  return s;
}

std::uint64_t KalahSolver::endgame_index(const Board& board, int seeds) const {
  const int parts = 2 * houses_;
  std::uint64_t index = offset_[seeds];
  int left = seeds;
  for (int i = 0; i + 1 < parts; ++i) {
    const std::vector<std::uint64_t>& ways = ways_[parts - 1 - i];
    for (int v = 0; v < board[i]; ++v) index += ways[left - v];
    left -= board[i];
  }
  return index;
}

std::int8_t KalahSolver::endgame_value(const Board& board, int seeds) const {
  return endgame_[endgame_index(board, seeds)];
}

std::optional<int> KalahSolver::endgame_board_value(const Board& board) const {
  const int seeds = seeds_on(board);
  if (seeds > endgame_seeds_) return std::nullopt;
  return endgame_value(board, seeds);
}

int KalahSolver::solve_endgame(const Board& board, int seeds) {
  std::int8_t& known = endgame_[endgame_index(board, seeds)];
  if (known != kUnknown) return known;
  int best = -128;
  for (int m = 0; m < houses_; ++m) {
    if (board[m] == 0) continue;
    const Sown s = sow(board, m);
    int v = s.gained;
    if (!s.ended) {
      const int w = solve_endgame(s.next, seeds_on(s.next));
      v = s.again ? v + w : v - w;
    }
    best = std::max(best, v);
  }
  known = static_cast<std::int8_t>(best);
  return best;
}

// Every board of at most endgame_seeds seeds with seeds on both sides (the
// others end the game and are never looked up).
void KalahSolver::build_endgame() {
  endgame_.assign(offset_.back(), kUnknown);
  const int parts = 2 * houses_;
  Board board{};
  const auto visit = [&](auto& self, int part, int left, int total) -> void {
    if (part == parts - 1) {
      board[part] = static_cast<std::uint8_t>(left);
      int mine = 0, theirs = 0;
      for (int i = 0; i < houses_; ++i) {
        mine += board[i];
        theirs += board[houses_ + i];
      }
      if (mine > 0 && theirs > 0) solve_endgame(board, total);
      return;
    }
    for (int c = 0; c <= left; ++c) {
      board[part] = static_cast<std::uint8_t>(c);
      self(self, part + 1, left - c, total);
    }
  };
  for (int n = 2; n <= endgame_seeds_; ++n) visit(visit, 0, n, n);
}

// Seven bits a count (at most 72 seeds): nine counts in one word, three in
// the other.
KalahSolver::Entry* KalahSolver::find(std::size_t slot, std::uint64_t low, std::uint32_t high) {
  for (std::size_t i = slot; i < slot + 2; ++i) {
    Entry& e = table_[i];
    if (e.seeds > 0 && e.key_low == low && e.key_high == high) return &e;
  }
  return nullptr;
}

void KalahSolver::pack(const Board& board, std::uint64_t& low, std::uint32_t& high) {
  low = 0;
  for (int i = 0; i < 9; ++i) low = low << 7 | board[i];
  high = std::uint32_t{board[9]} << 14 | std::uint32_t{board[10]} << 7 | board[11];
}

// Negamax with fail-soft alpha-beta over the board's value: within
// [-seeds, seeds]; alpha < v < beta exact, v <= alpha an upper bound, v >=
// beta a lower bound. The table keeps both bounds of a board.
int KalahSolver::search(const Board& board, int seeds, int alpha, int beta) {
  if (seeds <= endgame_seeds_) return endgame_value(board, seeds);
  if ((++nodes_ & 0xFFFF) == 0 && ((stop_ && stop_->load(std::memory_order_relaxed)) ||
                                   (deadline_ && SteadyClock::now() >= *deadline_)))
    stopped_ = true;
  if (stopped_) return 0;
  if (alpha >= seeds) return seeds;
  if (beta <= -seeds) return -seeds;

  // Step 1. What the table knows.
  std::uint64_t low;
  std::uint32_t high;
  pack(board, low, high);
  const std::size_t slot = mix_hash(low ^ mix_hash(high)) & mask_ & ~std::uint64_t{1};
  int lower = -seeds, upper = seeds;
  int table_move = -1;
  if (const Entry* entry = find(slot, low, high)) {
    lower = std::max(lower, int{entry->lower});
    upper = std::min(upper, int{entry->upper});
    if (lower >= beta) return lower;
    if (upper <= alpha) return upper;
    if (lower == upper) return lower;
    table_move = entry->best == 0xFF ? -1 : entry->best;
  }
  const int alpha_at_entry = std::max(alpha, lower);
  alpha = alpha_at_entry;
  beta = std::min(beta, upper);

  // Step 2. The moves, best guesses first: the table's, then those that
  // move again (nearest the store first, which leaves the others as they
  // were), then by the seeds they gain.
  std::array<Sown, Kalah::kMaxHouses> sown;
  std::array<int, Kalah::kMaxHouses> order{}, keys{};
  int count = 0;
  for (int m = houses_ - 1; m >= 0; --m) {
    if (board[m] == 0) continue;
    sown[m] = sow(board, m);
    const Sown& s = sown[m];
    int key = s.ended ? 0 : s.gained * 8 + (s.again ? 400 + m : 0);
    if (m == table_move) key = 10'000;
    int at = count++;
    for (; at > 0 && keys[at - 1] < key; --at) {
      order[at] = order[at - 1];
      keys[at] = keys[at - 1];
    }
    order[at] = m;
    keys[at] = key;
  }

  // Step 3. Search them.
  int best = -128, best_move = order[0];
  for (int i = 0; i < count; ++i) {
    const int m = order[i];
    const Sown& s = sown[m];
    int v;
    if (s.ended) {
      v = s.gained;
    } else {
      const int next_seeds = seeds_on(s.next);
      v = s.again ? s.gained + search(s.next, next_seeds, alpha - s.gained, beta - s.gained)
                  : s.gained - search(s.next, next_seeds, s.gained - beta, s.gained - alpha);
    }
    if (stopped_) return 0;
    if (v > best) {
      best = v;
      best_move = m;
    }
    if (v > alpha) alpha = v;
    if (alpha >= beta) break;
  }

  // Step 4. Remember the bound, with what the table knew of the same board
  // (the search below may have replaced it).
  Entry* entry = find(slot, low, high);
  if (!entry) {
    // Two entries a bucket: the first keeps the board of more seeds (a
    // larger search to redo), the second takes whatever comes.
    Entry& first = table_[slot];
    entry = &table_[slot + 1];
    if (first.seeds <= seeds) {
      *entry = first;
      entry = &first;
    }
    *entry = Entry{low,
                   high,
                   static_cast<std::int8_t>(-seeds),
                   static_cast<std::int8_t>(seeds),
                   0xFF,
                   static_cast<std::uint8_t>(seeds)};
  }
  if (best <= alpha_at_entry)
    entry->upper = static_cast<std::int8_t>(std::min<int>(entry->upper, best));
  else if (best >= beta)
    entry->lower = static_cast<std::int8_t>(std::max<int>(entry->lower, best));
  else
    entry->lower = entry->upper = static_cast<std::int8_t>(best);
  entry->best = static_cast<std::uint8_t>(best_move);
  return best;
}

std::optional<int> KalahSolver::board_value(const Board& board, const std::atomic<bool>* stop) {
  const int seeds = seeds_on(board);
  if (seeds <= endgame_seeds_) return endgame_value(board, seeds);
  stop_ = stop;
  stopped_ = false;
  // MTD(f): null windows from a guess of a draw, each narrowing the value.
  int lower = -seeds, upper = seeds, guess = 0;
  while (lower < upper) {
    const int beta = guess == lower ? guess + 1 : guess;
    guess = search(board, seeds, beta - 1, beta);
    if (stopped_) return std::nullopt;
    if (guess < beta)
      upper = guess;
    else
      lower = guess;
  }
  return guess;
}

std::optional<int> KalahSolver::value(const Kalah::Position& p, const std::atomic<bool>* stop) {
  if (Kalah::outcome(p) != Outcome::kOngoing) return Kalah::final_margin(p);
  const std::optional<int> board = board_value(board_of(p), stop);
  if (!board) return std::nullopt;
  return Kalah::final_margin(p) + *board;
}

std::optional<std::vector<Move>> KalahSolver::best_line(const Kalah::Position& p,
                                                        const std::atomic<bool>* stop) {
  std::optional<int> target = value(p, stop);
  if (!target || Kalah::outcome(p) != Outcome::kOngoing) return std::nullopt;
  std::vector<Move> line;
  Kalah::Position pos = p;
  while (Kalah::outcome(pos) == Outcome::kOngoing) {
    MoveList<Kalah::kMaxMoves> moves;
    Kalah::generate_moves(pos, moves);
    bool found = false;
    for (Move m : moves) {
      const Kalah::Position next = Kalah::play(pos, m);
      const std::optional<int> w = value(next, stop);
      if (!w) return std::nullopt;
      if ((next.side == pos.side ? *w : -*w) != *target) continue;
      line.push_back(m);
      pos = next;
      target = w;
      found = true;
      break;
    }
    if (!found) return std::nullopt;  // cannot happen: some move keeps the value
  }
  return line;
}

}  // namespace arcade
