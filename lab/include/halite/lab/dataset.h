// Training samples for imitation learning, from recorded games (docs/dataset.md).
//
// A replay is first reproduced through the engine (replay_states: a replay
// that does not reproduce exactly is refused); then for every state t before
// the last and every kept player p, each of p's ships and shipyards at t gives
// one sample: the board seen from p, centred on the unit, global features,
// and the action p's recorded answer gave that unit at t (as the engine
// interprets it: an order the reference ignores is no action). A player's turn
// that failed (ERROR, INVALID, TIMEOUT) gives no samples.
//
// Planes, channels first, a window x window crop of the torus with the unit at
// the centre (row and column window / 2; a window larger than the board
// repeats cells):
//   0 halite on the cell            1 own ship (1/0)        2 own ship's cargo
//   3 enemy ship (1/0)              4 enemy ship's cargo    5 own shipyard (1/0)
//   6 enemy shipyard (1/0)
// Globals:
//   0 step  1 steps left (episodeSteps - 1 - step)  2 own bank  3 the unit's cargo (0 for a yard)
//   4 own ships  5 own shipyards  6 own cargo in all ships  7 the richest opponent's bank
//   8 opponents' ships  9 opponents' shipyards  10 players in the game
// Actions: ships 0 none (stay), 1 NORTH, 2 SOUTH, 3 EAST, 4 WEST, 5 CONVERT;
// shipyards 0 none, 1 SPAWN.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "halite/json_codec.h"

namespace halite::lab {

inline constexpr int kDatasetPlanes = 7;
inline constexpr int kDatasetGlobals = 11;
inline constexpr int kDefaultWindow = 21;  // Kaggle's board: the whole board around the unit
inline constexpr int kMaxWindow = 65;      // twice the largest board, plus the centre
extern const char* const kDatasetPlaneNames[kDatasetPlanes];
extern const char* const kDatasetGlobalNames[kDatasetGlobals];
extern const char* const kDatasetShipActionNames[6];
extern const char* const kDatasetYardActionNames[2];

struct DatasetOptions {
  int window = kDefaultWindow;     // odd, 1 to kMaxWindow
  std::vector<int> players;        // keep only these player indices (empty: every player)
  std::vector<std::string> teams;  // keep only players whose TeamNames entry is one of these (empty: any)
  bool winners_only = false;       // keep only the players ranked first at the end
};

// One kind of sample (ships, or shipyards), as row-major arrays.
struct Samples {
  std::vector<float> planes;                        // [n][kDatasetPlanes][window][window]
  std::vector<float> globals;                       // [n][kDatasetGlobals]
  std::vector<int8_t> action;                       // [n]
  std::vector<int32_t> replay, step, player, cell;  // [n]: where it came from (cell = row * size + column)
  size_t size() const { return action.size(); }
};

struct Dataset {
  int window = kDefaultWindow;
  Samples ships, shipyards;
  std::vector<std::string> replays;  // the sources, indexed by Samples::replay
};

// Checks options (throws std::invalid_argument naming the bad value).
void validate(const DatasetOptions& options);

// Appends the samples of `replay` (named `name` in Dataset::replays). Throws
// JsonError when the replay does not reproduce exactly; the dataset is then
// unchanged.
void add_replay(Dataset& dataset, const Replay& replay, const std::string& name, const DatasetOptions& options);

// Writes the dataset as a numpy .npz (NpzWriter): ship_planes, ship_globals,
// ship_action, ship_replay, ship_step, ship_player, ship_cell, the same with
// yard_, and replays, plane_names, global_names, ship_action_names,
// yard_action_names.
void write_npz(const Dataset& dataset, const std::string& path, bool compress);

}  // namespace halite::lab
