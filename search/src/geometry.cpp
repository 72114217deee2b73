#include "halite/search/geometry.h"

#include <algorithm>
#include <cstdlib>

namespace halite::search {

void Geometry::init(int size) {
  if (size == n_) return;
  n_ = size;
  for (int a = 0; a < size; ++a)
    for (int b = 0; b < size; ++b) {
      const int d = std::abs(a - b);
      axis_[a * kMaxBoardSize + b] = static_cast<uint8_t>(std::min(d, size - d));
      // toward()'s step: the shorter way round, south (east) when both are as short.
      const int forward = (b - a + size) % size;  // steps going south (east for columns)
      vertical_[a * kMaxBoardSize + b] = static_cast<int8_t>(a == b ? -1 : forward <= size - forward ? 2 : 1);
      horizontal_[a * kMaxBoardSize + b] = static_cast<int8_t>(a == b ? -1 : forward <= size - forward ? 3 : 4);
    }
  for (int c = 0; c < size * size; ++c) {
    const int r = c / size, k = c % size;
    row_[c] = static_cast<uint8_t>(r);
    col_[c] = static_cast<uint8_t>(k);
    nbr_[c * kNumMoves + 0] = static_cast<uint16_t>(c);
    nbr_[c * kNumMoves + 1] = static_cast<uint16_t>((r == 0 ? size - 1 : r - 1) * size + k);
    nbr_[c * kNumMoves + 2] = static_cast<uint16_t>((r == size - 1 ? 0 : r + 1) * size + k);
    nbr_[c * kNumMoves + 3] = static_cast<uint16_t>(r * size + (k == size - 1 ? 0 : k + 1));
    nbr_[c * kNumMoves + 4] = static_cast<uint16_t>(r * size + (k == 0 ? size - 1 : k - 1));
  }
}

}  // namespace halite::search
