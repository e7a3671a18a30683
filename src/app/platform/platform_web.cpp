// The browser's side of platform.h: the page's local storage, clipboard,
// address and Web Audio through EM_JS, the page's scripts' way in
// (arcade_command, arcade_state, arcade_set_clipboard) and the page's
// animation frames as the main loop.

#include <SDL.h>
#include <emscripten.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <utility>

#include "app/game/sounds.h"
#include "app/platform/platform.h"

namespace {

// clang-format off
// The text's bytes and their count at *length: a zero byte in it must reach
// the reader, which says the save is damaged there (a C string would end
// there unsaid). At most `most` bytes (and a character) are copied: enough
// for the reader to tell the save is over its cap.
EM_JS(char*, load_saved_game, (int* length, int most), {
  let text = null;
  try { text = window.localStorage.getItem('minimax-arcade'); } catch (e) { return 0; }
  if (text === null) return 0;
  const size = Math.min(lengthBytesUTF8(text), most + 4) + 1;
  const buffer = _malloc(size);
  HEAP32[length >> 2] = stringToUTF8(text, buffer, size);
  return buffer;
});
EM_JS(void, store_saved_game, (const char* text), {
  try { window.localStorage.setItem('minimax-arcade', UTF8ToString(text)); } catch (e) {}
});
EM_JS(int, coarse_pointer, (), {
  return window.matchMedia && window.matchMedia('(pointer: coarse)').matches ? 1 : 0;
});
EM_JS(int, reduced_motion, (), {
  return window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 1 : 0;
});
EM_JS(int, hardware_concurrency, (), {
  return navigator.hardwareConcurrency || 1;
});
EM_JS(void, copy_to_clipboard, (const char* text), {
  if (window.arcadeCopyText) window.arcadeCopyText(UTF8ToString(text));
});
EM_JS(char*, page_address, (), {
  const address = window.location.href.split('#')[0];
  const size = lengthBytesUTF8(address) + 1;
  const buffer = _malloc(size);
  stringToUTF8(address, buffer, size);
  return buffer;
});
// One tone of sounds.h's table, by a Web Audio oscillator.
EM_JS(void, play_tone, (float frequency, float start, float length, int triangle, float peak,
                        float attack), {
  try {
    const context = window.arcadeAudio || (window.arcadeAudio = new AudioContext());
    const at = context.currentTime + start;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = triangle ? 'triangle' : 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(peak, at + attack);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + length);
  } catch (e) {}
});
// clang-format on

// The app the page's scripts drive (serve_page), and the last reply, which
// the page reads before its next call.
arcade::app::App* g_page_app = nullptr;
std::string g_reply;

// The loop's turn: the page calls it for every animation frame, long after
// run_main_loop's caller has unwound.
std::function<arcade::app::platform::LoopTurn()> g_turn;

}  // namespace

// The app's text commands and state for the page's scripts (and so for the
// end-to-end tests): Module.ccall('arcade_command', 'string', ['string'], [...]).
extern "C" {
EMSCRIPTEN_KEEPALIVE const char* arcade_command(const char* line) {
  g_reply = g_page_app ? g_page_app->command(line) : "error the app is not running";
  return g_reply.c_str();
}
EMSCRIPTEN_KEEPALIVE const char* arcade_state() {
  g_reply = g_page_app ? g_page_app->state() : "";
  return g_reply.c_str();
}
// The page's paste (web/page.js): SDL has no system clipboard in the
// browser, so the page puts what is pasted in SDL's for ImGui's Ctrl+V.
EMSCRIPTEN_KEEPALIVE void arcade_set_clipboard(const char* text) {
  SDL_SetClipboardText(text);
}
}

namespace arcade::app::platform {

Storage saved_game_storage() {
  return {[]() -> std::optional<std::string> {
            int length = 0;
            char* text = load_saved_game(&length, static_cast<int>(kMaxSaveBytes));
            if (text == nullptr) return std::nullopt;
            std::string saved(text, static_cast<std::size_t>(length));
            free(text);
            return saved;
          },
          [](const std::string& text) { store_saved_game(text.c_str()); }};
}

PlatformServices services() {
  PlatformServices p;
  p.copy_text = [](const std::string& text) { copy_to_clipboard(text.c_str()); };
  p.share_url = [](const std::string& fragment) {
    char* address = page_address();
    std::string url = std::string(address) + "#" + fragment;
    free(address);
    return url;
  };
  p.play_sound = [](Sound sound) {
    for (const Tone& t : tones_of(sound))
      play_tone(t.frequency, t.start, t.length, t.triangle, kTonePeak, kToneAttack);
  };
  p.prefers_reduced_motion = reduced_motion() != 0;
  p.processors = hardware_concurrency();
  return p;
}

bool starts_with_touch() {
  return coarse_pointer() != 0;
}

void serve_page(App* app) {
  g_page_app = app;
}

void run_main_loop(std::function<LoopTurn()> turn) {
  g_turn = std::move(turn);
  g_turn();
  emscripten_set_main_loop([] { g_turn(); }, 0, true);
}

}  // namespace arcade::app::platform
