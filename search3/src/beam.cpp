#include "halite3/search/beam.h"

#include <algorithm>
#include <iterator>
#include <utility>
#include <vector>

#include "halite/search/beam_search.h"
#include "halite/search/rng.h"
#include "halite3/search/policy.h"
#include "halite3/search/rollout.h"
#include "halite3/search/value.h"

namespace halite3::search {

namespace {

constexpr Direction kDirections[] = {Direction::Still, Direction::North, Direction::South, Direction::East,
                                     Direction::West};

// Widening stops before a level would hold more children than this: each
// holds a whole State (about 37 KB).
constexpr int64_t kMaxLevelChildren = 1024;

class BeamPlanner final : public Planner {
 public:
  BeamPlanner(const Params& p, uint64_t seed)
      : bp_(BeamParams::from(p)),
        value_(ValueParams::from(p)),
        policy_(PolicyParams::from(p)),
        own_(policy_),
        model_(policy_),
        rng_(seed),
        shape_{bp_.beam_width, bp_.beam_depth, bp_.branching,    bp_.depth_discount,
               bp_.min_gain,   bp_.widen,      kMaxLevelChildren} {}

  std::vector<Command> decide(const State& root, const Constants& c, int me, const Budget& budget) override {
    c_ = &c;
    me_ = me;
    // The policy's answer is ready before any search: the anytime fallback,
    // and own_ keeps the memory of the game really played.
    root_commands_ = own_.decide(root, c, me);
    // Every opponent's model decides once a turn, searched or not, so that
    // its memory follows the game as played; a wider round of the beam
    // reuses these commands instead of deciding the root again.
    if (opponents_.size() != static_cast<size_t>(root.player_count))
      opponents_.assign(static_cast<size_t>(root.player_count), GreedyPolicy(policy_));
    root_opp_commands_.assign(static_cast<size_t>(root.player_count), {});
    std::vector<std::pair<int32_t, int>> targets;
    for (int q = 0; q < root.player_count; ++q) {
      if (q == me || root.players[q].removed) continue;
      root_opp_commands_[q].commands = opponents_[q].decide(root, c, q);
      for (const ShipPlan& plan : opponents_[q].plans()) targets.emplace_back(plan.id, plan.target);
    }
    if (bp_.opponent_rollout) rollout_.prepare(std::move(targets), policy_.return_fraction);
    if (!any_contact(root)) return root_commands_;
    const Budget inner = budget.for_search(bp_.safety_ms, bp_.default_iterations);
    int64_t iterations = 0;
    std::vector<Command> answer = root_commands_;
    Traits traits{*this};
    search_.search(traits, root, shape_, inner, iterations, answer);
    return answer;
  }

 private:
  struct Traits {
    using State = halite3::State;
    using Move = std::vector<Command>;
    BeamPlanner& planner;
    bool terminal(const State& s) const { return s.turn >= planner.c_->max_turns || s.players[planner.me_].removed; }
    void expand(const State& parent, int level) { planner.expand(parent, level); }
    bool joint_move(const State& parent, int, int b, Move& move) { return planner.joint_move(parent, b, move); }
    void step(State& child, int, const Move& move) { planner.step(child, move); }
    double score(const State& s) const { return evaluate(s, *planner.c_, planner.me_, planner.value_); }
  };

  // An own ship as the joint moves see it.
  struct OwnShip {
    int32_t id;
    int cell;
    bool can_move;  // its cargo pays the move off its cell
    bool builds;    // the policy makes it a dropoff this turn: never deviated
    bool contact;   // within contact_radius of an enemy ship
    Direction move;
  };

  bool near_enemy(const State& s, const Ship& ship) const {
    if (bp_.contact_radius <= 0) return true;
    for (const Ship& e : s.ship_list())
      if (e.owner != ship.owner && s.distance(e.cell, ship.cell) <= bp_.contact_radius) return true;
    return false;
  }

  bool any_contact(const State& s) const {
    for (const Ship& ship : s.ship_list())
      if (ship.owner == me_ && near_enemy(s, ship)) return true;
    return false;
  }

  // Player q's greedy commands for `parent`, below the root: a copy of the
  // policy that keeps the game's memory decides (the root's memory).
  std::vector<Command> policy_commands(const GreedyPolicy& keeper, const State& parent, int q) {
    model_ = keeper;
    return model_.decide(parent, *c_, q);
  }

  void expand(const State& parent, int level) {
    if (level == 0) {
      opp_commands_ = root_opp_commands_;
      base_ = root_commands_;
    } else {
      opp_commands_.assign(static_cast<size_t>(parent.player_count), {});
      if (bp_.opponent_rollout) {
        rollout_.moves(parent, *c_, rollout_moves_);
        const auto ships = parent.ship_list();
        for (size_t i = 0; i < ships.size(); ++i)
          if (ships[i].owner != me_ && rollout_moves_[i] != Direction::Still)
            opp_commands_[ships[i].owner].commands.push_back(Command::move(ships[i].id, rollout_moves_[i]));
      } else {
        for (int q = 0; q < parent.player_count; ++q)
          if (q != me_ && !parent.players[q].removed)
            opp_commands_[q].commands = policy_commands(opponents_[q], parent, q);
      }
      base_ = policy_commands(own_, parent, me_);
    }
    read_own(parent);
    // Single-ship deviations, in a seeded random order.
    deviations_.clear();
    for (size_t k = 0; k < ships_.size(); ++k) {
      const OwnShip& ship = ships_[k];
      if (!ship.contact || !ship.can_move || ship.builds) continue;
      for (const Direction d : kDirections)
        if (d != ship.move && !taken(parent, k, d)) deviations_.push_back({static_cast<int>(k), d});
    }
    for (size_t k = deviations_.size(); k > 1; --k)
      std::swap(deviations_[k - 1], deviations_[rng_.below(static_cast<uint32_t>(k))]);
  }

