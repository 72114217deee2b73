# Builds Halite III's official engine (HaliteChallenge/Halite-III,
# game_engine/) from Debian's packages in place of the configure-time
# downloads of its own CMakeLists.txt (Catch2, nlohmann-json, tclap, zstd),
# so that nothing is downloaded. Used by scripts/halite3/reference.sh, which
# copies this file beside the engine's sources as CMakeLists.txt; the engine
# stays outside the repository.
cmake_minimum_required(VERSION 3.16)
project(halite3_reference CXX)
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)
if(NOT CMAKE_BUILD_TYPE)
  set(CMAKE_BUILD_TYPE Release)
endif()

find_package(nlohmann_json 3 REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(ZSTD REQUIRED IMPORTED_TARGET libzstd)
find_path(TCLAP_INCLUDE_DIR tclap/CmdLine.h REQUIRED)
find_package(Threads REQUIRED)

set(engine_dirs config core core/command error logging mapgen model networking/common networking/unix replay util)
set(engine_sources)
foreach(dir ${engine_dirs})
  file(GLOB found ${CMAKE_SOURCE_DIR}/${dir}/*.cpp)
  list(APPEND engine_sources ${found})
  include_directories(${CMAKE_SOURCE_DIR}/${dir})
endforeach()
include_directories(${CMAKE_SOURCE_DIR} ${TCLAP_INCLUDE_DIR})

add_executable(halite ${engine_sources} main.cpp)
target_link_libraries(halite PRIVATE nlohmann_json::nlohmann_json PkgConfig::ZSTD Threads::Threads)
