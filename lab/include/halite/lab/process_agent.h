// ProcessAgent: a seat played by a child process speaking the bot's line
// protocol (docs/bot.md): one configuration line when a game starts, then one
// observation line per turn, answered by one action line.
//
// It keeps Kaggle's clock: each answer is timed, time over actTimeout is
// taken from the overage bank (sent to the child as remainingOverageTime),
// and an answer that has not come when actTimeout plus the bank has passed is
// a TIMEOUT. An answer that is not a valid action is INVALID (parse_action,
// as the reference interprets it; an answer that is not a JSON object is
// recorded as {}, as the reference records it); a child that exits or writes a
// line that is not JSON is an ERROR, the line's start being the reason given
// (a line `ERROR: <reason>` is the child's own report that its agent failed:
// an ERROR for that reason, as a Python agent that raises is on Kaggle).
// After a TIMEOUT or ERROR the child is killed and a new one started for the
// next game, as a runner would start a fresh agent.
//
// A child that needs time to start (an interpreter loading its libraries) can
// announce itself: with a non-empty `ready_line`, a new child must write that
// line before anything is sent to it, within kStartupSeconds, and its start-up
// is not charged to its first turn (Kaggle's clock starts at the agent call).
// A child that exits or writes anything else fails its next turn with ERROR,
// the reason quoting what it wrote.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "halite/lab/match.h"

namespace halite::lab {

class ProcessAgent final : public Agent {
 public:
  // How long a child that announces itself may take to do so.
  static constexpr double kStartupSeconds = 60;

  // The child is `path` with `args`, started at the first game.
  ProcessAgent(std::string path, std::vector<std::string> args, std::string ready_line = "");
  ~ProcessAgent() override;
  ProcessAgent(const ProcessAgent&) = delete;
  ProcessAgent& operator=(const ProcessAgent&) = delete;

  void new_game(const Config& config, int player) override;
  AgentAnswer act(const State& state, int player) override;

  // This game's figures.
  double max_turn_ms() const { return max_turn_ms_; }
  double overage_left_s() const { return overage_s_; }

 private:
  class Child;
  void start_child();  // a new child; on a failed announcement child_ stays empty and start_failure_ says why
  std::string path_;
  std::vector<std::string> args_;
  std::string ready_line_;
  std::unique_ptr<Child> child_;
  std::string start_failure_;  // why the last child did not start, for its first turn
  double act_timeout_s_ = 0;
  double overage_s_ = 0;
  double max_turn_ms_ = 0;
};

}  // namespace halite::lab
