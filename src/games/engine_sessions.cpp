#include "games/engine_sessions.h"

#include "games/connect4_session.h"
#include "games/registry.h"

namespace arcade {

std::shared_ptr<const Connect4Book> shipped_connect4_book() {
  static const std::shared_ptr<const Connect4Book> book = [] {
    Parsed<Connect4Book> parsed = Connect4Book::from_bytes(shipped_connect4_book_bytes());
    return parsed ? std::make_shared<const Connect4Book>(std::move(*parsed)) : nullptr;
  }();
  return book;
}

std::unique_ptr<GameSession> make_engine_session(std::string_view name) {
  std::unique_ptr<GameSession> session = make_session(name);
  if (auto* connect4 = dynamic_cast<Connect4Session*>(session.get()))
    connect4->set_book(shipped_connect4_book());
  return session;
}

}  // namespace arcade
