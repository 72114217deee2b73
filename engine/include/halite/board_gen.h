// Starting board generation, equal cell for cell to the reference's
// `populate_board` for a given randomSeed.
//
// The reference seeds two Mersenne Twisters with the same seed: Python's
// `random` (init_by_array over the seed's 32-bit words) and numpy's legacy
// `np.random.seed` (init_genrand). Both are reproduced here bit for bit,
// together with the derived draws the generator uses (randint, gumbel,
// binomial(1, 0.5)).
#pragma once

#include <array>
#include <cstdint>

namespace halite {

// MT19937 with the two seeding procedures the reference relies on.
class MersenneTwister {
 public:
  // numpy's legacy np.random.seed(s): init_genrand(s).
  static MersenneTwister numpy_seeded(uint32_t seed);
  // Python's random.seed(s) for 0 <= s < 2^32: init_by_array over the 32-bit
  // words of s (least significant first; s = 0 gives the key [0]).
  static MersenneTwister python_seeded(uint32_t seed);

  uint32_t next_u32();
  // Python random.getrandbits(k) for 1 <= k <= 32: the top k bits of one word.
  uint32_t getrandbits(int k);
  // Python random.randint(a, b), a <= b, b - a < 2^31: rejection sampling on
  // bit_length(b - a + 1) bits.
  int randint(int a, int b);
  // numpy legacy random_sample(): a 53-bit double from two words.
  double random_double();
  // numpy legacy gumbel(loc, scale).
  double gumbel(double loc, double scale);
  // numpy legacy binomial(n, p) for the inversion case the reference uses.
  int binomial(int n, double p);

 private:
  void init_genrand(uint32_t s);
  void reload();
  std::array<uint32_t, 624> mt_{};
  int index_ = 624;
};

// Writes the starting halite of every cell (row-major, size*size values) to
// `out`, exactly as populate_board does for this seed. Integers, as doubles.
void generate_starting_halite(int size, uint32_t seed, int64_t starting_halite, double* out);

// Starting cell of each player's first ship (populate_board's
// starting_positions) for 1, 2 or 4 players.
int starting_cell(int size, int num_players, int player);

}  // namespace halite
