#include "halite3/turn_events.h"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <string>

namespace halite3 {

namespace {

// A ship of a player still in the game, where the moves leave it.
struct Placed {
  int index = 0;  // in before.ships
  int cell = 0;
  int64_t cargo = 0;
  bool moved = false;
  bool deposited = false;
  bool wrecked = false;
};

class Reconstruction {
 public:
  Reconstruction(const State& before, std::span<const PlayerCommands> commands, const State& after,
                 const Constants& constants)
      : b_(before),
        a_(after),
        c_(constants),
        direction_(static_cast<size_t>(before.ship_count), Direction::Still),
        builds_(static_cast<size_t>(before.ship_count), false) {
    read_commands(commands);
  }

  TurnEvents run(std::span<const PlayerCommands> commands) {
    build_dropoffs(commands);
    move_ships();
    collide();
    deposit();
    spawn();
    mine();
    verify();
    e_.touched_cells.assign(touched_.begin(), touched_.end());
    for (const auto& [cell, credit] : credits_) e_.depot_credits.emplace_back(cell, credit);
    return std::move(e_);
  }

 private:
  bool playing(int player) const { return !a_.players[player].removed; }

  int index_of(int32_t ship) const {
    const Ship* found = b_.find_ship(ship);
    if (!found) throw std::logic_error("turn events: a command for ship " + std::to_string(ship) + ", not on the map");
    return static_cast<int>(found - b_.ships.data());
  }

  void read_commands(std::span<const PlayerCommands> commands) {
    for (int p = 0; p < b_.player_count; ++p) {
      if (!playing(p)) continue;
      for (const Command& command : commands[p].commands) {
        if (command.type == Command::Type::Move) direction_[index_of(command.ship)] = command.direction;
        if (command.type == Command::Type::Construct) builds_[index_of(command.ship)] = true;
        if (command.type == Command::Type::Spawn) spawners_.push_back(p);
      }
    }
  }

  void credit(int cell, int64_t halite) { credits_[cell] += halite; }

  void build_dropoffs(std::span<const PlayerCommands> commands) {
    for (int p = 0; p < b_.player_count; ++p) {
      if (!playing(p)) continue;
      for (const Command& command : commands[p].commands) {
        if (command.type != Command::Type::Construct) continue;
        const Ship& ship = b_.ships[index_of(command.ship)];
        e_.constructs.push_back({p, ship.cell, ship.id});
        credit(ship.cell, int64_t{b_.halite[ship.cell]} + ship.halite);
        touched_.insert(ship.cell);
      }
    }
  }

  // A move the ship cannot pay for (a tenth of the cell it leaves, by the
  // inspired ratio when inspired) is ignored: it stays.
  void move_ships() {
    for (int i = 0; i < b_.ship_count; ++i) {
      const Ship& ship = b_.ships[i];
      if (!playing(ship.owner) || builds_[i]) continue;
      Placed placed{i, ship.cell, ship.halite};
      if (direction_[i] != Direction::Still) {
        const int64_t ratio = ship.inspired ? c_.inspired_move_cost_ratio : c_.move_cost_ratio;
        const int64_t cost = b_.halite[ship.cell] / ratio;
        if (placed.cargo >= cost) {
          placed.cargo -= cost;
          placed.cell = b_.neighbour(ship.cell, direction_[i]);
          placed.moved = true;
        }
      }
      placed_.push_back(placed);
    }
  }

  void wreck(int cell, const std::vector<Placed*>& ships) {
    WreckEvent event{cell, {}};
    int64_t cargo = 0;
    for (Placed* placed : ships) {
      const Ship& ship = b_.ships[placed->index];
      event.ships.push_back(ship.id);
      e_.wrecked.push_back({ship.id, ship.owner, placed->cargo, cell});
      cargo += placed->cargo;
      placed->wrecked = true;
    }
    e_.wrecks.push_back(std::move(event));
    // Cargo goes to the owner of a depot, or onto the cell (no credit).
    if (a_.owner[cell] != kNoOwner) credit(cell, cargo);
  }

