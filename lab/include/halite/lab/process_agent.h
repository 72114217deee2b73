// ProcessAgent: a seat played by a child process speaking the bot's line
// protocol (docs/bot.md): one configuration line when a game starts, then one
// observation line per turn, answered by one action line.
//
// It keeps Kaggle's clock: each answer is timed, time over actTimeout is
// taken from the overage bank (sent to the child as remainingOverageTime),
// and an answer that has not come when actTimeout plus the bank has passed is
// a TIMEOUT. An answer that is not a valid action is INVALID (parse_action,
// as the reference interprets it); a child that exits or writes a line that is
// not JSON is an ERROR. After a TIMEOUT or ERROR the child is killed and a new
// one started for the next game, as a runner would start a fresh agent.
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
  // The child is `path` with `args`, started at the first game.
  ProcessAgent(std::string path, std::vector<std::string> args);
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
  std::string path_;
  std::vector<std::string> args_;
  std::unique_ptr<Child> child_;
  double act_timeout_s_ = 0;
  double overage_s_ = 0;
  double max_turn_ms_ = 0;
};

}  // namespace halite::lab
