#include "halite3/search/mcts.h"

#include <algorithm>
#include <array>
#include <limits>
#include <utility>
#include <vector>

#include "halite/search/joint_move_tree.h"
#include "halite/search/rng.h"
#include "halite3/search/mcts_params.h"
#include "halite3/search/policy.h"
#include "halite3/search/rollout.h"
#include "halite3/search/ship_moves.h"
#include "halite3/search/value.h"

namespace halite3::search {

namespace {

using halite::search::mcts::Arm;
using halite::search::mcts::JointMoveTree;
using halite::search::mcts::kUnitMoves;
using halite::search::mcts::move_of_key;
using halite::search::mcts::Node;
using halite::search::mcts::PathStep;
using halite::search::mcts::UnitStats;

// A unit's move index is its Direction's value: Still, North, South, East, West.
static_assert(kUnitMoves == 5 && static_cast<int>(Direction::West) == 4);

Direction direction_of(int move) {
  return static_cast<Direction>(move);
}

class Mcts final : public MctsPlanner {
 public:
  Mcts(const Params& p, uint64_t seed)
      : mp_(MctsParams::from(p)),
        value_(ValueParams::from(p)),
        policy_(PolicyParams::from(p)),
        own_(policy_),
        tree_(mp_.max_units, mp_.max_nodes),
        sampling_{mp_.explore_prob, mp_.local_epsilon, mp_.global_epsilon, mp_.widen_scale, mp_.widen_exp},
        rng_(seed) {}

  const MctsTurnInfo& last_turn() const override { return info_; }
  std::string check_tree() const override { return tree_.check(static_cast<int>(units_.size()), true); }

  std::vector<Command> decide(const State& root, const Constants& c, int me, const Budget& budget) override {
    c_ = &c;
    me_ = me;
    info_ = {};
    tree_.clear();
    // The policies decide first, searched or not: the anytime answer, and
    // each policy's memory follows the game as played.
    base_ = own_.decide(root, c, me);
    if (opponents_.size() != static_cast<size_t>(root.player_count))
      opponents_.assign(static_cast<size_t>(root.player_count), GreedyPolicy(policy_));
    root_commands_.assign(static_cast<size_t>(root.player_count), {});
    std::vector<std::pair<int32_t, int>> targets;
    for (int q = 0; q < root.player_count; ++q) {
      if (root.players[q].removed) continue;
      GreedyPolicy& policy = q == me ? own_ : opponents_[q];
      root_commands_[q].commands = q == me ? base_ : policy.decide(root, c, q);
      for (const ShipPlan& plan : policy.plans()) targets.emplace_back(plan.id, plan.target);
    }
    select_units(root);
    info_.units = static_cast<int>(units_.size());
    if (units_.empty()) return base_;
    rollout_.prepare(std::move(targets), policy_.return_fraction);
    prepare_root(root);
    const Budget inner = budget.for_search(mp_.safety_ms, mp_.default_iterations);
    int64_t iterations = 0;
    while (!inner.exhausted(iterations) && !inner.past_deadline()) {
      iterate(root);
      ++iterations;
    }
    info_.iterations = iterations;
    info_.nodes = tree_.nodes_used();
    info_.root_joint_moves = tree_.root()->num_arms;
    const Arm* answer = tree_answer();
    info_.chose_policy = answer == tree_.root()->prior;
    if (info_.chose_policy) return base_;
    std::vector<Command> commands = base_;
    set_unit_moves(commands, answer->key, (1u << units_.size()) - 1);
    return commands;
  }

 private:
  struct Unit {
    int32_t id;
    int target;  // the policy's target at the root, or -1
  };

  // Own ships in contact that can pay for a move and do not build, nearest
  // an enemy ship first, at most max_units.
  void select_units(const State& root) {
    std::vector<std::pair<int, int32_t>> candidates;  // (distance to the nearest enemy, id)
    for (const Ship& ship : root.ship_list()) {
      if (ship.owner != me_ || !can_move(root, *c_, ship)) continue;
      if (std::find(base_.begin(), base_.end(), Command::construct(ship.id)) != base_.end()) continue;
      int nearest = std::numeric_limits<int>::max();
      for (const Ship& e : root.ship_list())
        if (e.owner != me_) nearest = std::min(nearest, root.distance(e.cell, ship.cell));
      if (mp_.contact_radius > 0 && nearest > mp_.contact_radius) continue;
      candidates.emplace_back(nearest, ship.id);
    }
    std::sort(candidates.begin(), candidates.end());
    if (candidates.size() > static_cast<size_t>(mp_.max_units)) candidates.resize(static_cast<size_t>(mp_.max_units));
    units_.clear();
    for (const auto& [distance, id] : candidates) {
      int target = -1;
      for (const ShipPlan& plan : own_.plans())
        if (plan.id == id) target = plan.target;
      units_.push_back({id, target});
    }
  }

