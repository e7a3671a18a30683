// The native side of platform.h: a file in the user's preference folder,
// SDL's clipboard and audio, and a loop of our own.

#include <SDL.h>

#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/game/sounds.h"
#include "app/platform/platform.h"
#include "engine/worker_pool.h"

namespace arcade::app::platform {
namespace {

std::string saved_game_path() {
  char* folder = SDL_GetPrefPath("MinimaxArcade", "arcade");
  if (folder == nullptr) return "";
  std::string path = std::string(folder) + "game.txt";
  SDL_free(folder);
  return path;
}

// The tones of `sound` through SDL's audio, its device opened at the first
// sound (sound is off by default: most runs never open it). Without a device
// (a machine with no sound card, a test) the app stays silent.
void play_samples(Sound sound) {
  static SDL_AudioDeviceID device = 0;
  static bool tried = false;
  static int rate = 0;
  if (!tried) {
    tried = true;
    SDL_AudioSpec want{}, have{};
    want.freq = 44100;
    want.format = AUDIO_F32SYS;
    want.channels = 1;
    want.samples = 512;
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) == 0)
      device = SDL_OpenAudioDevice(nullptr, 0, &want, &have, 0);
    if (!device) std::fprintf(stderr, "arcade_app: no sound: %s\n", SDL_GetError());
    rate = have.freq;
    if (device) SDL_PauseAudioDevice(device, 0);
  }
  if (!device) return;
  const std::vector<float> samples = synthesise(tones_of(sound), rate);
  SDL_QueueAudio(device, samples.data(), static_cast<Uint32>(samples.size() * sizeof(float)));
}

}  // namespace

Storage saved_game_storage() {
  return {[]() -> std::optional<std::string> {
            std::ifstream in(saved_game_path(), std::ios::binary);
            if (!in) return std::nullopt;
            // A byte over the cap tells the reader it is over (see App).
            std::string saved(kMaxSaveBytes + 1, '\0');
            in.read(saved.data(), static_cast<std::streamsize>(saved.size()));
            saved.resize(static_cast<std::size_t>(in.gcount()));
            return saved;
          },
          [](const std::string& text) { std::ofstream(saved_game_path()) << text; }};
}

PlatformServices services() {
  PlatformServices p;
  p.copy_text = [](const std::string& text) { SDL_SetClipboardText(text.c_str()); };
  p.share_url = [](const std::string& fragment) { return "index.html#" + fragment; };
  p.play_sound = play_samples;
  p.processors = hardware_threads();
  return p;
}

bool starts_with_touch() {
  return false;
}

void serve_page(App*) {}

void run_main_loop(std::function<LoopTurn()> turn) {
  SDL_GL_SetSwapInterval(1);
  for (LoopTurn t = turn(); t.running; t = turn())
    if (!t.drew) SDL_WaitEventTimeout(nullptr, 16);
}

}  // namespace arcade::app::platform
