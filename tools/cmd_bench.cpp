// halite bench: the search signature. Fixed positions, seeds and iteration
// budgets on one thread; the node count changes only when behaviour changes.
#include <chrono>
#include <cstdio>

#include "command.h"
#include "halite/search/bench_positions.h"
#include "halite/search/planner.h"

namespace halite::tools {
namespace {

int run(const std::vector<std::string>& args) {
  Flags flags(args, {"iterations", "positions"}, {"verbose"});
  if (!flags.positional().empty()) throw UsageError("unexpected argument '" + flags.positional()[0] + "'");
  const int64_t iterations = flags.get_int("iterations", 200, 1, 1'000'000'000);
  const int count = static_cast<int>(flags.get_int("positions", 3, 1, 1000));
  const bool verbose = flags.has("verbose");
  struct Setup {
    int players, size, step;
  };
  const Setup setups[] = {{2, 21, 60}, {2, 21, 200}, {4, 21, 120}};
  int64_t nodes = 0, steps = 0;
  uint64_t orders_hash = 1469598103934665603ull;
  double ms = 0;
  for (const char* name : {"paired", "beam", "mcts"}) {
    for (const Setup& setup : setups) {
      for (const search::BenchPosition& pos : search::bench_positions(count, setup.players, setup.size, setup.step)) {
        auto planner = search::make_planner(name, std::vector<std::string>{}, 12345);
        const auto t0 = std::chrono::steady_clock::now();
        const State::Orders orders = planner->plan(pos.state, pos.player, search::Budget::iterations(iterations));
        const double took = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        ms += took;
        const search::PlanStats& st = planner->last_stats();
        nodes += st.iterations + st.simulated_steps;
        steps += st.simulated_steps;
        for (const State::Command& c : orders) {
          orders_hash = (orders_hash ^ c.unit.value) * 1099511628211ull;
          orders_hash = (orders_hash ^ static_cast<uint64_t>(c.action)) * 1099511628211ull;
        }
        if (verbose)
          std::printf("%-6s %dp size %d step %3d: %6lld iterations %8lld steps %8.1f ms\n", name, setup.players,
                      setup.size, pos.state.step(), static_cast<long long>(st.iterations),
                      static_cast<long long>(st.simulated_steps), took);
      }
    }
  }
  std::printf("Planners        : paired, beam, mcts (default parameters, seed 12345, %lld iterations)\n",
              static_cast<long long>(iterations));
  std::printf("Total time (ms) : %.0f\n", ms);
  std::printf("Steps/second    : %.0f\n", ms > 0 ? steps / (ms / 1000) : 0.0);
  std::printf("Orders hash     : %016llx\n", static_cast<unsigned long long>(orders_hash));
  std::printf("Nodes searched  : %lld\n", static_cast<long long>(nodes));
  return 0;
}

HALITE_COMMAND(Command{"bench", "the search signature: fixed positions and iteration budgets; prints a node count",
                       "usage: halite bench [--iterations 200] [--positions 3] [--verbose]\n\n"
                       "Runs paired, beam and mcts (default parameters, seed 12345) with a fixed iteration\n"
                       "budget on fixed mid-game positions (greedy self-play on board seeds 1.. at\n"
                       "steps 60 and 200 of 2-player and 120 of 4-player 21x21 games), one thread.\n"
                       "The last line, \"Nodes searched: N\" (iterations plus simulated turns), is a\n"
                       "signature: it changes only when search behaviour changes. Times vary.\n",
                       run});

}  // namespace
}  // namespace halite::tools
