// The board as the search layer walks it: the five moves in one index order,
// and distances and neighbours on the torus, precomputed per board size.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <utility>

#include "halite/state.h"

namespace halite::search {

// The five ship moves in a fixed index order: 0 stays, 1..4 move. The index
// of a move is the same everywhere in the search layer (bandit arms, cost
// rows of the resolver).
inline constexpr int kNumMoves = 5;
inline constexpr std::array<Action, kNumMoves> kMoveActions = {Action::None, Action::North, Action::South, Action::East,
                                                               Action::West};
inline constexpr double kInf = std::numeric_limits<double>::infinity();

// The cell `dr` rows and `dc` columns away from `cell` on an n x n torus,
// for any offsets (a radius may exceed the board: offsets wrap as often as
// they need to).
inline int offset_cell(int cell, int dr, int dc, int n) {
  auto wrap = [n](int x) {
    x %= n;
    return x < 0 ? x + n : x;
  };
  return wrap(cell / n + dr) * n + wrap(cell % n + dc);
}

// The shortest offset (rows, columns) from `from` to `to` on an n x n torus,
// each within [-(n - 1) / 2, n / 2] (on an even board the half-way offset is
// taken forward): offset_cell(from, dr, dc, n) == to.
inline std::pair<int, int> torus_delta(int from, int to, int n) {
  auto shortest = [n](int d) {
    d %= n;
    if (d < 0) d += n;
    return d > n / 2 ? d - n : d;
  };
  return {shortest(to / n - from / n), shortest(to % n - from % n)};
}

// Distance and neighbour tables on the torus for one board size. init() is a
// no-op when the size is unchanged, so planners call it at every plan().
class Geometry {
 public:
  void init(int size);
  int size() const { return n_; }
  int cells() const { return n_ * n_; }
  // Manhattan distance on the torus.
  int dist(int a, int b) const {
    return axis_[row_[a] * kMaxBoardSize + row_[b]] + axis_[col_[a] * kMaxBoardSize + col_[b]];
  }
  // The cell reached by move index m (0..4, see kMoveActions) from `cell`.
  int neighbor(int cell, int m) const { return nbr_[cell * kNumMoves + m]; }
  // The move index that brings `from` one step closer to `to` along rows
  // (first) or columns, -1 when already there. Ties on a torus of even size
  // pick south / east.
  int toward(int from, int to, bool columns_first) const {
    if (from == to) return -1;
    const int vertical = vertical_[row_[from] * kMaxBoardSize + row_[to]];
    const int horizontal = horizontal_[col_[from] * kMaxBoardSize + col_[to]];
    const int m = columns_first ? horizontal : vertical;
    return m >= 0 ? m : columns_first ? vertical : horizontal;
  }

 private:
  int n_ = 0;
  std::array<uint8_t, kMaxCells> row_{}, col_{};
  std::array<uint8_t, kMaxBoardSize * kMaxBoardSize> axis_{};
  // The move one step along rows (north 1 / south 2) or columns (east 3 /
  // west 4) from one row or column index to another, -1 when equal.
  std::array<int8_t, kMaxBoardSize * kMaxBoardSize> vertical_{}, horizontal_{};
  std::array<uint16_t, kMaxCells * kNumMoves> nbr_{};
};

}  // namespace halite::search
