// halite deviations: what a search planner's departures from its base policy
// are worth, by continuing the game both ways (lab/deviations.h).
#include <cstdio>

#include "command.h"
#include "halite/lab/deviations.h"
#include "halite/search/planner.h"

namespace halite::tools {
namespace {

int run(const std::vector<std::string>& args) {
  Flags flags(
      args,
      {"planner", "base", "opponents", "games", "seed", "horizon", "budget-ms", "iterations", "size", "episode-steps"},
      {"json"});
  if (!flags.positional().empty()) throw UsageError("unexpected argument '" + flags.positional()[0] + "'");
  if (!flags.has("planner")) throw UsageError("--planner SPEC is required");
  lab::DeviationOptions options;
  options.config.size = static_cast<int>(flags.get_int("size", options.config.size, kMinBoardSize, kMaxBoardSize));
  options.config.episode_steps =
      static_cast<int>(flags.get_int("episode-steps", options.config.episode_steps, 2, 1'000'000));
  options.games = static_cast<int>(flags.get_int("games", 4, 1, 1'000'000));
  options.first_board_seed = static_cast<uint32_t>(flags.get_int("seed", 1000, 0, 4294967295LL));
  options.horizon = static_cast<int>(flags.get_int("horizon", 8, 1, 400));
  options.budget.milliseconds = flags.get_double("budget-ms", 0, 0, 1e7);
  options.budget.iterations = flags.get_int("iterations", 0, 0, 1'000'000'000'000LL);
  // The default opponent has no game memory (what the measurement needs):
  // mzotkiew's model where the build has it, else the stateless fleet policy.
  const std::string default_opponents = search::has_planner("mz_model") ? "mz_model" : "fleet:remember=0";
  const std::vector<std::string> opponent_names = split_list(flags.get("opponents", default_opponents), ';');
  const int players = static_cast<int>(opponent_names.size()) + 1;
  if (players != 2 && players != 4) throw UsageError("--opponents names 1 or 3 planners (2- or 4-player games)");

  lab::PlayerSpec planner, base;
  std::vector<lab::PlayerSpec> opponents;
  try {
    planner = parse_player_spec(flags.get("planner", ""), players);
    base = parse_player_spec(flags.get("base", "fleet"), players);
    for (const std::string& name : opponent_names) opponents.push_back(parse_player_spec(name, players));
  } catch (const std::exception& e) {
    throw UsageError(e.what());
  }
  const lab::DeviationReport r = lab::measure_deviations(planner, base, opponents, options);

  if (flags.has("json")) {
    Json kinds = Json::object();
    for (int k = 0; k < lab::kDepartureKinds; ++k)
      kinds[lab::kDepartureKindNames[k]] = {
          {"ships", r.by_kind[k].count}, {"mean_gain", r.by_kind[k].mean()}, {"se", r.by_kind[k].standard_error()}};
    const Json out = {{"games", r.games},
                      {"turns", r.turns},
                      {"departing_turns", r.turn_gain.count},
                      {"mean_gain", r.turn_gain.mean()},
                      {"se", r.turn_gain.standard_error()},
                      {"searched_turns", r.searched_gain.count},
                      {"searched_gain", r.searched_gain.mean()},
                      {"by_kind", kinds},
                      {"final_banks", r.final_banks}};
    std::printf("%s\n", out.dump().c_str());
    return 0;
  }
  std::printf("%d games, %lld turns of %s against %s; base %s, continuations of %d turns\n", r.games,
              static_cast<long long>(r.turns), planner.label.c_str(), flags.get("opponents", default_opponents).c_str(),
              base.label.c_str(), options.horizon);
  std::printf(
      "departing turns: %lld (%.1f%%); gain a departing turn %.1f +- %.1f (evaluate() of player 0, the\n"
      "planner's orders minus the base's)\n\n",
      static_cast<long long>(r.turn_gain.count),
      r.turns ? 100.0 * static_cast<double>(r.turn_gain.count) / static_cast<double>(r.turns) : 0.0, r.turn_gain.mean(),
      r.turn_gain.standard_error());
  if (r.searched_gain.count > 0)
    std::printf("the search's own estimate, on the %lld departing turns it chose: %.1f +- %.1f\n\n",
                static_cast<long long>(r.searched_gain.count), r.searched_gain.mean(),
                r.searched_gain.standard_error());
  std::printf("%-28s %8s %18s\n", "departing ship", "ships", "gain of its turn");
  for (int k = 0; k < lab::kDepartureKinds; ++k)
    if (r.by_kind[k].count > 0)
      std::printf("%-28s %8lld %10.1f +- %5.1f\n", lab::kDepartureKindNames[k],
                  static_cast<long long>(r.by_kind[k].count), r.by_kind[k].mean(), r.by_kind[k].standard_error());
  std::printf("\nplayer 0's final banks:");
  for (double b : r.final_banks) std::printf(" %.0f", b);
  std::printf("\n");
  return 0;
}

HALITE_COMMAND(Command{
    "deviations", "what a search planner's departures from its base policy are worth, the game continued both ways",
    "usage: halite deviations --planner SPEC [--base fleet] [--opponents 'mz_model'] [--games 4] [--seed 1000]\n"
    "                         [--horizon 8] [--iterations N | --budget-ms MS] [--size 21] [--episode-steps 400] "
    "[--json]\n\n"
    "Plays --games games of the planner (player 0) against the opponents (one, or three\n"
    "separated by ';'), board seeds --seed, --seed + 1, ... The base (default fleet; give\n"
    "it the planner's values, e.g. fleet@FILE) plans on every state too. On each turn the\n"
    "two answers differ, the game is continued --horizon turns from the planner's orders\n"
    "and from the base's (the opponents' orders of the turn the same; later turns by\n"
    "fresh instances of the base and the opponents), and the departure's gain is\n"
    "evaluate() of player 0 at the first end minus the second. Prints the mean gain a\n"
    "departing turn with its standard error, and by kind of departing ship. Exact\n"
    "for opponents without game memory (mz_model, greedy, fleet:remember=0);\n"
    "docs/search.md. Every planner plans with the given budget.\n\n"
    "  --planner SPEC   the planner measured: NAME[:k=v,...], NAME@FILE or submission\n"
    "  --base SPEC      the policy it departs from (default fleet)\n"
    "  --opponents L    one or three planner specs separated by ';' (default mz_model, or\n"
    "                   fleet:remember=0 in a build without opponents/)\n"
    "  --json           one JSON object instead of the table\n",
    run});

}  // namespace
}  // namespace halite::tools
