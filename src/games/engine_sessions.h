#pragma once
// Sessions as the engine's hosts create them (the command-line tool, the web
// worker, the desktop app's engine thread): make_session, plus what a game's
// registration adds for them (equip_engine_session: the Connect Four opening
// book). Link arcade_engine_sessions; the app's own game model uses
// make_session and carries no book.

#include <memory>
#include <string_view>

#include "engine/session.h"

namespace arcade {

std::unique_ptr<GameSession> make_engine_session(std::string_view name);

}  // namespace arcade
