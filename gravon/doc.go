// Package gravon reads and writes the formats of the Gravon archive
// (gravon.de), the largest public archive of played Stratego games, and
// converts its games to and from [stratego.Record] values. It uses only
// the exported API of package stratego.
//
// The archive writes a board as 100 letters ([ParseField], [Field],
// [Letter], [PieceOf]): A empty, _ lake, B–M Red's and N–Y Blue's
// Bomb, Spy, Scout, Miner, Sergeant, Lieutenant, Captain, Major,
// Colonel, General, Marshal and Flag (RULES.md section 9). A setup is
// one letter per square of the owner's zone rows ([ParseSetup],
// [Setup]), and squares are "A1" … "K:" (files A–K without J, row 10
// written ":"; [ParseSquare], [Square], [ParseMove], [Move]).
//
// [Read] reads either of its game file layouts, told apart by the
// content, and [ReadXML] and [ReadGSN] read one each, into a [Game],
// which [Game.Record] turns into a record under the server's rules
// ([Rules]); [Game.Import] does so with settings, such as importing the
// few games whose result contradicts itself with a warning;
// [GameOf] and [Game.WriteXML] go back. A game's result is an [End]
// code and a winner, which [Outcome] maps to a [stratego.Outcome].
// [StraDos3] and [ParseStraDos3] read and write the one-line StraDos3
// form of a position used by OpenSpiel's Stratego.
//
// Errors wrap the sentinels of package stratego: [stratego.ErrSyntax]
// for bad text (a *[stratego.ParseError] for the small forms),
// [stratego.ErrMismatch] for a result that contradicts itself, and the
// errors of package stratego for games its rules refuse. All functions
// are safe for concurrent use.
package gravon
