// Local games for the bot: `halite_bot --vs miner [--games N] [bot options]`
// runs the engine as a referee between a child halite_bot process (this same
// executable with the bot options, spoken to through the line protocol, as
// main.py does on Kaggle) and built-in planners. The referee keeps Kaggle's
// clock: each answer is timed, time over actTimeout is taken from the
// overage bank, and a bot whose bank runs out gets TIMEOUT; a malformed
// answer gets INVALID, a dead bot ERROR.
#pragma once

#include <string>
#include <vector>

namespace halite::bot {

struct RefereeOptions {
  std::vector<std::string> opponents;  // planner specs: name[:k=v,...]
  int games = 1;
  uint64_t seed = 1;       // board seed of game 0 (game g uses seed + g / seats)
  double act_timeout = 6;  // Kaggle's halite settings
  double overage = 60;
  int size = 21;
  int episode_steps = 400;
  double opponent_ms = 50;            // per-turn budget of the built-in opponents
  std::string replay;                 // write game g's replay to this path ("%d" -> g)
  std::vector<std::string> bot_args;  // passed to the child bot
};

// Recognises the referee's own flags in argv (--vs, --games, --board-seed,
// --act-timeout, --overage, --size, --episode-steps, --opponent-ms, --replay);
// returns true when --vs was given. Everything else goes to bot_args.
bool parse_referee_args(int argc, char** argv, RefereeOptions* options);
// Plays the games; prints one line per game and a summary. Exit status: 0
// when the bot never timed out, errored or answered invalidly; 1 otherwise.
int run_referee(const RefereeOptions& options, const std::string& self_path);

}  // namespace halite::bot
