#pragma once
// One visitor of many lambdas for std::visit: the engine's commands and
// events are variants, read by the engine, the codec and the app's link.

namespace arcade {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
// Emscripten's clang 14 needs the guide C++20 would otherwise imply.
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace arcade
