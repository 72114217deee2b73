// Simulations per second of the search planners on mid-game states, and the
// cost of the shared pieces (Google Benchmark).
#include <benchmark/benchmark.h>

#include "halite/search/bench_positions.h"
#include "halite/search/model/recognizer.h"
#include "halite/search/planner.h"
#include "halite/search/policy/fleet.h"
#include "halite/search/policy/greedy.h"
#include "halite/search/policy/rollout.h"

#ifdef HALITE_OPPONENTS
#include "halite/opponents/opponents.h"
#endif

using namespace halite;
using namespace halite::search;

namespace {

// The 2-player bench positions (about 60 ships).
const std::vector<BenchPosition>& positions() {
  static const std::vector<BenchPosition> p = bench_positions(4, 2, 21, 150);
  return p;
}

// 4-player mid-game positions (107-119 ships), the states the search speed
// target is stated for (docs/results.md, "Search speed").
const std::vector<BenchPosition>& positions_4p() {
  static const std::vector<BenchPosition> p = bench_positions(4, 4, 21, 150);
  return p;
}

// One plan() of `name` on each position of `on` in turn, each within the
// budget make_budget() returns as it starts (a deadline counts from then);
// reports simulated turn resolutions per second (steps/s) and iterations
// per second (sims/s). With a deadline, whatever a plan does in that time
// (the recogniser, the policies' decisions, the answer's playouts) counts
// against the rate.
template <typename MakeBudget>
void plan_on_budget(benchmark::State& st, const std::vector<BenchPosition>& on, const char* name,
                    const MakeBudget& make_budget, const std::vector<std::string>& overrides = {}) {
  auto planner = make_planner(name, overrides, 1);
  int64_t steps = 0, sims = 0;
  size_t k = 0;
  for (auto _ : st) {
    const BenchPosition& pos = on[k++ % on.size()];
    benchmark::DoNotOptimize(planner->plan(pos.state, pos.player, make_budget()));
    steps += planner->last_stats().simulated_steps;
    sims += planner->last_stats().iterations;
  }
  st.counters["steps/s"] = benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kIsRate);
  st.counters["sims/s"] = benchmark::Counter(static_cast<double>(sims), benchmark::Counter::kIsRate);
}

// The same with a fixed iteration cap.
void plan_on(benchmark::State& st, const std::vector<BenchPosition>& on, const char* name, int64_t iterations,
             const std::vector<std::string>& overrides = {}) {
  plan_on_budget(
      st, on, name, [iterations] { return Budget::iterations(iterations); }, overrides);
}

void plan_with(benchmark::State& st, const char* name, int64_t iterations,
               const std::vector<std::string>& overrides = {}) {
  plan_on(st, positions(), name, iterations, overrides);
}

// Paired Monte Carlo; contact_radius=0 searches every ship, so the count does
// not depend on how many ships happen to be in contact.
void BM_Paired(benchmark::State& st) {
  plan_with(st, "paired", 500, {"contact_radius=0"});
}
// The decoupled bandit trees (rollout policy on every simulated turn).
void BM_Smitsimax(benchmark::State& st) {
  plan_with(st, "smitsimax", 500, {"contact_radius=0", "horizon=8"});
}
void BM_Beam(benchmark::State& st) {
  plan_with(st, "beam", 60, {"contact_radius=0"});
}
// The tree search over joint turns (every ship near an enemy a unit).
void BM_Mcts(benchmark::State& st) {
  plan_with(st, "mcts", 500);
}
// The same with policy_depth=2: a fleet decide() for every depth-1 node
// visited twice (its prior; the default, 1, takes the rollout's moves
// there), what the fleet priors cost. Other decisions.
void BM_MctsFleetPriors(benchmark::State& st) {
  plan_with(st, "mcts", 500, {"policy_depth=2"});
}
// mcts on the 4-player positions: the search speed target (500,000 steps/s).
void BM_Mcts4p(benchmark::State& st) {
  plan_on(st, positions_4p(), "mcts", 500);
}
void BM_MctsFleetPriors4p(benchmark::State& st) {
  plan_on(st, positions_4p(), "mcts", 500, {"policy_depth=2"});
}
// mcts with local_radius as the argument (0: every ship simulated; the
// default, 2, is BM_Mcts4p).
void BM_Mcts4pLocal(benchmark::State& st) {
  plan_on(st, positions_4p(), "mcts", 500, {"local_radius=" + std::to_string(st.range(0))});
}
// The search loop's rate as a 1-second turn sees it: 5,000 iterations, so
// that the per-plan costs (the root's decide() for every player) weigh
// little, no recogniser (on these cold positions it costs about 21 ms a
// plan, more than the 500 iterations above) and no playouts of the answer
// (verify_arms: fleet decisions, timed by BM_Mcts4pVerify).
void BM_Mcts4pSearch(benchmark::State& st) {
  plan_on(st, positions_4p(), "mcts", 5000,
          {"local_radius=" + std::to_string(st.range(0)), "predict_opponents=0", "verify_arms=0"});
}
// The loop with mcts's earlier defaults (local_radius 4, policy_depth 2), to
// compare with earlier records.
void BM_Mcts4pSearchFleetPriors(benchmark::State& st) {
  plan_on(st, positions_4p(), "mcts", 5000,
          {"local_radius=4", "policy_depth=2", "predict_opponents=0", "verify_arms=0"});
}
// The same at the default radius with the iterations as the argument: what
// grows with the tree (the root's joint moves) shows as a falling rate.
void BM_Mcts4pSearchIterations(benchmark::State& st) {
  plan_on(st, positions_4p(), "mcts", st.range(0), {"predict_opponents=0", "verify_arms=0"});
}
// A 1-second turn of mcts at its defaults on the 4-player positions, as
// the target states it: simulated turns per second of a whole plan.
void BM_Mcts4pOneSecond(benchmark::State& st) {
  plan_on_budget(st, positions_4p(), "mcts", [] { return Budget::milliseconds(1000); });
}
// What the answer's playouts cost a plan: verify_arms as the argument, 500
// iterations, no recogniser.
void BM_Mcts4pVerify(benchmark::State& st) {
  plan_on(st, positions_4p(), "mcts", 500, {"verify_arms=" + std::to_string(st.range(0)), "predict_opponents=0"});
}
void BM_Greedy(benchmark::State& st) {
  plan_with(st, "greedy", 1);
}

