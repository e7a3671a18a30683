#pragma once
// Dear ImGui's SDL2 backend, under either of its names: imgui_impl_sdl.h
// (Debian's 1.86, the version the project builds) or imgui_impl_sdl2.h (its
// name since 1.87), so that a newer Dear ImGui builds too.

#if __has_include("imgui_impl_sdl.h")
#include "imgui_impl_sdl.h"
#else
#include "imgui_impl_sdl2.h"
#endif
