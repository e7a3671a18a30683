# Fills the web site folder (see web_site.cmake):
#   cmake -DSITE=DIR -DFILES="A|B" -DOPTIONAL_FILES="C|D" -P assemble_site.cmake
# Empties SITE, then copies FILES (each must exist) and those OPTIONAL_FILES
# that exist (a module linked with -sSINGLE_FILE has no .wasm).
string(REPLACE "|" ";" files "${FILES}")
string(REPLACE "|" ";" optional_files "${OPTIONAL_FILES}")
file(REMOVE_RECURSE "${SITE}")
file(MAKE_DIRECTORY "${SITE}")
foreach(file IN LISTS files)
  if(NOT EXISTS "${file}")
    message(FATAL_ERROR "The site needs ${file}, which is missing")
  endif()
  file(COPY "${file}" DESTINATION "${SITE}")
endforeach()
foreach(file IN LISTS optional_files)
  if(EXISTS "${file}")
    file(COPY "${file}" DESTINATION "${SITE}")
  endif()
endforeach()
