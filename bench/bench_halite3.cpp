// Halite III engine benchmarks: a state copy and one turn (inspiration, the
// turn's resolution and the end check, as the official engine runs a turn)
// on the states of a real 4-player 64x64 game, and a whole recorded game.
//
// The game is testdata/halite3/64-4p-seed7-greedy.hlt (four halite3_bot seats
// in the official engine, --turn-limit 300: up to 172 ships, 143 turns with 100 or more), or the .hlt file named
// by HALITE3_BENCH_REPLAY. scripts/halite3/engine_speed.py measures the
// official engine's own time a turn on the same game (docs/halite3.md).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "halite3/replay.h"
#include "halite3/state.h"

using namespace halite3;

namespace {

// One turn as the replay recorded it: the state at its start and its commands.
struct RecordedTurn {
  State start;
  std::vector<PlayerCommands> commands;
};

const Replay& replay() {
  static const Replay loaded = [] {
    const char* path = std::getenv("HALITE3_BENCH_REPLAY");
    return read_replay_file(path ? std::string(path) : HALITE_TESTDATA "/halite3/64-4p-seed7-greedy.hlt");
  }();
  return loaded;
}

// Every turn of the replay, played through the engine (the states are large:
// they live on the heap).
const std::vector<std::unique_ptr<RecordedTurn>>& turns() {
  static const std::vector<std::unique_ptr<RecordedTurn>> all = [] {
    const Replay& r = replay();
    std::vector<std::unique_ptr<RecordedTurn>> out;
    auto s = std::make_unique<State>(initial_state(r.constants, r.width, r.height, r.halite, r.shipyards));
    for (size_t t = 1; t + 1 < r.frames.size(); ++t) {
      update_inspiration(*s, r.constants);
      auto turn = std::make_unique<RecordedTurn>(RecordedTurn{*s, turn_commands(*s, r.frames[t])});
      resolve_turn(*s, r.constants, turn->commands);
      out.push_back(std::move(turn));
      if (check_game_end(*s, r.constants)) break;
    }
    return out;
  }();
  return all;
}

// The turn whose start has the most ships.
const RecordedTurn& busiest_turn() {
  const RecordedTurn* best = turns().front().get();
  for (const auto& t : turns())
    if (t->start.ship_count > best->start.ship_count) best = t.get();
  return *best;
}

void BM_Halite3CopyState(benchmark::State& bench) {
  const State& source = busiest_turn().start;
  auto target = std::make_unique<State>();
  for (auto _ : bench) {
    *target = source;
    benchmark::DoNotOptimize(target.get());
    benchmark::ClobberMemory();
  }
  bench.counters["ships"] = source.ship_count;
  bench.counters["bytes"] = sizeof(State);
}
BENCHMARK(BM_Halite3CopyState);

// A copy of the turn's start, then the turn: what a search pays to try one
// joint move from a position.
void BM_Halite3CopyAndTurn(benchmark::State& bench) {
  const RecordedTurn& turn = busiest_turn();
  const Constants& constants = replay().constants;
  auto s = std::make_unique<State>();
  for (auto _ : bench) {
    *s = turn.start;
    update_inspiration(*s, constants);
    resolve_turn(*s, constants, turn.commands);
    benchmark::DoNotOptimize(check_game_end(*s, constants));
  }
  bench.counters["ships"] = turn.start.ship_count;
}
BENCHMARK(BM_Halite3CopyAndTurn);

// The whole recorded game from its first state, turn after turn; the time a
// turn is the rate's inverse (turns/s).
void BM_Halite3Game(benchmark::State& bench) {
  const Replay& r = replay();
  auto s = std::make_unique<State>();
  int64_t played = 0;
  for (auto _ : bench) {
    *s = initial_state(r.constants, r.width, r.height, r.halite, r.shipyards);
    for (const auto& turn : turns()) {
      update_inspiration(*s, r.constants);
      resolve_turn(*s, r.constants, turn->commands);
      benchmark::DoNotOptimize(check_game_end(*s, r.constants));
      ++played;
    }
  }
  bench.counters["turns/s"] = benchmark::Counter(static_cast<double>(played), benchmark::Counter::kIsRate);
  bench.counters["turns"] = static_cast<double>(turns().size());
}
BENCHMARK(BM_Halite3Game)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
