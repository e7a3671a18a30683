#include "app/game/sounds.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace arcade::app {
namespace {

// A rising or falling phrase of notes a ninth of a second apart.
std::vector<Tone> phrase(std::initializer_list<float> frequencies) {
  std::vector<Tone> tones;
  float start = 0;
  for (float f : frequencies) {
    tones.push_back({f, start, 0.22f, false});
    start += 0.11f;
  }
  return tones;
}

// Web Audio's exponential ramp from `from` to `to` over [0, 1].
float exponential(float from, float to, float t) {
  return from * std::pow(to / from, t);
}

float envelope(const Tone& tone, float t) {
  constexpr float kSilent = 0.0001f;  // an exponential ramp cannot reach 0
  if (t < 0 || t >= tone.length) return 0;
  if (t < kToneAttack) return exponential(kSilent, kTonePeak, t / kToneAttack);
  return exponential(kTonePeak, kSilent, (t - kToneAttack) / (tone.length - kToneAttack));
}

float wave(const Tone& tone, float t) {
  const float cycles = tone.frequency * t;
  if (!tone.triangle) return std::sin(2 * std::numbers::pi_v<float> * cycles);
  const float phase = cycles - std::floor(cycles);  // 0..1
  return 1 - 4 * std::abs(phase - 0.5f);
}

}  // namespace

std::vector<Tone> tones_of(Sound sound) {
  switch (sound) {
    case Sound::kMove:
      return {{660, 0, 0.08f, true}};
    case Sound::kWin:
      return phrase({523, 659, 784});
    case Sound::kLoss:
      return phrase({392, 330});
    case Sound::kDraw:
      return phrase({440, 440});
    case Sound::kTaken: {
      // Eight short notes falling by semitones and a low last one, as the
      // arcade's Pac-Man loses a life.
      std::vector<Tone> tones;
      float f = 740;
      for (int i = 0; i < 8; ++i, f *= 0.944f)
        tones.push_back({f, 0.07f * static_cast<float>(i), 0.09f, true});
      tones.push_back({196, 0.6f, 0.3f, false});
      return tones;
    }
  }
  return {};
}

std::vector<float> synthesise(const std::vector<Tone>& tones, int rate) {
  float end = 0;
  for (const Tone& tone : tones) end = std::max(end, tone.start + tone.length);
  std::vector<float> samples(static_cast<std::size_t>(std::ceil(end * rate)), 0.0f);
  for (const Tone& tone : tones) {
    for (std::size_t i = 0; i < samples.size(); ++i) {
      const float t = static_cast<float>(i) / rate - tone.start;
      if (const float level = envelope(tone, t); level > 0) samples[i] += level * wave(tone, t);
    }
  }
  return samples;
}

}  // namespace arcade::app
