// The `specification` that Kaggle's halite environment writes into every
// replay: its JSON description of the configuration, observation, action
// and reward (the same in every reference replay of testdata/). Written as it
// is so that the replays this engine writes are laid out as Kaggle's.
#pragma once

namespace halite {

inline constexpr const char* kReplaySpecification =
    R"json({"action":{"description":"Actions taken per asset (ship or )json"
    R"json(shipyard).","type":"object","additionalProperties":{"description":"Key: uid of the asset. Value: action. SPAWN)json"
    R"json( for shipyards, remaining for ships.","enum":["CONVERT","SPAWN","NORTH","SOUTH","EAST","WEST"]},"default":0},")json"
    R"json(agents":[1,2,4],"configuration":{"episodeSteps":{"description":"Maximum number of steps in the )json"
    R"json(episode.","type":"integer","minimum":1,"default":400},"actTimeout":{"description":"Maximum runtime (seconds) )json"
    R"json(to obtain an action from an )json"
    R"json(agent.","type":"number","minimum":0,"default":3},"runTimeout":{"description":"Maximum runtime (seconds) of an )json"
    R"json(episode (not necessarily )json"
    R"json(DONE).","type":"number","minimum":0,"default":9600},"startingHalite":{"description":"The starting amount of )json"
    R"json(halite available on the board.","type":"integer","default":24000},"size":{"description":"The number of cells )json"
    R"json(vertically and horizontally on the )json"
    R"json(board.","type":"integer","default":21,"minimum":2},"spawnCost":{"description":"The amount of halite to spawn a)json"
    R"json( new ship.","type":"integer","default":500,"minimum":0},"convertCost":{"description":"The amount of halite to )json"
    R"json(convert a ship into a shipyard.","type":"integer","default":500,"minimum":0},"moveCost":{"description":"The )json"
    R"json(percent deducted from ship's current halite per )json"
    R"json(move.","type":"number","default":0,"minimum":0},"collectRate":{"description":"The rate of halite collected by )json"
    R"json(a ship from a cell by not moving.","type":"number","default":0.25,"minimum":0},"regenRate":{"description":"The)json"
    R"json( rate halite regenerates on the )json"
    R"json(board.","type":"number","default":0.02,"minimum":0},"maxCellHalite":{"description":"The maximum halite that )json"
    R"json(can be in any cell.","type":"integer","default":500,"minimum":0},"randomSeed":{"description":"The seed used to)json"
    R"json( initialize the random number )json"
    R"json(generator.","type":"integer","default":null},"agentTimeout":{"description":"Obsolete field kept for backwards )json"
    R"json(compatibility, please use observation.remainingOverageTime.","type":"number","minimum":0,"default":60}},"info")json"
    R"json(:{},"observation":{"remainingOverageTime":{"description":"Total remaining banked time (seconds) that can be )json"
    R"json(used in excess of per-step actTimeouts -- agent is disqualified with TIMEOUT status when this drops below )json"
    R"json(0.","shared":false,"type":"number","minimum":0,"default":60},"step":{"description":"Current step within the )json"
    R"json(episode.","type":"integer","shared":true,"minimum":0,"default":0},"halite":{"description":"Serialized list of )json"
    R"json(available halite per cell on the board.","type":"array","shared":true},"players":{"description":"List of )json"
    R"json(players and their assets.","type":"array","shared":true},"player":{"description":"The current agent's player )json"
    R"json(index.","type":"integer","defaults":[0,1,2,3]}},"reward":{"description":"The amount of player owned halite )json"
    R"json((equal to players[index][0]) if the player has not been eliminated, else step_eliminated - episode_steps - )json"
    R"json(1.","type":["integer","null"],"default":5000}})json";

}  // namespace halite
