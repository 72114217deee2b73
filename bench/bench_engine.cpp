// Engine benchmarks: state copy and one turn resolution on real states from
// the reference replays (small, mid and large ship counts), and complete
// random games per second.
#include <benchmark/benchmark.h>

#include "halite/lab/match.h"
#include "halite/replay_check.h"
#include "halite/search/rng.h"

using namespace halite;

namespace {

// A state from a reference replay with its recorded turn staged.
struct Position {
  State staged;
  int ships;
};

// The states of s12 (4 players, 21x21, greedy x4) and of the Kaggle episode
// shape, picked by ship count.
const std::vector<Position>& positions() {
  static const std::vector<Position> all = [] {
    const Replay replay = read_replay_file(HALITE_TESTDATA "/replays/s12_4p_s21_greedy_x4.json.gz");
    const std::vector<State> states = replay_states(replay);
    std::vector<Position> out;
    for (size_t t = 0; t + 1 < states.size(); ++t) {
      State s = states[t];
      stage_recorded_turn(s, replay.steps[t + 1]);
      out.push_back({s, static_cast<int>(s.ships().size())});
    }
    return out;
  }();
  return all;
}

// The state with the ship count nearest to `ships`.
const State& position_with(int ships) {
  const Position* best = &positions().front();
  for (const Position& p : positions())
    if (std::abs(p.ships - ships) < std::abs(best->ships - ships)) best = &p;
  return best->staged;
}

void BM_CopyState(benchmark::State& bench) {
  const State& source = position_with(static_cast<int>(bench.range(0)));
  auto target = std::make_unique<State>();
  for (auto _ : bench) {
    *target = source;
    benchmark::DoNotOptimize(target.get());
    benchmark::ClobberMemory();
  }
  bench.counters["ships"] = static_cast<double>(source.ships().size());
  bench.counters["bytes"] = sizeof(State);
}
BENCHMARK(BM_CopyState)->Arg(5)->Arg(25)->Arg(52);

// The copy a search's inner loop makes: State::assign_from into a scratch
// state that held the same position before (what resetting to a root is).
void BM_AssignFrom(benchmark::State& bench) {
  const State& source = position_with(static_cast<int>(bench.range(0)));
  auto target = std::make_unique<State>(source);
  for (auto _ : bench) {
    target->assign_from(source);
    benchmark::DoNotOptimize(target.get());
    benchmark::ClobberMemory();
  }
  bench.counters["ships"] = static_cast<double>(source.ships().size());
  // The bytes moved: the header (what precedes the unit and cell arrays),
  // the live units and the board's cells.
  constexpr size_t header =
      sizeof(State) - kMaxShips * sizeof(Ship) - kMaxShipyards * sizeof(Shipyard) - kMaxCells * sizeof(double);
  bench.counters["bytes"] =
      static_cast<double>(header + source.ships().size() * sizeof(Ship) + source.shipyards().size() * sizeof(Shipyard) +
                          static_cast<size_t>(source.cell_count()) * sizeof(double));
}
BENCHMARK(BM_AssignFrom)->Arg(5)->Arg(25)->Arg(52);

// Copy + resolve, minus nothing: the copy is part of what a search pays per
// simulated turn. BM_CopyState gives the copy alone.
void BM_CopyAndResolveTurn(benchmark::State& bench) {
  const State& source = position_with(static_cast<int>(bench.range(0)));
  auto scratch = std::make_unique<State>();
  for (auto _ : bench) {
    *scratch = source;
    scratch->resolve();
    benchmark::DoNotOptimize(scratch.get());
    benchmark::ClobberMemory();
  }
  bench.counters["ships"] = static_cast<double>(source.ships().size());
}
BENCHMARK(BM_CopyAndResolveTurn)->Arg(5)->Arg(25)->Arg(52);

// The same with the search's copy: assign_from into the scratch state that
// the previous iteration resolved.
void BM_AssignAndResolveTurn(benchmark::State& bench) {
  const State& source = position_with(static_cast<int>(bench.range(0)));
  auto scratch = std::make_unique<State>();
  for (auto _ : bench) {
    scratch->assign_from(source);
    scratch->resolve();
    benchmark::DoNotOptimize(scratch.get());
    benchmark::ClobberMemory();
  }
  bench.counters["ships"] = static_cast<double>(source.ships().size());
}
BENCHMARK(BM_AssignAndResolveTurn)->Arg(5)->Arg(25)->Arg(52);

// A 4-player state with about 100 ships: every s12 state's ships moved or
// spawned until the board holds ~100 (the replays peak at 52 on 21x21).
const State& state_with_100_ships() {
  static const State staged = [] {
    State s = position_with(52);
    s.clear_staged();
    search::Rng rng(7);
    for (int p = 0; p < s.num_players(); ++p) s.mutable_player(p).bank = 1e6;
    int ids = 1;
    for (int c = 0; c < s.cell_count() && s.ships().size() < 100; c += 3) {
      bool busy = false;
      for (const Ship& sh : s.ships()) busy |= sh.cell == c;
      for (const Shipyard& y : s.shipyards()) busy |= y.cell == c;
      if (!busy) s.add_ship(UnitId::make(0, static_cast<uint32_t>(100 + ids++)), c, c % 4, c % 7 * 10.0);
    }
    const Action moves[] = {Action::None, Action::North, Action::South, Action::East, Action::West};
    for (int i = 0; i < static_cast<int>(s.ships().size()); ++i) s.stage_ship(i, moves[rng.below(5)]);
    return s;
  }();
  return staged;
}

void BM_CopyAndResolveTurn100Ships(benchmark::State& bench) {
  const State& s = state_with_100_ships();
  auto scratch = std::make_unique<State>();
  for (auto _ : bench) {
    *scratch = s;
    scratch->resolve();
    benchmark::DoNotOptimize(scratch.get());
    benchmark::ClobberMemory();
  }
  bench.counters["ships"] = static_cast<double>(s.ships().size());
}
BENCHMARK(BM_CopyAndResolveTurn100Ships);

void BM_AssignAndResolveTurn100Ships(benchmark::State& bench) {
  const State& s = state_with_100_ships();
  auto scratch = std::make_unique<State>();
  for (auto _ : bench) {
    scratch->assign_from(s);
    scratch->resolve();
    benchmark::DoNotOptimize(scratch.get());
    benchmark::ClobberMemory();
  }
  bench.counters["ships"] = static_cast<double>(s.ships().size());
}
BENCHMARK(BM_AssignAndResolveTurn100Ships);

// The copies alone on that state: plain and assign_from.
void BM_CopyState100Ships(benchmark::State& bench) {
  const State& s = state_with_100_ships();
  auto target = std::make_unique<State>();
  for (auto _ : bench) {
    *target = s;
    benchmark::DoNotOptimize(target.get());
    benchmark::ClobberMemory();
  }
  bench.counters["ships"] = static_cast<double>(s.ships().size());
}
BENCHMARK(BM_CopyState100Ships);

void BM_AssignFrom100Ships(benchmark::State& bench) {
  const State& s = state_with_100_ships();
  auto target = std::make_unique<State>(s);
  for (auto _ : bench) {
    target->assign_from(s);
    benchmark::DoNotOptimize(target.get());
    benchmark::ClobberMemory();
  }
  bench.counters["ships"] = static_cast<double>(s.ships().size());
}
BENCHMARK(BM_AssignFrom100Ships);

// Complete 2-player games between two reimplementations of the reference's
// random agent, through the planner interface and the shared match loop.
void BM_RandomGame2p(benchmark::State& bench) {
  uint32_t seed = 1;
  int64_t states = 0;
  for (auto _ : bench) {
    auto a = search::make_planner("random", std::vector<std::string>{}, seed);
    auto b = search::make_planner("random", std::vector<std::string>{}, seed + 1000);
    lab::MatchOptions options;
    options.config.random_seed = seed++;
    const lab::MatchResult r = lab::play_match(std::vector<search::Planner*>{a.get(), b.get()}, options);
    states += r.states;
  }
  bench.counters["games/s"] = benchmark::Counter(static_cast<double>(bench.iterations()), benchmark::Counter::kIsRate);
  bench.counters["states/game"] = static_cast<double>(states) / static_cast<double>(bench.iterations());
}
BENCHMARK(BM_RandomGame2p)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
