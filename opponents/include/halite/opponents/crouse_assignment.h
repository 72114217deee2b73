// Min-cost assignment with SciPy's choices among equal costs.
#pragma once

#include <vector>

namespace halite::opponents {

// The same optimum by Crouse's shortest augmenting path algorithm (IEEE
// Trans. Aerospace and Electronic Systems 52(4), 2016), with its choices
// among equal costs made as SciPy's linear_sum_assignment makes them: rows
// in order, columns scanned from the last, a free column preferred on a tie.
// Models of Python bots (mz_model.h, zeta_model.h) need it to give their
// choices where several are equally good; elsewhere use search::Assignment
// (policy/common.h).
class CrouseAssignment {
 public:
  // cost(r, c) for r < rows <= cols, c < cols, finite; returns col_of_row
  // (size rows).
  const std::vector<int>& solve(int rows, int cols, const std::vector<double>& cost);

 private:
  std::vector<double> u_, v_, path_cost_;
  std::vector<int> path_, row_of_col_, col_of_row_, remaining_;
  std::vector<char> row_seen_, col_seen_;
};

}  // namespace halite::opponents
