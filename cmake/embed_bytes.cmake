# Writes a C++ source holding a binary file as a byte array, so that data
# (the opening book) reaches the native and the web build with no file to
# load at run time:
#   cmake -DINPUT=book -DOUTPUT=book.cpp -DFUNCTION=ns::name -DHEADER=x.h -P embed_bytes.cmake
# defines `std::span<const std::uint8_t> ns::name()`, declared in HEADER.
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" digits)
math(EXPR size "${digits} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
# Sixteen bytes a line keeps the generated file readable.
string(REGEX REPLACE "((0x..,){16})" "\\1\n    " bytes "${bytes}")
string(REGEX MATCH "^(.*)::([^:]+)$" _ "${FUNCTION}")
set(namespace "${CMAKE_MATCH_1}")
set(name "${CMAKE_MATCH_2}")
get_filename_component(input_name "${INPUT}" NAME)
file(WRITE "${OUTPUT}.tmp"
     "// Generated from ${input_name} by cmake/embed_bytes.cmake: do not edit.\n"
     "#include \"${HEADER}\"\n\n"
     "namespace ${namespace} {\nnamespace {\n"
     "// At least one byte: an empty file still makes a valid array.\n"
     "const std::uint8_t kBytes[${size} + 1] = {\n    ${bytes}0};\n"
     "}  // namespace\n\n"
     "std::span<const std::uint8_t> ${name}() { return {kBytes, ${size}}; }\n\n"
     "}  // namespace ${namespace}\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
