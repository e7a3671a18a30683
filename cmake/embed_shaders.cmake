# Writes a C++ header holding each shader file as a string, so the same
# shaders reach the native and the web build with no files to load:
#   cmake -DOUTPUT=shaders.h "-DINPUTS=a.vert;b.frag" -P embed_shaders.cmake
# board.frag becomes arcade::app::shaders::board_frag.
file(WRITE "${OUTPUT}.tmp"
     "// Generated from shaders/ by cmake/embed_shaders.cmake: do not edit.\n#pragma once\n\n"
     "namespace arcade::app::shaders {\n")
foreach(input IN LISTS INPUTS)
  file(READ "${input}" content)
  get_filename_component(name "${input}" NAME)
  string(MAKE_C_IDENTIFIER "${name}" id)
  file(APPEND "${OUTPUT}.tmp" "inline constexpr const char* ${id} = R\"glsl(\n${content})glsl\";\n")
endforeach()
file(APPEND "${OUTPUT}.tmp" "}  // namespace arcade::app::shaders\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
