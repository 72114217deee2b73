#include "halite/search/policy/fleet.h"

#include <algorithm>
#include <cmath>

#include "fleet_internal.h"

namespace halite::search {

using namespace fleet_internal;

namespace {

// The pressure penalty grows with the cargo at stake: at this cargo it is
// twice what it is for a nearly empty ship.
constexpr double kPressureCargoScale = 100;
// The Gaussian of the control map is cut at this many widths (as
// scipy.ndimage cuts its filters).
constexpr double kKernelWidths = 4;

}  // namespace

FleetPolicy::FleetPolicy(const FleetParams& params) {
  set_params(params);
}

void FleetPolicy::set_params(const FleetParams& params) {
  const bool same_kernel =
      !kernel_.empty() && params.control_sigma == p_.control_sigma && params.control_scale == p_.control_scale;
  p_ = params;
  ++params_generation_;
  if (same_kernel) return;
  kernel_radius_ = std::min(kMaxBoardSize / 2, static_cast<int>(kKernelWidths * p_.control_sigma + 0.5));
  const int w = 2 * kernel_radius_ + 1;
  kernel_.assign(static_cast<size_t>(w) * w, 0);
  double total = 0;
  for (int dr = -kernel_radius_; dr <= kernel_radius_; ++dr)
    for (int dc = -kernel_radius_; dc <= kernel_radius_; ++dc) {
      const double v = std::exp(-(dr * dr + dc * dc) / (2 * p_.control_sigma * p_.control_sigma));
      kernel_[static_cast<size_t>(dr + kernel_radius_) * w + dc + kernel_radius_] = v;
      total += v;
    }
  for (double& v : kernel_) v *= p_.control_scale / total;
}

// ----------------------------------------------------------------- moves ----

FleetPolicy::Heading FleetPolicy::heading(const State& s, int me, int r) const {
  const Ship& sh = s.ships()[rows_[r]];
  const double x = sh.cargo;
  const int cols = shared_columns_ + static_cast<int>(rows_.size());
  const int j = row_column_[r];
  Role role;
  int target = sh.cell, victim = -1;
  double rate;
  if (j >= shared_columns_) {
    role = private_role_[r];
    rate = private_value_[r];
    if (role == Role::Home) {
      int best = nearest_yard(s.shipyards(), me, sh.cell, geo_).cell;
      for (int c : sites_)
        if (best < 0 || geo_.dist(sh.cell, c) < geo_.dist(sh.cell, best)) best = c;
      if (best >= 0) target = best;
    }
    if (role == Role::Hunt) {
      target = surround_cell_[r];
      victim = surround_victim_[r];
      rate = p_.surround_rate;
    }
  } else {
    const Column& col = columns_[j];
    role = col.role;
    target = col.cell;
    rate = -cost_[static_cast<size_t>(r) * cols + j];
    if (role == Role::Hunt) victim = col.target;
  }
  rate = std::clamp(rate, 1.0, kForcedValue / 100);
  // How close to its target a ship must be. A guard only has to be able to
  // reach the yard no later than the nearest enemy (strictly before it when
  // carrying cargo): until then it leaves the yard free for ships that
  // deposit.
  int slack = 0;
  if (role == Role::Guard) {
    const int guarded = columns_[j].target;
    slack = std::max(0, yard_threat_[guarded] - (x > 0 ? 2 : 1));
  }
  if (role == Role::Escort) slack = 1;  // next to the escorted ship
  return {role, target, victim, rate, slack};
}

void FleetPolicy::cost_moves(const State& s, int me) {
  PolicyDecision& d = decision_;
  const auto ships = s.ships();
  const int rows = static_cast<int>(rows_.size());
  const double convert_cost = static_cast<double>(s.config().convert_cost);
  const int left = steps_left(s);
  const bool ties_matter = s.step() >= p_.tie_free_steps;
  spawn_cells_.clear();
  for (int y : spawn_yards_) spawn_cells_.push_back(s.shipyards()[y].cell);
  for (int r = 0; r < rows; ++r) {
    const int i = rows_[r];
    const Ship& sh = ships[i];
    const double x = sh.cargo;
    const Heading h = heading(s, me, r);
    const Role role = h.role;
    const int target = h.target, victim = h.victim, slack = h.slack;
    const double rate = h.rate;
    auto distance = [&](int cell) { return std::max(0, geo_.dist(cell, target) - slack); };
    MoveRequest req;
    req.ship_index = i;
    req.cell = sh.cell;
    const int d0 = distance(sh.cell);
    int threatened_moves = 0;
    for (int m = 0; m < kNumMoves; ++m) {
      const int nc = geo_.neighbor(sh.cell, m);
      double cost = rate * (distance(nc) - d0);
      const bool ram = role == Role::Ram && nc == target;
      const double dz = predicting_ ? exact_danger_[nc] : danger_.at(nc);
      // A predicted enemy ship, heavier than every ship that ends with it,
      // is caught by ending where it ends.
      if (predicting_ && dz > x && prey_[nc] > 0) cost -= p_.catch_weight * prey_[nc];
      if (!ram) {
        if (dz < x) {
          cost += p_.danger_penalty + x;
          ++threatened_moves;
        } else if (dz == x && ties_matter && home_[nc] > 1) {
          cost += x > 0 ? p_.tie_penalty : p_.empty_tie_penalty;
        }
      }
      // Next turn's escapes from there, and the lighter enemies pressing on
      // it, for a ship with cargo that does not deposit on arriving. A ship
      // that stays mines after this turn's collisions and before next turn's:
      // an empty ship that starts mining among empty enemies is prey then.
      const double next_x =
          nc == sh.cell && yard_cell_[nc] == 0 ? x + p_.stay_cargo_weight * keep_[1] * s.halite(nc) : x;
      if (next_x > 0 && yard_cell_[nc] != 1) {
        // Only a ship judged with what it mines; 1.0 x the penalty is exact,
        // so the default leaves every decision as it was.
        const double pressure_weight = next_x != x ? p_.stay_pressure_weight : 1.0;
        cost += pressure_weight * p_.pressure_penalty * pressure(nc, next_x) * (next_x + kPressureCargoScale) /
                kPressureCargoScale;
        int esc = 0;
        for (int o = 0; o < kNumMoves; ++o) esc += danger2_[geo_.neighbor(nc, o)] > next_x;
        if (esc == 0)
          cost += p_.trap_penalty + next_x;
        else if (esc == 1)
          cost += p_.narrow_penalty;
        if (next_x > box_cargo_[nc]) cost += p_.box_penalty;
      }
      // A planned spawn gives way to a ship bringing cargo home (the spawn is
      // dropped, the deposit is not delayed); other ships keep off the yard.
      if (role != Role::Home && std::find(spawn_cells_.begin(), spawn_cells_.end(), nc) != spawn_cells_.end())
        cost += p_.spawn_block_penalty;
      // A hunter next to its victim: stepping onto it catches it if it stays.
      if (victim >= 0 && nc == ships[victim].cell) {
        const double p_stay = escapes_[victim] == 0 ? 1.0 : p_.strike_free_chance;
        cost -= p_stay * (ships[victim].cargo - x);
      }
      req.cost[m] = cost;
    }
    req.cost[kConvertOption] = kInf;
    // A loaded ship with no safe move, or with cargo it cannot bring home
    // before the end, converts: the yard keeps the cargo above the cost.
    const bool can_pay = x + bank_after_ >= convert_cost && yard_cell_[sh.cell] == 0;
    if (can_pay && x >= p_.emergency_convert_cargo && threatened_moves == kNumMoves) req.cost[kConvertOption] = 0;
    if (can_pay && left <= 1 && x > convert_cost && home_[sh.cell] > 1) req.cost[kConvertOption] = -x;
    requests_.push_back(req);
    d.targets.push_back(target);
    d.rates.push_back(rate);
  }
  roles_ = {};
  for (int r = 0; r < rows; ++r) {
    const int j = row_column_[r];
    ++roles_.count[static_cast<int>(j >= shared_columns_ ? private_role_[r] : columns_[j].role)];
  }
  roles_.count[static_cast<int>(Role::Build)] += static_cast<int>(converts_.size());
  for (int i : converts_) {
    MoveRequest req;
    req.ship_index = i;
    req.cell = ships[i].cell;
    req.cost.fill(kInf);
    req.cost[kConvertOption] = 0;
    requests_.push_back(req);
    d.targets.push_back(ships[i].cell);
    d.rates.push_back(0);
  }
}

// ---------------------------------------------------------------- decide ----

const PolicyDecision& FleetPolicy::decide(const State& s, int me) {
  PolicyDecision& d = decision_;
  d.clear();
  requests_.clear();
  if (s.player(me).status != Status::Active) return d;
  if (p_.remember) count_lost_defenders(s, me);
  compute_maps(s, me);
  plan_economy(s, me);
  assign(s, me);
  cost_moves(s, me);

  shared_cells_.clear();
  if (steps_left(s) <= p_.crash_home_steps)
    for (const Shipyard& y : s.shipyards())
      if (y.owner == me) shared_cells_.push_back(y.cell);
  const std::vector<int>& choice = resolver_.solve(requests_, geo_, shared_cells_);
  for (size_t r = 0; r < requests_.size(); ++r) d.ship_choices.push_back({requests_[r].ship_index, choice[r]});
  d.spawn_yards = unblocked_spawns(s, geo_, d.ship_choices, spawn_yards_);

  add_defenders(s, me, d.ship_choices, d.spawn_yards);
  if (p_.remember) note_defenders(s, me, d.spawn_yards);
  return d;
}

void FleetPolicy::note_defenders(const State& s, int me, const std::vector<int>& spawn_yards) {
  defenders_.clear();
  for (int y : spawn_yards) {
    const Shipyard& yd = s.shipyards()[static_cast<size_t>(y)];
    if (yd.owner != me || std::find(spawn_yards_.begin(), spawn_yards_.end(), y) != spawn_yards_.end()) continue;
    defenders_.push_back({yd.id, yd.cell, s.step()});
  }
}

void FleetPolicy::note_played(const State& s, int me, const State::Orders& orders) {
  if (!p_.remember) return;
  std::vector<int> spawns;
  for (const State::Command& c : orders)
    if (c.action == Action::Spawn)
      if (const int y = s.find_shipyard(c.unit); y >= 0) spawns.push_back(y);
  note_defenders(s, me, spawns);
}

void FleetPolicy::add_defenders(const State& s, int me, const std::vector<std::pair<int, int>>& ship_choices,
                                std::vector<int>& spawn_yards) const {
  // A yard with an enemy ship next to it and no own ship ending on it
  // spawns a defender when the bank allows: the fresh ship (no cargo) trades
  // with any attacker, and the yard stands. The bank is decide()'s after its
  // economy, less the spawns `spawn_yards` holds beyond the economy's.
  const double spawn_cost = static_cast<double>(s.config().spawn_cost);
  double bank = bank_after_;
  for (int y : spawn_yards_)
    if (std::find(spawn_yards.begin(), spawn_yards.end(), y) == spawn_yards.end()) bank += spawn_cost;
  for (int y : spawn_yards)
    if (std::find(spawn_yards_.begin(), spawn_yards_.end(), y) == spawn_yards_.end()) bank -= spawn_cost;
  for (int y = 0; y < static_cast<int>(s.shipyards().size()); ++y) {
    const Shipyard& yd = s.shipyards()[y];
    if (yd.owner != me || yard_threat_[y] != 1 || bank < spawn_cost) continue;
    if (std::find(spawn_yards.begin(), spawn_yards.end(), y) != spawn_yards.end()) continue;
    // The last yards (defend_last_yards) of a fleet of at most
    // defend_last_fleet ships are defended whatever the defenders lost: a player left with no yard and no
    // ship is out of the game, its bank forfeited. A larger fleet keeps the
    // player in the game without them, and defenders spawned every turn into
    // an attacker that keeps coming spend 500 a turn (one game against a yard
    // raider went from 9,124 to 712 in the last 23 steps). There an own ship
    // ending on the yard holds it only if no lighter enemy ship can end there
    // too (a loaded one coming home loses to an empty attacker, which then
    // sinks the yard); a defender spawned under it ties with the attacker, or,
    // if none comes, takes its cargo and deposits it.
    const bool last_yards = my_yards_ <= p_.defend_last_yards && my_ships_ <= p_.defend_last_fleet;
    if (!last_yards && p_.remember && lost_defenders(yd.id) >= p_.max_lost_defenders) continue;
    const double attacker = danger_.at(yd.cell);
    bool covered = false;
    for (const auto& [index, option] : ship_choices)
      covered |= option != kConvertOption && geo_.neighbor(s.ships()[index].cell, option) == yd.cell &&
                 (!last_yards || s.ships()[index].cargo <= attacker);
    if (covered) continue;
    spawn_yards.push_back(y);
    bank -= spawn_cost;
  }
  std::sort(spawn_yards.begin(), spawn_yards.end());
}

void FleetPolicy::reset() {
  site_ = -1;
  defenders_.clear();
  lost_defenders_.clear();
}

int FleetPolicy::lost_defenders(UnitId yard) const {
  for (const auto& [id, lost] : lost_defenders_)
    if (id == yard) return lost;
  return 0;
}

void FleetPolicy::count_lost_defenders(const State& s, int me) {
  // A defender spawned last turn stands on its yard now unless an enemy ship
  // moved onto the yard: a fresh ship carries nothing and loses only such a
  // tie. A state that does not follow the last one tells nothing.
  for (const Defender& d : defenders_) {
    if (s.step() != d.step + 1 || s.find_shipyard(d.yard) < 0) continue;
    bool standing = false;
    for (const Ship& sh : s.ships()) standing |= sh.owner == me && sh.cell == d.cell;
    if (standing) continue;
    auto it =
        std::find_if(lost_defenders_.begin(), lost_defenders_.end(), [&](const auto& e) { return e.first == d.yard; });
    if (it == lost_defenders_.end())
      lost_defenders_.push_back({d.yard, 1});
    else
      ++it->second;
  }
  defenders_.clear();
}

void FleetPolicy::stage(State& s, int player) {
  stage_decision(s, decide(s, player));
}

}  // namespace halite::search
