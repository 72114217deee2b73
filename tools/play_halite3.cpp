#include "play_halite3.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "halite/search/rng.h"
#include "halite3/replay_writer.h"

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
    "  --agents LIST      one per player, separated by ';' or ',': greedy,\n"
    "                     greedy:k=v,... (halite params --game halite3 lists them) or\n"
    "                     greedy@FILE (halite tune --game halite3's output; default greedy)\n"
    "  --out FILE         replay file (default replay-<seed>.hlt in this folder)\n";

namespace {

std::vector<lab::PlayerSpec> parse_seats(const Flags& flags, int players) {
  std::vector<std::string> specs;
  if (flags.has("agents")) {
    const std::string list = flags.get("agents", "");
    specs = split_list(list, list.find(';') != std::string::npos ? ';' : ',');
  } else {
    specs.assign(static_cast<size_t>(players), std::string(lab::kHalite3Greedy));
  }
  if (static_cast<int>(specs.size()) != players)
    throw UsageError("--agents names " + std::to_string(specs.size()) + " agents for " + std::to_string(players) +
                     " players");
  return parse_halite3_specs(specs, "--agents", players);
}

void print_standings(const lab::Halite3Match& match, const std::vector<std::string>& names, int size, uint32_t seed,
                     const std::string& out) {
  const halite3::State& s = match.final_state;
  const std::vector<int>& ranks = match.result.ranks;  // from 0
  std::printf("Game: Halite III, %d players, %dx%d, seed %u, %d turns. Replay: %s\n\n", s.player_count, size, size,
              seed, s.turn, out.c_str());
  int agent_width = 5;  // "agent"
  for (const std::string& name : names) agent_width = std::max(agent_width, static_cast<int>(name.size()));
  std::printf("%-5s %-7s %-*s %10s %10s %6s %9s  %s\n", "rank", "player", agent_width, "agent", "bank", "deposited",
              "ships", "dropoffs", "status");
  std::vector<int> order(static_cast<size_t>(s.player_count));
  for (int p = 0; p < s.player_count; ++p) order[p] = p;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return ranks[a] < ranks[b]; });
  for (const int p : order) {
    const halite3::Player& player = s.players[p];
    const auto ships = std::count_if(s.ship_list().begin(), s.ship_list().end(),
                                     [&](const halite3::Ship& ship) { return ship.owner == p; });
    const char* status = player.removed ? "removed" : player.can_play ? "playing" : "out of ships and halite";
    std::printf("%-5d %-7d %-*s %10lld %10lld %6lld %9d  %s\n", ranks[p] + 1, p, agent_width, names[p].c_str(),
                static_cast<long long>(player.halite), static_cast<long long>(player.deposited),
                static_cast<long long>(ships), player.dropoff_count, status);
  }
  std::printf("\ncheck: halite replay-check %s\n", out.c_str());
}

}  // namespace

lab::Game game_flag(const Flags& flags) {
  const std::string game = flags.get("game", "halite4");
  if (game == "halite3") return lab::Game::Halite3;
  if (game != "halite4") throw UsageError("--game takes halite4 or halite3, not '" + game + "'");
  return lab::Game::Halite4;
}

void refuse_halite4_flags(const Flags& flags) {
  for (const char* name : {"episode-steps", "act-timeout", "overage", "python", "view", "trace"})
    if (flags.has(name)) throw UsageError(std::string("--") + name + " is not available with --game halite3");
}

void refuse_halite3_flags(const Flags& flags) {
  if (flags.has("turns")) throw UsageError("--turns is for --game halite3 (a Halite IV game: --episode-steps)");
}

std::vector<lab::PlayerSpec> parse_halite3_specs(const std::vector<std::string>& specs, const std::string& flag,
                                                 int players) {
  std::vector<lab::PlayerSpec> parsed;
  try {
    for (const std::string& spec : specs) parsed.push_back(parse_player_spec(spec, players, lab::Game::Halite3));
  } catch (const search::ParamError& e) {
    throw UsageError(flag + ": " + e.what());
  }
  return parsed;
}

Halite3MapFlags halite3_map_flags(const Flags& flags) {
  return {static_cast<int>(flags.get_int("size", 0, 1, halite3::kMaxSide)),
          flags.get_int("turns", 0, 1, lab::kHalite3MaxTurns)};
}

lab::TurnBudget turn_budget_flags(const Flags& flags) {
  return {flags.get_double("budget-ms", 0, 0, 1e7), flags.get_int("iterations", 0, 0, 1'000'000'000'000LL)};
}

std::string halite3_map_text(int size, int64_t turns) {
  return (size > 0 ? std::to_string(size) + "x" + std::to_string(size) : std::string("sizes 32 to 64 in turn")) + ", " +
         (turns > 0 ? std::to_string(turns) + " turns" : std::string("official turns"));
}

Halite3GameFlags halite3_game_from_flags(const Flags& flags) {
  const int players = static_cast<int>(flags.get_int("players", 2, 2, 4));
  if (players == 3) throw UsageError("--players takes 2 or 4 with --game halite3");
  Halite3GameFlags game;
  game.size = static_cast<int>(flags.get_int("size", 32, 1, halite3::kMaxSide));
  game.seed = static_cast<uint32_t>(flags.get_int("seed", 1, 0, 4294967295LL));
  const int64_t turns = flags.get_int("turns", 0, 1, lab::kHalite3MaxTurns);
  const std::vector<lab::PlayerSpec> seats = parse_seats(flags, players);
  game.budget = turn_budget_flags(flags);
  try {
    game.start = lab::halite3_start(game.seed, game.size, players, turns);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  for (const lab::PlayerSpec& seat : seats) {
    // Each seat its own seed, drawn from the map seed; seed=N in a spec wins.
    game.seats.push_back(lab::halite3_seat(seat, halite::search::mix64(game.seed * 8 + game.seats.size())));
    game.names.push_back(seat.label);
  }
  return game;
}

int play_halite3(const Flags& flags) {
  refuse_halite4_flags(flags);
  const Halite3GameFlags game = halite3_game_from_flags(flags);
  halite3::ReplayRecorder recorder(game.start.constants, game.seed, game.names);
  const lab::Halite3Match match = lab::play_halite3_match(game.start, game.seed, game.seats, game.budget, &recorder);
  if (!match.result.aborted.empty()) throw std::runtime_error("the engine stopped the game: " + match.result.aborted);
  const std::string out = flags.get("out", "replay-" + std::to_string(game.seed) + ".hlt");
  halite3::write_replay_file(out, recorder.json());
  print_standings(match, game.names, game.size, game.seed, out);
  return 0;
}

}  // namespace halite::tools