  // ships_ from the own ships of `s` and base_'s commands.
  void read_own(const State& s) {
    ships_.clear();
    spawn_ = false;
    contact_ = false;
    for (const Ship& ship : s.ship_list()) {
      if (ship.owner != me_) continue;
      const bool contact = near_enemy(s, ship);
      contact_ = contact_ || contact;
      ships_.push_back({ship.id, ship.cell, can_move(s, *c_, ship), false, contact, Direction::Still});
    }
    for (const Command& command : base_) {
      if (command.type == Command::Type::Spawn) {
        spawn_ = true;
        continue;
      }
      const auto it =
          std::find_if(ships_.begin(), ships_.end(), [&](const OwnShip& o) { return o.id == command.ship; });
      if (it == ships_.end()) continue;
      if (command.type == Command::Type::Construct)
        it->builds = true;
      else
        it->move = command.direction;
    }
  }

  int end_cell(const State& s, const OwnShip& ship, Direction d) const {
    if (ship.builds) return -1;
    return d == Direction::Still || !ship.can_move ? ship.cell : s.neighbour(ship.cell, d);
  }

  // Would own ship k moving `d` end where another own ship (or the new one
  // on the yard) ends?
  bool taken(const State& s, size_t k, Direction d) const {
    const int cell = end_cell(s, ships_[k], d);
    if (spawn_ && cell == s.players[me_].shipyard) return true;
    for (size_t o = 0; o < ships_.size(); ++o)
      if (o != k && end_cell(s, ships_[o], ships_[o].move) == cell) return true;
    return false;
  }

  bool joint_move(const State& parent, int b, std::vector<Command>& move) {
    if (b == 0) {
      move = base_;
      return true;
    }
    if (b - 1 < static_cast<int>(deviations_.size())) {
      const auto [k, d] = deviations_[b - 1];
      const Direction kept = ships_[k].move;
      ships_[k].move = d;
      commands_of(move);
      ships_[k].move = kept;
      return true;
    }
    if (!contact_) return false;
    // A perturbed variant: moves changed one ship after another, each onto a
    // cell no other own ship ends on by then.
    saved_.clear();
    for (const OwnShip& ship : ships_) saved_.push_back(ship.move);
    for (size_t k = 0; k < ships_.size(); ++k) {
      const OwnShip& ship = ships_[k];
      if (!ship.contact || !ship.can_move || ship.builds || !rng_.chance(bp_.perturb_prob)) continue;
      const Direction d = kDirections[rng_.below(static_cast<uint32_t>(std::size(kDirections)))];
      if (!taken(parent, k, d)) ships_[k].move = d;
    }
    commands_of(move);
    for (size_t k = 0; k < ships_.size(); ++k) ships_[k].move = saved_[k];
    return true;
  }

  // The commands of ships_ as they are, with the policy's dropoffs and spawn.
  void commands_of(std::vector<Command>& move) const {
    move.clear();
    for (const OwnShip& ship : ships_) {
      if (ship.builds)
        move.push_back(Command::construct(ship.id));
      else if (ship.move != Direction::Still)
        move.push_back(Command::move(ship.id, ship.move));
    }
    if (spawn_) move.push_back(Command::spawn());
  }

  void step(State& child, const std::vector<Command>& move) {
    opp_commands_[me_].commands = move;
    resolve_turn(child, *c_, opp_commands_);
    update_inspiration(child, *c_);
  }

  BeamParams bp_;
  ValueParams value_;
  PolicyParams policy_;
  GreedyPolicy own_;                     // decides on the real turns: the game's memory
  GreedyPolicy model_;                   // a copy that decides deeper in the beam
  std::vector<GreedyPolicy> opponents_;  // each opponent's as if it played greedy
  TargetRollout rollout_;                // opponent_rollout: the opponents below the root
  std::vector<Direction> rollout_moves_;
  halite::search::Rng rng_;
  halite::search::BeamShape shape_;
  halite::search::BeamSearch<Traits> search_;
  const Constants* c_ = nullptr;
  int me_ = 0;
  std::vector<Command> root_commands_, base_;
  std::vector<PlayerCommands> root_opp_commands_;  // the opponents' models' commands of this turn
  std::vector<PlayerCommands> opp_commands_;       // every player's for the parent; ours set by each child
  std::vector<OwnShip> ships_;
  std::vector<std::pair<int, Direction>> deviations_;
  std::vector<Direction> saved_;
  bool spawn_ = false, contact_ = false;
};

}  // namespace

std::unique_ptr<Planner> make_beam_planner(const Params& params, uint64_t seed) {
  return std::make_unique<BeamPlanner>(params, seed);
}

}  // namespace halite3::search
