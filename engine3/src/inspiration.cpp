// update_inspiration(): which ships have enough enemy ships near them.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>

#include "halite3/state.h"

namespace halite3 {

namespace {

// The reference counts every cell of the square of the inspiration radius
// around a ship whose distance is within the radius. On a map narrower or
// lower than that square, the square wraps onto itself and a cell may count
// twice, as there: this is the reference's own loop, kept for those maps.
bool inspired_on_narrow_map(const State& s, const Ship& ship, int r, int64_t needed,
                            const std::array<uint8_t, kMaxCells>& occupant) {
  const int x = s.x_of(ship.cell), y = s.y_of(ship.cell);
  const uint8_t own = static_cast<uint8_t>(ship.owner + 1);
  int64_t enemies = 0;
  for (int dx = -r; dx <= r; ++dx) {
    for (int dy = -r; dy <= r; ++dy) {
      const int c = s.cell(((x + dx) % s.width + s.width) % s.width, ((y + dy) % s.height + s.height) % s.height);
      if (s.distance(ship.cell, c) <= r) enemies += occupant[c] != 0 && occupant[c] != own;
    }
  }
  return enemies >= needed;
}

void update_inspiration_on_narrow_map(State& s, int r, int64_t needed) {
  // The owner of the ship on each cell, plus one (0: no ship).
  std::array<uint8_t, kMaxCells> occupant{};
  for (const Ship& ship : s.ship_list()) occupant[ship.cell] = static_cast<uint8_t>(ship.owner + 1);
  for (int i = 0; i < s.ship_count; ++i)
    s.ships[i].inspired = inspired_on_narrow_map(s, s.ships[i], r, needed, occupant);
}

// Bit x of a row word is the cell (x, y): a map row fits one word.
using RowBits = uint64_t;
constexpr int kRowBitCount = 64;
static_assert(kMaxSide <= kRowBitCount, "a map row must fit one RowBits");
constexpr RowBits kAllBits = ~RowBits{0};
// The official games' radius: the one the rules are compiled for.
constexpr int kOfficialRadius = 4;
constexpr int kAnyRadius = -1;
// Rows of a map with the radius's rows above and below it repeated from the
// other side: 2r + 1 <= height <= kMaxSide, so fewer than 2 * kMaxSide.
constexpr int kMaxPaddedRows = 2 * kMaxSide;

// Bits lo..hi, 0 <= lo <= hi < 64.
constexpr RowBits bits_between(int lo, int hi) {
  return (kAllBits >> (kRowBitCount - 1 - hi)) & (kAllBits << lo);
}

// The number of set bits. std::popcount is a library call on x86-64 without
// -mpopcnt, which the portable build does not assume; this inlines.
constexpr int bit_count(RowBits bits) {
  bits -= (bits >> 1) & 0x5555555555555555;
  bits = (bits & 0x3333333333333333) + ((bits >> 2) & 0x3333333333333333);
  bits = (bits + (bits >> 4)) & 0x0F0F0F0F0F0F0F0F;
  return static_cast<int>((bits * 0x0101010101010101) >> 56);
}

// Each player's enemies, one bit per ship, a word per map row, with r rows
// of padding above and below so that row y + dy of the map is padded row
// y + r + dy without wrapping. At a turn's start no two ships share a cell,
// so the ships in a ball are the set bits within it.
struct EnemyRows {
  std::array<std::array<RowBits, kMaxPaddedRows>, kMaxPlayers> rows;

