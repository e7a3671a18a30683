#include "games/kalah/kalah.h"

#include <algorithm>

#include "engine/hash.h"

namespace arcade {
namespace {

// The pits of a variant, the stores included.
int ring(const Kalah::Position& p) {
  return 2 * p.houses + 2;
}

// The pit facing house pit `pit` across the board.
int opposite(const Kalah::Position& p, int pit) {
  return 2 * p.houses - pit;
}

bool is_house_of(const Kalah::Position& p, int side, int pit) {
  return side == 0 ? pit < p.houses : pit > p.houses && pit < 2 * p.houses + 1;
}

// Sows house m of the side to move in `p`, moving every seed and applying
// the capture and the end of the game; the side to move is left as it was.
Kalah::Sowing sow(Kalah::Position& p, Move m) {
  Kalah::Sowing s;
  const int side = p.side;
  const int own_store = Kalah::store_of(p, side);
  const int other_store = Kalah::store_of(p, 1 - side);
  int pit = Kalah::pit_of(p, side, m);
  int seeds = p.pits[pit];
  p.pits[pit] = 0;
  const int pits = ring(p);
  while (seeds > 0) {
    pit = pit + 1 == pits ? 0 : pit + 1;
    if (pit == other_store) continue;
    ++p.pits[pit];
    --seeds;
  }
  s.last_pit = pit;
  if (pit == own_store) {
    s.extra_move = true;
  } else if (is_house_of(p, side, pit) && p.pits[pit] == 1) {
    // The empty-capture rule: the last seed is taken even from an empty
    // house's opposite.
    const int across = opposite(p, pit);
    s.captured = 1 + p.pits[across];
    p.pits[own_store] = static_cast<std::uint8_t>(p.pits[own_store] + s.captured);
    p.pits[pit] = 0;
    p.pits[across] = 0;
  }
  if (Kalah::seeds_in_houses(p, 0) == 0 || Kalah::seeds_in_houses(p, 1) == 0) {
    s.ends_game = true;
    for (int other = 0; other < 2; ++other) {
      const int store = Kalah::store_of(p, other);
      for (int house = 0; house < p.houses; ++house) {
        std::uint8_t& h = p.pits[Kalah::pit_of(p, other, house)];
        p.pits[store] = static_cast<std::uint8_t>(p.pits[store] + h);
        h = 0;
      }
    }
  }
  return s;
}

std::string join_counts(const Kalah::Position& p, int side) {
  std::string text;
  for (int house = 0; house < p.houses; ++house) {
    if (house > 0) text += ',';
    text += std::to_string(p.pits[Kalah::pit_of(p, side, house)]);
  }
  return text + ":" + std::to_string(p.pits[Kalah::store_of(p, side)]);
}

}  // namespace

Kalah::Position Kalah::start_of(int houses, int seeds) {
  Position p;
  p.houses = static_cast<std::uint8_t>(houses);
  p.seeds_per_house = static_cast<std::uint8_t>(seeds);
  for (int side = 0; side < 2; ++side)
    for (int house = 0; house < houses; ++house)
      p.pits[pit_of(p, side, house)] = static_cast<std::uint8_t>(seeds);
  return p;
}

int Kalah::seeds_in_houses(const Position& p, int side) {
  int seeds = 0;
  for (int house = 0; house < p.houses; ++house) seeds += p.pits[pit_of(p, side, house)];
  return seeds;
}

void Kalah::generate_moves(const Position& p, MoveList<kMaxMoves>& moves) {
  for (int house = 0; house < p.houses; ++house)
    if (p.pits[pit_of(p, p.side, house)] > 0) moves.push(static_cast<Move>(house));
}

Kalah::Position Kalah::play(const Position& p, Move m) {
  Position next = p;
  const Sowing s = sow(next, m);
  if (!s.extra_move) next.side = static_cast<std::uint8_t>(1 - p.side);
  return next;
}

Kalah::Sowing Kalah::sowing(const Position& p, Move m) {
  Position next = p;
  return sow(next, m);
}

// The game is over exactly when every house is empty (play gathers the
// seeds left once one side's houses are).
Outcome Kalah::outcome(const Position& p) {
  if (seeds_in_houses(p, 0) + seeds_in_houses(p, 1) > 0) return Outcome::kOngoing;
  const int margin = final_margin(p);
  return margin > 0 ? Outcome::kWon : margin < 0 ? Outcome::kLost : Outcome::kDrawn;
}

int Kalah::final_margin(const Position& p) {
  return p.pits[store_of(p, p.side)] - p.pits[store_of(p, 1 - p.side)];
}

Kalah::Weights Kalah::term_values(const Position& p, const Weights&) {
  Weights values{};
  for (int side = 0; side < 2; ++side) {
    const int sign = side == p.side ? 1 : -1;
    values[kStores] += sign * p.pits[store_of(p, side)];
    values[kHouseSeeds] += sign * seeds_in_houses(p, side);
    // As if `side` were to move: its sowings that end in its store, and its
    // largest capture.
    Position as_mover = p;
    as_mover.side = static_cast<std::uint8_t>(side);
    int extra = 0, capture = 0;
    for (int house = 0; house < p.houses; ++house) {
      if (p.pits[pit_of(p, side, house)] == 0) continue;
      const Sowing s = sowing(as_mover, static_cast<Move>(house));
      extra += s.extra_move;
      capture = std::max(capture, s.captured);
    }
    values[kExtraMoves] += sign * extra;
    values[kCaptures] += sign * capture;
  }
  return values;
}

Score Kalah::evaluate(const Position& p, const Weights& weights) {
  return weighted_total(term_values(p, weights), weights);
}

std::uint64_t Kalah::hash(const Position& p) {
  // Counts below 128 (at most 72 seeds), seven bits each: the first nine
  // pits in one word, the rest with the variant and the side in another.
  std::uint64_t low = 0, high = 0;
  for (int pit = 0; pit < 9; ++pit) low = low << 7 | p.pits[pit];
  for (int pit = 9; pit < kPits; ++pit) high = high << 7 | p.pits[pit];
  high = high << 3 | p.houses;
  high = high << 3 | (p.seeds_per_house - 1u);
  high = high << 1 | p.side;
  return mix_hash(low ^ mix_hash(high));
}

int Kalah::move_hint(const Position& p, Move m) {
  const Sowing s = sowing(p, m);
  if (s.extra_move) return 100;
  return s.captured;
}

std::string Kalah::move_to_text(const Position&, Move m) {
  return std::string(1, static_cast<char>('a' + m));
}

Parsed<Move> Kalah::move_from_text(const Position& p, std::string_view text) {
  if (text.size() != 1 || text[0] < 'a' || text[0] >= 'a' + p.houses) {
    std::string message = "'";  // appended, not added: g++ 12 warns falsely on "'" + string
    return ParseError{message.append(text)
                          .append("' is not a house (a to ")
                          .append(1, static_cast<char>('a' + p.houses - 1))
                          .append(", from the mover's left)")};
  }
  if (outcome(p) != Outcome::kOngoing) return ParseError{"the game is over"};
  const Move m = static_cast<Move>(text[0] - 'a');
  if (p.pits[pit_of(p, p.side, m)] == 0)
    return ParseError{"house " + std::string(text) + " is empty"};
  return m;
}

std::string Kalah::to_text(const Position& p) {
  return std::to_string(p.houses) + "x" + std::to_string(p.seeds_per_house) + " " +
         join_counts(p, 0) + " " + join_counts(p, 1) + (p.side == 0 ? " s" : " n");
}

Parsed<Kalah::Position> Kalah::from_text(std::string_view text) {
  static const std::string kForm =
      "a Kalah position is '<houses>x<seeds> <South's houses a..>:<store> <North's houses "
      "a..>:<store> <s|n>', like 6x4 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s";
  const std::vector<std::string> words = split_words(text);
  if (words.size() != 4) return ParseError{kForm};
  const std::string& variant = words[0];
  if (variant.size() != 3 || variant[1] != 'x') return ParseError{kForm};
  const auto houses = parse_number(variant.substr(0, 1), 1, kMaxHouses);
  const auto seeds = parse_number(variant.substr(2, 1), 1, kMaxSeedsPerHouse);
  if (!houses || !seeds)
    return ParseError{"a variant is <houses>x<seeds>, each from 1 to 6, like 6x4"};
  Position p = start_of(static_cast<int>(*houses), static_cast<int>(*seeds));
  for (int side = 0; side < 2; ++side) {
    const std::string& counts = words[1 + side];
    const std::size_t colon = counts.find(':');
    if (colon == std::string::npos) return ParseError{kForm};
    std::vector<std::string> items;
    std::size_t at = 0;
    const std::string_view list = std::string_view(counts).substr(0, colon);
    while (true) {
      const std::size_t comma = list.find(',', at);
      items.emplace_back(list.substr(at, comma == std::string_view::npos ? comma : comma - at));
      if (comma == std::string_view::npos) break;
      at = comma + 1;
    }
    if (static_cast<int>(items.size()) != p.houses)
      return ParseError{std::string(kSides[side].name) + " needs " + std::to_string(p.houses) +
                        " house counts, one a house"};
    const int total = total_seeds(p);
    for (int house = 0; house < p.houses; ++house) {
      const auto count = parse_number(items[house], 0, static_cast<std::uint64_t>(total));
      if (!count) return ParseError{"'" + items[house] + "' is not a count of seeds"};
      p.pits[pit_of(p, side, house)] = static_cast<std::uint8_t>(*count);
    }
    const auto store = parse_number(counts.substr(colon + 1), 0, static_cast<std::uint64_t>(total));
    if (!store) return ParseError{"'" + counts.substr(colon + 1) + "' is not a count of seeds"};
    p.pits[store_of(p, side)] = static_cast<std::uint8_t>(*store);
  }
  if (words[3] != "s" && words[3] != "n") return ParseError{"the side to move is s or n"};
  p.side = words[3] == "n" ? 1 : 0;
  int sum = 0;
  for (int pit = 0; pit < ring(p); ++pit) sum += p.pits[pit];
  if (sum != total_seeds(p))
    return ParseError{"impossible position: Kalah " + variant + " has " +
                      std::to_string(total_seeds(p)) + " seeds, and these add up to " +
                      std::to_string(sum)};
  const int south = seeds_in_houses(p, 0), north = seeds_in_houses(p, 1);
  if ((south == 0) != (north == 0))
    return ParseError{
        "impossible position: one side's houses are empty, so the game is over and the other "
        "side's seeds are in its store"};
  return p;
}

// North's row above South's, each house under or over its letter, North's
// store at the left and South's at the right (appended, not added: g++ 12
// warns falsely on chains of string +).
std::string Kalah::diagram(const Position& p) {
  const auto count = [](std::string& out, int seeds) {
    const std::string text = std::to_string(seeds);
    out.append(4 - std::min<std::size_t>(3, text.size()), ' ').append(text);
  };
  const auto letters = [&](std::string& out, bool north) {
    out.append(4, ' ');
    for (int i = 0; i < p.houses; ++i)
      out.append(3, ' ').push_back(static_cast<char>('a' + (north ? p.houses - 1 - i : i)));
    out.append(north ? "   North\n" : "   South\n");
  };
  std::string out;
  letters(out, true);
  count(out, p.pits[store_of(p, 1)]);
  for (int house = p.houses - 1; house >= 0; --house) count(out, p.pits[pit_of(p, 1, house)]);
  out.append("\n    ");
  for (int house = 0; house < p.houses; ++house) count(out, p.pits[pit_of(p, 0, house)]);
  count(out, p.pits[store_of(p, 0)]);
  out.push_back('\n');
  letters(out, false);
  out.append(p.side == 0 ? "South" : "North").append(" to move\n");
  return out;
}

// --- How the game shows itself to the app ---

std::vector<StartVariant<Kalah::Position>> Kalah::start_variants() {
  return {{"3 seeds", start_of(6, 3)},
          {"4 seeds", start_of(6, 4)},
          {"5 seeds", start_of(6, 5)},
          {"6 seeds", start_of(6, 6)}};
}

int Kalah::pit_at(const Position& p, Cell c) {
  const int h = p.houses;
  if (c.row == 0) {
    if (c.col >= 1 && c.col <= h) return c.col - 1;
    return c.col == h + 1 ? h : -1;
  }
  if (c.row != 1) return -1;
  if (c.col >= 1 && c.col <= h) return h + 1 + (h - c.col);
  return c.col == 0 ? 2 * h + 1 : -1;
}

Cell Kalah::cell_of_pit(const Position& p, int pit) {
  const int h = p.houses;
  if (pit < h) return {pit + 1, 0};
  if (pit == h) return {h + 1, 0};
  if (pit == 2 * h + 1) return {0, 1};
  return {h - (pit - h - 1), 1};
}

Piece Kalah::piece_at(const Position& p, Cell c) {
  const int pit = pit_at(p, c);
  if (pit < 0 || p.pits[pit] == 0) return Piece::kNone;
  const int side = pit <= p.houses ? 0 : 1;
  if (p.pits[pit] >= kHeapFrom) return side == 0 ? Piece::kFirstSide : Piece::kSecondSide;
  return further_piece(2 * (p.pits[pit] - 1) + side);
}

std::optional<int> Kalah::count_at(const Position& p, Cell c) {
  const int pit = pit_at(p, c);
  if (pit < 0) return std::nullopt;
  return p.pits[pit];
}

MoveCells Kalah::move_cells(const Position& p, Move m) {
  const Position after = play(p, m);
  const int from = pit_of(p, p.side, m);
  // The pits sown, in the order sown (once each), then any other that
  // changed (a capture's opposite house, the seeds gathered at the end).
  std::vector<int> order;
  int pit = from;
  for (int seeds = p.pits[from], n = 0; n < std::min(seeds, ring(p) - 1);) {
    pit = pit + 1 == ring(p) ? 0 : pit + 1;
    if (pit == store_of(p, 1 - p.side)) continue;
    order.push_back(pit);
    ++n;
  }
  for (int other = 0; other < ring(p); ++other)
    if (std::find(order.begin(), order.end(), other) == order.end()) order.push_back(other);
  std::vector<Cell> also;
  for (int changed : order)
    if (changed != from && p.pits[changed] != after.pits[changed])
      also.push_back(cell_of_pit(p, changed));
  return MoveCells::taking(cell_of_pit(p, from), std::move(also));
}

std::string Kalah::move_words(const Position& p, Move m) {
  const Sowing s = sowing(p, m);
  if (s.ends_game) return "";  // end_in_words says how it ended
  // Said to whoever watches, the AI's moves too: the side by its name.
  const std::string side(kSides[static_cast<std::size_t>(p.side)].subject);
  if (s.extra_move) return side + " moves again: the last seed fell in its store.";
  if (s.captured > 0)
    return side + " captures " + std::to_string(s.captured) +
           (s.captured == 1 ? " seed" : " seeds") +
           ": the last seed fell in an empty house of its own.";
  return "";
}

std::string Kalah::end_in_words(const Position& p) {
  if (outcome(p) == Outcome::kOngoing) return "";
  const int south = p.pits[store_of(p, 0)], north = p.pits[store_of(p, 1)];
  if (south == north) return "Draw: " + std::to_string(south) + " seeds each.";
  const bool south_wins = south > north;
  return side_wins(kSides[south_wins ? 0 : 1]) + ": " + std::to_string(south_wins ? south : north) +
         " seeds to " + std::to_string(south_wins ? north : south) + ".";
}

}  // namespace arcade
