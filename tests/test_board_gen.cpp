// Starting-board generation: the two Mersenne Twister seedings, the derived
// draws, and whole boards checked against facts taken from the shared replays
// (values recorded by kaggle-environments for these seeds).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "halite/board_gen.h"

using halite::MersenneTwister;

TEST_CASE("numpy seeding is MT19937 init_genrand", "[board_gen]") {
  // The reference MT19937 default seed 5489 has a published first output.
  auto mt = MersenneTwister::numpy_seeded(5489);
  CHECK(mt.next_u32() == 3499211612u);

  // np.random.seed(0); np.random.random_sample(3)
  auto np0 = MersenneTwister::numpy_seeded(0);
  CHECK(np0.random_double() == 0.5488135039273248);
  CHECK(np0.random_double() == 0.7151893663724195);
  CHECK(np0.random_double() == 0.6027633760716439);

  // np.random.seed(42); np.random.random_sample()
  auto np42 = MersenneTwister::numpy_seeded(42);
  CHECK(np42.random_double() == 0.3745401188473625);
}

TEST_CASE("python seeding is init_by_array over the seed's words", "[board_gen]") {
  struct Case {
    uint32_t seed;
    uint32_t bits[3];  // random.seed(s); getrandbits(32) x3
    double first;      // random.seed(s); random.random()
  };
  const Case cases[] = {
      {0u, {3626764237u, 1654615998u, 3255389356u}, 0.8444218515250481},
      {1001u, {3421589840u, 3988255189u, 251797747u}, 0.7966509679599704},
      {4294967295u, {2728839433u, 2661025012u, 872737089u}, 0.6353574441341173},
  };
  for (const Case& c : cases) {
    INFO("seed " << c.seed);
    auto a = MersenneTwister::python_seeded(c.seed);
    for (uint32_t expected : c.bits) CHECK(a.getrandbits(32) == expected);
    // random.random() uses the same 53-bit construction as numpy.
    auto b = MersenneTwister::python_seeded(c.seed);
    CHECK(b.random_double() == c.first);
  }
  auto c = MersenneTwister::python_seeded(3001);
  CHECK(c.next_u32() == 1251440649u);
}

TEST_CASE("getrandbits keeps the top bits of one word", "[board_gen]") {
  auto a = MersenneTwister::python_seeded(1001);
  auto b = MersenneTwister::python_seeded(1001);
  CHECK(a.getrandbits(1) == b.next_u32() >> 31);
  CHECK(a.getrandbits(7) == b.next_u32() >> 25);
  CHECK(a.getrandbits(32) == b.next_u32());
  CHECK_THROWS_AS(a.getrandbits(0), std::invalid_argument);
  CHECK_THROWS_AS(a.getrandbits(33), std::invalid_argument);
}

TEST_CASE("randint matches Python's rejection sampling", "[board_gen]") {
  // random.seed(s); then, in one stream: [randint(0, 10) x5],
  // [randint(5, 5) x2], getrandbits(32), [randint(0, 7) x8].
  struct Case {
    uint32_t seed;
    int first[5];
    uint32_t bits;
    int eights[8];
  };
  const Case cases[] = {
      {0u, {6, 6, 0, 4, 8}, 3943786419u, {4, 7, 5, 3, 2, 4, 2, 1}},
      {1001u, {0, 3, 1, 8, 6}, 3100880675u, {5, 6, 3, 0, 0, 7, 3, 2}},
      {4294967295u, {10, 9, 3, 3, 9}, 4130059007u, {6, 4, 5, 7, 6, 1, 3, 2}},
  };
  for (const Case& c : cases) {
    INFO("seed " << c.seed);
    auto mt = MersenneTwister::python_seeded(c.seed);
    for (int expected : c.first) CHECK(mt.randint(0, 10) == expected);
    // A one-value range still draws (1 bit, retried while it is 1), which
    // the following getrandbits value pins down.
    CHECK(mt.randint(5, 5) == 5);
    CHECK(mt.randint(5, 5) == 5);
    CHECK(mt.getrandbits(32) == c.bits);
    for (int expected : c.eights) CHECK(mt.randint(0, 7) == expected);
  }
  // The first randint(0, 7) after seed 0 (power-of-two width: 4 bits drawn).
  auto mt = MersenneTwister::python_seeded(0);
  const int expected0[] = {6, 6, 0, 4, 7, 6, 4, 7};
  for (int e : expected0) CHECK(mt.randint(0, 7) == e);

  auto range = MersenneTwister::python_seeded(7);
  for (int i = 0; i < 2000; ++i) {
    const int v = range.randint(-3, 4);
    REQUIRE(v >= -3);
    REQUIRE(v <= 4);
  }
  CHECK_THROWS_AS(range.randint(2, 1), std::invalid_argument);
}

