// Training rows for the learned move model (search/.../model/move_model.h),
// from recorded games: `halite move-data` (docs/opponent-models.md).
//
// A replay is reproduced through the engine (replay_states, as `halite
// dataset` does: a replay that does not reproduce exactly is refused); then
// for every state t before the last (every `stride`-th step) and every kept
// player p active in it whose recorded turn did not fail, each of p's ships
// gives one row: the features of its six options, computed by
// search::MoveContext::features from the state t with the state t-1 as the
// previous one (the code inference runs), which options are valid, the
// option p's recorded answer gave it (read as the engine reads it; a CONVERT
// the engine ignores counts as staying), and where it came from: the replay,
// step, player, the seat's name, the embedded model's probabilities (so a
// trainer can check it computes what C++ does), and the classes `halite agreement` tallies
// (loaded or not; an enemy ship within lab::kContactRadius or not).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "halite/json_codec.h"

namespace halite::lab {

struct MoveDataOptions {
  std::vector<std::string> names;  // keep only seats of these names (empty: every seat)
  int stride = 1;                  // keep steps that are multiples of it (consecutive turns are alike)
};

struct MoveData {
  std::vector<double> features;                          // [n][6][search::kMoveFeatureCount]
  std::vector<int8_t> valid;                             // [n][6]
  std::vector<double> probabilities;                     // [n][6]: the built-in model's (a check for trainers)
  std::vector<int8_t> action, loaded, contact;           // [n]
  std::vector<int32_t> replay, step, player, seat_name;  // [n]; seat_name indexes `names`
  std::vector<std::string> replays, names;
  size_t size() const { return action.size(); }
};

// The names of a replay's seats: its TeamNames when it has one for every
// seat; else from a file name in the kaggle-arena form
// `MODE__NAME,NAME,...__seedN...` (one name a seat); else "player0", ...
std::vector<std::string> seat_names(const Replay& replay, const std::string& path);

// Appends the rows of `replay` (named `path` in MoveData::replays). Throws
// JsonError when the replay does not reproduce (the data is then unchanged),
// std::invalid_argument for a stride below 1.
void add_move_rows(MoveData& data, const Replay& replay, const std::string& path, const MoveDataOptions& options);

// Writes the rows as a numpy .npz: features (n, 6, F) float64, valid (n, 6),
// probabilities (n, 6) float64 (search::MoveModel::builtin()'s),
// action, loaded, contact (n,) int8, replay, step, player, seat_name (n,)
// int32, and replays, names, feature_names, option_names.
void write_move_npz(const MoveData& data, const std::string& path, bool compress);

}  // namespace halite::lab
