#include "games/connect4/shipped_book.h"

#include "games/connect4/registration.h"

namespace arcade {

std::shared_ptr<const Connect4Book> shipped_connect4_book() {
  static const std::shared_ptr<const Connect4Book> book = [] {
    Parsed<Connect4Book> parsed = Connect4Book::from_bytes(shipped_connect4_book_bytes());
    return parsed ? std::make_shared<const Connect4Book>(std::move(*parsed)) : nullptr;
  }();
  return book;
}

void GameRegistration<Connect4>::equip_engine_session(Connect4Session& session) {
  session.set_book(shipped_connect4_book());
}

}  // namespace arcade
