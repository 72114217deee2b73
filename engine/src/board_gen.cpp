#include "halite/board_gen.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace halite {

MersenneTwister MersenneTwister::numpy_seeded(uint32_t seed) {
  MersenneTwister mt;
  mt.init_genrand(seed);
  return mt;
}

MersenneTwister MersenneTwister::python_seeded(uint32_t seed) {
  // CPython's init_by_array with the one-word key [seed] (a seed below 2^32
  // has exactly one 32-bit word; 0 also gives the key [0]).
  constexpr int n = 624;
  const uint32_t key = seed;
  MersenneTwister m;
  m.init_genrand(19650218u);
  auto& mt = m.mt_;
  int i = 1;
  for (int k = n; k > 0; --k) {  // max(n, key length) rounds; j stays 0
    mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key;
    if (++i >= n) {
      mt[0] = mt[n - 1];
      i = 1;
    }
  }
  for (int k = n - 1; k > 0; --k) {
    mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - static_cast<uint32_t>(i);
    if (++i >= n) {
      mt[0] = mt[n - 1];
      i = 1;
    }
  }
  mt[0] = 0x80000000u;  // guarantees a non-zero state
  m.index_ = n;
  return m;
}

void MersenneTwister::init_genrand(uint32_t s) {
  mt_[0] = s;
  for (uint32_t i = 1; i < mt_.size(); ++i) mt_[i] = 1812433253u * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + i;
  index_ = static_cast<int>(mt_.size());
}

void MersenneTwister::reload() {
  constexpr int n = 624, m = 397;
  constexpr uint32_t upper = 0x80000000u, lower = 0x7fffffffu;
  constexpr uint32_t matrix_a = 0x9908b0dfu;
  for (int k = 0; k < n; ++k) {
    const uint32_t y = (mt_[k] & upper) | (mt_[(k + 1) % n] & lower);
    mt_[k] = mt_[(k + m) % n] ^ (y >> 1) ^ ((y & 1u) ? matrix_a : 0u);
  }
  index_ = 0;
}

