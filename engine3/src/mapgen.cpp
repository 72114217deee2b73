#include "halite3/mapgen.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

namespace halite3 {

namespace {

// The player counts the reference reflects a tile for (1, 2, 4, 8 and 16),
// up to this engine's capacity.
constexpr int kMaxGeneratedPlayers = 8;
static_assert(kMaxGeneratedPlayers <= kMaxPlayers);

// The reference moves the shipyard off the tile's centre only for tiles of
// kPlacedSideMin..kPlacedSideMax cells a side: there it runs linearly from
// kPlacedOffsetMin cells in (at the smaller side) to kPlacedOffsetMax (at
// the larger), so that shipyards sit towards the map's centre.
constexpr int kPlacedSideMin = 16;
constexpr int kPlacedSideMax = 40;
constexpr int kPlacedOffsetMin = 8;
constexpr int kPlacedOffsetMax = 28;

struct Layout {
  int cols = 1, rows = 1;
};

// Columns double first, then rows, until there is a tile per player.
Layout tile_layout(int players) {
  Layout layout;
  int tiles = 1;
  while (tiles < players) {
    layout.cols *= 2;
    tiles *= 2;
    if (tiles == players) break;
    layout.rows *= 2;
    tiles *= 2;
  }
  return layout;
}

void check_side(const char* name, int side, int tiles, int players) {
  if (side < 1 || side > kMaxSide)
    throw std::invalid_argument("map " + std::string(name) + " " + std::to_string(side) + " outside 1.." +
                                std::to_string(kMaxSide));
  if (side % tiles != 0)
    throw std::invalid_argument("map " + std::string(name) + " " + std::to_string(side) + " is not a multiple of " +
                                std::to_string(tiles) + ", the tiles along it for " + std::to_string(players) +
                                " players");
}

void check_arguments(int width, int height, int players, const Constants& c) {
  if (players < 1 || players > kMaxGeneratedPlayers || !std::has_single_bit(static_cast<unsigned>(players)))
    throw std::invalid_argument("players " + std::to_string(players) + ": maps are made for 1, 2, 4 or 8 players");
  const Layout layout = tile_layout(players);
  check_side("width", width, layout.cols, players);
  check_side("height", height, layout.rows, players);
  // A power of 0 or less turns a draw of 0 into 1 or infinity; persistence
  // weighs octaves.
  if (!(c.factor_exp_1 > 0) || !std::isfinite(c.factor_exp_1))
    throw std::invalid_argument("FACTOR_EXP_1 " + std::to_string(c.factor_exp_1) + " is not a positive number");
  if (!(c.factor_exp_2 > 0) || !std::isfinite(c.factor_exp_2))
    throw std::invalid_argument("FACTOR_EXP_2 " + std::to_string(c.factor_exp_2) + " is not a positive number");
  if (!(c.persistence >= 0) || !std::isfinite(c.persistence))
    throw std::invalid_argument("PERSISTENCE " + std::to_string(c.persistence) + " is not a number >= 0");
  if (c.min_cell_production < 0 || c.min_cell_production > c.max_cell_production ||
      c.max_cell_production > std::numeric_limits<int32_t>::max())
    throw std::invalid_argument("cell production bounds " + std::to_string(c.min_cell_production) + ".." +
                                std::to_string(c.max_cell_production) + " are not 0 <= min <= max <= 2^31 - 1");
}

// One octave: `source` (w x h, row-major) sampled every `wavelength` cells
// from (0, 0) and interpolated bilinearly between the samples, the last ones
// towards the first (wrapping). The operations and their order are the
// reference's, so each double rounds as there.
std::vector<double> smooth_noise(const std::vector<double>& source, int w, int h, int wavelength) {
  const int samples_x = (w + wavelength - 1) / wavelength;
  const int samples_y = (h + wavelength - 1) / wavelength;
  const auto sample = [&](int sy, int sx) {
    return source[static_cast<size_t>(sy * wavelength * w + sx * wavelength)];
  };
  std::vector<double> out(source.size());
  for (int y = 0; y < h; ++y) {
    const int y0 = y / wavelength, y1 = (y0 + 1) % samples_y;
    const double vertical = static_cast<double>(y) / wavelength - y0;
    for (int x = 0; x < w; ++x) {
      const int x0 = x / wavelength, x1 = (x0 + 1) % samples_x;
      const double horizontal = static_cast<double>(x) / wavelength - x0;
      const double top = (1 - horizontal) * sample(y0, x0) + horizontal * sample(y0, x1);
      const double bottom = (1 - horizontal) * sample(y1, x0) + horizontal * sample(y1, x1);
      out[static_cast<size_t>(y * w + x)] = (1 - vertical) * top + vertical * bottom;
    }
  }
  return out;
}

// The halite of one w x h tile (steps 1 to 3 of the header), drawing from
// `rng` in the reference's order.
std::vector<int32_t> tile_halite(std::mt19937& rng, int w, int h, const Constants& c) {
  const size_t cells = static_cast<size_t>(w) * static_cast<size_t>(h);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  std::vector<double> source(cells);
  for (double& value : source) value = std::pow(uniform(rng), c.factor_exp_1);

  // floor(log2(shorter side)) + 1, as the reference computes it in double
  // (exact for these small integers).
  const int octaves = std::bit_width(static_cast<unsigned>(std::min(w, h)));
  std::vector<double> sum(cells, 0.0);
  double amplitude = 1;
  for (int octave = 2; octave <= octaves; ++octave) {
    const std::vector<double> smooth = smooth_noise(source, w, h, 1 << (octaves - octave));
    for (size_t i = 0; i < cells; ++i) sum[i] += amplitude * smooth[i];
    amplitude *= c.persistence;
  }
  for (size_t i = 0; i < cells; ++i) sum[i] += amplitude * source[i];

  double largest = 0;
  for (double& value : sum) {
    value = std::pow(value, c.factor_exp_2);
    if (value > largest) largest = value;
  }
  if (!std::isfinite(largest))
    throw std::invalid_argument("FACTOR_EXP_2 " + std::to_string(c.factor_exp_2) + " overflows the noise");
  // The draw is made whatever the noise, as the reference makes it.
  const auto range = static_cast<uint64_t>(c.max_cell_production - c.min_cell_production + 1);
  const auto richest = static_cast<int64_t>(rng() % range) + c.min_cell_production;
  std::vector<int32_t> tile(cells, 0);
  // A tile of zeros stays zeros (the reference would divide by zero; no seed
  // draws 2 x w x h zeros in a row).
  if (largest > 0)
    for (size_t i = 0; i < cells; ++i)
      tile[i] = static_cast<int32_t>(std::round(sum[i] * (static_cast<double>(richest) / largest)));
  return tile;
}

// Player 0's shipyard, in the w x h tile at the map's top-left corner (the
// header's rule), as a cell of a map `width` wide.
int first_shipyard(int w, int h, int width, int players) {
  const auto placed = [](int side) { return side >= kPlacedSideMin && side <= kPlacedSideMax; };
  const auto offset = [](int side) {
    const double fraction = (side - kPlacedSideMin) / static_cast<double>(kPlacedSideMax - kPlacedSideMin);
    return static_cast<int>(kPlacedOffsetMin + fraction * (kPlacedOffsetMax - kPlacedOffsetMin));
  };
  int x = w / 2, y = h / 2;
  if (placed(w) && placed(h)) {
    x = offset(w);
    if (players > 2) y = offset(h);
  }
  return y * width + x;
}

// Reflects the filled w x h top-left part of the map across its right edge
// (`across_x`) or its bottom edge, with the shipyards placed so far.
void reflect(GeneratedMap& map, int w, int h, bool across_x) {
  const auto mirror = [&](int x, int y) {
    return across_x ? map.width * y + (2 * w - 1 - x) : map.width * (2 * h - 1 - y) + x;
  };
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      map.halite[static_cast<size_t>(mirror(x, y))] = map.halite[static_cast<size_t>(y * map.width + x)];
  const size_t placed = map.shipyards.size();
  for (size_t i = 0; i < placed; ++i)
    map.shipyards.push_back(mirror(map.shipyards[i] % map.width, map.shipyards[i] / map.width));
}

}  // namespace

GeneratedMap generate_map(uint32_t seed, int width, int height, int players, const Constants& constants) {
  check_arguments(width, height, players, constants);
  const Layout layout = tile_layout(players);
  const int w = width / layout.cols, h = height / layout.rows;
  std::mt19937 rng(seed);
  const std::vector<int32_t> tile = tile_halite(rng, w, h, constants);

  GeneratedMap map;
  map.width = width;
  map.height = height;
  map.halite.assign(static_cast<size_t>(width) * static_cast<size_t>(height), 0);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) map.halite[static_cast<size_t>(y * width + x)] = tile[static_cast<size_t>(y * w + x)];
  map.shipyards.push_back(first_shipyard(w, h, width, players));
  map.halite[static_cast<size_t>(map.shipyards.front())] = 0;

  int filled_w = w, filled_h = h;
  for (int tiles = 1; tiles < players;) {
    reflect(map, filled_w, filled_h, true);
    filled_w *= 2;
    tiles *= 2;
    if (tiles == players) break;
    reflect(map, filled_w, filled_h, false);
    filled_h *= 2;
    tiles *= 2;
  }
  return map;
}

State generate_game(uint32_t seed, int width, int height, int players, const Constants& constants) {
  const GeneratedMap map = generate_map(seed, width, height, players, constants);
  return initial_state(constants, width, height, map.halite, map.shipyards);
}

}  // namespace halite3
