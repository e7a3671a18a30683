// The app's sounds: the tones' table and the samples the desktop app plays.
#include "app/game/sounds.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace arcade::app {
namespace {

constexpr int kRate = 48000;

// Sign changes from negative to positive: one per period of a pure tone.
int upward_crossings(const std::vector<float>& samples, std::size_t from, std::size_t to) {
  int count = 0;
  for (std::size_t i = from + 1; i < to; ++i)
    if (samples[i - 1] < 0 && samples[i] >= 0) ++count;
  return count;
}

TEST(Sounds, AWinRisesALossFalls) {
  const std::vector<Tone> win = tones_of(Sound::kWin), loss = tones_of(Sound::kLoss);
  ASSERT_GE(win.size(), 2u);
  ASSERT_GE(loss.size(), 2u);
  for (std::size_t i = 1; i < win.size(); ++i) {
    EXPECT_GT(win[i].frequency, win[i - 1].frequency);
    EXPECT_GT(win[i].start, win[i - 1].start);
  }
  for (std::size_t i = 1; i < loss.size(); ++i) EXPECT_LT(loss[i].frequency, loss[i - 1].frequency);
}

// A piece taken at the end (Pac-Man caught) falls: each note lower and
// later than the one before, the whole under a second, as the animation.
TEST(Sounds, APieceTakenFallsNoteByNote) {
  const std::vector<Tone> taken = tones_of(Sound::kTaken);
  ASSERT_GE(taken.size(), 4u);
  float end = 0;
  for (std::size_t i = 0; i < taken.size(); ++i) {
    end = std::max(end, taken[i].start + taken[i].length);
    if (i == 0) continue;
    EXPECT_LT(taken[i].frequency, taken[i - 1].frequency) << i;
    EXPECT_GT(taken[i].start, taken[i - 1].start) << i;
  }
  EXPECT_LE(end, 1.0f);
}

TEST(Sounds, AToneHasItsPitchItsLengthAndNeverClips) {
  for (Sound sound : {Sound::kMove, Sound::kWin, Sound::kLoss, Sound::kDraw, Sound::kTaken}) {
    const std::vector<Tone> tones = tones_of(sound);
    ASSERT_FALSE(tones.empty());
    const Tone& first = tones.front();
    float end = 0;
    for (const Tone& t : tones) end = std::max(end, t.start + t.length);
    const std::vector<float> samples = synthesise(tones, kRate);
    EXPECT_EQ(samples.size(), static_cast<std::size_t>(std::ceil(end * kRate)));
    float loudest = 0;
    for (float s : samples) loudest = std::max(loudest, std::abs(s));
    // One tone peaks at kTonePeak; overlapping ones add up, but never to
    // clipping (a sample beyond +-1).
    if (tones.size() == 1) {
      EXPECT_LE(loudest, kTonePeak * 1.001f);
    }
    EXPECT_LT(loudest, 1.0f);
    EXPECT_GT(loudest, kTonePeak * 0.8f);
    // Before the second tone starts, the first alone: count its periods.
    const float alone = tones.size() > 1 ? tones[1].start : first.length;
    const int periods = upward_crossings(samples, 0, static_cast<std::size_t>(alone * kRate));
    EXPECT_NEAR(periods, first.frequency * alone, 2)
        << "pitch of sound " << static_cast<int>(sound);
    // It fades out: the last hundredth of a second is near silence.
    for (std::size_t i = samples.size() - kRate / 100; i < samples.size(); ++i)
      ASSERT_LT(std::abs(samples[i]), kTonePeak * 0.05f);
  }
}

}  // namespace
}  // namespace arcade::app