  // The root: a new node whose prior is the policy's joint move; the cells
  // our other ships end on (and the yard when we spawn) taken for the units.
  void prepare_root(const State& root) {
    tree_.set_root(nullptr);
    root_taken_.clear();
    for (const Ship& ship : root.ship_list()) {
      if (ship.owner != me_ || unit_index(ship.id) >= 0) continue;
      Direction d = Direction::Still;
      bool builds = false;
      for (const Command& command : base_)
        if (command.ship == ship.id) {
          builds = command.type == Command::Type::Construct;
          d = command.direction;
        }
      if (!builds) root_taken_.push_back(end_cell(root, *c_, ship, d));
    }
    if (std::find(base_.begin(), base_.end(), Command::spawn()) != base_.end())
      root_taken_.push_back(root.players[me_].shipyard);
    std::vector<int> policy_moves(units_.size(), 0);
    for (const Command& command : base_) {
      const int u = unit_index(command.ship);
      if (u >= 0 && command.type == Command::Type::Move)
        policy_moves[static_cast<size_t>(u)] = static_cast<int>(command.direction);
    }
    set_prior(root, tree_.root(), (1u << units_.size()) - 1, policy_moves);
  }

  int unit_index(int32_t id) const {
    for (size_t u = 0; u < units_.size(); ++u)
      if (units_[u].id == id) return static_cast<int>(u);
    return -1;
  }

  // A node's prior: each living unit's `moves[u]` first, its other moves by
  // the distance they leave to its target (enemy_cost more where an enemy
  // ship stands or can step); a unit that cannot pay only stays.
  void set_prior(const State& s, Node* node, uint32_t alive, const std::vector<int>& moves) {
    uint64_t key = 0;
    for (size_t u = 0; u < units_.size(); ++u) {
      UnitStats& us = node->units()[u];
      const Ship* ship = alive >> u & 1 ? s.find_ship(units_[u].id) : nullptr;
      if (!ship || !can_move(s, *c_, *ship)) {
        JointMoveTree::single_move(us, 0);
        continue;
      }
      std::array<double, kUnitMoves> cost{};
      for (int m = 0; m < kUnitMoves; ++m) {
        const int cell = end_cell(s, *c_, *ship, direction_of(m));
        cost[static_cast<size_t>(m)] = (units_[u].target >= 0 ? s.distance(cell, units_[u].target) : 0) +
                                       (enemy_reach(s, cell) ? mp_.enemy_cost : 0);
      }
      JointMoveTree::order_moves(us, cost, moves[u], mp_.prune_penalty);
      key = halite::search::mcts::key_with(key, static_cast<int>(u), moves[u]);
    }
    tree_.set_prior(node, key);
  }

  bool enemy_reach(const State& s, int cell) const {
    for (const Ship& e : s.ship_list())
      if (e.owner != me_ && s.distance(e.cell, cell) <= 1) return true;
    return false;
  }

  void iterate(const State& root);
  uint32_t find_units();
  void commands_of_moves();
  void new_epoch();
  uint64_t sample_local(Node* node, uint32_t alive, int depth);
  void set_unit_moves(std::vector<Command>& commands, uint64_t key, uint32_t alive) const;
  void give_way(uint32_t alive, uint64_t key);
  void ram_units(uint64_t key, uint32_t alive);
  void step();
  const Arm* tree_answer() const;

