// Game configuration: every key of the reference `halite` configuration.
//
// Config is a plain value (trivially copyable) and travels inside State, so a
// state is self-contained. JSON names are Kaggle's (camelCase); see
// json_codec.h for reading and writing them.
#pragma once

#include <cstdint>
#include <string>

namespace halite {

// Board capacity. The reference accepts any size >= 2; this engine caps it so
// that State has a fixed, small footprint. Larger sizes are refused by
// Config::validate() with a message naming the cap.
inline constexpr int kMinBoardSize = 2;
inline constexpr int kMaxBoardSize = 32;
inline constexpr int kMaxCells = kMaxBoardSize * kMaxBoardSize;
inline constexpr int kMaxPlayers = 4;
// The starting bank of every player: the reference's `reward.default`, not a
// configuration key.
inline constexpr double kStartingBank = 5000;

struct Config {
  int episode_steps = 400;          // episodeSteps: states 0 .. episodeSteps-1
  int size = 21;                    // size: the board is size x size cells
  int64_t starting_halite = 24000;  // startingHalite: halite on the whole board
  int64_t spawn_cost = 500;         // spawnCost
  int64_t convert_cost = 500;       // convertCost
  double move_cost = 0;             // moveCost: fraction of cargo lost per move
  double collect_rate = 0.25;       // collectRate
  double regen_rate = 0.02;         // regenRate
  int64_t max_cell_halite = 500;    // maxCellHalite
  double act_timeout = 3;           // actTimeout, seconds per turn
  double agent_timeout = 60;        // agentTimeout: the overage bank, seconds
  double run_timeout = 9600;        // runTimeout, seconds for the episode
  uint32_t random_seed = 0;         // randomSeed
  bool has_random_seed = false;     // false: the replay recorded no seed

  // Empty when every value is in range; otherwise a message naming the first
  // offending key (Kaggle's name), its value and the accepted range.
  std::string validate() const;

  bool operator==(const Config&) const = default;
};

}  // namespace halite