  EnemyRows(const State& s, int r) {
    std::array<RowBits, kMaxSide> all;
    std::array<std::array<RowBits, kMaxSide>, kMaxPlayers> own;
    std::fill_n(all.begin(), s.height, RowBits{0});
    for (int p = 0; p < s.player_count; ++p) std::fill_n(own[p].begin(), s.height, RowBits{0});
    for (const Ship& ship : s.ship_list()) {
      const RowBits bit = RowBits{1} << s.x_of(ship.cell);
      const int y = s.y_of(ship.cell);
      all[y] |= bit;
      own[ship.owner][y] |= bit;
    }
    for (int p = 0; p < s.player_count; ++p) {
      RowBits* padded = rows[p].data();
      for (int y = s.height - r; y < s.height; ++y) *padded++ = all[y] & ~own[p][y];
      for (int y = 0; y < s.height; ++y) *padded++ = all[y] & ~own[p][y];
      for (int y = 0; y < r; ++y) *padded++ = all[y] & ~own[p][y];
    }
  }
};

// The enemies in the ball of radius r around column x of a map `width` wide,
// `rows` being its rows y - r .. y + r. Every row rotated right within the
// width by first = x - r (mod width) brings columns x - r .. x + r down to
// bits 0 .. 2r; `back` is width - first (mod 64), the left half of that
// rotation. For width 64 and a first column of 0 both halves are the row
// itself, and for a narrower width what the left shift pushes past the width
// is outside the span; when the span does not wrap (kWraps false) that half
// is outside it too and is skipped. Each row's span, trimmed to the ball, is
// packed beside the others so that one bit count covers several rows (all
// of them for a radius up to 5: 2r^2 + 2r + 1 <= 64 cells). kRadius is r
// when known at compile time, which unrolls the rows, or kAnyRadius.
template <int kRadius, bool kWraps>
int64_t enemies_in_ball(const RowBits* rows, int radius, int first, int back) {
  const int r = kRadius == kAnyRadius ? radius : kRadius;
  int64_t count = 0;
  RowBits packed = 0;
  int used = 0;
  // Unrolled, every shift, mask and packing offset is a constant.
#pragma GCC unroll 16
  for (int dy = -r; dy <= r; ++dy) {
    const int edge = dy < 0 ? -dy : dy;
    const int width = 2 * (r - edge) + 1;
    if (used + width > kRowBitCount) {
      count += bit_count(packed);
      packed = 0;
      used = 0;
    }
    const RowBits row = rows[r + dy];
    const RowBits rotated = kWraps ? (row >> first) | (row << back) : row >> first;
    const RowBits span = rotated & bits_between(edge, 2 * r - edge);
    packed |= used >= edge ? span << (used - edge) : span >> (edge - used);
    used += width;
  }
  return count + bit_count(packed);
}

// Inspiration on a map at least 2r + 1 cells wide and high: the ball is then,
// row by row, a span of columns that does not wrap onto itself, each of its
// cells counted once.
template <int kRadius>
void update_inspiration_on_wide_map(State& s, int r, int64_t needed) {
  const EnemyRows enemies(s, r);
  for (int i = 0; i < s.ship_count; ++i) {
    Ship& ship = s.ships[i];
    const int x = s.x_of(ship.cell), y = s.y_of(ship.cell);
    const RowBits* rows = enemies.rows[ship.owner].data() + y;  // rows y - r .. y + r of the map
    int first = x - r;
    first += first < 0 ? s.width : 0;
    const int back = (s.width - first) & (kRowBitCount - 1);
    const int64_t count = first + 2 * r >= s.width ? enemies_in_ball<kRadius, true>(rows, r, first, back)
                                                   : enemies_in_ball<kRadius, false>(rows, r, first, back);
    ship.inspired = count >= needed;
  }
}

}  // namespace

void update_inspiration(State& s, const Constants& constants) {
  if (!constants.inspiration_enabled) return;
  const int64_t needed = constants.inspiration_ship_count;
  const int r = static_cast<int>(constants.inspiration_radius);
  if (r < 0 || s.width < 2 * r + 1 || s.height < 2 * r + 1)
    update_inspiration_on_narrow_map(s, r, needed);
  else if (r == kOfficialRadius)
    update_inspiration_on_wide_map<kOfficialRadius>(s, r, needed);
  else
    update_inspiration_on_wide_map<kAnyRadius>(s, r, needed);
}

}  // namespace halite3
