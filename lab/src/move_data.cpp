#include "halite/lab/move_data.h"

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "halite/lab/agreement.h"
#include "halite/lab/npz.h"
#include "halite/replay_check.h"
#include "halite/search/model/move_model.h"
#include "halite/search/policy/common.h"

namespace halite::lab {

namespace {

const char* const kOptionNames[search::kMoveOptions] = {"NONE", "NORTH", "SOUTH", "EAST", "WEST", "CONVERT"};

int name_index(MoveData& data, const std::string& name) {
  const auto it = std::find(data.names.begin(), data.names.end(), name);
  if (it != data.names.end()) return static_cast<int>(it - data.names.begin());
  data.names.push_back(name);
  return static_cast<int>(data.names.size()) - 1;
}

}  // namespace

std::vector<std::string> seat_names(const Replay& replay, const std::string& path) {
  const int seats = replay.num_players;
  const bool teams =
      static_cast<int>(replay.team_names.size()) == seats &&
      std::none_of(replay.team_names.begin(), replay.team_names.end(), [](const std::string& t) { return t.empty(); });
  if (teams) return replay.team_names;
  const std::string base = std::filesystem::path(path).filename().string();
  const size_t first = base.find("__");
  const size_t second = first == std::string::npos ? first : base.find("__", first + 2);
  if (second != std::string::npos) {
    std::vector<std::string> names;
    std::string field = base.substr(first + 2, second - first - 2);
    for (size_t at = 0;;) {
      const size_t comma = field.find(',', at);
      names.push_back(field.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
      if (comma == std::string::npos) break;
      at = comma + 1;
    }
    if (static_cast<int>(names.size()) == seats) return names;
  }
  std::vector<std::string> names;
  for (int p = 0; p < seats; ++p) names.push_back("player" + std::to_string(p));
  return names;
}

void add_move_rows(MoveData& data, const Replay& replay, const std::string& path, const MoveDataOptions& options) {
  if (options.stride < 1)
    throw std::invalid_argument("the stride must be at least 1, got " + std::to_string(options.stride));
  const std::vector<State> states = replay_states(replay);  // throws when the replay does not reproduce
  const std::vector<std::string> seats = seat_names(replay, path);
  std::vector<int> seat_index;
  for (const std::string& name : seats)
    seat_index.push_back(options.names.empty() ||
                                 std::find(options.names.begin(), options.names.end(), name) != options.names.end()
                             ? name_index(data, name)
                             : -1);
  const int32_t replay_index = static_cast<int32_t>(data.replays.size());
  search::Geometry geo;
  geo.init(states.front().size());
  search::MoveContext context;
  search::MoveFeatures f;
  for (size_t t = 0; t + 1 < states.size(); ++t) {
    const State& state = states[t];
    if (state.step() % options.stride != 0) continue;
    State recorded = state;
    stage_recorded_turn(recorded, replay.steps[t + 1]);
    context.build(state, geo, t > 0 ? &states[t - 1] : nullptr);
    const auto ships = state.ships();
    for (size_t i = 0; i < ships.size(); ++i) {
      const int p = ships[i].owner;
      if (seat_index[static_cast<size_t>(p)] < 0 || state.player(p).status != Status::Active ||
          recorded.player(p).status != Status::Active)
        continue;  // not kept, out of the game, or its turn failed: it chose nothing
      context.features(static_cast<int>(i), f);
      int label = search::action_option(recorded.ships()[i].action);
      if (label < 0 || !f.valid[static_cast<size_t>(label)]) label = 0;  // an order the engine ignores
      for (const auto& row : f.f) data.features.insert(data.features.end(), row.begin(), row.end());
      for (bool v : f.valid) data.valid.push_back(v ? 1 : 0);
      const auto p_options = search::MoveModel::builtin().distribution(f);
      data.probabilities.insert(data.probabilities.end(), p_options.begin(), p_options.end());
      data.action.push_back(static_cast<int8_t>(label));
      data.loaded.push_back(ships[i].cargo > 0 ? 1 : 0);
      data.contact.push_back(enemy_ship_near(state, geo, ships[i]) ? 1 : 0);
      data.replay.push_back(replay_index);
      data.step.push_back(state.step());
      data.player.push_back(p);
      data.seat_name.push_back(seat_index[static_cast<size_t>(p)]);
    }
  }
  data.replays.push_back(path);
}

void write_move_npz(const MoveData& data, const std::string& path, bool compress) {
  NpzWriter npz(path, compress);
  const size_t n = data.size();
  npz.add("features", std::span<const double>(data.features),
          {n, size_t{search::kMoveOptions}, size_t{search::kMoveFeatureCount}});
  npz.add("valid", std::span<const int8_t>(data.valid), {n, size_t{search::kMoveOptions}});
  npz.add("probabilities", std::span<const double>(data.probabilities), {n, size_t{search::kMoveOptions}});
  npz.add("action", std::span<const int8_t>(data.action), {n});
  npz.add("loaded", std::span<const int8_t>(data.loaded), {n});
  npz.add("contact", std::span<const int8_t>(data.contact), {n});
  npz.add("replay", std::span<const int32_t>(data.replay), {n});
  npz.add("step", std::span<const int32_t>(data.step), {n});
  npz.add("player", std::span<const int32_t>(data.player), {n});
  npz.add("seat_name", std::span<const int32_t>(data.seat_name), {n});
  npz.add("replays", data.replays);
  npz.add("names", data.names);
  npz.add("feature_names",
          std::vector<std::string>(std::begin(search::kMoveFeatureNames), std::end(search::kMoveFeatureNames)));
  npz.add("option_names", std::vector<std::string>(std::begin(kOptionNames), std::end(kOptionNames)));
  npz.close();
}

}  // namespace halite::lab