TEST_CASE("gumbel is loc - scale * log(-log(1 - U))", "[board_gen]") {
  // np.random.seed(0): U = 0.5488135039273248 gives 68.49412758831714 at scale 300.
  auto np0 = MersenneTwister::numpy_seeded(0);
  CHECK(np0.gumbel(0, 300.0) == 68.49412758831714);
  auto np0b = MersenneTwister::numpy_seeded(0);
  CHECK(np0b.gumbel(0, 1.0) == 0.2283137586277238);
  // One uniform per draw.
  auto a = MersenneTwister::numpy_seeded(123);
  auto b = MersenneTwister::numpy_seeded(123);
  for (int i = 0; i < 100; ++i) {
    const double u = 1.0 - b.random_double();
    REQUIRE(a.gumbel(2.0, 500.0) == 2.0 - 500.0 * std::log(-std::log(u)));
  }
}

TEST_CASE("binomial uses numpy's inversion algorithm", "[board_gen]") {
  // binomial(1, 0.5) is one uniform compared with qn = exp(log(0.5)).
  auto a = MersenneTwister::numpy_seeded(2024);
  auto b = MersenneTwister::numpy_seeded(2024);
  int ones = 0;
  for (int i = 0; i < 1000; ++i) {
    const int x = a.binomial(1, 0.5);
    REQUIRE(x == (b.random_double() > 0.5 ? 1 : 0));
    ones += x;
  }
  CHECK(ones > 400);
  CHECK(ones < 600);

  // General inversion: sane means, and p > 0.5 is n minus a draw at 1 - p.
  auto c = MersenneTwister::numpy_seeded(5);
  auto d = MersenneTwister::numpy_seeded(5);
  double sum = 0;
  for (int i = 0; i < 4000; ++i) {
    const int x = c.binomial(10, 0.7);
    REQUIRE(x >= 0);
    REQUIRE(x <= 10);
    REQUIRE(x == 10 - d.binomial(10, 0.3));
    sum += x;
  }
  CHECK(sum / 4000 == Approx(7.0).margin(0.15));

  auto e = MersenneTwister::numpy_seeded(6);
  CHECK(e.binomial(0, 0.5) == 0);
  CHECK(e.binomial(5, 0.0) == 0);
  CHECK(e.binomial(5, 1.0) == 5);
  CHECK_THROWS_AS(e.binomial(100, 0.5), std::invalid_argument);  // BTPE case
  CHECK_THROWS_AS(e.binomial(1, 1.5), std::invalid_argument);
}

namespace {

struct BoardFact {
  const char* replay;
  int size;
  uint32_t seed;
  int64_t starting_halite;
  int64_t sum;       // sum of all cells
  int64_t weighted;  // sum of (i + 1) * halite[i]
  int max_cell;      // first cell holding the maximum
  int64_t max_value;
  int64_t cell0;   // halite[0]
  int64_t centre;  // halite[size * (size / 2) + size / 2]
};

// Taken from steps[0][0].observation.halite of the shared replays.
const BoardFact kBoards[] = {
    {"s01", 21, 1001u, 24000, 21028, 4647188, 29, 619, 160, 356},
    {"s15", 11, 3001u, 24000, 17433, 1063413, 5, 1373, 0, 427},
    {"s17", 31, 3003u, 24000, 21546, 10363626, 418, 360, 41, 52},
    {"s19", 20, 3005u, 24000, 23912, 4794356, 103, 559, 0, 213},
    {"s20", 16, 3006u, 24000, 23948, 3077318, 119, 1298, 0, 1298},
    {"s21", 21, 3007u, 24000, 22150, 4895150, 198, 456, 0, 0},
    {"s23", 21, 0u, 24000, 21809, 4819789, 189, 468, 19, 99},
    {"s24", 21, 4294967295u, 24000, 22221, 4910841, 64, 608, 0, 3},
    {"s25", 21, 3010u, 40000, 35643, 7877103, 5, 566, 53, 265},
    {"s28", 15, 3014u, 24000, 22736, 2569168, 47, 748, 0, 0},
    {"kaggle_1831529", 21, 541143248u, 24000, 21187, 4682327, 198, 658, 0, 241},
};

}  // namespace