  // Every cell more than one ship ends on: all of them are destroyed (the
  // movers in id order, then the one that stayed there).
  void collide() {
    std::map<int, std::vector<Placed*>> at;
    for (Placed& placed : placed_) at[placed.cell].push_back(&placed);
    for (auto& [cell, ships] : at) {
      if (ships.size() < 2) continue;
      std::stable_partition(ships.begin(), ships.end(), [](const Placed* p) { return p->moved; });
      wreck(cell, ships);
      touched_.insert(cell);
    }
  }

  void deposit() {
    for (Placed& placed : placed_) {
      if (placed.wrecked || a_.owner[placed.cell] != b_.ships[placed.index].owner) continue;
      credit(placed.cell, placed.cargo);
      touched_.insert(placed.cell);
      placed.cargo = 0;
      placed.deposited = true;
    }
  }

  // In decreasing player id, as the reference's spawn order gives the ids;
  // a spawn onto an occupied shipyard destroys both ships (the reference
  // does not list the shipyard as changed for it).
  void spawn() {
    std::sort(spawners_.begin(), spawners_.end(), std::greater<>());
    int32_t id = b_.next_ship_id;
    for (const int p : spawners_) {
      const int yard = b_.players[p].shipyard;
      e_.spawns.push_back({p, yard, id});
      const auto there = std::find_if(placed_.begin(), placed_.end(),
                                      [&](const Placed& placed) { return !placed.wrecked && placed.cell == yard; });
      if (there != placed_.end()) {
        wreck(yard, {&*there});
        e_.wrecks.back().ships.push_back(id);
        e_.wrecked.push_back({id, p, 0, yard});
      } else {
        spawned_.push_back(id);
      }
      ++id;
    }
  }

  // Every ship that neither moved nor deposited and has room mines; what it
  // took and gained are read from the states (the engine applied the rule).
  void mine() {
    for (const Placed& placed : placed_) {
      const Ship& ship = b_.ships[placed.index];
      if (placed.wrecked || placed.moved || placed.deposited || ship.halite >= c_.max_energy) continue;
      const Ship* now = a_.find_ship(ship.id);
      if (!now) throw std::logic_error("turn events: ship " + std::to_string(ship.id) + " vanished while mining");
      touched_.insert(placed.cell);
      e_.mining.push_back(
          {ship.owner, int64_t{b_.halite[placed.cell]} - a_.halite[placed.cell], int64_t{now->halite} - ship.halite});
    }
  }

  // The story must end where the engine did: the same ships, each on its
  // cell, and the same next id.
  void verify() const {
    std::set<int32_t> expected(spawned_.begin(), spawned_.end());
    for (const Placed& placed : placed_) {
      if (placed.wrecked) continue;
      const Ship& ship = b_.ships[placed.index];
      expected.insert(ship.id);
      const Ship* now = a_.find_ship(ship.id);
      if (!now || now->cell != placed.cell)
        throw std::logic_error("turn events: ship " + std::to_string(ship.id) + " is not where its moves leave it");
    }
    std::set<int32_t> actual;
    for (const Ship& ship : a_.ship_list()) actual.insert(ship.id);
    if (actual != expected || a_.next_ship_id != b_.next_ship_id + static_cast<int32_t>(spawners_.size()))
      throw std::logic_error("turn events: the ships after the turn are not those the commands leave");
  }

  const State& b_;
  const State& a_;
  const Constants& c_;
  std::vector<Direction> direction_;
  std::vector<bool> builds_;
  std::vector<int> spawners_;
  std::vector<Placed> placed_;
  std::vector<int32_t> spawned_;
  std::map<int, int64_t> credits_;
  std::set<int> touched_;
  TurnEvents e_;
};

}  // namespace

TurnEvents turn_events(const State& before, std::span<const PlayerCommands> commands, const State& after,
                       const Constants& constants) {
  return Reconstruction(before, commands, after, constants).run(commands);
}

}  // namespace halite3
