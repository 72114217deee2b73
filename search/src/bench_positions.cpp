#include "halite/search/bench_positions.h"

#include "halite/search/planner.h"

namespace halite::search {

std::vector<BenchPosition> bench_positions(int count, int players, int size, int step, uint32_t first_seed) {
  std::vector<BenchPosition> out;
  for (int i = 0; i < count; ++i) {
    Config config;
    config.size = size;
    config.random_seed = first_seed + static_cast<uint32_t>(i);
    config.has_random_seed = true;
    State s = State::initial(config, players);
    std::vector<std::unique_ptr<Planner>> planners;
    for (int p = 0; p < players; ++p) planners.push_back(make_planner("greedy", std::vector<std::string>{}, 0));
    std::vector<State::Orders> orders(static_cast<size_t>(players));
    while (s.step() < step && !s.is_terminal()) {
      for (int p = 0; p < players; ++p) orders[p] = planners[p]->plan(s, p, Budget());
      s.step(orders);
    }
    out.push_back({s, i % players});
  }
  return out;
}

}  // namespace halite::search
