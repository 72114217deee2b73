#include "play_halite3.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "halite3/game.h"
#include "halite3/mapgen.h"
#include "halite3/replay_writer.h"
#include "halite3/search/policy.h"

namespace halite::tools {

const char* const kPlayHalite3Usage =
    "With --game halite3: one Halite III game on this project's engine (exact against the\n"
    "official one, docs/halite3.md), written as a .hlt replay in the official engine's\n"
    "format (the official viewer's; `halite replay-check` reproduces it):\n"
    "  --players N        2 or 4 (default 2)\n"
    "  --seed S           the map seed, as the official engine's --seed (default 1)\n"
    "  --size N           map side: 32, 40, 48, 56, 64 (official), or any the map generator\n"
    "                     makes, up to 64 (default 32)\n"
    "  --turns N          the game's turn count, MAX_TURNS (default the official count\n"
    "                     for the size: 400 at 32 to 500 at 64)\n"
    "  --agents LIST      one per player, separated by ';' or ',': greedy or\n"
    "                     greedy:k=v,... (halite3_bot --params lists them; default greedy)\n"
    "  --out FILE         replay file (default replay-<seed>.hlt in this folder)\n";

namespace {

// The Halite III planners by name: the greedy cell-scoring policy alone.
constexpr std::string_view kGreedy = "greedy";

// The most turns --turns accepts: far past any official game (500).
constexpr long long kMaxTurnLimit = 100'000;

struct Seat {
  std::string spec;
  halite3::search::PolicyParams params;
};

Seat parse_seat(const std::string& spec) {
  const size_t colon = spec.find(':');
  const std::string name = spec.substr(0, colon);
  if (name != kGreedy)
    throw UsageError("--agents: unknown Halite III planner '" + name + "' (the one planner is greedy)");
  halite3::search::Params params{halite3::search::policy_specs()};
  if (colon != std::string::npos) {
    try {
      for (const std::string& assignment : split_list(spec.substr(colon + 1), ',')) params.set_from_string(assignment);
    } catch (const std::exception& e) {
      throw UsageError("--agents: player '" + spec + "': " + e.what());
    }
  }
  return {spec, halite3::search::PolicyParams::from(params)};
}

std::vector<Seat> parse_seats(const Flags& flags, int players) {
  std::vector<std::string> specs;
  if (flags.has("agents")) {
    const std::string list = flags.get("agents", "");
    specs = split_list(list, list.find(';') != std::string::npos ? ';' : ',');
  } else {
    specs.assign(static_cast<size_t>(players), std::string(kGreedy));
  }
  if (static_cast<int>(specs.size()) != players)
    throw UsageError("--agents names " + std::to_string(specs.size()) + " agents for " + std::to_string(players) +
                     " players");
  std::vector<Seat> seats;
  for (const std::string& spec : specs) seats.push_back(parse_seat(spec));
  return seats;
}

void print_standings(const halite3::GameOutcome& outcome, const std::vector<Seat>& seats, int size, uint32_t seed,
                     const std::string& out) {
  const halite3::State& s = outcome.final_state;
  std::printf("Game: Halite III, %d players, %dx%d, seed %u, %d turns. Replay: %s\n\n", s.player_count, size, size,
              seed, s.turn, out.c_str());
  int agent_width = 5;  // "agent"
  for (const Seat& seat : seats) agent_width = std::max(agent_width, static_cast<int>(seat.spec.size()));
  std::printf("%-5s %-7s %-*s %10s %10s %6s %9s  %s\n", "rank", "player", agent_width, "agent", "bank", "deposited",
              "ships", "dropoffs", "status");
  std::vector<int> order(static_cast<size_t>(s.player_count));
  for (int p = 0; p < s.player_count; ++p) order[p] = p;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return outcome.ranks[a] < outcome.ranks[b]; });
  for (const int p : order) {
    const halite3::Player& player = s.players[p];
    const auto ships = std::count_if(s.ship_list().begin(), s.ship_list().end(),
                                     [&](const halite3::Ship& ship) { return ship.owner == p; });
    const char* status = player.removed ? "removed" : player.can_play ? "playing" : "out of ships and halite";
    std::printf("%-5d %-7d %-*s %10lld %10lld %6lld %9d  %s\n", outcome.ranks[p], p, agent_width, seats[p].spec.c_str(),
                static_cast<long long>(player.halite), static_cast<long long>(player.deposited),
                static_cast<long long>(ships), player.dropoff_count, status);
  }
  std::printf("\ncheck: halite replay-check %s\n", out.c_str());
}

}  // namespace

int play_halite3(const Flags& flags) {
  for (const char* name :
       {"budget-ms", "iterations", "episode-steps", "act-timeout", "overage", "python", "view", "trace"})
    if (flags.has(name)) throw UsageError(std::string("--") + name + " is not available with --game halite3");
  const int players = static_cast<int>(flags.get_int("players", 2, 2, 4));
  if (players == 3) throw UsageError("--players takes 2 or 4 with --game halite3");
  const int size = static_cast<int>(flags.get_int("size", 32, 1, halite3::kMaxSide));
  const auto seed = static_cast<uint32_t>(flags.get_int("seed", 1, 0, 4294967295LL));
  halite3::Constants constants = halite3::Constants::for_map(size, size);
  constants.max_turns = flags.get_int("turns", constants.max_turns, 1, kMaxTurnLimit);
  const std::vector<Seat> seats = parse_seats(flags, players);
  halite3::State start;
  try {
    start = halite3::generate_game(seed, size, size, players, constants);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--size ") + std::to_string(size) + ": " + e.what());
  }

  std::vector<halite3::search::GreedyPolicy> policies;
  std::vector<std::string> names;
  for (const Seat& seat : seats) {
    policies.emplace_back(seat.params);
    names.push_back(seat.spec);
  }
  const auto decide = [&](const halite3::State& state) {
    std::vector<halite3::PlayerCommands> commands(static_cast<size_t>(state.player_count));
    for (int p = 0; p < state.player_count; ++p)
      if (!state.players[p].removed) commands[p].commands = policies[p].decide(state, constants, p);
    return commands;
  };
  halite3::ReplayRecorder recorder(constants, seed, names);
  const halite3::GameOutcome outcome = halite3::play_game(start, constants, seed, decide, &recorder);
  const std::string out = flags.get("out", "replay-" + std::to_string(seed) + ".hlt");
  halite3::write_replay_file(out, recorder.json());
  print_standings(outcome, seats, size, seed, out);
  return 0;
}

}  // namespace halite::tools
