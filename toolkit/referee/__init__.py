"""The referee: adjudicates games move by move (see docs/referee.md).

    protocol   the ruleset protocol: Decision, Move/PASS, Event, Outcome, Illegal, errors
    game       the core's side of a move: whose turn, chance, then the ruleset's check
    chance     dice, draws, shuffles, picks; seeded and table chance sources
    registry   rulesets found by name (toolkit.referee.rulesets.NAME.RULESET)
    record     the append-only game record format
    match      a state with its history and record: play, undo, board, save, resume
    session    `frontkit play`: the interactive pass-and-play loop
    movelist   the legal moves as `play` lists them: grouped by piece, filterable
    transcript a game as one side saw it: the events it was told, each move as it saw it
    commands   `frontkit play | replay | simulate`
    rulesets/  one package per game
"""
