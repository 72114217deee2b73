#include "halite3/search/rollout.h"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "halite3/search/ship_moves.h"

namespace halite3::search {

namespace {

constexpr Direction kMoveOrder[] = {Direction::North, Direction::South, Direction::East, Direction::West};

}  // namespace

void TargetRollout::prepare(std::vector<std::pair<int32_t, int>> targets, double return_fraction) {
  targets_ = std::move(targets);
  std::sort(targets_.begin(), targets_.end());
  return_fraction_ = return_fraction;
}

int TargetRollout::nearest_depot(const State& s, int owner, int cell) const {
  const Player& p = s.players[owner];
  int best = p.shipyard;
  for (int k = 0; k < p.dropoff_count; ++k)
    if (s.distance(cell, p.dropoffs[static_cast<size_t>(k)]) < s.distance(cell, best))
      best = p.dropoffs[static_cast<size_t>(k)];
  return best;
}

int TargetRollout::target_of(const State& s, const Constants& c, const Ship& ship, int root_target) const {
  if (static_cast<double>(ship.halite) >= return_fraction_ * static_cast<double>(c.max_energy))
    return nearest_depot(s, ship.owner, ship.cell);
  const bool on_depot = s.owner[ship.cell] == ship.owner;
  if (root_target >= 0 && !(on_depot && root_target == ship.cell && ship.halite == 0)) return root_target;
  if (!on_depot && root_target < 0) return ship.cell;
  int best = ship.cell;
  int32_t richest = -1;
  for (const Direction d : kMoveOrder) {
    const int cell = s.neighbour(ship.cell, d);
    if (s.owner[cell] == kNoOwner && s.halite[cell] > richest) {
      richest = s.halite[cell];
      best = cell;
    }
  }
  return best;
}

// The `choice`-th direction toward `to` (0: along the longer remaining
// axis, 1: the other), Still when that axis is already done.
Direction TargetRollout::toward(const State& s, int from, int to, int choice) const {
  const auto wrap = [](int delta, int size) {  // signed shortest delta on a ring
    delta %= size;
    if (delta > size / 2) delta -= size;
    if (delta < -size / 2) delta += size;
    return delta;
  };
  const int dx = wrap(s.x_of(to) - s.x_of(from), s.width);
  const int dy = wrap(s.y_of(to) - s.y_of(from), s.height);
  const Direction horizontal = dx > 0 ? Direction::East : Direction::West;
  const Direction vertical = dy > 0 ? Direction::South : Direction::North;
  const bool x_first = std::abs(dx) >= std::abs(dy);
  const int gap = (choice == 0) == x_first ? dx : dy;
  if (gap == 0) return Direction::Still;
  return (choice == 0) == x_first ? horizontal : vertical;
}

void TargetRollout::moves(const State& s, const Constants& c, std::vector<Direction>& out) {
  const auto ships = s.ship_list();
  out.assign(ships.size(), Direction::Still);
  wish_.assign(ships.size(), -1);
  if (claim_.size() != static_cast<size_t>(s.cells())) {
    claim_.assign(static_cast<size_t>(s.cells()), 0);
    stamp_ = 0;
  }
  stamp_ += kMaxPlayers;
  if (stamp_ < kMaxPlayers) {  // wrapped: no stale claim may match
    std::fill(claim_.begin(), claim_.end(), 0);
    stamp_ = kMaxPlayers;
  }
  // Ships and targets are both sorted by id: one walk pairs them.
  size_t t = 0;
  for (size_t i = 0; i < ships.size(); ++i) {
    const Ship& ship = ships[i];
    while (t < targets_.size() && targets_[t].first < ship.id) ++t;
    const int root_target = t < targets_.size() && targets_[t].first == ship.id ? targets_[t].second : -1;
    if (!can_move(s, c, ship)) {
      claim(ship.owner, ship.cell);
      continue;
    }
    wish_[i] = target_of(s, c, ship, root_target);
  }
  reach_.assign(static_cast<size_t>(s.cells()), 0);
  for (const Ship& ship : ships) {
    const uint8_t bit = static_cast<uint8_t>(1u << ship.owner);
    reach_[ship.cell] |= bit;
    for (const Direction d : kMoveOrder) reach_[static_cast<size_t>(s.neighbour(ship.cell, d))] |= bit;
  }
  std::array<Direction, 5> order{};
  for (size_t i = 0; i < ships.size(); ++i) {
    if (wish_[i] < 0) continue;
    const Ship& ship = ships[i];
    const uint8_t others = static_cast<uint8_t>(~(1u << ship.owner));
    size_t count = 0;
    for (int choice = 0; choice < 2; ++choice)
      if (const Direction d = toward(s, ship.cell, wish_[i], choice); d != Direction::Still) order[count++] = d;
    order[count++] = Direction::Still;
    for (const Direction d : kMoveOrder)
      if (std::find(order.begin(), order.begin() + static_cast<long>(count), d) ==
          order.begin() + static_cast<long>(count))
        order[count++] = d;
    Direction pick = Direction::Still;
    bool placed = false;
    for (int pass = 0; pass < 2 && !placed; ++pass)
      for (size_t k = 0; k < count && !placed; ++k) {
        const int cell = s.neighbour(ship.cell, order[k]);
        const bool safe = !(reach_[static_cast<size_t>(cell)] & others) || s.owner[cell] == ship.owner;
        if (!claimed(ship.owner, cell) && (pass == 1 || safe)) pick = order[k], placed = true;
      }
    out[i] = pick;
    claim(ship.owner, end_cell(s, c, ship, pick));
  }
}

}  // namespace halite3::search
