# Fills the web site folder (see web_site.cmake):
#   cmake -DSITE=DIR -DFILES="A|B" -DOPTIONAL_FILES="C|D" -DBACKGROUND=#rrggbb
#         -P assemble_site.cmake
# Empties SITE, then copies FILES (each must exist) and those OPTIONAL_FILES
# that exist (a module linked with -sSINGLE_FILE has no .wasm), and writes
# the app's BACKGROUND where the page's files say @ARCADE_BACKGROUND@.
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

if(NOT BACKGROUND MATCHES "^#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]$")
  message(FATAL_ERROR "BACKGROUND must be #rrggbb, not '${BACKGROUND}'")
endif()
foreach(name index.html style.css manifest.webmanifest)
  file(READ "${SITE}/${name}" text)
  string(FIND "${text}" "@ARCADE_BACKGROUND@" at)
  if(at LESS 0)
    message(FATAL_ERROR "${name} does not say @ARCADE_BACKGROUND@")
  endif()
  string(REPLACE "@ARCADE_BACKGROUND@" "${BACKGROUND}" text "${text}")
  file(WRITE "${SITE}/${name}" "${text}")
endforeach()

# The service worker's version and list of files (web/service_worker.js):
# the lines between its markers "// @site-begin" and "// @site-end" are
# replaced with every file of the site but the worker itself, each with its
# size in bytes and its SHA-256 (the worker checks every file it caches
# against them: a half-deployed build never replaces a whole one), and a
# version made from the content of them all and of the worker: the first 16
# hex digits of the SHA-256 of the lines "NAME SHA-256-OF-FILE", in name
# order. A build that changes any file changes the version, and so the
# worker's bytes and its cache's name.
set(worker "${SITE}/service_worker.js")
if(EXISTS "${worker}")
  file(GLOB names LIST_DIRECTORIES false RELATIVE "${SITE}" "${SITE}/*")
  list(REMOVE_ITEM names service_worker.js)
  list(SORT names)
  set(listing "")
  set(entries "")
  foreach(name IN LISTS names)
    file(SHA256 "${SITE}/${name}" sum)
    file(SIZE "${SITE}/${name}" size)
    string(APPEND listing "${name} ${sum}\n")
    string(APPEND entries "  {name: '${name}', size: ${size}, sha256: '${sum}'},\n")
  endforeach()
  file(READ "${worker}" source)
  string(SHA256 sum "${source}")
  string(APPEND listing "service_worker.js ${sum}\n")
  string(SHA256 version "${listing}")
  string(SUBSTRING "${version}" 0 16 version)

  set(begin_marker "// @site-begin")
  set(end_marker "// @site-end")
  string(FIND "${source}" "${begin_marker}" begin)
  string(FIND "${source}" "${end_marker}" end)
  if(begin LESS 0 OR end LESS begin)
    message(FATAL_ERROR "${worker}: no '${begin_marker}' ... '${end_marker}' lines to fill")
  endif()
  string(LENGTH "${end_marker}" end_length)
  math(EXPR after "${end} + ${end_length}")
  string(SUBSTRING "${source}" 0 ${begin} head)
  string(SUBSTRING "${source}" ${after} -1 tail)
  list(LENGTH names count)
  file(WRITE "${worker}"
       "${head}// Written by cmake/assemble_site.cmake: ${count} files.\n"
       "const SITE_VERSION = '${version}';\n"
       "const SITE_FILES = [\n${entries}];\n"
       "// (end of the written lines)${tail}")
  message(STATUS "Site version ${version}: ${count} files and the service worker")
endif()
