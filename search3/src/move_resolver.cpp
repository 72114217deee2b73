#include "halite3/search/move_resolver.h"

namespace halite3::search {

std::vector<int> MoveResolver::resolve(const std::vector<ShipWish>& ships, int cells,
                                       const std::vector<uint8_t>& shared, int max_depth) {
  ships_ = &ships;
  shared_ = &shared;
  max_depth_ = max_depth;
  standing_.assign(cells, -1);
  taken_.assign(cells, -1);
  const int n = static_cast<int>(ships.size());
  destination_.assign(n, -1);
  marks_.assign(n, Mark::Open);
  placed_.clear();
  for (int i = 0; i < n; ++i) standing_[ships[i].cell] = i;
  for (int i = 0; i < n; ++i) {
    if (marks_[i] != Mark::Open) continue;
    if (!place(i, false, 0)) commit(i, ships[i].cell);  // place() only fails a ship that must leave
  }
  return destination_;
}

bool MoveResolver::place(int ship, bool must_leave, int depth) {
  const ShipWish& wish = (*ships_)[ship];
  marks_[ship] = must_leave ? Mark::Pushed : Mark::Root;
  for (const int cell : wish.cells) {
    const bool shared = !shared_->empty() && (*shared_)[cell];
    if (shared) {
      commit(ship, cell);
      return true;
    }
    if (taken_[cell] >= 0) continue;
    if (cell == wish.cell) {
      if (must_leave) continue;
      commit(ship, cell);
      return true;
    }
    const int other = standing_[cell];
    // Free, left by a placed ship, or left by the chain's root, whose move
    // waits on this one (a swap or a rotation). A pushed ship's cell is
    // wanted by the ship that pushed it.
    if (other < 0 || marks_[other] == Mark::Placed || marks_[other] == Mark::Root) {
      commit(ship, cell);
      return true;
    }
    if (marks_[other] == Mark::Pushed || depth >= max_depth_) continue;
    const size_t mark = placed_.size();
    if (place(other, true, depth + 1) && taken_[cell] < 0) {
      commit(ship, cell);
      return true;
    }
    undo_to(mark);
  }
  if (must_leave) {
    marks_[ship] = Mark::Open;
    return false;
  }
  // Nothing listed is free: stay. No ship took this cell, since one may
  // enter an own ship's cell only once that ship is placed elsewhere.
  commit(ship, wish.cell);
  return true;
}

void MoveResolver::commit(int ship, int cell) {
  if (taken_[cell] < 0 || (!shared_->empty() && (*shared_)[cell])) taken_[cell] = ship;
  destination_[ship] = cell;
  marks_[ship] = Mark::Placed;
  placed_.push_back(ship);
}

void MoveResolver::undo_to(size_t size) {
  while (placed_.size() > size) {
    const int ship = placed_.back();
    placed_.pop_back();
    const int cell = destination_[ship];
    if (taken_[cell] == ship) taken_[cell] = -1;
    destination_[ship] = -1;
    marks_[ship] = Mark::Open;
  }
}

}  // namespace halite3::search
