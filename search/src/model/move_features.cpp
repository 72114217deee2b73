// The move model's features (model/move_model.h): the one function that both
// `halite move-data` (training rows) and inference call.
#include <algorithm>
#include <cmath>

#include "halite/search/model/move_model.h"

namespace halite::search {

const char* const kMoveFeatureNames[kMoveFeatureCount] = {"stay",
                                                          "stay_halite",
                                                          "stay_halite_rel",
                                                          "stay_cargo",
                                                          "stay_bare",
                                                          "stay_on_yard",
                                                          "stay_step",
                                                          "stay_late",
                                                          "dest_halite",
                                                          "pot_near",
                                                          "pot_near_empty",
                                                          "pot_far",
                                                          "pot_far_empty",
                                                          "home",
                                                          "home_cargo",
                                                          "home_loaded",
                                                          "home_late",
                                                          "home_late_loaded",
                                                          "own_yard",
                                                          "own_yard_cargo",
                                                          "own_yard_late",
                                                          "enemy_yard",
                                                          "enemy_yard_empty",
                                                          "enemy_yard_away",
                                                          "lighter_reach",
                                                          "lighter_reach_cargo",
                                                          "equal_reach",
                                                          "equal_reach_empty",
                                                          "heavier_at",
                                                          "heavier_at_gain",
                                                          "heavier_adj",
                                                          "prey_pot",
                                                          "threat_pot",
                                                          "own_at",
                                                          "own_adj",
                                                          "own_pot",
                                                          "same_move",
                                                          "stay_again",
                                                          "reverse",
                                                          "convert",
                                                          "convert_no_yard",
                                                          "convert_no_yard_step",
                                                          "convert_cargo",
                                                          "convert_far",
                                                          "convert_threat",
                                                          "convert_late",
                                                          "convert_fleet",
                                                          "convert_pot",
                                                          "convert_bank"};

namespace {

// Halite and cargo are read in units of this: a full cell at the start of a
// game holds about that much, and it is the price of a ship.
constexpr double kHaliteScale = 500;
// "Loaded" for the way home: about what the public bots return with.
constexpr double kLoadedCargo = 200;
// A cell with less than this is bare: staying there mines nothing worth a turn.
constexpr double kBareHalite = 10;
// Richness relative to the board's mean is capped: past 4x every bot mines it.
constexpr double kRelHaliteCap = 4;
// The end-game recall is due when the steps left are at most the way home
// plus this margin (bots keep a few turns in hand for the traffic at the yard).
constexpr int kRecallMargin = 6;
// Two kernels of nearby halite, sum of h * decay^distance over the diamond
// of the radius, normalised to a weighted mean: a short one (the next cells
// to mine) and a long one (the region a ship heads for).
constexpr int kNearRadius = 3;
constexpr double kNearDecay = 0.5;
constexpr int kFarRadius = 7;
constexpr double kFarDecay = 0.75;
// Enemy and own ships count for the destination within this radius,
// decaying by half a move: only ships a few moves off change a ship's next move.
constexpr int kShipRadius = 4;
constexpr double kShipDecay = 0.5;
// Caps that keep the convert features within [0, 1].
constexpr int kFarHomeCap = 10;
constexpr double kFleetPerYardCap = 20;
constexpr double kBankCap = 5000;
constexpr int kEnemyYardCap = 6;
static_assert(kNearRadius <= kFarRadius && kShipRadius <= kFarRadius);

// decay^d for the distances the kernels reach, and the kernel's weight sum
// over its diamond (which turns its sum into a mean).
struct Kernel {
  std::array<double, kFarRadius + 1> at{};
  double norm = 0;
  Kernel(int radius, double decay) {
    for (int d = 0; d <= radius; ++d) {
      at[static_cast<size_t>(d)] = std::pow(decay, d);
      norm += (d == 0 ? 1 : 4 * d) * at[static_cast<size_t>(d)];
    }
  }
};

}  // namespace

void MoveContext::build(const State& s, const Geometry& geo, const State* previous) {
  s_ = &s;
  geo_ = &geo;
  const int cells = s.cell_count();
  double total = 0;
  for (int c = 0; c < cells; ++c) total += s.halite(c);
  mean_halite_ = std::max(1.0, total / cells);
  std::fill(ship_at_.begin(), ship_at_.begin() + cells, int16_t{-1});
  std::fill(yard_owner_.begin(), yard_owner_.begin() + cells, int16_t{-1});
  const auto ships = s.ships();
  yards_.assign(static_cast<size_t>(s.num_players()), {});
  ship_count_.assign(static_cast<size_t>(s.num_players()), 0);
  for (size_t i = 0; i < ships.size(); ++i) {
    ship_at_[ships[i].cell] = static_cast<int16_t>(i);
    ++ship_count_[ships[i].owner];
  }
  for (const Shipyard& y : s.shipyards()) {
    yard_owner_[y.cell] = y.owner;
    yards_[y.owner].push_back(y.cell);
  }
  last_move_.assign(ships.size(), -1);
  if (!previous || previous->step() + 1 != s.step() || previous->size() != s.size()) return;
  // Both lists are sorted by id (creation order): one merge finds each ship's
  // cell of the turn before.
  const auto before = previous->ships();
  size_t j = 0;
  for (size_t i = 0; i < ships.size(); ++i) {
    while (j < before.size() && before[j].id < ships[i].id) ++j;
    if (j == before.size() || before[j].id != ships[i].id) continue;
    for (int m = 0; m < kNumMoves; ++m)
      if (geo.neighbor(before[j].cell, m) == ships[i].cell) last_move_[i] = m;
  }
}

int MoveContext::home_distance(int player, int cell) const {
  int best = -1;
  for (int y : yards_[static_cast<size_t>(player)]) {
    const int d = geo_->dist(cell, y);
    if (best < 0 || d < best) best = d;
  }
  return best;
}

int MoveContext::enemy_yard_distance(int player, int cell) const {
  int best = kEnemyYardCap;
  for (size_t p = 0; p < yards_.size(); ++p)
    if (static_cast<int>(p) != player)
      for (int y : yards_[p]) best = std::min(best, geo_->dist(cell, y));
  return best;
}

namespace {

// What lies around a ship, seen from each of its five destinations.
struct Around {
  std::array<int, kNumMoves> dest{};
  std::array<double, kNumMoves> pot_near{}, pot_far{}, prey{}, threat{}, own{}, heavier_gain{};
  std::array<int, kNumMoves> lighter{}, equal{}, heavier_at{}, heavier_adj{}, own_at{}, own_adj{};
};

const Kernel& near_kernel() {
  static const Kernel k(kNearRadius, kNearDecay);
  return k;
}
const Kernel& far_kernel() {
  static const Kernel k(kFarRadius, kFarDecay);
  return k;
}
const Kernel& ship_kernel() {
  static const Kernel k(kShipRadius, kShipDecay);
  return k;
}

// One pass over the diamond around the ship: every destination's kernels lie
// within one more move.
void scan_around(const State& s, const Geometry& geo, const std::array<int16_t, kMaxCells>& ship_at, int ship_index,
                 Around& a) {
  const Ship& ship = s.ships()[static_cast<size_t>(ship_index)];
  const int c = ship.cell, n = s.size();
  const double q = ship.cargo;
  for (int m = 0; m < kNumMoves; ++m) a.dest[m] = geo.neighbor(c, m);
  const int reach = kFarRadius + 1;
  for (int dr = -reach; dr <= reach; ++dr) {
    const int span = reach - std::abs(dr);
    for (int dc = -span; dc <= span; ++dc) {
      const int y = offset_cell(c, dr, dc, n);
      const double h = s.halite(y);
      const int other = ship_at[y];
      for (int m = 0; m < kNumMoves; ++m) {
        const int d = geo.dist(a.dest[m], y);
        const auto du = static_cast<size_t>(d);
        if (d <= kNearRadius) a.pot_near[m] += h * near_kernel().at[du];
        if (d <= kFarRadius) a.pot_far[m] += h * far_kernel().at[du];
        if (other < 0 || other == ship_index || d > kShipRadius) continue;
        const Ship& o = s.ships()[static_cast<size_t>(other)];
        const double k = ship_kernel().at[du];
        if (o.owner == ship.owner) {
          a.own[m] += k;
          a.own_at[m] += d == 0;
          a.own_adj[m] += d == 1;
          continue;
        }
        if (o.cargo < q) a.threat[m] += k, a.lighter[m] += d <= 1;
        if (o.cargo == q) a.equal[m] += d <= 1;
        if (o.cargo > q) {
          a.prey[m] += k * (o.cargo - q) / kHaliteScale;
          a.heavier_at[m] += d == 0;
          a.heavier_adj[m] += d == 1;
          if (d == 0) a.heavier_gain[m] += (o.cargo - q) / kHaliteScale;
        }
      }
    }
  }
}

}  // namespace

void MoveContext::features(int ship_index, MoveFeatures& out) const {
  const State& s = *s_;
  const Geometry& geo = *geo_;
  const Ship& ship = s.ships()[static_cast<size_t>(ship_index)];
  const int me = ship.owner, c = ship.cell;
  const double q = ship.cargo, qn = q / kHaliteScale;
  const double empty = q <= 0 ? 1 : 0;
  const int steps = s.config().episode_steps;
  const int steps_left = steps - 1 - s.step();
  const double step_frac = static_cast<double>(s.step()) / steps;
  const int home_c = home_distance(me, c);
  const double late = home_c >= 0 && steps_left <= home_c + kRecallMargin ? 1 : 0;
  const int last = last_move_[static_cast<size_t>(ship_index)];
  const double near_norm = near_kernel().norm * kHaliteScale, far_norm = far_kernel().norm * kHaliteScale;
  Around a;
  scan_around(s, geo, ship_at_, ship_index, a);

  const int enemy_yard_c = enemy_yard_distance(me, c);
  for (int m = 0; m < kNumMoves; ++m) {
    auto& f = out.f[static_cast<size_t>(m)];
    f.fill(0);
    const int d = a.dest[m];
    const bool stay = m == 0;
    const double hd = s.halite(d) / kHaliteScale;
    const int home_d = home_distance(me, d);
    const double dh = home_c >= 0 ? home_d - home_c : 0;
    const bool own_yard = yard_owner_[d] == me;
    const bool enemy_yard = yard_owner_[d] >= 0 && !own_yard;
    if (stay) {
      f[kFStay] = 1;
      f[kFStayHalite] = hd;
      f[kFStayHaliteRel] = std::min(s.halite(c) / mean_halite_, kRelHaliteCap) / kRelHaliteCap;
      f[kFStayCargo] = qn;
      f[kFStayBare] = s.halite(c) < kBareHalite ? 1 : 0;
      f[kFStayOnYard] = own_yard ? 1 : 0;
      f[kFStayStep] = step_frac;
      f[kFStayLate] = late;
      f[kFStayAgain] = last == 0 ? 1 : 0;
    } else {
      f[kFDestHalite] = hd;
      f[kFPotNear] = (a.pot_near[m] - a.pot_near[0]) / near_norm;
      f[kFPotFar] = (a.pot_far[m] - a.pot_far[0]) / far_norm;
      f[kFPotNearEmpty] = f[kFPotNear] * empty;
      f[kFPotFarEmpty] = f[kFPotFar] * empty;
      f[kFHome] = dh;
      f[kFHomeCargo] = dh * qn;
      f[kFHomeLoaded] = q >= kLoadedCargo ? dh : 0;
      f[kFHomeLate] = dh * late;
      f[kFHomeLateLoaded] = q > 0 ? dh * late : 0;
      f[kFOwnYard] = own_yard ? 1 : 0;
      f[kFOwnYardCargo] = own_yard ? qn : 0;
      f[kFOwnYardLate] = own_yard ? late : 0;
      f[kFEnemyYard] = enemy_yard ? 1 : 0;
      f[kFEnemyYardEmpty] = enemy_yard ? empty : 0;
      f[kFEnemyYardAway] = q > 0 ? enemy_yard_distance(me, d) - enemy_yard_c : 0;
      f[kFPreyPot] = a.prey[m] - a.prey[0];
      f[kFThreatPot] = a.threat[m] - a.threat[0];
      f[kFOwnPot] = a.own[m] - a.own[0];
      f[kFSameMove] = last == m ? 1 : 0;
      f[kFReverse] = last > 0 && geo.neighbor(d, last) == c ? 1 : 0;
    }
    f[kFLighterReach] = a.lighter[m];
    f[kFLighterReachCargo] = a.lighter[m] * qn;
    f[kFEqualReach] = a.equal[m];
    f[kFEqualReachEmpty] = a.equal[m] * empty;
    f[kFHeavierAt] = a.heavier_at[m];
    f[kFHeavierAtGain] = a.heavier_gain[m];
    f[kFHeavierAdj] = a.heavier_adj[m];
    f[kFOwnAt] = a.own_at[m];
    f[kFOwnAdj] = a.own_adj[m] / 4.0;
    out.valid[static_cast<size_t>(m)] = true;
  }
  convert_features(ship_index, a.lighter[0], a.pot_far[0] / far_norm, out);
}

void MoveContext::convert_features(int ship_index, int lighter_near, double pot_far, MoveFeatures& out) const {
  const State& s = *s_;
  const Ship& ship = s.ships()[static_cast<size_t>(ship_index)];
  const int me = ship.owner, c = ship.cell;
  const double q = ship.cargo;
  auto& f = out.f[kNumMoves];
  f.fill(0);
  const double bank = s.player(me).bank;
  const bool can_convert = yard_owner_[c] < 0 && q + bank >= static_cast<double>(s.config().convert_cost);
  out.valid[kNumMoves] = can_convert;
  if (!can_convert) return;
  const int steps_left = s.config().episode_steps - 1 - s.step();
  const int home_c = home_distance(me, c);
  const bool no_yard = yards_[static_cast<size_t>(me)].empty();
  const double yards = static_cast<double>(yards_[static_cast<size_t>(me)].size());
  f[kFConvert] = 1;
  f[kFConvertNoYard] = no_yard ? 1 : 0;
  f[kFConvertNoYardStep] = no_yard ? static_cast<double>(s.step()) / s.config().episode_steps : 0;
  f[kFConvertCargo] = q / kHaliteScale;
  f[kFConvertFar] = no_yard ? 1 : static_cast<double>(std::min(home_c, kFarHomeCap)) / kFarHomeCap;
  f[kFConvertThreat] = lighter_near;
  f[kFConvertLate] = q > 0 && home_c >= 0 && steps_left <= home_c + kRecallMargin ? 1 : 0;
  f[kFConvertFleet] =
      std::min(static_cast<double>(ship_count_[static_cast<size_t>(me)]) / (yards + 1), kFleetPerYardCap) /
      kFleetPerYardCap;
  f[kFConvertPot] = pot_far;
  f[kFConvertBank] = std::min(bank, kBankCap) / kBankCap;
}

}  // namespace halite::search
