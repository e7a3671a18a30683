#include "app/platform/sdl_input.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <vector>

#include "app/platform/imgui_sdl_backend.h"
#include "imgui.h"

namespace arcade::app {

// The app's keyboard: shortcuts and the board's cursor, when no text field
// has the keyboard.
void SdlInput::key(App& app, const SDL_KeyboardEvent& key) {
  if (ImGui::GetIO().WantTextInput) return;
  const bool ctrl = (key.keysym.mod & (KMOD_CTRL | KMOD_GUI)) != 0;
  const SDL_Keycode code = key.keysym.sym;
  if (ctrl && code == SDLK_z) return app.key('u');
  if (ctrl && code == SDLK_y) return app.key('r');
  if (ctrl) return;
  if (code == SDLK_LEFT) return app.board_key(Key::kLeft);
  if (code == SDLK_RIGHT) return app.board_key(Key::kRight);
  if (code == SDLK_UP) return app.board_key(Key::kUp);
  if (code == SDLK_DOWN) return app.board_key(Key::kDown);
  if (code == SDLK_RETURN || code == SDLK_KP_ENTER || code == SDLK_SPACE)
    return app.board_key(Key::kEnter);
  if (code == SDLK_ESCAPE) return app.board_key(Key::kEscape);
  if (code >= SDLK_a && code <= SDLK_z && !ImGui::GetIO().WantCaptureKeyboard &&
      !app.step_letter(static_cast<char>(code)) && !key.repeat)
    app.key(static_cast<char>(code));
}

// Two fingers pinch: the app zooms by the change of their distance, about
// their middle (SDL's touch mouse follows one finger only).
void SdlInput::finger(App& app, SDL_Window* window, const SDL_TouchFingerEvent& finger) {
  if (finger.type == SDL_FINGERUP)
    fingers_.erase(finger.fingerId);
  else
    fingers_[finger.fingerId] = {finger.x, finger.y};
  if (fingers_.size() < 2) {
    if (pinch_distance_ > 0) app.pinch(false, 1, 0, 0);
    pinch_distance_ = 0;
    return;
  }
  int w = 0, h = 0;
  SDL_GetWindowSize(window, &w, &h);
  const std::pair<float, float>& b = fingers_.begin()->second;
  const std::pair<float, float>& d = std::next(fingers_.begin())->second;
  const float ax = b.first * static_cast<float>(w), ay = b.second * static_cast<float>(h);
  const float bx = d.first * static_cast<float>(w), by = d.second * static_cast<float>(h);
  const float distance = std::hypot(ax - bx, ay - by);
  const float factor = pinch_distance_ > 0 && distance > 0 ? distance / pinch_distance_ : 1;
  app.pinch(true, factor, (ax + bx) / 2, (ay + by) / 2);
  pinch_distance_ = std::max(distance, 1.0f);
}

bool SdlInput::poll(App& app, SDL_Window* window) {
  bool any = false;
  SDL_Event event;
  // ImGui 1.86 reads keys as held or not once a frame: a key pressed and
  // released between two frames (a quick tap of Enter in a text field) would
  // never be seen down. Its release waits for the next frame.
  std::vector<SDL_Keycode> pressed;
  std::vector<SDL_Event> released_later;
  while (SDL_PollEvent(&event)) {
    any = true;
    if (event.type == SDL_KEYUP &&
        std::find(pressed.begin(), pressed.end(), event.key.keysym.sym) != pressed.end()) {
      released_later.push_back(event);
      continue;
    }
    if (event.type == SDL_KEYDOWN) pressed.push_back(event.key.keysym.sym);
    ImGui_ImplSDL2_ProcessEvent(&event);
    if (event.type == SDL_FINGERDOWN) touch_ = true;
    if (event.type == SDL_FINGERDOWN || event.type == SDL_FINGERMOTION ||
        event.type == SDL_FINGERUP)
      finger(app, window, event.tfinger);
    if (event.type == SDL_MOUSEMOTION && event.motion.which != SDL_TOUCH_MOUSEID) touch_ = false;
    if (event.type == SDL_KEYDOWN) key(app, event.key);
    const bool closed = event.type == SDL_WINDOWEVENT &&
                        event.window.event == SDL_WINDOWEVENT_CLOSE &&
                        event.window.windowID == SDL_GetWindowID(window);
    if (event.type == SDL_QUIT || closed) quit_ = true;
  }
  for (SDL_Event& later : released_later) SDL_PushEvent(&later);
  return any;
}

}  // namespace arcade::app
