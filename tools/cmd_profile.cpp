// halite profile FILE: the cost of copying a state and resolving a turn, on
// the real states of a replay.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "command.h"
#include "halite/replay_check.h"

namespace halite::tools {
namespace {

// Keeps the compiler from eliding a copy or a resolution whose result is unused.
template <typename T>
inline void keep(T& value) {
  asm volatile("" : : "r"(&value) : "memory");
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
  return v[v.size() / 2];
}

using Clock = std::chrono::steady_clock;

// Nanoseconds per call of f, the best of `rounds` timings of `reps` calls:
// the minimum filters out interruptions from the rest of the machine.
template <typename F>
double time_ns(int reps, int rounds, F&& f) {
  double best = 1e300;
  for (int r = 0; r < rounds; ++r) {
    const auto t0 = Clock::now();
    for (int i = 0; i < reps; ++i) f();
    const double ns = std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / reps;
    best = std::min(best, ns);
  }
  return best;
}

int run(const std::vector<std::string>& args) {
  Flags flags(args, {"reps"}, {});
  if (flags.positional().size() != 1) throw UsageError("give exactly one replay file");
  const int reps = static_cast<int>(flags.get_int("reps", 200, 1, 1'000'000));
  const Replay replay = read_replay_file(flags.positional()[0]);
  const std::vector<State> states = replay_states(replay);

  struct Sample {
    int ships;
    double copy_ns;
    double step_ns;
  };
  std::vector<Sample> samples;
  auto scratch = std::make_unique<State>();
  for (size_t t = 0; t + 1 < states.size(); ++t) {
    // The turn from state t to t + 1, staged exactly as the replay recorded it.
    State staged = states[t];
    for (int p = 0; p < replay.num_players; ++p) {
      const ReplayEntry& e = replay.steps[t + 1][p];
      if (staged.player(p).status != Status::Active) continue;
      if (is_failure(e.status) && e.action.is_null()) {
        staged.fail_player(p, e.status);
        continue;
      }
      ParsedAction a = parse_action(e.action, staged, p);
      if (a.status != Status::Active) staged.fail_player(p, a.status);
      else staged.stage(p, a.orders);
    }
    const double copy_ns = time_ns(reps, 5, [&] {
      *scratch = staged;
      keep(*scratch);
    });
    const double copy_and_step_ns = time_ns(reps, 5, [&] {
      *scratch = staged;
      scratch->resolve();
      keep(*scratch);
    });
    samples.push_back({static_cast<int>(staged.ships().size()), copy_ns, std::max(0.0, copy_and_step_ns - copy_ns)});
  }

  std::printf("%s: %zu turns, %d players, %dx%d board\n\n", flags.positional()[0].c_str(), samples.size(),
              replay.num_players, replay.config.size, replay.config.size);
  std::printf("%-12s %8s %14s %14s\n", "ships", "states", "copy_ns (med)", "step_ns (med)");
  const int bounds[] = {0, 10, 25, 50, 100, 200, kMaxShips + 1};
  for (size_t b = 0; b + 1 < std::size(bounds); ++b) {
    std::vector<double> copies, steps;
    for (const Sample& s : samples)
      if (s.ships >= bounds[b] && s.ships < bounds[b + 1]) copies.push_back(s.copy_ns), steps.push_back(s.step_ns);
    if (copies.empty()) continue;
    char label[32];
    std::snprintf(label, sizeof label, "%d-%d", bounds[b], bounds[b + 1] - 1);
    std::printf("%-12s %8zu %14.1f %14.1f\n", label, copies.size(), median(copies), median(steps));
  }
  std::vector<double> copies, steps;
  for (const Sample& s : samples) copies.push_back(s.copy_ns), steps.push_back(s.step_ns);
  std::printf("\nstep_ns=%.0f copy_ns=%.0f states=%zu\n", median(steps), median(copies), states.size());
  return 0;
}

HALITE_COMMAND(Command{
    "profile", "measure state-copy and turn-resolution cost on the states of a replay",
    "usage: halite profile [--reps 200] FILE\n\n"
    "Loads every state of a replay (checking that it reproduces), then times, on\n"
    "each state, a copy of the state and the resolution of its recorded turn\n"
    "(the best of 5 rounds of --reps repetitions; resolution time excludes the\n"
    "copy). Prints medians by ship count; the last line is exactly\n"
    "  step_ns=<median> copy_ns=<median> states=<n>\n",
    run});

}  // namespace
}  // namespace halite::tools
