// Fixed, reproducible mid-game positions for benchmarks, `halite bench` and
// tests: games of the greedy policy against itself on fixed board seeds,
// stopped at fixed steps.
#pragma once

#include <cstdint>
#include <vector>

#include "halite/state.h"

namespace halite::search {

struct BenchPosition {
  State state;
  int player;  // whose turn to plan
};

// `count` positions on size x size boards with `players` players, the
// i-th from board seed `first_seed + i` at step `step` (states before the
// end of a 400-step episode).
std::vector<BenchPosition> bench_positions(int count, int players, int size, int step, uint32_t first_seed = 1);

}  // namespace halite::search
