// The starting map of a Halite III game from its seed, as the official
// engine generates it (game_engine/mapgen/: FractalValueNoiseTileGenerator,
// the default map type, on SymmetricalTile), so that a game can start
// without a replay.
//
// Guarantee: for a seed, size and player count the official engine accepts
// and this engine holds (below), and the generator constants of `constants`
// (the defaults, or a replay's GAME_CONSTANTS), the halite of every cell and
// every player's shipyard are bit for bit those of the official engine built
// with GCC and libstdc++ on x86-64: the same std::mt19937 seeded with
// `seed`, the same std::uniform_real_distribution draws in the same order,
// the same floating-point operations in the same order. `halite
// replay-check` checks this on every .hlt file it is given
// (docs/halite3.md has the count).
//
// The rule. The map is `players` equal tiles, tile_cols x tile_rows of them:
// starting from one tile, the tile count doubles along x (more columns),
// then along y (more rows), alternately, so 2 players are 2x1 tiles, 4
// players 2x2 and 8 players 4x2. One tile of noise is generated:
//  1. a uniform draw in [0, 1) per cell of the tile, row by row, raised to
//     factor_exp_1 (the source noise);
//  2. octaves: for wavelengths 2^(K-2) down to 1, where K = floor(log2(the
//     tile's shorter side)) + 1, the source noise sampled every wavelength
//     cells (wrapping) and interpolated bilinearly between the samples;
//     the octaves are summed with weights 1, persistence, persistence^2, ...
//     and the source noise itself is added with the next weight;
//  3. each sum raised to factor_exp_2, then scaled so that the largest is a
//     value drawn as mt19937() % (max - min + 1) + min of the
//     *_cell_production constants, and rounded to the nearest integer.
// The tile fills the top-left corner; the filled part is then reflected
// across its right edge, then across its bottom edge, alternately, until the
// map is full, so neighbouring tiles are mirror images. Player 0's shipyard
// is near the tile's centre (below), and each reflection appends the
// mirror images of the shipyards placed so far, in order: player 1 is
// player 0 mirrored left to right, and with 4 players, players 2 and 3 are
// players 0 and 1 mirrored top to bottom. Shipyard cells hold 0.
//
// Shipyard in a tile of width w and height h: (w / 2, h / 2); when both
// sides are 16 to 40 cells, x = 8 + (w - 16) / 24 * 20 truncated, and with
// more than two players y the same formula in h (so a 4-player 64x64 map
// has player 0's shipyard at (21, 21), 5 cells from its tile's centre
// towards the map's; a 2-player 64x64 map, whose tiles are 32x64, at
// (16, 32)).
//
// Accepted: players 1, 2, 4 or 8 (the official engine also makes 16-player
// maps, past this engine's kMaxPlayers); width and height 1..kMaxSide, each
// a multiple of the tile count along it (width of 2 for 2 or 4 players, 4
// for 8; height of 2 for 4 or 8). Official games use square maps of 32, 40,
// 48, 56 or 64 cells a side with 2 or 4 players. Anything else throws
// std::invalid_argument naming the bad value; so do generator constants that
// would make the noise undefined (factor_exp_1 or factor_exp_2 not positive,
// persistence negative, production bounds reversed or negative).
#pragma once

#include <cstdint>
#include <vector>

#include "halite3/constants.h"
#include "halite3/state.h"

namespace halite3 {

struct GeneratedMap {
  int width = 0, height = 0;
  std::vector<int32_t> halite;  // row-major, shipyard cells 0
  std::vector<int> shipyards;   // a cell (y * width + x) per player, by player id
};

// The official engine's map for `seed` (its --seed), as above.
GeneratedMap generate_map(uint32_t seed, int width, int height, int players, const Constants& constants);

// The first state of a game on that map: initial_state() with the generated
// halite and shipyards (every bank at initial_energy, no ships). Pass
// Constants::for_map(width, height) for the official constants.
State generate_game(uint32_t seed, int width, int height, int players, const Constants& constants);

}  // namespace halite3
