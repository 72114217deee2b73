#include "halite3/search/policy.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "halite3/search/trip.h"

namespace halite3::search {

namespace {

constexpr Direction kMoves[] = {Direction::North, Direction::South, Direction::East, Direction::West};

bool contains(const std::vector<int32_t>& sorted, int32_t id) {
  return std::binary_search(sorted.begin(), sorted.end(), id);
}

}  // namespace

void GreedyPolicy::read_map(const State& s, const Constants& c, int me) {
  const int cells = s.cells();
  depots_.clear();
  const Player& player = s.players[me];
  depots_.push_back(player.shipyard);
  for (int i = 0; i < player.dropoff_count; ++i) depots_.push_back(player.dropoffs[i]);
  depot_distance_.assign(cells, 0);
  for (int cell = 0; cell < cells; ++cell) {
    int best = s.width + s.height;
    for (const int depot : depots_) best = std::min(best, s.distance(cell, depot));
    depot_distance_[cell] = best;
  }
  enemy_on_.assign(cells, 0);
  enemy_reach_.assign(cells, 0);
  std::vector<int> enemies_near(cells, 0);
  const int radius = static_cast<int>(c.inspiration_radius);
  mine_.clear();
  for (const Ship& ship : s.ship_list()) {
    if (ship.owner == me) {
      mine_.push_back(&ship);
      continue;
    }
    enemy_on_[ship.cell] = enemy_reach_[ship.cell] = 1;
    for (const Direction d : kMoves) enemy_reach_[s.neighbour(ship.cell, d)] = 1;
    const int x = s.x_of(ship.cell), y = s.y_of(ship.cell);
    for (int dy = -radius; dy <= radius; ++dy) {
      const int span = radius - std::abs(dy);
      for (int dx = -span; dx <= span; ++dx)
        ++enemies_near[s.cell(((x + dx) % s.width + s.width) % s.width, ((y + dy) % s.height + s.height) % s.height)];
    }
  }
  // A cell with enough enemy ships near inspires whoever mines it; they move,
  // so only part of the bonus is counted.
  bonus_.assign(cells, 1.0);
  if (c.inspiration_enabled) {
    const double inspired = 1.0 + c.inspired_bonus_multiplier * p_.inspiration_weight;
    for (int cell = 0; cell < cells; ++cell)
      if (enemies_near[cell] >= c.inspiration_ship_count) bonus_[cell] = inspired;
  }
  turns_left_ = static_cast<int>(c.max_turns) - s.turn;
}

void GreedyPolicy::plan_roles(const State& s, const Constants& c, int me) {
  // Ships that deposited (or were lost) stop returning.
  std::vector<int32_t> still;
  for (const int32_t id : returning_) {
    const Ship* ship = s.find_ship(id);
    if (ship && ship->owner == me && ship->halite > 0 && s.owner[ship->cell] != me) still.push_back(id);
  }
  returning_ = std::move(still);
  // Depots take end_ships_per_turn ships a turn: a larger fleet starts home
  // earlier so that the last ones are not late.
  const double per_depot = static_cast<double>(mine_.size()) / static_cast<double>(depots_.size());
  const int margin = p_.end_margin_turns + static_cast<int>(std::ceil(per_depot / p_.end_ships_per_turn));
  plans_.clear();
  rush_ = false;
  for (const Ship* ship : mine_) {
    ShipPlan plan;
    plan.id = ship->id;
    plan.can_move = ship->halite >= move_cost(s, c, *ship);
    const int home = depot_distance_[ship->cell];
    if (turns_left_ <= home + margin) {
      plan.role = Role::Rush;
      rush_ = true;
    } else if (contains(returning_, ship->id) ||
               ship->halite >= p_.return_fraction * static_cast<double>(c.max_energy)) {
      plan.role = Role::Return;
      if (!contains(returning_, ship->id))
        returning_.insert(std::upper_bound(returning_.begin(), returning_.end(), ship->id), ship->id);
    } else {
      plan.role = Role::Mine;
    }
    if (plan.role != Role::Mine) {
      int best = depots_.front();
      for (const int depot : depots_)
        if (s.distance(ship->cell, depot) < s.distance(ship->cell, best)) best = depot;
      plan.target = best;
    }
    plans_.push_back(plan);
  }
}

void GreedyPolicy::assign_targets(const State& s, const Constants& c) {
  struct Candidate {
    double rate;
    int plan;
    int cell;
  };
  std::vector<Candidate> candidates, own;
  const double mean_halite = static_cast<double>(s.map_halite) / s.cells();
  const double step_cost = mean_halite / static_cast<double>(c.move_cost_ratio);
  // A ship that cannot pay a move stays a turn and mines about this much.
  const double stop_gain = mean_halite / static_cast<double>(c.extract_ratio);
  const size_t keep = static_cast<size_t>(p_.targets_per_ship);
  for (size_t i = 0; i < plans_.size(); ++i) {
    if (plans_[i].role != Role::Mine) continue;
    const Ship& ship = *mine_[i];
    own.clear();
    TripInput in;
    in.cargo = ship.halite;
    in.capacity = static_cast<double>(c.max_energy);
    in.extract_ratio = static_cast<double>(c.extract_ratio);
    in.move_cost_ratio = static_cast<double>(c.move_cost_ratio);
    in.turns_left = turns_left_;
    in.max_mine_turns = p_.max_mine_turns;
    in.next_travel_min = p_.next_travel_min;
    in.step_cost = step_cost;
    const double leave_cost = static_cast<double>(move_cost(s, c, ship));
    for (int cell = 0; cell < s.cells(); ++cell) {
      if (s.halite[cell] < p_.min_target_halite || s.owner[cell] != kNoOwner || enemy_on_[cell]) continue;
      in.halite = s.halite[cell];
      in.to_cell = s.distance(ship.cell, cell);
      in.to_home = depot_distance_[cell];
      in.bonus = bonus_[cell];
      in.cost_to_cell = in.to_cell == 0 ? 0 : leave_cost + (in.to_cell - 1) * step_cost;
      in.stop_turns = 0;
      if (p_.travel_stops && in.cost_to_cell > in.cargo && stop_gain > 0) {
        // The stops mine what the moves cost beyond the cargo: it arrives
        // about empty, later.
        in.stop_turns = static_cast<int>(std::ceil((in.cost_to_cell - in.cargo) / stop_gain));
        in.cost_to_cell = in.cargo;
      }
      const TripValue value = best_trip(in);
      if (value.rate > 0) own.push_back({value.rate, static_cast<int>(i), cell});
    }
    const auto better = [](const Candidate& a, const Candidate& b) {
      return std::tie(b.rate, a.cell) < std::tie(a.rate, b.cell);
    };
    if (own.size() > keep) {
      std::partial_sort(own.begin(), own.begin() + static_cast<std::ptrdiff_t>(keep), own.end(), better);
      own.resize(keep);
    }
    candidates.insert(candidates.end(), own.begin(), own.end());
  }
  // Greedy assignment: the best (ship, cell) pair first, each ship and each
  // cell used once.
  std::sort(candidates.begin(), candidates.end(), [&](const Candidate& a, const Candidate& b) {
    return std::tie(b.rate, plans_[a.plan].id, a.cell) < std::tie(a.rate, plans_[b.plan].id, b.cell);
  });
  std::vector<uint8_t> cell_taken(s.cells(), 0);
  for (const Candidate& candidate : candidates) {
    ShipPlan& plan = plans_[candidate.plan];
    if (plan.target >= 0 || cell_taken[candidate.cell]) continue;
    plan.target = candidate.cell;
    plan.rate = candidate.rate;
    cell_taken[candidate.cell] = 1;
  }
  for (ShipPlan& plan : plans_)
    if (plan.role == Role::Mine && plan.target < 0) plan.role = Role::Idle;
}

GreedyPolicy::DropoffChoice GreedyPolicy::choose_dropoff(const State& s, const Constants& c, int me) const {
  DropoffChoice choice;
  if (rush_ || turns_left_ < p_.dropoff_min_turns_left) return choice;
  const int depots_after = static_cast<int>(depots_.size()) + 1;
  if (static_cast<int>(mine_.size()) < depots_after * p_.dropoff_ships_per_depot) return choice;
  double best_halite = p_.dropoff_min_halite;
  const int r = p_.dropoff_radius;
  for (size_t i = 0; i < plans_.size(); ++i) {
    const Ship& ship = *mine_[i];
    if (depot_distance_[ship.cell] < p_.dropoff_min_distance || s.owner[ship.cell] != kNoOwner) continue;
    double area = 0;
    const int x = s.x_of(ship.cell), y = s.y_of(ship.cell);
    for (int dy = -r; dy <= r; ++dy) {
      const int span = r - std::abs(dy);
      for (int dx = -span; dx <= span; ++dx)
        area += s.halite[s.cell(((x + dx) % s.width + s.width) % s.width, ((y + dy) % s.height + s.height) % s.height)];
    }
    if (area <= p_.dropoff_min_halite) continue;
    const int64_t credit = s.halite[ship.cell] + static_cast<int64_t>(ship.halite);
    if (s.players[me].halite + credit < c.dropoff_cost) {
      choice.save = p_.dropoff_save;
      continue;
    }
    if (area > best_halite) {
      best_halite = area;
      choice.builder = static_cast<int>(i);
    }
  }
  if (choice.builder >= 0) choice.save = false;
  return choice;
}

std::vector<int> GreedyPolicy::wished_cells(const State& s, const Ship& ship, const ShipPlan& plan) const {
  if (!plan.can_move) return {ship.cell};
  // Toward the target first (cheaper cells first: each move costs a tenth of
  // the cell left), then staying, then the sideways steps; with
  // avoid_enemy_reach, cells an enemy ship can reach come after all of them.
  std::vector<std::tuple<int, int32_t, int>> ranked;  // (rank, halite, cell); stable: ties keep the direction order
  const auto safe = [&](int cell) {
    return !p_.avoid_enemy_reach || !enemy_reach_[cell] || (rush_ && s.owner[cell] == ship.owner);
  };
  const bool leave = plan.role == Role::Idle && s.owner[ship.cell] == ship.owner;
  const int here = plan.target >= 0 ? s.distance(ship.cell, plan.target) : 0;
  for (const Direction d : kMoves) {
    const int cell = s.neighbour(ship.cell, d);
    if (enemy_on_[cell] && s.owner[cell] != ship.owner) continue;
    const bool closer = plan.target >= 0 && s.distance(cell, plan.target) < here;
    const int rank = (safe(cell) ? 0 : 4) + (closer ? 0 : 2);
    ranked.push_back({rank, closer ? s.halite[cell] : 0, cell});
  }
  // An idle ship on a depot moves off it, leaving room to deposit and spawn.
  const int stay_rank = (safe(ship.cell) ? 0 : 4) + (leave ? 3 : 1);
  ranked.push_back({stay_rank, 0, ship.cell});
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
    return std::tie(std::get<0>(a), std::get<1>(a)) < std::tie(std::get<0>(b), std::get<1>(b));
  });
  std::vector<int> cells;
  for (const auto& entry : ranked) cells.push_back(std::get<2>(entry));
  return cells;
}

