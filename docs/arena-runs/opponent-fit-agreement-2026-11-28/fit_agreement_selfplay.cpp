// One-off: how often the base and the fitted fleet models give an opponent's ship actions.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>
#include "halite/search/budget.h"
#include "halite/search/game_memory.h"
#include "halite/search/model/opponent_fit.h"
#include "halite/search/params.h"
#include "halite/search/planner.h"
using namespace halite;
using namespace halite::search;
int main(int argc, char** argv) {
  std::vector<std::string> specs;
  for (int i = 1; i < argc; ++i) specs.push_back(argv[i]);  // seats 0..3
  const FleetParams base = FleetParams::from(default_params("fleet"));
  for (uint32_t seed = 11; seed < 14; ++seed) {
    Config config;
    config.size = 21;
    config.random_seed = seed;
    State s = State::initial(config, 4);
    std::vector<std::unique_ptr<Planner>> planners;
    for (auto& sp : specs) planners.push_back(make_planner(sp.substr(0, sp.find(':')), sp.find(':') == std::string::npos ? std::vector<std::string>{} : std::vector<std::string>{sp.substr(sp.find(':') + 1)}, 1));
    for (auto& p : planners) p->reset();
    GameMemory memory;
    memory.reset(4, 0);
    OpponentFits fits(OpponentFit::better, base);
    std::vector<State::Orders> orders(4);
    while (!s.is_terminal()) {
      memory.observe(s);
      fits.update(s, 0, memory, Budget());
      for (int p = 0; p < 4; ++p) {
        orders[p].clear();
        if (s.player(p).status == Status::Active) orders[p] = planners[p]->plan(s, p, Budget::iterations(400));
      }
      s.step(orders);
    }
    for (int q = 1; q < 4; ++q)
      std::printf("seed %u seat %d %s: scored %lld base %.4f fitted %.4f uses_fitted %d\n", seed, q, specs[q].c_str(),
                  (long long)fits.scored_actions(q), fits.agreement(q, false), fits.agreement(q, true), fits.uses_fitted(q));
  }
}
