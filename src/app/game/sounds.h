#pragma once
// The app's sounds: short synthesised tones, nothing to download. One table
// for both platforms: the page plays the tones with Web Audio's oscillators,
// the desktop app plays the samples synthesise() makes of them.

#include <vector>

namespace arcade::app {

// kTaken: a piece the game's end took (Pac-Man caught), a falling glide.
enum class Sound { kMove, kWin, kLoss, kDraw, kTaken };

struct Tone {
  float frequency = 0;    // Hz
  float start = 0;        // seconds after the sound begins
  float length = 0;       // seconds from the start to silence
  bool triangle = false;  // a triangle wave (else a sine): the move's click
};

inline constexpr float kTonePeak = 0.18f;    // the loudest sample
inline constexpr float kToneAttack = 0.01f;  // seconds to the peak

std::vector<Tone> tones_of(Sound sound);

// Mono samples at `rate` per second: each tone rises to kTonePeak in
// kToneAttack, then fades exponentially to silence at its length (Web
// Audio's exponential ramps), the tones added together.
std::vector<float> synthesise(const std::vector<Tone>& tones, int rate);

}  // namespace arcade::app
