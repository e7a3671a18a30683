#include "app/game/game_links.h"

#include <algorithm>
#include <array>
#include <map>

#include "games/registry.h"

namespace arcade::app {
namespace {

// Characters as a person counts them: UTF-8's continuation bytes are part
// of the character before.
std::size_t characters(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

constexpr std::array<std::string_view, 5> kLinkKeys = {"game", "start", "position", "moves",
                                                       "redo"};

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A part of a link as written: '+' for a space, %XX for any byte.
std::string decoded(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      out += ' ';
    } else if (text[i] == '%' && i + 2 < text.size() && hex_digit(text[i + 1]) >= 0 &&
               hex_digit(text[i + 2]) >= 0) {
      out += static_cast<char>(hex_digit(text[i + 1]) * 16 + hex_digit(text[i + 2]));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

// A link's keys and values, each key once and known.
Parsed<std::map<std::string, std::string>> read_link_values(std::string_view link) {
  link.remove_prefix(std::min(link.find_first_not_of(" \t\r\n"), link.size()));
  link.remove_suffix(link.size() - std::min(link.find_last_not_of(" \t\r\n") + 1, link.size()));
  if (const std::size_t hash = link.find('#'); hash != std::string_view::npos)
    link.remove_prefix(hash + 1);
  std::map<std::string, std::string> values;
  for (const std::string& part : split_any(link, "&")) {
    const std::size_t equals = part.find('=');
    const std::string key = decoded(std::string_view(part).substr(0, equals));
    if (std::find(kLinkKeys.begin(), kLinkKeys.end(), key) == kLinkKeys.end())
      return ParseError{"unknown key '" + key + "'"};
    if (equals == std::string::npos) return ParseError{"the key '" + key + "' has no value"};
    if (!values.emplace(key, decoded(std::string_view(part).substr(equals + 1))).second)
      return ParseError{"the key '" + key + "' is given twice"};
  }
  return values;
}

// The start a link names, as the protocol writes it: a variant by its name
// ("start=c1") or a position string ("position=...").
Parsed<std::string> link_start(const GameView& game,
                               const std::map<std::string, std::string>& values) {
  const auto start = values.find("start");
  const auto position = values.find("position");
  if (start != values.end() && position != values.end())
    return ParseError{"a link gives a start or a position, not both"};
  if (position != values.end()) {
    if (auto problem = game.clone()->set_position(position->second))
      return ParseError{"the position is not one of " + std::string(game.title()) + ": " +
                        *problem};
    return position->second;
  }
  if (start == values.end()) return std::string("startpos");
  const std::vector<std::string_view> names = game.start_variant_names();
  const auto name = std::find(names.begin(), names.end(), start->second);
  if (name == names.end()) {
    std::string known;
    for (std::string_view n : names) known.append(known.empty() ? "" : ", ").append(n);
    return ParseError{"unknown start '" + start->second + "' for " + std::string(game.title()) +
                      " (" + known + ")"};
  }
  return game.start_variant_text(static_cast<std::size_t>(name - names.begin()));
}

}  // namespace

std::optional<std::string> text_too_long(std::string_view text) {
  const std::size_t count = characters(text);
  if (count <= kMaxLinkChars) return std::nullopt;
  return "it is too long (" + grouped(count) + " characters; at most " + grouped(kMaxLinkChars) +
         ")";
}

std::string visible(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte != 0x7f) {
      out += c;
      continue;
    }
    out += '\\';
    switch (c) {
      case '\0':
        out += '0';
        break;
      case '\t':
        out += 't';
        break;
      case '\n':
        out += 'n';
        break;
      case '\r':
        out += 'r';
        break;
      default:
        out.append({'x', kHex[byte >> 4], kHex[byte & 15]});
    }
  }
  return out;
}

std::vector<std::string> split_any(std::string_view text, std::string_view separators) {
  std::vector<std::string> parts;
  std::size_t at = text.find_first_not_of(separators);
  while (at != std::string_view::npos) {
    const std::size_t end = std::min(text.find_first_of(separators, at), text.size());
    parts.emplace_back(text.substr(at, end - at));
    at = text.find_first_not_of(separators, end);
  }
  return parts;
}

std::string joined(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (const std::string& part : parts) out.append(out.empty() ? "" : separator).append(part);
  return out;
}

Parsed<GameState> read_link(std::string_view link) {
  const Parsed<std::map<std::string, std::string>> values = read_link_values(link);
  if (!values) return ParseError{values.error()};
  const auto game = values->find("game");
  if (game == values->end()) return ParseError{"the link names no game (game=...)"};
  const std::unique_ptr<GameView> view = make_game_view(game->second);
  if (!view) return ParseError{"unknown game '" + game->second + "'"};
  const Parsed<std::string> start = link_start(*view, *values);
  if (!start) return ParseError{start.error()};
  const auto moves = values->find("moves");
  const auto redo = values->find("redo");
  return read_game(game->second, *start,
                   moves == values->end() ? std::vector<std::string>{}
                                          : split_any(moves->second, kMoveSeparators),
                   redo == values->end() ? std::vector<std::string>{}
                                         : split_any(redo->second, kMoveSeparators));
}

std::string link_fragment(const GameState& state, bool with_redo) {
  std::string out = "game=" + state.game;
  const std::vector<std::string_view> variants = state.start->start_variant_names();
  const std::optional<std::size_t> variant = state.start->start_variant();
  if (variant && variants.size() > 1) out.append("&start=").append(variants[*variant]);
  if (!variant) {
    std::string position = state.start->position_text();
    std::replace(position.begin(), position.end(), ' ', '+');
    out += "&position=" + position;
  }
  if (!state.line.empty()) out += "&moves=" + joined(texts(state.line), ".");
  if (with_redo && !state.redo.empty()) out += "&redo=" + joined(redo_texts(state.redo), ".");
  return out;
}

}  // namespace arcade::app
