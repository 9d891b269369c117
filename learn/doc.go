// Package learn holds the encodings that reinforcement learning and
// learned search need on top of package stratego: a fixed action space
// that numbers every move, so that a policy network's output layer maps
// to moves, and an observation of a [stratego.View] as feature planes.
// It uses only the exported API of package stratego.
//
// [ActionIndex] numbers every move in a fixed action space of
// [NumActions] indices (from-square by direction and distance, Captains'
// turns, rescues), and [ActionIndexFor] does so from the mover's chair
// ([TurnSquare], [TurnMove]), so that one network plays both sides;
// [ActionMove] and [ActionMoveFor] go back. [AppendObservation] encodes
// a view as feature planes ([ObservationShape]) from the viewer's side:
// own ranks, what each side knows, estimated probabilities of the hidden
// enemy ranks, the board, the repetition runs and the counters.
// [AppendLegalActions] and [AppendViewLegalActions] list the legal moves
// as indices. All append to a caller's slice without allocating, and all
// are safe for concurrent use.
package learn