std::vector<int> GreedyPolicy::resolve_moves(const State& s) {
  // Placing order: ships that cannot move hold their cells first, then the
  // rush nearest home first, returning ships fullest first, miners by rate.
  std::vector<int> order(plans_.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  const auto key = [&](int i) {
    const ShipPlan& plan = plans_[i];
    const Ship& ship = *mine_[i];
    const int group = !plan.can_move ? 0 : plan.role == Role::Rush ? 1 : plan.role == Role::Return ? 2 : 3;
    const double within = plan.role == Role::Rush     ? depot_distance_[ship.cell]
                          : plan.role == Role::Return ? -ship.halite
                                                      : -plan.rate;
    return std::make_tuple(group, within, ship.id);
  };
  std::sort(order.begin(), order.end(), [&](int a, int b) { return key(a) < key(b); });
  std::vector<ShipWish> wishes;
  for (const int i : order) {
    if (plans_[i].role == Role::Build) continue;
    wishes.push_back({mine_[i]->cell, wished_cells(s, *mine_[i], plans_[i])});
  }
  shared_.assign(s.cells(), 0);
  if (rush_)
    for (const int depot : depots_) shared_[depot] = 1;
  const std::vector<int> placed = resolver_.resolve(wishes, s.cells(), shared_, p_.resolve_depth);
  std::vector<int> destination(plans_.size(), -1);
  size_t next = 0;
  for (const int i : order) {
    if (plans_[i].role == Role::Build) continue;
    destination[i] = placed[next++];
  }
  return destination;
}

std::vector<Command> GreedyPolicy::decide(const State& s, const Constants& c, int me) {
  read_map(s, c, me);
  plan_roles(s, c, me);
  assign_targets(s, c);
  std::vector<Command> commands;
  int64_t bank = s.players[me].halite;
  const DropoffChoice dropoff = choose_dropoff(s, c, me);
  const int builder = dropoff.builder;
  if (builder >= 0) {
    const Ship& ship = *mine_[builder];
    plans_[builder].role = Role::Build;
    commands.push_back(Command::construct(ship.id));
    bank -= std::max<int64_t>(0, c.dropoff_cost - s.halite[ship.cell] - ship.halite);
  }
  const std::vector<int> destination = resolve_moves(s);
  bool yard_taken = false;
  const int yard = s.players[me].shipyard;
  for (size_t i = 0; i < plans_.size(); ++i) {
    if (plans_[i].role == Role::Build) continue;
    const Ship& ship = *mine_[i];
    if (destination[i] == yard) yard_taken = true;
    if (destination[i] == ship.cell) continue;
    for (const Direction d : kMoves)
      if (s.neighbour(ship.cell, d) == destination[i]) commands.push_back(Command::move(ship.id, d));
  }
  // A new ship pays while there are turns to use it and halite to share.
  const int ships_on_map = s.ship_count + 1;
  const bool worth = turns_left_ > p_.spawn_stop_fraction * static_cast<double>(c.max_turns) &&
                     static_cast<double>(s.map_halite) / ships_on_map > p_.spawn_halite_per_ship;
  if (worth && !dropoff.save && !rush_ && !yard_taken && !enemy_on_[yard] && bank >= c.new_entity_energy_cost)
    commands.push_back(Command::spawn());
  return commands;
}

}  // namespace halite3::search
