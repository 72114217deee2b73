#include "halite/opponents/crouse_assignment.h"

#include <algorithm>
#include <utility>

#include "halite/search/policy/common.h"

namespace halite::opponents {

using search::kInf;

const std::vector<int>& CrouseAssignment::solve(int rows, int cols, const std::vector<double>& cost) {
  u_.assign(static_cast<size_t>(rows), 0);
  v_.assign(static_cast<size_t>(cols), 0);
  path_cost_.resize(static_cast<size_t>(cols));
  path_.assign(static_cast<size_t>(cols), -1);
  row_of_col_.assign(static_cast<size_t>(cols), -1);
  col_of_row_.assign(static_cast<size_t>(rows), -1);
  row_seen_.resize(static_cast<size_t>(rows));
  col_seen_.resize(static_cast<size_t>(cols));
  for (int start = 0; start < rows; ++start) {
    // The shortest augmenting path from row `start` to a free column.
    remaining_.resize(static_cast<size_t>(cols));
    for (int k = 0; k < cols; ++k) remaining_[static_cast<size_t>(k)] = cols - 1 - k;
    std::fill(row_seen_.begin(), row_seen_.end(), 0);
    std::fill(col_seen_.begin(), col_seen_.end(), 0);
    std::fill(path_cost_.begin(), path_cost_.end(), kInf);
    double reached = 0;
    int row = start, sink = -1;
    while (sink < 0) {
      row_seen_[static_cast<size_t>(row)] = 1;
      int best = -1;
      double lowest = kInf;
      const double* c = &cost[static_cast<size_t>(row) * static_cast<size_t>(cols)];
      for (int k = 0; k < static_cast<int>(remaining_.size()); ++k) {
        const int j = remaining_[static_cast<size_t>(k)];
        const double r = reached + c[j] - u_[static_cast<size_t>(row)] - v_[static_cast<size_t>(j)];
        if (r < path_cost_[static_cast<size_t>(j)])
          path_[static_cast<size_t>(j)] = row, path_cost_[static_cast<size_t>(j)] = r;
        const double pc = path_cost_[static_cast<size_t>(j)];
        if (pc < lowest || (pc == lowest && row_of_col_[static_cast<size_t>(j)] < 0)) lowest = pc, best = k;
      }
      reached = lowest;
      const int j = remaining_[static_cast<size_t>(best)];
      if (row_of_col_[static_cast<size_t>(j)] < 0)
        sink = j;
      else
        row = row_of_col_[static_cast<size_t>(j)];
      col_seen_[static_cast<size_t>(j)] = 1;
      remaining_[static_cast<size_t>(best)] = remaining_.back();
      remaining_.pop_back();
    }
    // Dual update, then flip the path.
    u_[static_cast<size_t>(start)] += reached;
    for (int i = 0; i < rows; ++i)
      if (row_seen_[static_cast<size_t>(i)] && i != start)
        u_[static_cast<size_t>(i)] += reached - path_cost_[static_cast<size_t>(col_of_row_[static_cast<size_t>(i)])];
    for (int j = 0; j < cols; ++j)
      if (col_seen_[static_cast<size_t>(j)]) v_[static_cast<size_t>(j)] -= reached - path_cost_[static_cast<size_t>(j)];
    for (int j = sink;;) {
      const int i = path_[static_cast<size_t>(j)];
      row_of_col_[static_cast<size_t>(j)] = i;
      std::swap(col_of_row_[static_cast<size_t>(i)], j);
      if (i == start) break;
    }
  }
  return col_of_row_;
}

}  // namespace halite::opponents
