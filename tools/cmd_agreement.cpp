// halite agreement: how closely a planner plays like a recorded player.
#include <cstdio>
#include <map>
#include <stdexcept>

#include "command.h"
#include "halite/json_codec.h"
#include "halite/lab/agreement.h"

namespace halite::tools {
namespace {

void print_agreement(const lab::Agreement& a) {
  std::printf("%d replays, %lld player-turns; an always-stay model agrees on %.1f%% of ship actions\n", a.replays,
              static_cast<long long>(a.turns), 100 * a.stay_rate());
  std::printf("%-18s %10s %8s\n", "ships", "decisions", "agreed");
  for (int c = 0; c < lab::kShipClasses; ++c)
    std::printf("%-18s %10lld %7.1f%%\n", lab::kShipClassNames[c], static_cast<long long>(a.ships[c].decisions),
                100 * a.ships[c].rate());
  std::printf("%-18s %10lld %7.1f%%\n", "yards (spawn)", static_cast<long long>(a.yards.decisions),
              100 * a.yards.rate());
  static const char* const kNames[6] = {"stay", "N", "S", "E", "W", "convert"};
  std::printf("\nrecorded \\ predicted");
  for (const char* n : kNames) std::printf(" %8s", n);
  std::printf("\n");
  for (int r = 0; r < 6; ++r) {
    std::printf("%-19s", kNames[r]);
    for (int c = 0; c < 6; ++c) std::printf(" %8lld", static_cast<long long>(a.confusion[r][c]));
    std::printf("\n");
  }
}

int run(const std::vector<std::string>& args) {
  Flags flags(args, {"planner", "player", "budget-ms", "iterations", "seed", "per-turn"}, {"json", "per-replay"});
  if (flags.positional().empty()) throw UsageError("name at least one replay file");
  if (!flags.has("planner")) throw UsageError("--planner SPEC is required");
  if (!flags.has("player")) throw UsageError("--player N is required (the recorded player's index)");
  const int player = static_cast<int>(flags.get_int("player", 0, 0, kMaxPlayers - 1));
  lab::TurnBudget budget;
  budget.milliseconds = flags.get_double("budget-ms", 0, 0, 1e7);
  budget.iterations = flags.get_int("iterations", 0, 0, 1'000'000'000'000LL);
  const auto seed = static_cast<uint64_t>(flags.get_int("seed", 1, 0, 4294967295LL));
  const std::string text = flags.get("planner", "");
  if (text.rfind(lab::kPythonSpecPrefix, 0) == 0)
    throw UsageError("--planner takes a planner spec, not a Python agent");

  // Per-turn lines are written to a temporary file moved into place at the
  // end: a run that fails leaves no partial file under the asked name.
  const std::string per_turn_path = flags.get("per-turn", "");
  const std::string per_turn_tmp = per_turn_path.empty() ? "" : per_turn_path + ".partial";
  std::FILE* per_turn = nullptr;
  if (!per_turn_path.empty()) {
    per_turn = std::fopen(per_turn_tmp.c_str(), "w");
    if (!per_turn) throw std::runtime_error("cannot write " + per_turn_tmp);
  }
  struct Closer {
    std::FILE*& f;
    const std::string& path;
    ~Closer() {
      if (f) std::fclose(f), std::remove(path.c_str());
    }
  } closer{per_turn, per_turn_tmp};
  lab::Agreement total;
  std::map<int, lab::PlayerSpec> specs;  // by the number of players: a bot config's by_players entry differs
  for (const std::string& path : flags.positional()) {
    const Replay replay = read_replay_file(path);
    const int players = static_cast<int>(replay.steps.empty() ? 0 : replay.steps.front().size());
    auto it = specs.find(players);
    if (it == specs.end()) it = specs.emplace(players, parse_player_spec(text, players)).first;
    const lab::PlayerSpec& spec = it->second;
    auto planner = spec.make(seed);
    lab::Agreement a;
    try {
      a = lab::replay_agreement(replay, player, *planner, budget, per_turn != nullptr);
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error(path + ": " + e.what());
    } catch (const JsonError& e) {
      const std::string why = std::string(e.what()).rfind(path, 0) == 0 ? e.what() : path + ": " + e.what();
      throw std::runtime_error(why);
    }
    for (const lab::Agreement::Turn& t : a.per_turn) {
      const Json line = {{"replay", path},
                         {"player", player},
                         {"step", t.step},
                         {"decisions", t.ships.decisions},
                         {"agreed", t.ships.agreed}};
      std::fprintf(per_turn, "%s\n", line.dump().c_str());
    }
    a.per_turn.clear();
    if (flags.has("per-replay"))
      std::printf("%s: %lld ship actions, %.1f%% agreed (always-stay %.1f%%)\n", path.c_str(),
                  static_cast<long long>(a.ship(lab::ShipClass::All).decisions),
                  100 * a.ship(lab::ShipClass::All).rate(), 100 * a.stay_rate());
    total += a;
  }
  if (per_turn) {
    const bool written = std::fclose(per_turn) == 0;
    per_turn = nullptr;
    if (!written || std::rename(per_turn_tmp.c_str(), per_turn_path.c_str()) != 0) {
      std::remove(per_turn_tmp.c_str());
      throw std::runtime_error("cannot write " + per_turn_path);
    }
  }
  if (flags.has("json")) {
    Json j = total.to_json();
    j["planner"] = text;
    j["player"] = player;
    std::printf("%s\n", j.dump().c_str());
  } else {
    print_agreement(total);
  }
  return 0;
}

HALITE_COMMAND(Command{"agreement",
                       "how often a planner gives the orders a recorded player gave (opponent-model fidelity)",
                       "usage: halite agreement REPLAY... --planner SPEC --player N [--iterations N] [--budget-ms MS]\n"
                       "                        [--seed 1] [--per-replay] [--per-turn FILE] [--json]\n\n"
                       "Reproduces each replay through the engine and, on every turn in which player N\n"
                       "was active, has the planner plan for N from that turn's state (after every\n"
                       "earlier state, as in a game) and compares its orders with N's recorded ones,\n"
                       "unit by unit, as the engine reads them. Prints the share of ship actions that\n"
                       "agree, overall and by class (empty or loaded, an enemy ship within 2 moves or\n"
                       "not, what N recorded), the always-stay baseline, the spawn decisions and the\n"
                       "confusion matrix of ship actions. docs/opponent-models.md has the measurements.\n\n"
                       "  --planner SPEC   as halite arena takes it: NAME[:k=v,...] or NAME@FILE[:k=v,...]\n"
                       "  --player N       the recorded player to imitate (its index in the replay)\n"
                       "  --iterations N   per-turn iteration cap (deterministic with --seed)\n"
                       "  --budget-ms MS   per-turn deadline\n"
                       "  --seed S         the planner's seed when the spec fixes none (default 1)\n"
                       "  --per-replay     one line per replay as well\n"
                       "  --per-turn FILE  each compared turn's ship tally as JSONL: replay, player, step,\n"
                       "                   decisions, agreed (written whole or not at all)\n"
                       "  --json           the totals as one JSON object\n",
                       run});

}  // namespace
}  // namespace halite::tools
