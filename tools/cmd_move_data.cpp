// halite move-data: replays to training rows of the learned move model (numpy .npz).
#include <cstdio>

#include "command.h"
#include "halite/json_codec.h"
#include "halite/lab/move_data.h"

namespace halite::tools {
namespace {

int run(const std::vector<std::string>& args) {
  Flags flags(args, {"out", "name", "stride"}, {"compress", "skip-bad"});
  if (flags.positional().empty()) throw UsageError("name at least one replay file");
  if (!flags.has("out")) throw UsageError("--out FILE is required (a .npz)");
  lab::MoveDataOptions options;
  options.names = flags.get_all("name");
  // A stride past a game's length keeps only its first turn: allowed, useless.
  options.stride = static_cast<int>(flags.get_int("stride", 1, 1, 1000));
  const bool skip_bad = flags.has("skip-bad");
  lab::MoveData data;
  const int skipped = for_each_replay(
      flags.positional(), skip_bad, "move-data",
      [&](const std::string& path, const Replay& replay) { lab::add_move_rows(data, replay, path, options); });
  const std::string out = flags.get("out", "");
  lab::write_move_npz(data, out, flags.has("compress"));
  std::printf("%zu replays (%d skipped): %zu ship rows, %zu seat names -> %s\n", data.replays.size(), skipped,
              data.size(), data.names.size(), out.c_str());
  return 0;
}

HALITE_COMMAND(Command{"move-data", "turn replays into training rows of the learned move model (numpy .npz)",
                       "usage: halite move-data REPLAY... --out FILE.npz [--name NAME]... [--stride 1]\n"
                       "                        [--compress] [--skip-bad]\n\n"
                       "Reproduces each replay through the engine (plain, gzip or Kaggle's API wrapper;\n"
                       "a replay that does not reproduce exactly is refused) and writes, for every ship\n"
                       "of every kept seat on every kept turn, the move model's features of its six\n"
                       "options (the code inference runs), the option recorded, and where the row came\n"
                       "from. Seats are named by the replay's TeamNames, else by a kaggle-arena file\n"
                       "name (MODE__A,B,C,D__seedN...). Schema: docs/opponent-models.md.\n\n"
                       "  --out FILE     the .npz to write (written whole or not at all)\n"
                       "  --name NAME    keep the seats of this name (repeatable; default every seat)\n"
                       "  --stride K     keep the steps that are multiples of K (default 1: every step)\n"
                       "  --compress     deflate the arrays (np.savez_compressed's layout; slower)\n"
                       "  --skip-bad     skip unreadable or inexact replays with a message instead of stopping\n",
                       run});

}  // namespace
}  // namespace halite::tools
