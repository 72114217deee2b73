// halite replay-check FILE...: replays recorded games through the engine.
#include <cstdio>

#include "command.h"
#include "halite/replay_check.h"

namespace halite::tools {
namespace {

int run(const std::vector<std::string>& args) {
  Flags flags(args, {}, {"quiet"});
  if (flags.positional().empty()) throw UsageError("no replay file given");
  int failed = 0;
  for (const std::string& path : flags.positional()) {
    try {
      const Replay replay = read_replay_file(path);
      const ReplayCheckResult r = check_replay(replay);
      if (r.ok()) {
        if (!flags.has("quiet"))
          std::printf("%s: OK, %d states%s\n", path.c_str(), r.states,
                      r.board_generated ? ", starting board matches randomSeed" : ", no randomSeed recorded");
      } else {
        ++failed;
        std::printf("%s: MISMATCH at %s\n", path.c_str(), r.difference->str().c_str());
      }
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
                       "Prints, per file, OK with its state count or the first difference (step, player,\n"
                       "field, expected, got). Exit status 0 only if every file matches.\n\n"
                       "  --quiet   print only the files that do not match\n",
                       run});

}  // namespace
}  // namespace halite::tools
