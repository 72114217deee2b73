// halite replay-check FILE...: replays recorded games through the engine.
// Halite IV replays (Kaggle JSON, plain or gzip) go to engine/; Halite III
// replays (.hlt, or any file that starts as zstd data) to engine3/.
#include <cstdio>
#include <fstream>

#include "command.h"
#include "halite/replay_check.h"
#include "halite3/replay_check.h"

namespace halite::tools {
namespace {

bool is_halite3_file(const std::string& path) {
  if (path.size() >= 4 && path.compare(path.size() - 4, 4, ".hlt") == 0) return true;
  std::ifstream in(path, std::ios::binary);
  std::string head(4, '\0');
  in.read(head.data(), 4);
  return in.gcount() == 4 && halite3::is_zstd(head);
}

// Prints one file's outcome; true when it reproduces.
bool check_halite4(const std::string& path, bool quiet) {
  const Replay replay = read_replay_file(path);
  const ReplayCheckResult r = check_replay(replay);
  if (!r.ok()) {
    std::printf("%s: MISMATCH at %s\n", path.c_str(), r.difference->str().c_str());
    return false;
  }
  if (!quiet)
    std::printf("%s: OK, %d states%s\n", path.c_str(), r.states,
                r.board_generated ? ", starting board matches randomSeed" : ", no randomSeed recorded");
  return true;
}

bool check_halite3(const std::string& path, bool quiet) {
  const halite3::Replay replay = halite3::read_replay_file(path);
  const halite3::ReplayCheckResult r = halite3::check_replay(replay);
  if (!r.ok()) {
    std::printf("%s: MISMATCH at %s\n", path.c_str(), r.difference->str().c_str());
    return false;
  }
  if (!quiet)
    std::printf("%s: OK, Halite III, %d turns, %d players, %dx%d%s\n", path.c_str(), r.turns, replay.players(),
                replay.width, replay.height,
                r.map_generated ? ", starting map matches map_generator_seed" : ", no map_generator_seed recorded");
  return true;
}

int run(const std::vector<std::string>& args) {
  Flags flags(args, {}, {"quiet"});
  if (flags.positional().empty()) throw UsageError("no replay file given");
  const bool quiet = flags.has("quiet");
  int failed = 0;
  for (const std::string& path : flags.positional()) {
    try {
      if (!(is_halite3_file(path) ? check_halite3(path, quiet) : check_halite4(path, quiet))) ++failed;
    } catch (const std::exception& e) {
      ++failed;
      std::printf("%s: ERROR %s\n", path.c_str(), e.what());
    }
  }
  if (flags.positional().size() > 1)
    std::printf("%zu of %zu files reproduce exactly\n", flags.positional().size() - failed, flags.positional().size());
  return failed ? 1 : 0;
}

HALITE_COMMAND(Command{"replay-check", "replay recorded games through the engine and report the first difference",
                       "usage: halite replay-check [--quiet] FILE...\n\n"
                       "Replays each file from step 0 using only its configuration and recorded actions\n"
                       "(and the failure statuses it records for agents that raised, answered invalidly\n"
                       "or timed out), and compares every observation, reward and status exactly: cell\n"
                       "halite as doubles, unit dictionaries without regard to key order. Files that\n"
                       "record randomSeed also have their starting board checked against the generator.\n"
                       "Accepts plain replay JSON (any key order), gzip-compressed files, and the Kaggle\n"
                       "API wrapper {\"replay\": \"<replay as a JSON string>\"}.\n\n"
                       "Halite III replays (.hlt files, or any file that is zstd data) are replayed by\n"
                       "the Halite III engine from their initial map with each frame's recorded commands\n"
                       "(a player missing from them was removed that turn), comparing every ship, bank,\n"
                       "deposit and cell each turn, the turn the game ends and the final ranks. Files\n"
                       "that record map_generator_seed (all the official engine writes) first have their\n"
                       "initial map and shipyards checked against the map generator.\n\n"
                       "Prints, per file, OK with its state (or turn) count or the first difference\n"
                       "(step or turn, player, field, expected, got). Exit status 0 only if every file\n"
                       "matches.\n\n"
                       "  --quiet   print only the files that do not match\n",
                       run});

}  // namespace
}  // namespace halite::tools
