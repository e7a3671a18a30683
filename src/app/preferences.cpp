#include "app/preferences.h"

#include <vector>

#include "engine/parsed.h"

namespace arcade::app {
namespace {

constexpr const char* kPrefsKey = "prefs";

}  // namespace

std::string preferences_line(const Preferences& p) {
  return std::string(kPrefsKey) + " sound " + (p.sound ? "1" : "0") + " motion " +
         (p.reduce_motion ? "1" : "0") + " pace " + std::to_string(p.ai_pace_ms) + " think " +
         (p.think_on_your_time ? "1" : "0") + " steady " + (p.steady ? "1" : "0") + "\n";
}

Preferences take_preferences(std::string& saved, Preferences p) {
  std::string key = "\n";
  key.append(kPrefsKey).append(" ");
  const std::size_t at = saved.find(key);
  if (at == std::string::npos) return p;
  const std::size_t end = saved.find('\n', at + 1);
  const std::vector<std::string> w =
      split_words(saved.substr(at + key.size(), end - at - key.size()));
  saved.erase(at + 1, end == std::string::npos ? std::string::npos : end - at);
  for (std::size_t i = 0; i + 1 < w.size(); i += 2) {
    if (w[i] == "sound") p.sound = w[i + 1] == "1";
    if (w[i] == "motion") p.reduce_motion = w[i + 1] == "1";
    if (w[i] == "think") p.think_on_your_time = w[i + 1] == "1";
    if (w[i] == "steady") p.steady = w[i + 1] == "1";
    if (w[i] == "pace")
      p.ai_pace_ms = static_cast<int>(parse_number(w[i + 1], 0, 5000).value_or(p.ai_pace_ms));
  }
  return p;
}

}  // namespace arcade::app
