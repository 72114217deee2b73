// The `halite` command line: git-style subcommands, one file each
// (tools/cmd_<name>.cpp), registered with HALITE_COMMAND.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "halite/json_codec.h"
#include "halite/lab/arena.h"
#include "halite/search/flags.h"

namespace halite::tools {

struct Command {
  std::string name;
  std::string summary;                                           // one line, for `halite --help`
  std::string usage;                                             // the full `halite <name> --help` text
  std::function<int(const std::vector<std::string>& args)> run;  // args exclude the command name
};

bool register_command(Command command);
const std::vector<Command>& commands();

// The non-empty items of a `sep`-separated list ("a;b;;c" -> a, b, c).
std::vector<std::string> split_list(const std::string& text, char sep);

// A turn budget as the summaries print it: "1000 ms", "400 iterations",
// "1000 ms, 400 iterations", or "no deadline" when it sets neither.
std::string budget_text(const lab::TurnBudget& budget);

// Reads each replay of `paths` in turn and hands it to `add`, which may
// throw JsonError (a replay that does not reproduce). A replay that cannot be
// read or added stops the command with an error naming the file, unless
// `skip_bad`: then "halite COMMAND: skipped ..." goes to stderr and the next
// one is read. Returns how many were skipped.
int for_each_replay(const std::vector<std::string>& paths, bool skip_bad, std::string_view command,
                    const std::function<void(const std::string& path, const Replay& replay)>& add);

// A spec with a parameter file: NAME@FILE[:k=v,...] or @FILE[:k=v,...]. FILE
// holds {"planner": NAME, "params": {...}} (what `halite tune` writes; the
// name may then be left out) or a plain {"name": value} object (`halite
// params NAME --json`). A bot config's "by_players" entry for the arena's
// number of players is applied, as the bot applies it. Inline overrides apply
// after the file. `submission[:k=v,...]` is the same with bot/submission.json
// as this binary was built with it (the competition bot's planner and values).
// For Halite III (`game`) the spec and the file name the Halite III policy
// (lab/halite3_match.h), and `submission` is refused.
lab::PlayerSpec parse_player_spec(const std::string& text, int num_players, lab::Game game = lab::Game::Halite4);
inline constexpr std::string_view kSubmissionSpec = "submission";

// The range --act-timeout and --overage take (seconds), for the commands
// that seat Kaggle Python agents.
inline constexpr double kMinActTimeout = 0.01, kMaxActTimeout = 3600, kMaxOverage = 36000;

// A usage error (printed with the command's usage, exit code 2) and the flag
// parser shared by every subcommand and the bot (halite/search/flags.h).
using search::Flags;
using search::UsageError;

// Under an MPI launcher (lab/cluster.h), every rank but 0 plays the games rank 0
// hands out, on its own --jobs threads (default_jobs when the flag is absent
// or bad: rank 0 reports that), and returns true when rank 0 is done: the
// command then exits 0. Rank 0 and a single process get false and run the command.
bool serve_if_worker(lab::Cluster& cluster, const std::vector<std::string>& args, int default_jobs);
// The most threads --jobs gives one process.
constexpr int kMaxJobs = 1024;

}  // namespace halite::tools

#define HALITE_CONCAT_INNER(a, b) a##b
#define HALITE_CONCAT(a, b) HALITE_CONCAT_INNER(a, b)
// Registers a command at static initialisation (the tool links every
// cmd_*.cpp object directly, so none is dropped).
#define HALITE_COMMAND(...) \
  static const bool HALITE_CONCAT(halite_command_registered_, __LINE__) = ::halite::tools::register_command(__VA_ARGS__)