// One FleetPolicy::decide() at its defaults (the fleet planner, and the
// policy beam and mcts run for every player at their roots and levels), for
// each player of each position of `on` in turn.
void fleet_decides_on(benchmark::State& st, const std::vector<BenchPosition>& on) {
  FleetPolicy policy(FleetParams::from(default_params("fleet")));
  int64_t decisions = 0;
  for (auto _ : st) {
    const int players = on[0].state.num_players();
    const BenchPosition& pos = on[static_cast<size_t>(decisions / players) % on.size()];
    benchmark::DoNotOptimize(policy.decide(pos.state, static_cast<int>(decisions % players)));
    ++decisions;
  }
  st.counters["decides/s"] = benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kIsRate);
}

// One rollout turn (stage_all + resolve) from the first position of `on`,
// restarting from it every 8 turns.
void rollout_turns_on(benchmark::State& st, const std::vector<BenchPosition>& on) {
  Geometry geo;
  geo.init(21);
  Rng rng(1);
  RolloutPolicy policy(RolloutParams{400, 60, 0.5, true});
  const State& root = on[0].state;
  policy.prepare(root, geo);
  State s = root;
  int64_t turns = 0;
  for (auto _ : st) {
    if (s.is_terminal() || turns % 8 == 0) s = root;
    policy.stage_all(s, geo, rng);
    s.resolve();
    ++turns;
  }
  st.counters["steps/s"] = benchmark::Counter(static_cast<double>(turns), benchmark::Counter::kIsRate);
}

// One ModelRecognizer::observe() as the fleet and beam planners make it each
// turn with the registered models (opponents/: mz_model, zeta_model, zf_model): their orders for every opponent (the
// positions are unrelated states, so nothing is scored and no opponent is dropped: the full cost).
void recognizer_observes_on(benchmark::State& st, const std::vector<BenchPosition>& on) {
  const FleetParams fleet = FleetParams::from(default_params("fleet"));
  if (registered_opponent_models().empty())
    return st.SkipWithError("this build has no opponent models (HALITE_OPPONENTS=OFF)");
  ModelRecognizer recognizer(registered_opponent_models(), fleet.predict_min_agreement, fleet.predict_min_actions,
                             fleet.predict_max_misses);
  size_t k = 0;
  for (auto _ : st) {
    const BenchPosition& pos = on[k++ % on.size()];
    recognizer.observe(pos.state, pos.player);
    benchmark::DoNotOptimize(recognizer.predicted_ends().data());
  }
  st.counters["observes/s"] = benchmark::Counter(static_cast<double>(k), benchmark::Counter::kIsRate);
}

void BM_FleetDecide(benchmark::State& st) {
  fleet_decides_on(st, positions());
}
void BM_FleetDecide4p(benchmark::State& st) {
  fleet_decides_on(st, positions_4p());
}
void BM_RecognizerObserve(benchmark::State& st) {
  recognizer_observes_on(st, positions());
}
void BM_RecognizerObserve4p(benchmark::State& st) {
  recognizer_observes_on(st, positions_4p());
}
void BM_RolloutTurn(benchmark::State& st) {
  rollout_turns_on(st, positions());
}
void BM_RolloutTurn4p(benchmark::State& st) {
  rollout_turns_on(st, positions_4p());
}

BENCHMARK(BM_Paired)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Smitsimax)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Beam)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Mcts)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MctsFleetPriors)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Mcts4p)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MctsFleetPriors4p)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Mcts4pLocal)->Unit(benchmark::kMillisecond)->Arg(0)->Arg(4);
BENCHMARK(BM_Mcts4pSearch)->Unit(benchmark::kMillisecond)->Arg(0)->Arg(2)->Arg(4);
BENCHMARK(BM_Mcts4pSearchFleetPriors)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Mcts4pSearchIterations)->Unit(benchmark::kMillisecond)->Arg(1000)->Arg(5000)->Arg(20000);
BENCHMARK(BM_Mcts4pOneSecond)->Unit(benchmark::kMillisecond)->Iterations(6);
BENCHMARK(BM_Mcts4pVerify)->Unit(benchmark::kMillisecond)->Arg(0)->Arg(4);
BENCHMARK(BM_Greedy)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FleetDecide)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FleetDecide4p)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RecognizerObserve)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RecognizerObserve4p)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RolloutTurn)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RolloutTurn4p)->Unit(benchmark::kMicrosecond);

}  // namespace

// The programs' start: the models of named bots registered, as in `halite`
// and the bot, so that the planners benched here predict as they play.
int main(int argc, char** argv) {
#ifdef HALITE_OPPONENTS
  halite::opponents::register_opponents();
#endif
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