  MctsParams mp_;
  ValueParams value_;
  PolicyParams policy_;
  GreedyPolicy own_;                     // decides on the real turns: the game's memory
  std::vector<GreedyPolicy> opponents_;  // each opponent's as if it played greedy
  TargetRollout rollout_;
  JointMoveTree tree_;
  halite::search::mcts::SamplingParams sampling_;
  halite::search::Rng rng_;
  const Constants* c_ = nullptr;
  int me_ = 0;
  MctsTurnInfo info_;
  std::vector<Unit> units_;
  std::vector<Command> base_;                  // the policy's commands at the root
  std::vector<PlayerCommands> root_commands_;  // every player's at the root
  std::vector<int> root_taken_;                // cells an own non-unit ship (or a spawn) ends on at the root
  // The iteration's simulation.
  State sim_;
  std::vector<PlayerCommands> commands_;
  std::vector<Direction> moves_;                                  // per ship of sim_: the rollout's move this turn
  std::array<int, halite::search::mcts::kMaxUnits> unit_ship_{};  // per unit: its index in sim_, -1 sunk
  std::vector<uint8_t> is_unit_;                                  // per ship of sim_
  std::vector<uint32_t> taken_;                                   // per cell: == epoch_ while an own ship ends there
  uint32_t epoch_ = 0;
  std::array<PathStep, halite::search::mcts::kMaxTreeDepth + 1> path_{};
};

bool terminal(const State& s, const Constants& c, int me) {
  return s.turn >= c.max_turns || s.players[me].removed;
}

// One iteration: down the tree, one new node, the rollout to the horizon,
// the backup.
void Mcts::iterate(const State& root) {
  sim_ = root;
  const int tree_turns = std::min(mp_.tree_depth, mp_.horizon);
  int depth = 0;
  Node* node = tree_.root();
  Node* leaf = nullptr;
  for (;;) {
    const uint32_t alive = find_units();
    if (terminal(sim_, *c_, me_) || depth >= tree_turns || alive == 0) {
      leaf = node;
      break;
    }
    if (depth > 0) {
      rollout_.moves(sim_, *c_, moves_);
      if (!node->has_prior) {
        std::vector<int> prior(units_.size(), 0);
        for (size_t u = 0; u < units_.size(); ++u)
          if (alive >> u & 1) prior[u] = static_cast<int>(moves_[static_cast<size_t>(unit_ship_[u])]);
        set_prior(sim_, node, alive, prior);
      }
    }
    Arm* arm = tree_.select(node, sampling_, rng_, [&] { return sample_local(node, alive, depth); });
    if (depth == 0) {
      commands_ = root_commands_;
      set_unit_moves(commands_[static_cast<size_t>(me_)].commands, arm->key, alive);
    } else {
      give_way(alive, arm->key);
      commands_of_moves();
    }
    ram_units(arm->key, alive);
    step();
    path_[static_cast<size_t>(depth)] = {node, arm, alive};
    ++depth;
    const auto [next, stops] = tree_.descend(arm, depth < tree_turns);
    if (stops) {
      leaf = next;
      break;
    }
    node = next;
  }
  for (int d = depth; d < mp_.horizon && !terminal(sim_, *c_, me_); ++d) {
    rollout_.moves(sim_, *c_, moves_);
    commands_of_moves();
    step();
  }
  tree_.backup(path_.data(), depth, static_cast<int>(units_.size()), evaluate(sim_, *c_, me_, value_), leaf);
}

// Each unit's ship index in sim_ (-1: sunk) and is_unit_; the living units.
uint32_t Mcts::find_units() {
  const auto ships = sim_.ship_list();
  is_unit_.assign(ships.size(), 0);
  uint32_t alive = 0;
  for (size_t u = 0; u < units_.size(); ++u) {
    const Ship* ship = sim_.find_ship(units_[u].id);
    unit_ship_[u] = ship ? static_cast<int>(ship - ships.data()) : -1;
    if (!ship) continue;
    alive |= 1u << u;
    is_unit_[static_cast<size_t>(unit_ship_[u])] = 1;
  }
  return alive;
}

void Mcts::commands_of_moves() {
  commands_.assign(static_cast<size_t>(sim_.player_count), {});
  const auto ships = sim_.ship_list();
  for (size_t i = 0; i < ships.size(); ++i)
    if (moves_[i] != Direction::Still)
      commands_[ships[i].owner].commands.push_back(Command::move(ships[i].id, moves_[i]));
}

void Mcts::new_epoch() {
  if (taken_.size() != static_cast<size_t>(sim_.cells())) taken_.assign(static_cast<size_t>(sim_.cells()), 0);
  if (++epoch_ == 0) {
    std::fill(taken_.begin(), taken_.end(), 0);
    epoch_ = 1;
  }
}

// A joint move from the units' bandits (JointMoveTree::local_key), the
// cells our other ships end on taken: at the root the policy's, below it
// the rollout's.
uint64_t Mcts::sample_local(Node* node, uint32_t alive, int depth) {
  new_epoch();
  if (depth == 0) {
    for (const int cell : root_taken_) taken_[static_cast<size_t>(cell)] = epoch_;
  } else {
    const auto ships = sim_.ship_list();
    for (size_t i = 0; i < ships.size(); ++i)
      if (ships[i].owner == me_ && !is_unit_[i])
        taken_[static_cast<size_t>(end_cell(sim_, *c_, ships[i], moves_[i]))] = epoch_;
  }
  auto unit_end = [&](int u, int move) {
    return end_cell(sim_, *c_, sim_.ship_list()[static_cast<size_t>(unit_ship_[static_cast<size_t>(u)])],
                    direction_of(move));
  };
  return tree_.local_key(
      node, alive, static_cast<int>(units_.size()), sampling_, rng_, unit_end,
      [&](int cell) { return taken_[static_cast<size_t>(cell)] == epoch_; },
      [&](int cell) { taken_[static_cast<size_t>(cell)] = epoch_; });
}

// The living units' moves of `key` in `commands` (their earlier commands
// replaced).
void Mcts::set_unit_moves(std::vector<Command>& commands, uint64_t key, uint32_t alive) const {
  for (size_t u = 0; u < units_.size(); ++u) {
    if (!(alive >> u & 1)) continue;
    const int32_t id = units_[u].id;
    std::erase_if(commands, [id](const Command& command) { return command.ship == id; });
    const Direction d = direction_of(move_of_key(key, static_cast<int>(u)));
    if (d != Direction::Still) commands.push_back(Command::move(id, d));
  }
}

// Below the root: the units' moves of `key` into moves_, and our other
// ships, in id order, keep their rollout move unless a unit (or one before
// them) ends there; then they stay, else take the first free neighbour.
void Mcts::give_way(uint32_t alive, uint64_t key) {
  new_epoch();
  const auto ships = sim_.ship_list();
  for (size_t u = 0; u < units_.size(); ++u) {
    if (!(alive >> u & 1)) continue;
    const size_t i = static_cast<size_t>(unit_ship_[u]);
    moves_[i] = direction_of(move_of_key(key, static_cast<int>(u)));
    taken_[static_cast<size_t>(end_cell(sim_, *c_, ships[i], moves_[i]))] = epoch_;
  }
  for (size_t i = 0; i < ships.size(); ++i) {
    if (ships[i].owner != me_ || is_unit_[i]) continue;
    const auto free = [&](Direction d) {
      return taken_[static_cast<size_t>(end_cell(sim_, *c_, ships[i], d))] != epoch_;
    };
    if (!free(moves_[i]))
      for (int m = 0; m < kUnitMoves; ++m)
        if (free(direction_of(m))) {
          moves_[i] = direction_of(m);
          break;
        }
    taken_[static_cast<size_t>(end_cell(sim_, *c_, ships[i], moves_[i]))] = epoch_;
  }
}

// With ram_prob each, the enemy ships next to a unit's end cell that carry
// no more than the unit and can pay for the move are sent onto it (their
// command for the turn replaced).
void Mcts::ram_units(uint64_t key, uint32_t alive) {
  if (mp_.ram_prob <= 0) return;
  const auto ships = sim_.ship_list();
  for (size_t u = 0; u < units_.size(); ++u) {
    if (!(alive >> u & 1)) continue;
    const Ship& unit = ships[static_cast<size_t>(unit_ship_[u])];
    const int end = end_cell(sim_, *c_, unit, direction_of(move_of_key(key, static_cast<int>(u))));
    for (const Direction d : {Direction::North, Direction::South, Direction::East, Direction::West}) {
      const int from = sim_.neighbour(end, d);
      const Ship* enemy = nullptr;
      for (const Ship& ship : ships)
        if (ship.cell == from && ship.owner != me_) enemy = &ship;
      if (!enemy || enemy->halite > unit.halite || !can_move(sim_, *c_, *enemy)) continue;
      if (!rng_.chance(mp_.ram_prob)) continue;
      // The step from `from` onto `end` is the opposite of d.
      const Direction onto = d == Direction::North   ? Direction::South
                             : d == Direction::South ? Direction::North
                             : d == Direction::East  ? Direction::West
                                                     : Direction::East;
      std::vector<Command>& theirs = commands_[enemy->owner].commands;
      const int32_t id = enemy->id;
      std::erase_if(theirs, [id](const Command& command) { return command.ship == id; });
      theirs.push_back(Command::move(id, onto));
    }
  }
}

void Mcts::step() {
  resolve_turn(sim_, *c_, commands_);
  update_inspiration(sim_, *c_);
}

// The root's most visited joint move when its mean beats the prior's by
// min_gain, else the prior.
const Arm* Mcts::tree_answer() const {
  const Node* root = tree_.root();
  const Arm* best = root->prior;
  for (const Arm* a = root->first; a; a = a->next)
    if (a->n > best->n) best = a;
  return best != root->prior && best->mean() >= root->prior->mean() + mp_.min_gain ? best : root->prior;
}

}  // namespace

std::unique_ptr<MctsPlanner> make_mcts_planner(const Params& params, uint64_t seed) {
  return std::make_unique<Mcts>(params, seed);
}

}  // namespace halite3::search
