// What `halite view` embeds in its page: a replay played through the engine,
// reduced to compact per-step arrays, with the events read off consecutive
// states and the per-player series the charts draw (docs/viewer.md describes
// the layout).
#pragma once

#include <string>
#include <vector>

#include "halite/json_codec.h"
#include "view/trace.h"

namespace halite::tools::view {

// The layout version the page checks before it reads anything else.
inline constexpr const char* kViewDataFormat = "halite-view/1";

// One game of the page. `states[t]` is the engine's state t of `replay`
// (replay_states), so ids, cargo and yards are exact.
struct GameInput {
  std::string label;  // shown above the board ("A: replay-1.json")
  const Replay* replay = nullptr;
  const std::vector<State>* states = nullptr;
  std::vector<TraceLine> trace;  // may be empty
};

// The page data of one game: units, per-step halite/ships/yards/banks/statuses,
// events and chart series.
Json game_view_data(const GameInput& game);

// The page data of one or two games: {"format": kViewDataFormat, "games": [...]}.
Json view_data(const std::vector<GameInput>& games);

}  // namespace halite::tools::view
