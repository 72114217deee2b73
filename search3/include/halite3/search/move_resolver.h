// One player's ships' destinations for a turn, so that no two of them end on
// one cell (except on cells marked shared: own depots in the final rush,
// where crashing costs nothing).
//
// Each ship lists the cells it would end on, best first (its own cell means
// staying; a ship that cannot pay for a move lists only that). Ships are
// placed in the order given. A ship may take a cell another own ship stands
// on only if that ship can be placed elsewhere first (pushed along a chain
// of at most `max_depth` ships; a swap or a rotation is fine, since ships
// move at once: the last ship of a chain may take the first one's cell); a
// chain that fails is undone. A ship none of whose cells
// is free stays, and no ship was let onto its cell, so staying is safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace halite3::search {

struct ShipWish {
  int cell = 0;            // where it stands
  std::vector<int> cells;  // where it would end, best first
};

class MoveResolver {
 public:
  // `cells`: the map's cell count; `shared`: cells any number of ships may
  // end on (empty: none).
  std::vector<int> resolve(const std::vector<ShipWish>& ships, int cells, const std::vector<uint8_t>& shared,
                           int max_depth);

 private:
  // Root: the ship being placed from the top, whose cell the chain it pushes
  // may end on; Pushed: a ship asked to leave its cell for another.
  enum class Mark : uint8_t { Open, Root, Pushed, Placed };
  bool place(int ship, bool must_leave, int depth);
  void commit(int ship, int cell);
  void undo_to(size_t size);

  const std::vector<ShipWish>* ships_ = nullptr;
  const std::vector<uint8_t>* shared_ = nullptr;
  int max_depth_ = 0;
  std::vector<int> standing_;  // cell -> own ship standing there, or -1
  std::vector<int> taken_;     // cell -> ship ending there, or -1
  std::vector<int> destination_;
  std::vector<Mark> marks_;
  std::vector<int> placed_;  // in order, for undo
};

}  // namespace halite3::search
