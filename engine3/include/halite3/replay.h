// A Halite III replay (.hlt) as the official engine writes it: JSON, usually
// zstd-compressed (replay/Replay.cpp). Only what the replay check needs is
// kept: the constants, the initial map and players, every frame's commands
// and recorded state, and the final statistics.
//
// Frame t (1 <= t <= turns) holds the ships at the start of turn t (after
// inspiration), the commands applied in turn t, and the banks and changed
// cells at its end. Frame 0 is the start; the last frame holds the ships at
// the end. A player missing from a frame's commands was removed that turn.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "halite3/constants.h"
#include "halite3/state.h"

namespace halite3 {

// A file that cannot be read, decompressed or understood; the message names
// the file part and the field.
struct ReplayError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct RecordedShip {
  int32_t id = 0;
  int x = 0, y = 0;
  int64_t halite = 0;
  bool inspired = false;
};

struct RecordedCell {
  int x = 0, y = 0;
  int64_t halite = 0;
};

struct RecordedDropoff {
  int player = 0;
  int x = 0, y = 0;
  auto operator<=>(const RecordedDropoff&) const = default;
};

struct RecordedFrame {
  std::vector<std::optional<std::vector<Command>>> commands;  // per player; nullopt: absent
  std::vector<std::vector<RecordedShip>> ships;               // per player, sorted by id
  std::vector<int64_t> bank, deposited;                       // per player
  std::vector<RecordedCell> cells;                            // changed in this turn
  std::vector<RecordedDropoff> dropoffs_built;                // its "construct" events, sorted
};

struct RecordedPlayerResult {
  int rank = 0;
  int64_t last_turn_alive = 0;
  int64_t final_production = 0;
  int64_t random_id = 0;
};

struct Replay {
  Constants constants;
  int width = 0, height = 0;
  std::vector<int32_t> halite;  // the initial map, row-major, shipyards not yet emptied
  std::vector<int> shipyards;   // a cell per player
  std::vector<std::string> names;
  std::vector<RecordedFrame> frames;
  std::vector<RecordedPlayerResult> results;
  int64_t number_turns = 0;
  std::optional<uint32_t> map_seed;  // map_generator_seed, when recorded (the reference always records it)
  int players() const { return static_cast<int>(shipyards.size()); }
};

// The bytes of a file: zstd frames (recognised by their magic number) are
// decompressed; anything else is returned as it is.
std::string read_replay_bytes(const std::string& path);
// true when `bytes` starts with the zstd magic number.
bool is_zstd(const std::string& bytes);
Replay parse_replay(const std::string& json_text);
Replay read_replay_file(const std::string& path);

// A frame's commands as resolve_turn() takes them in `state` (the state at
// the start of that turn): a live player missing from the frame was removed
// by the reference before any command applied, so it is a bot error there;
// a removed player's entry is empty (the frame must hold none for it: the
// replay check reports one that does).
std::vector<PlayerCommands> turn_commands(const State& state, const RecordedFrame& frame);

}  // namespace halite3
