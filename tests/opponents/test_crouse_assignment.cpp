#include <catch2/catch.hpp>

#include <vector>

#include "halite/opponents/crouse_assignment.h"
#include "halite/search/rng.h"
#include "search_checks.h"

using halite::opponents::CrouseAssignment;

TEST_CASE("the SciPy-ordered assignment is optimal on small matrices", "[opponents]") {
  halite::search::Rng rng(3);
  CrouseAssignment a;
  for (int trial = 0; trial < 200; ++trial) {
    const auto [rows, cols, cost] = halite::testing::random_assignment_matrix(rng);
    const std::vector<int> got = a.solve(rows, cols, cost);
    REQUIRE(halite::testing::assignment_total(rows, cols, cost, got) ==
            halite::testing::least_assignment_total(rows, cols, cost));
  }
}

TEST_CASE("the SciPy-ordered assignment breaks ties as linear_sum_assignment does", "[opponents]") {
  // Values SciPy 1.10's linear_sum_assignment gives on the same matrices.
  CrouseAssignment a;
  CHECK(a.solve(3, 3, std::vector<double>(9, 1.0)) == std::vector<int>{0, 1, 2});  // constant: the identity
  CHECK(a.solve(2, 4, std::vector<double>(8, 0.0)) == std::vector<int>{0, 1});
  // Row 0 is indifferent between columns 0 and 2; row 1 needs column 0.
  CHECK(a.solve(2, 3, {1, 5, 1, 0, 9, 9}) == std::vector<int>{2, 0});
  // Both rows indifferent between columns 0 and 2.
  CHECK(a.solve(2, 3, {2, 7, 2, 2, 7, 2}) == std::vector<int>{0, 2});
  CHECK(a.solve(3, 4, {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8}) == std::vector<int>{3, 2, 1});
}