uint32_t MersenneTwister::next_u32() {
  if (index_ >= static_cast<int>(mt_.size())) reload();
  uint32_t y = mt_[index_++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= y >> 18;
  return y;
}

uint32_t MersenneTwister::getrandbits(int k) {
  if (k < 1 || k > 32) throw std::invalid_argument("getrandbits: k must be in 1..32");
  return next_u32() >> (32 - k);
}

int MersenneTwister::randint(int a, int b) {
  if (b < a || static_cast<int64_t>(b) - a >= (int64_t{1} << 31))
    throw std::invalid_argument("randint: need a <= b and b - a < 2^31");
  // Python's _randbelow_with_getrandbits(n): k = n.bit_length() (not that of
  // n - 1), so a power-of-two n rejects about half of its draws.
  const uint32_t n = static_cast<uint32_t>(static_cast<int64_t>(b) - a + 1);
  int k = 0;
  while (k < 32 && (n >> k) != 0) ++k;
  uint32_t r = getrandbits(k);
  while (r >= n) r = getrandbits(k);
  return static_cast<int>(static_cast<int64_t>(a) + r);
}

double MersenneTwister::random_double() {
  const uint32_t a = next_u32() >> 5, b = next_u32() >> 6;
  return (a * 67108864.0 + b) / 9007199254740992.0;
}

double MersenneTwister::gumbel(double loc, double scale) {
  // numpy's random_gumbel: U in (0, 1]; U == 1 would give log(0), so redraw.
  for (;;) {
    const double u = 1.0 - random_double();
    if (u < 1.0) return loc - scale * std::log(-std::log(u));
  }
}

namespace {

// numpy's random_binomial_inversion (valid for p <= 0.5, n * p <= 30).
int binomial_inversion(MersenneTwister& rng, int n, double p) {
  const double q = 1.0 - p;
  const double qn = std::exp(n * std::log(q));
  const double np = n * p;
  const int bound = static_cast<int>(std::min<double>(n, np + 10.0 * std::sqrt(np * q + 1)));
  int x = 0;
  double px = qn;
  double u = rng.random_double();
  while (u > px) {
    ++x;
    if (x > bound) {  // ran past the plausible tail: start over
      x = 0;
      px = qn;
      u = rng.random_double();
    } else {
      u -= px;
      px = ((n - x + 1) * p * px) / (x * q);
    }
  }
  return x;
}

}  // namespace

int MersenneTwister::binomial(int n, double p) {
  if (n < 0 || !(p >= 0.0 && p <= 1.0)) throw std::invalid_argument("binomial: need n >= 0 and 0 <= p <= 1");
  // numpy legacy: p > 0.5 draws the complement count with q = 1 - p.
  if (p <= 0.5) {
    if (p * n > 30.0) throw std::invalid_argument("binomial: BTPE case (n*p > 30) not implemented");
    return binomial_inversion(*this, n, p);
  }
  const double q = 1.0 - p;
  if (q * n > 30.0) throw std::invalid_argument("binomial: BTPE case (n*q > 30) not implemented");
  return n - binomial_inversion(*this, n, q);
}

void generate_starting_halite(int size, uint32_t seed, int64_t starting_halite, double* out) {
  if (size < 1) throw std::invalid_argument("generate_starting_halite: size must be >= 1");
  // The reference seeds numpy first, then Python; the streams are
  // independent, so only the draw order within each stream matters.
  MersenneTwister np_rng = MersenneTwister::numpy_seeded(seed);
  MersenneTwister py_rng = MersenneTwister::python_seeded(seed);

  const int half = (size + 1) / 2;
  std::vector<int64_t> grid(static_cast<size_t>(half) * half, 0);
  auto at = [half](std::vector<int64_t>& g, int r, int c) -> int64_t& { return g[static_cast<size_t>(r) * half + c]; };

  for (int i = 0; i < half; ++i) {
    // Python evaluates the row index before the column index.
    const int r1 = py_rng.randint(0, half - 1);
    const int c1 = py_rng.randint(0, half - 1);
    at(grid, r1, c1) = int64_t{i} * i;
    const int r2 = py_rng.randint(half / 2, half - 1);
    const int c2 = py_rng.randint(half / 2, half - 1);
    at(grid, r2, c2) = int64_t{i} * i;
  }

  // The spreading radius is min(round(sqrt(v / half)), 1): 1 exactly when
  // v / half > 1/4 (a tie at sqrt = 0.5 rounds to even, 0). Radius 1 only
  // visits the seed cell itself, at distance 0, adding v once more.
  std::vector<int64_t> radius = grid;
  for (int r = 0; r < half; ++r)
    for (int c = 0; c < half; ++c) {
      const int64_t v = at(grid, r, c);
      if (v != 0 && 4 * v > half) at(radius, r, c) += v;
    }

  // numpy fills each (half, half) array row-major: all gumbels first, then
  // all binomials. astype(int) truncates toward zero.
  std::vector<int64_t> sprout(grid.size());
  for (auto& s : sprout) s = static_cast<int64_t>(np_rng.gumbel(0, 300.0));
  for (size_t k = 0; k < sprout.size(); ++k) radius[k] += std::max<int64_t>(sprout[k], 0) * np_rng.binomial(1, 0.5);

  const int quarter = half / 4;
  for (int r = half - quarter; r < half; ++r)
    for (int c = half - quarter; c < half; ++c)
      at(radius, r, c) += std::max<int64_t>(static_cast<int64_t>(np_rng.gumbel(0, 500.0)), 0);

  int64_t total = 0;
  for (const int64_t v : radius) total += v;
  if (total == 0) {
    // The reference computes 0 / 0 in numpy (nan) and int(nan) raises
    // ValueError: that seed cannot start a game there either.
    throw std::invalid_argument("generate_starting_halite: size " + std::to_string(size) + " with seed " +
                                std::to_string(seed) + " yields an empty board (the reference fails on it too)");
  }

  for (int r = 0; r < half; ++r)
    for (int c = 0; c < half; ++c) {
      // numpy int64 arithmetic: the product wraps rather than overflowing
      // (done in unsigned to stay defined), then true division in doubles.
      const int64_t product =
          static_cast<int64_t>(static_cast<uint64_t>(at(radius, r, c)) * static_cast<uint64_t>(starting_halite));
      const double val = std::trunc(static_cast<double>(product) / static_cast<double>(total) / 4);
      const int rr = size - 1 - r, cc = size - 1 - c;
      out[size * r + c] = val;
      out[size * r + cc] = val;
      out[size * rr + c] = val;
      out[size * rr + cc] = val;
    }
}

int starting_cell(int size, int num_players, int player) {
  if (player < 0 || player >= num_players) throw std::invalid_argument("starting_cell: player out of range");
  const int q1 = size / 4, q3 = 3 * size / 4;
  switch (num_players) {
    case 1:
      return size * (size / 2) + size / 2;
    case 2:
      // ceil(3 * size / 4) - 1 for player 1: not the mirror of size / 4.
      return size * (size / 2) + (player == 0 ? q1 : (3 * size + 3) / 4 - 1);
    case 4:
      return size * (player < 2 ? q1 : q3) + (player % 2 == 0 ? q1 : q3);
    default:
      throw std::invalid_argument("starting_cell: the reference places ships for 1, 2 or 4 players only");
  }
}

}  // namespace halite
