#pragma once
// The bar across the top: the name, the games as tabs (on a phone, a row of
// their own under it) and the settings (sound, animations, the AI's pace,
// thinking on the person's time, the steady pace, the keys).

#include <memory>
#include <vector>

#include "app/app_context.h"

namespace arcade::app {

class TopBar {
 public:
  TopBar(AppContext& ctx, AppActions& actions);

  // The bar over `r` (points); taller than kTopBarHeight: a phone's, with
  // the games' row.
  void draw(const Rect& r);

 private:
  void game_tabs(float width);
  void settings_popup();

  AppContext& ctx_;
  GameController& game_;
  AppActions& actions_;
  std::vector<std::unique_ptr<GameView>> games_;  // every game at its start, for the tabs
};

}  // namespace arcade::app