TEST_CASE("starting boards equal the reference's", "[board_gen]") {
  for (const BoardFact& f : kBoards) {
    INFO("replay " << f.replay);
    const int n = f.size;
    std::vector<double> h(static_cast<size_t>(n) * n, -1.0);
    halite::generate_starting_halite(n, f.seed, f.starting_halite, h.data());

    int64_t sum = 0, weighted = 0;
    int max_cell = 0;
    for (int i = 0; i < n * n; ++i) {
      REQUIRE(h[i] >= 0);
      REQUIRE(h[i] == std::trunc(h[i]));
      const auto v = static_cast<int64_t>(h[i]);
      sum += v;
      weighted += (i + 1) * v;
      if (h[i] > h[max_cell]) max_cell = i;
    }
    CHECK(sum == f.sum);
    CHECK(weighted == f.weighted);
    CHECK(max_cell == f.max_cell);
    CHECK(h[max_cell] == f.max_value);
    CHECK(h[0] == f.cell0);
    CHECK(h[n * (n / 2) + n / 2] == f.centre);

    // Every quadrant is a mirror image of the first.
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        REQUIRE(h[r * n + c] == h[r * n + (n - 1 - c)]);
        REQUIRE(h[r * n + c] == h[(n - 1 - r) * n + c]);
      }
  }
}

TEST_CASE("a board that sums to zero is refused, as the reference fails", "[board_gen]") {
  // size 2: one quadrant cell holding 0 (i = 0) plus at most one gumbel
  // sprout; for seed 2 the sprout is masked off and the reference divides 0/0.
  std::vector<double> h(4);
  CHECK_THROWS_AS(halite::generate_starting_halite(2, 2, 24000, h.data()), std::invalid_argument);
  CHECK_NOTHROW(halite::generate_starting_halite(2, 1, 24000, h.data()));
  CHECK(h[0] == 6000);  // the whole quadrant is one cell: 24000 / 4
  CHECK(h[3] == 6000);
}

TEST_CASE("starting cells follow populate_board", "[board_gen]") {
  using halite::starting_cell;
  // From the replays' first ship positions.
  CHECK(starting_cell(21, 1, 0) == 220);
  CHECK(starting_cell(21, 2, 0) == 215);
  CHECK(starting_cell(21, 2, 1) == 225);
  CHECK(starting_cell(11, 2, 0) == 57);
  CHECK(starting_cell(11, 2, 1) == 63);
  CHECK(starting_cell(31, 2, 0) == 472);
  CHECK(starting_cell(31, 2, 1) == 488);
  CHECK(starting_cell(20, 2, 0) == 205);
  CHECK(starting_cell(20, 2, 1) == 214);  // ceil(60/4) - 1 = 14, not 20 - 1 - 5
  CHECK(starting_cell(15, 2, 0) == 108);
  CHECK(starting_cell(15, 2, 1) == 116);
  const int four21[] = {110, 120, 320, 330};
  const int four16[] = {68, 76, 196, 204};
  for (int p = 0; p < 4; ++p) {
    CHECK(starting_cell(21, 4, p) == four21[p]);
    CHECK(starting_cell(16, 4, p) == four16[p]);
  }
  CHECK_THROWS_AS(starting_cell(21, 3, 0), std::invalid_argument);
  CHECK_THROWS_AS(starting_cell(21, 2, 2), std::invalid_argument);
}
