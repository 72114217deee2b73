#include "halite/search/planners/move_model_planner.h"

#include "halite/search/model/move_model.h"
#include "halite/search/policy/common.h"

namespace halite::search {

namespace {

class MoveModelPlanner final : public Planner {
 public:
  explicit MoveModelPlanner(bool joint) : opponent_(joint) {}
  std::string name() const override { return "move_model"; }
  void new_game() override { opponent_.reset(); }

  State::Orders choose(const State& s, int player, const Budget&) override {
    State::Orders orders;
    stats_ = {};
    if (s.player(player).status != Status::Active) return orders;
    // The adapter remembers the state it saw last, so the ships' last moves
    // are known on every turn after the first.
    const PolicyDecision& decision = opponent_.decide(s, player);
    for (const auto& [ship, option] : decision.ship_choices)
      if (option != 0) orders.push_back({s.ships()[static_cast<size_t>(ship)].id, option_action(option)});
    return orders;
  }

 private:
  MoveModelOpponent opponent_;
};

}  // namespace

PlannerInfo move_model_planner_info() {
  return {
      "move_model",
      "the learned move model (docs/opponent-models.md): each ship's likeliest option, or with joint=1 the "
      "likeliest with no two ships on one cell (as beam's opponent_move_levels); no spawns; for measuring the model",
      {{"joint", 0, 0, 1, "1: the likeliest options with no two of the player's ships on one cell", true,
        /*tunable=*/false}},
      [](const Params& p, const PlannerSetup&) { return std::make_unique<MoveModelPlanner>(p.get_int("joint") != 0); }};
}

}  // namespace halite::search
