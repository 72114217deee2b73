// Fuzz entry points: one function per input path, shared by the libFuzzer
// targets (fuzz_<name>.cpp, built with clang and -DHALITE_FUZZ=ON) and by the
// regression test that replays every saved input with the normal build
// (tests/test_fuzz_regressions.cpp).
//
// Each takes arbitrary bytes and returns normally when the code under test
// either accepts them or refuses them the documented way (JsonError for bad
// JSON, CapacityError past the engine's caps, ...). Anything else escapes:
// an undocumented exception, a crash, a sanitizer report, a broken
// State::check() - that is a finding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace halite::fuzz {

// A whole replay file (plain JSON, gzip, or Kaggle's {"replay": "<json>"}
// wrapper) through read_replay_file and check_replay.
void replay(const uint8_t* data, size_t size);
// A Halite III replay file (.hlt: zstd or plain JSON) through
// halite3::read_replay_file and halite3::check_replay; ReplayError and
// halite3::CapacityError are its documented refusals.
void halite3_replay(const uint8_t* data, size_t size);
// A configuration object through config_from_json (and back).
void configuration(const uint8_t* data, size_t size);
// An observation (the bytes up to the first NUL) through
// state_from_observation; the bytes after it choose orders for a few turns
// of play from that position, checking State::check() after each.
void observation(const uint8_t* data, size_t size);
// An agent's answer through parse_action on a fixed mid-game position, then
// staged and resolved.
void actions(const uint8_t* data, size_t size);
// Lines to the competition bot (split at newlines) through Bot::handle_line.
void bot_lines(const uint8_t* data, size_t size);

struct Entry {
  const char* name;
  void (*run)(const uint8_t*, size_t);
};
// Every entry, by the name its target and its corpus folders use.
const std::vector<Entry>& entries();

}  // namespace halite::fuzz
