// Writing a Halite III replay (.hlt) of a game played on this engine, in the
// official engine's format (game_engine/replay/Replay.cpp, REPLAY_FILE_VERSION
// 3): what the official viewer (libhaliteviz) loads and read_replay_file()
// (replay.h) reads back.
//
// The recorder follows a game turn by turn, as the reference's HaliteImpl
// fills its replay: frame 0 is the start; frame t the ships at the start of
// turn t (after inspiration), the commands of the players still in the game,
// the turn's events and changed cells and the banks at its end; the last
// frame the ships at the end. It keeps the reference's game statistics as
// update_player_stats and the events' update_stats do, so the file holds
// every field an official one holds.
//
// Fields that cannot be the official engine's: ENGINE_VERSION names this
// engine, and game_statistics.execution_time is this game's wall-clock time.
// Everything else is what the reference would write for the same game, up to
// the order of lists the reference takes from unordered containers (events,
// changed cells, halite_per_dropoff): tests/test_halite3_replay_writer.cpp
// compares a re-written official game field by field.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "halite3/constants.h"
#include "halite3/state.h"
#include "halite3/turn_events.h"

namespace halite3 {

inline constexpr int kReplayFileVersion = 3;  // the reference's REPLAY_FILE_VERSION of its final engine
inline constexpr const char* kEngineVersion = "halite3_engine (rules of the official 1.2.2.finals)";

class ReplayRecorder {
 public:
  // `names`: one per player, as the replay's players list them. `map_seed`:
  // the seed the map was generated from (map_generator_seed; it also draws
  // the tie-break ids and DEFAULT_MAP_WIDTH, as the reference does).
  ReplayRecorder(const Constants& constants, uint32_t map_seed, std::vector<std::string> names);

  // Frame 0, from the game's first state.
  void start(const State& initial);
  // One turn: `before` as resolve_turn() was given it, the commands it was
  // given, `after` as it returned it (before check_game_end()).
  void turn(const State& before, std::span<const PlayerCommands> commands, const State& after);
  // The last frame and the statistics: `final_state` after finish_game(),
  // `ranks` from rank_players(), the game's wall-clock time.
  void finish(const State& final_state, std::span<const int> ranks, int64_t execution_ms);

  // The whole replay; complete once finish() has been called.
  const nlohmann::json& json() const { return replay_; }

 private:
  struct PlayerStats {
    int64_t last_turn_ship_spawn = 0, ships_spawned = 0, ships_peak = 0;
    int64_t total_production = 0, total_mined = 0, total_bonus = 0, total_dropped = 0, carried_at_end = 0;
    int64_t number_dropoffs = 0, max_entity_distance = 0, interaction_opportunities = 0;
    int64_t self_collisions = 0, all_collisions = 0, dropoff_collisions = 0;
    int64_t total_distance = 0, entity_turns = 0;           // for average_entity_distance
    std::vector<std::pair<int, int64_t>> halite_per_depot;  // cell, halite deposited there
  };

  void update_player_stats(const State& state);
  void count_events(const State& after, const TurnEvents& events, int turn);
  bool possible_interaction(const State& state, const std::vector<int>& ship_owner_at, int player, int cell) const;
  nlohmann::json frame_json(const State& end, const nlohmann::json& entities, const nlohmann::json& moves,
                            const TurnEvents* events) const;
  nlohmann::json entities_json(const State& state, bool every_player) const;
  nlohmann::json statistics_json(const State& final_state, std::span<const int> ranks, int64_t execution_ms) const;
  nlohmann::json location(const State& state, int cell) const;

  Constants constants_;
  uint32_t seed_;
  std::vector<std::string> names_;
  std::vector<PlayerStats> stats_;
  std::vector<int64_t> depot_halite_;  // per cell: all halite deposited there
  int64_t map_total_halite_ = 0;
  nlohmann::json replay_;
};

// The replay as the reference writes it: the JSON compressed as one zstd
// frame. Throws std::runtime_error when the file cannot be written.
void write_replay_file(const std::string& path, const nlohmann::json& replay);
std::string compress_replay(const std::string& json_text);

}  // namespace halite3
