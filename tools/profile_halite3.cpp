#include "profile_halite3.h"

#include <cstdio>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "halite/lab/halite3_match.h"
#include "play_halite3.h"
#include "profile_timing.h"

namespace halite::tools {

const char* const kProfileHalite3Usage =
    "With --game halite3: plays one Halite III game on this project's engine between\n"
    "greedy seats (--players, --size, --seed, --turns and --agents as `halite play\n"
    "--game halite3` takes them), then times every turn of it: each seat's decide()\n"
    "as it played, and, on the turn's state, a copy of the engine's state and the\n"
    "copy with the turn (inspiration, the recorded commands, the end check; the best\n"
    "of 5 rounds of --reps repetitions, the turn's time without the copy). Prints\n"
    "decide()'s p50/p99/max/mean per seat and the medians by ship count; the last line\n"
    "is exactly\n"
    "  decide_ms=<median> turn_ns=<median> copy_ns=<median> turns=<n>\n"
    "  --csv FILE         per turn: turn,ships,decide_ms_<seat>...,copy_ns,turn_ns\n";

namespace {

struct RecordedTurn {
  halite3::State state;
  std::vector<halite3::PlayerCommands> commands;
};

void print_decide_times(const lab::Halite3Match& match, const std::vector<std::string>& names) {
  std::printf("%-6s %-*s %9s %9s %9s %9s\n", "seat", 30, "policy", "p50 ms", "p99 ms", "max ms", "mean ms");
  for (size_t p = 0; p < names.size(); ++p) {
    const std::vector<double>& ms = match.result.turn_ms[p];
    double sum = 0;
    for (const double x : ms) sum += x;
    std::printf("%-6zu %-*s %9.3f %9.3f %9.3f %9.3f\n", p, 30, names[p].c_str(), percentile(ms, 0.5),
                percentile(ms, 0.99), ms.empty() ? 0.0 : *std::max_element(ms.begin(), ms.end()),
                ms.empty() ? 0.0 : sum / static_cast<double>(ms.size()));
  }
}

void write_csv(const std::string& path, const std::vector<RecordedTurn>& turns, const std::vector<TurnCost>& costs,
               const lab::Halite3Match& match) {
  std::ofstream csv(path);
  const size_t seats = match.result.turn_ms.size();
  csv << "turn,ships";
  for (size_t p = 0; p < seats; ++p) csv << ",decide_ms_" << p;
  csv << ",copy_ns,turn_ns\n";
  for (size_t t = 0; t < turns.size(); ++t) {
    csv << turns[t].state.turn << "," << costs[t].ships;
    // A removed seat was asked no more: its column is empty from then on.
    for (size_t p = 0; p < seats; ++p) {
      csv << ",";
      if (t < match.result.turn_ms[p].size()) csv << match.result.turn_ms[p][t];
    }
    csv << "," << costs[t].copy_ns << "," << costs[t].step_ns << "\n";
  }
  if (!csv) throw std::runtime_error("cannot write " + path);
}

}  // namespace

int profile_halite3(const Flags& flags) {
  refuse_halite4_flags(flags);
  for (const char* name : {"planner", "set", "params", "opponents", "seat", "svg", "pauses"})
    if (flags.has(name)) throw UsageError(std::string("--") + name + " is not available with --game halite3");
  if (!flags.positional().empty()) throw UsageError("--game halite3 plays its own game: give no replay file");
  const int reps = static_cast<int>(flags.get_int("reps", 200, 1, 1'000'000));
  const Halite3GameFlags game = halite3_game_from_flags(flags);
  std::vector<RecordedTurn> turns;
  const lab::Halite3Match match =
      lab::play_halite3_match(game.start, game.seed, game.seats, game.budget, nullptr,
                              [&](const halite3::State& state, const std::vector<halite3::PlayerCommands>& commands) {
                                turns.push_back({state, commands});
                              });
  if (!match.result.aborted.empty()) throw std::runtime_error("the engine stopped the game: " + match.result.aborted);

  const halite3::Constants& constants = game.start.constants;
  std::vector<TurnCost> costs;
  auto scratch = std::make_unique<halite3::State>();
  for (const RecordedTurn& turn : turns) {
    const double copy_ns = time_ns(reps, kTimingRounds, [&] {
      *scratch = turn.state;
      keep(*scratch);
    });
    const double copy_and_turn_ns = time_ns(reps, kTimingRounds, [&] {
      *scratch = turn.state;
      halite3::update_inspiration(*scratch, constants);
      halite3::resolve_turn(*scratch, constants, turn.commands);
      bool ended = halite3::check_game_end(*scratch, constants);
      keep(ended);
      keep(*scratch);
    });
    costs.push_back({turn.state.ship_count, copy_ns, std::max(0.0, copy_and_turn_ns - copy_ns)});
  }
  if (flags.has("csv")) write_csv(flags.get("csv", ""), turns, costs, match);

  std::printf("Halite III, %zu players, %dx%d, seed %u: %zu turns\n\n", game.names.size(), game.size, game.size,
              game.seed, turns.size());
  print_decide_times(match, game.names);
  std::printf("\n");
  print_costs_by_ships(costs, halite3::kMaxShips, "turn_ns (med)");
  std::vector<double> decides, copies, steps;
  for (const std::vector<double>& ms : match.result.turn_ms) decides.insert(decides.end(), ms.begin(), ms.end());
  for (const TurnCost& c : costs) copies.push_back(c.copy_ns), steps.push_back(c.step_ns);
  std::printf("\ndecide_ms=%.3f turn_ns=%.0f copy_ns=%.0f turns=%zu\n", median(decides), median(steps), median(copies),
              turns.size());
  return 0;
}

}  // namespace halite::tools
