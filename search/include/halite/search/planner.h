// Planner: the search layer's one runtime boundary.
//
// A planner turns a state into this turn's orders for one player's ships and
// shipyards within a Budget. Planners are anytime: whatever the budget, they
// return a legal answer, and they return before the budget's deadline. With
// a seed and an iteration-capped budget (no deadline) a planner is
// deterministic: the same game (the states it was shown since reset()), seed
// and budget give the same orders.
//
// What a planner knows beyond this turn's state is the same wherever it
// plays (the bot, `halite arena`, tuning), because the planner keeps it
// itself across the turns of one game:
//  - memory(): the game's history as the planner saw it (GameMemory: how
//    each opponent behaves), fed with every state before the algorithm runs;
//  - the algorithm's own per-game state (roles, targets, plans), kept in the
//    planner object and forgotten by reset();
//  - the time it may use: the Budget (a deadline the caller computed from
//    Kaggle's actTimeout and overage bank, and/or an iteration cap).
// A game starts with reset(); a state that does not follow the previous one
// is a gap the memory records and skips.
//
// Planners are registered by name (as lc0 registers its searches) and built
// from their declared parameters and a PlannerSetup: the seed, and the models
// of particular bots the program registered (opponent_model.h), which the
// planners that predict opponents may recognise. The core registers no such
// model; a program that links opponents/ registers its models there.
//
//   auto planner = make_planner("greedy", {"mine_threshold=40"}, /*seed=*/1);
//   planner->reset();
//   State::Orders orders = planner->plan(state, player, Budget::milliseconds(200));
//
// Inside a planner, use concrete types: no virtual calls in hot loops.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "halite/search/budget.h"
#include "halite/search/game_memory.h"
#include "halite/search/opponent_model.h"
#include "halite/search/params.h"
#include "halite/search/reasons.h"
#include "halite/state.h"

namespace halite::search {

// What the last plan() did, for tools and benchmarks.
struct PlanStats {
  int64_t iterations = 0;       // the planner's own unit: simulations, beam expansions, ...
  int64_t simulated_steps = 0;  // turn resolutions performed on copies of the state
  double elapsed_ms = 0;
};

class Planner {
 public:
  virtual ~Planner() = default;
  virtual std::string name() const = 0;
  // This turn's orders for `player` (ids of its own live units): records the
  // state in memory(), then runs the algorithm (choose()). Must not throw
  // for any reachable state in which the player is active; returns no
  // orders for a player that is not active.
  State::Orders plan(const State& state, int player, const Budget& budget);
  // A new game starts: forgets the game memory and the algorithm's per-game
  // state (new_game()).
  void reset();
  // What this planner has learnt of the current game (see GameMemory).
  const GameMemory& memory() const { return memory_; }
  const PlanStats& last_stats() const { return stats_; }

  // While explaining, every plan() also records why each own unit got its
  // order (reasons.h), read by reasons() until the next plan(). Explaining
  // reads what the algorithm computed and changes nothing it decides: the
  // orders are the same either way. Off (the default) it costs one branch.
  void set_explaining(bool on) { explaining_ = on; }
  bool explaining() const { return explaining_; }
  const TurnReasons& reasons() const { return reasons_; }

 protected:
  // The algorithm: this turn's orders. memory() already holds `state`.
  virtual State::Orders choose(const State& state, int player, const Budget& budget) = 0;
  // While explaining, after choose(): adds what the algorithm knows to
  // `reasons`, which already holds every own unit with its order. Must not
  // change what the next choose() does. The default adds nothing.
  virtual void explain(const State& state, int player, TurnReasons& reasons) const {
    (void)state, (void)player, (void)reasons;
  }
  // Forget what the algorithm kept across the turns of the last game.
  virtual void new_game() {}
  PlanStats stats_;

 private:
  GameMemory memory_;
  bool explaining_ = false;
  TurnReasons reasons_;
};

// What a planner is built with besides its parameters.
struct PlannerSetup {
  uint64_t seed = 0;
  // The bots it may recognise among its opponents and predict by their
  // models, in the order its recogniser tries them. Empty: a blind planner,
  // which plays every opponent by its own policies.
  std::vector<ModelKind> opponent_models;
};

struct PlannerInfo {
  std::string name;
  std::string summary;  // one line
  std::vector<ParamSpec> params;
  std::function<std::unique_ptr<Planner>(const Params&, const PlannerSetup&)> make;
};

// Registers a planner; returns true so it can initialise a static. Throws
// ParamError when the name is taken.
bool register_planner(PlannerInfo info);
const std::vector<PlannerInfo>& planners();
const PlannerInfo& planner_info(const std::string& name);  // throws ParamError listing known names
bool has_planner(const std::string& name);

// Registers the model of a particular bot, which make_planner() then gives
// every planner it builds (after the models registered before it). Throws
// ParamError when the name is taken.
void register_opponent_model(ModelKind kind);
// The models registered so far, in registration order.
const std::vector<ModelKind>& registered_opponent_models();

// Builds `name` with its defaults overridden by `overrides` ("k=v" each),
// with every registered opponent model.
std::unique_ptr<Planner> make_planner(const std::string& name, const std::vector<std::string>& overrides,
                                      uint64_t seed);
std::unique_ptr<Planner> make_planner(const std::string& name, const Params& params, uint64_t seed);
// The same with the setup given: `setup.opponent_models` replaces the registered ones.
std::unique_ptr<Planner> make_planner(const std::string& name, const Params& params, const PlannerSetup& setup);
// The parameters `name` declares, at their defaults.
Params default_params(const std::string& name);

}  // namespace halite::search
