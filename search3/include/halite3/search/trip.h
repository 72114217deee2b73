// The value of a mining trip: halite delivered per turn of the whole trip, as
// the cell-scoring post-mortem this bot follows derives it.
//
// A ship with `cargo` travels `to_cell` turns to a cell holding `halite`,
// mines it for t turns (each turn takes 1/extract_ratio of what is left;
// an inspired ship gains `bonus` times that), then, since one cell seldom
// fills it, mines n similar cells, n = room / net, where net is what the
// first cell gains after paying its way there; each further cell costs the
// same travel (at least `next_travel_min` turns) and the same t of mining
// (0: mining on where it is costs no travel); then it goes home
// (`to_home` turns). Moves cost 1/move_cost_ratio of the cell left: leaving
// the mined cell, and `step_cost` for every other step (the map's mean).
//
//   rate(t) = (delivered - cost home) / (to_cell + stops + t + (n - 1)(max(to_cell, min) + t) + to_home)
//
// A ship whose cargo does not pay its way to the cell stops to mine on the
// way (`stop_turns`, counted in its travel time; the policy estimates them
// with travel_stops on).
//
// The trip must end by the game's end: when n full cells do not fit in
// `turns_left`, only as many as fit are counted. best_trip() maximises over
// t = 1..max_mine_turns.
#pragma once

#include <cstdint>

namespace halite3::search {

struct TripInput {
  double cargo = 0;
  double capacity = 1000;
  double halite = 0;        // on the target cell
  int to_cell = 0;          // turns from the ship to the cell
  int to_home = 0;          // turns from the cell to the nearest own depot
  double bonus = 1;         // multiplier of what is mined (1 + inspired bonus, expected)
  double cost_to_cell = 0;  // move costs on the way to the cell
  int stop_turns = 0;       // turns mining on the way to pay for them (a ship without the cargo to move stays)
  double step_cost = 0;     // one move's cost on the way home, beyond leaving the cell
  double extract_ratio = 4;
  double move_cost_ratio = 10;
  int turns_left = 0;  // turns whose commands still count, this one included
  int max_mine_turns = 12;
  int next_travel_min = 1;  // least turns of travel to each further cell
};

struct TripValue {
  double rate = 0;     // halite per turn; 0 when no trip pays
  int mine_turns = 0;  // the t that gives it
};

TripValue best_trip(const TripInput& in);

}  // namespace halite3::search
