// halite dataset: Kaggle replays to imitation-learning samples in a numpy .npz.
#include <chrono>
#include <cstdio>

#include "command.h"
#include "halite/json_codec.h"
#include "halite/lab/dataset.h"

namespace halite::tools {
namespace {

int run(const std::vector<std::string>& args) {
  Flags flags(args, {"out", "player", "team", "window"}, {"winners", "compress", "skip-bad"});
  if (flags.positional().empty()) throw UsageError("name at least one replay file");
  if (!flags.has("out")) throw UsageError("--out FILE is required (a .npz)");
  lab::DatasetOptions options;
  options.window = static_cast<int>(flags.get_int("window", lab::kDefaultWindow, 1, lab::kMaxWindow));
  for (const std::string& p : flags.get_all("player")) {
    char* end = nullptr;
    const long index = std::strtol(p.c_str(), &end, 10);
    if (p.empty() || *end != '\0' || index < 0 || index >= kMaxPlayers)
      throw UsageError("--player takes a player index from 0 to " + std::to_string(kMaxPlayers - 1) + ", got '" + p +
                       "'");
    options.players.push_back(static_cast<int>(index));
  }
  options.teams = flags.get_all("team");
  options.winners_only = flags.has("winners");
  try {
    lab::validate(options);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  const bool skip_bad = flags.has("skip-bad");

  const auto t0 = std::chrono::steady_clock::now();
  lab::Dataset dataset;
  const int skipped = for_each_replay(
      flags.positional(), skip_bad, "dataset",
      [&](const std::string& path, const Replay& replay) { lab::add_replay(dataset, replay, path, options); });
  const double read_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const std::string out = flags.get("out", "");
  lab::write_npz(dataset, out, flags.has("compress"));
  const double total_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const size_t samples = dataset.ships.size() + dataset.shipyards.size();
  std::printf("%zu replays (%d skipped): %zu ship samples, %zu shipyard samples, window %d -> %s\n",
              dataset.replays.size(), skipped, dataset.ships.size(), dataset.shipyards.size(), dataset.window,
              out.c_str());
  std::printf("%.2f s reading and replaying, %.2f s in all: %.0f samples/s\n", read_s, total_s,
              total_s > 0 ? static_cast<double>(samples) / total_s : 0.0);
  return 0;
}

HALITE_COMMAND(Command{"dataset", "turn Kaggle replays into imitation-learning samples (numpy .npz)",
                       "usage: halite dataset REPLAY... --out FILE.npz [--player N]... [--team NAME]... [--winners]\n"
                       "                      [--window 21] [--compress] [--skip-bad]\n\n"
                       "Reproduces each replay through the engine (plain, gzip or Kaggle's API wrapper;\n"
                       "a replay that does not reproduce exactly is refused) and writes, for every\n"
                       "turn of every kept player, one sample per ship and one per shipyard: board\n"
                       "planes centred on the unit, global features and the action taken. The schema\n"
                       "and a reader are in docs/dataset.md.\n\n"
                       "  --out FILE     the .npz to write (written whole or not at all)\n"
                       "  --player N     keep player N (repeatable; default every player)\n"
                       "  --team NAME    keep the players whose TeamNames entry is NAME (repeatable)\n"
                       "  --winners      keep only the players ranked first at the end\n"
                       "  --window N     odd side of the planes, centred on the unit (default 21)\n"
                       "  --compress     deflate the arrays (np.savez_compressed's layout; slower)\n"
                       "  --skip-bad     skip unreadable or inexact replays with a message instead of stopping\n",
                       run});

}  // namespace
}  // namespace halite::tools
