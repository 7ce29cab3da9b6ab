"""The Monte Carlo tree search bot (UCT), for perfect and hidden information.

Each iteration:

1. **Sample** what the bot cannot see. With the ruleset's optional
   `determinize(state, side, rng)` hook the iteration plays on a state drawn
   from everything the bot's side knows (its view and its own secrets), never
   on the true hidden state. Without the hook the ruleset is treated as one of
   perfect information: the bot searches the true state, hidden hands, sealed
   orders and all. A ruleset with secrets should provide the hook; the
   balance report names the rulesets searched without one.
2. **Select** down the tree by UCB1, among the moves legal in this sample
   (information-set MCTS: a child's exploration term counts how often it was
   available, not how often its parent was visited).
3. **Expand** one untried move.
4. **Roll out** with the random bot's policy (uniform, or the ruleset's
   `bot_weights`: cheap, so many rollouts fit a budget). Without `evaluate`:
   to the end of the game. With the ruleset's `evaluate(state, side)`: to the
   end of the current turn (when the ruleset has `turn_number` and sets
   `search_whole_turns`: a turn cut short would be judged on half-given
   orders) or else for DEFAULT_DEPTH player moves, then `evaluate` scores the
   position. Short
   rollouts judged by the heuristic beat long random ones: random play far
   ahead says more about the dice and the random bot than about the move.
5. **Back up** each side's reward (1 a win, 0 a loss, ½ a draw; with several
   sides, by place) to the nodes of the moves that side made.

With `evaluate` the root is seeded first (progressive bias and widening):
every legal move gets PRIOR_VISITS imagined visits worth its evaluation one
move ahead (on a sample; of a list longer than WIDE, only WIDE drawn by the
random bot's weights: Lines and Webs' supply orders), only the best SHORTLIST are searched, and the move
played is the best mean. Moves `evaluate` rates alike are ranked by a draw
from the random bot's weights, for the shortlist and for the move played, so
where the heuristic is blind the search plays at least as well as the random
bot. A small budget so starts from the greedy bot's choice and the search
corrects it where looking through the turn shows better.

Chance is not a level of the tree: every iteration draws its own dice, so the
statistics of a node average over them (open-loop search).

Simultaneous orders (an ORDERS decision) are searched as if the bot's side
gave all its orders first and the other sides answered knowing them: a
cautious assumption (the search never counts on reading the enemy's orders).
In a reaction window only the first side listed may answer other than pass,
as the core rules (`toolkit.referee.game.legal_moves`).

Where the ruleset chooses moves in steps (a move tree, `move_steps`: a Lines and
Webs carrier, then its receiver, then the class, then the count) the search
expands per step: a node's children are the steps open after the choices that
led to it, a step that completes a move plays it, and the bot decides its own
move one step at a time, a search per step (the root seeded as above, a step
that needs more steps judged by the best of COMPLETIONS random completions; the
first step gets the whole budget, each later one LATER_STEPS of it, since the
choices left narrow as the steps go).
A few dozen children a node where the flat list holds hundreds: each playout
teaches the search about a carrier, not about one of its 300 orders.

The budget is `iterations` (reproducible: the same seed gives the same move)
or `ms` milliseconds of thinking per decision (stronger on a fast machine,
but not reproducible).
"""

from __future__ import annotations

import math
import random
import time

from toolkit.referee import game, steps
from toolkit.referee.protocol import (
    CHANCE, DecisionKind, IllegalMoveError, Move, Outcome, Ruleset, State, Step)
from toolkit.sim.bots.random_bot import RandomBot

EXPLORATION = 0.4  # UCB1's constant: rewards are 0..1, and heuristic ones differ little
DEFAULT_ITERATIONS = 200
DEFAULT_DEPTH = 8  # rollout cut-off in player moves, with evaluate but no turn_number
SHORTLIST = 6  # root moves searched when the ruleset can evaluate (the best by evaluate)
PRIOR_VISITS = 10  # weight of the one-move-ahead evaluation of each root move
TOURNAMENT = 10  # rollout moves to a turn's end: the best by evaluate of this many drawn
DEPTH_WITHOUT_EVALUATE = 5000  # to the end (of the game, or of the turn): a bound only
CHANCE_SAMPLES = 3  # sampled outcomes when a root move is followed by rolls
CHANCE_CHAIN = 4  # rolls in a row resolved when judging one (attacker's, defender's…)
WIDE = 300  # root moves judged at most: a longer list is sampled by the random bot's weights
COMPLETIONS = 3  # random completions a step that needs more steps is judged by (seeding)
LATER_STEPS = 0.5  # the share of the budget searched again for each step after the first


class Node:
    __slots__ = ("player", "children", "visits", "reward", "avail", "offered", "after")

    def __init__(self, player: str | None):
        self.player = player  # who made the move that led here
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.reward = 0.0  # the sum of `player`'s rewards
        self.avail = 0
        # on a path that draws nothing (no sample, no dice: every visit reaches the same
        # state), what a visit worked out once: the steps open here, and the state after
        # this node's whole move (step-wise search)
        self.offered: list[Step] | None = None
        self.after: State | None = None


def rewards(outcome: Outcome, sides: tuple[str, ...]) -> dict[str, float]:
    """Each side's reward for an ended game: 1 a win, 0 a loss, 1/2 a draw of two;
    with more sides, by place (first 1, last 0)."""
    if len(sides) == 2 and not outcome.ranking:
        if outcome.winner is None:
            return {s: 0.5 for s in sides}
        return {s: 1.0 if s == outcome.winner else 0.0 for s in sides}
    places = outcome.places(sides)
    n = max(len(sides) - 1, 1)
    return {s: (len(sides) - places[s]) / n for s in sides}


class MCTSBot:
    name = "mcts"

    def __init__(self, rules: Ruleset, sides: tuple[str, ...],
                 iterations: int | None = DEFAULT_ITERATIONS,
                 ms: float | None = None, depth: int | None = None,
                 exploration: float = EXPLORATION):
        self.rules = rules
        self.sides = tuple(sides)
        self.iterations = iterations if ms is None else None
        self.ms = ms
        self.evaluate = getattr(rules, "evaluate", None)
        self.determinize = getattr(rules, "determinize", None)
        # rollouts to the turn's end where the ruleset asks for it (its turns are orders
        # judged whole, and short enough to play out): else a cut after `depth` moves
        self.turn_number = (getattr(rules, "turn_number", None)
                            if self.evaluate and getattr(rules, "search_whole_turns", False)
                            else None)
        if depth is None:  # with turn_number the turn's end cuts a rollout, not a count
            depth = (DEFAULT_DEPTH if self.evaluate is not None and self.turn_number is None
                     else DEPTH_WITHOUT_EVALUATE)
        self.depth = depth
        self.c = exploration
        self.rollout_bot = RandomBot(rules)
        # near-greedy rollout moves where a rollout is a turn's orders (measured: Front
        # Lines mcts:50 vs greedy, 10 games, 9/10 with them, 5/10 with weighted moves);
        # weighted random moves, several times cheaper, for depth-cut rollouts
        self.tournament = TOURNAMENT if self.turn_number is not None else 0
        self.stepwise = steps.has_tree(rules)

    @property
    def perfect_information(self) -> bool:
        """True when the bot searches the true state (the ruleset has no `determinize`)."""
        return self.determinize is None

    def choose(self, state: State, player: str, rng: random.Random) -> Move:
        if self.stepwise:
            return self._choose_by_steps(state, player, rng)
        legal = game.legal_moves(self.rules, state, player)
        if len(legal) == 1:
            return legal[0]
        if not legal:
            raise RuntimeError(f"{self.rules.name}: {player} has no legal move but is "
                               "asked to decide")
        root = Node(None)
        self._shortlist: frozenset = frozenset()
        self._rank: dict = {}
        if self.evaluate is not None:
            self._seed_root(root, state, player, legal, rng)
        if self.ms is not None:
            deadline = time.perf_counter() + self.ms / 1000
            while time.perf_counter() < deadline:
                self._iterate(root, state, player, rng)
        else:
            for _ in range(self.iterations):
                self._iterate(root, state, player, rng)
        legal_set = set(legal)
        floor = max((c.visits for c in root.children.values()), default=0) / 4
        rank = self._rank  # equal means (to rounding): the move the seeding ranked first
        best = max((m for m, c in root.children.items() if m in legal_set and c.visits >= floor),
                   key=lambda m: (round(root.children[m].reward / root.children[m].visits, 9),
                                  -rank.get(m, len(rank))),
                   default=None)
        return best if best is not None else legal[int(rng.random() * len(legal))]

    def _run(self, root: Node, once, share: float = 1.0) -> None:
        """`once()` (one iteration) until `share` of the budget is spent."""
        if self.ms is not None:
            deadline = time.perf_counter() + share * self.ms / 1000
            while time.perf_counter() < deadline:
                once()
        else:
            for _ in range(max(1, round(share * self.iterations))):
                once()

    # ------------------------------------------------------- step by step

    def _choose_by_steps(self, state: State, me: str, rng: random.Random) -> Move:
        """The bot's move one step of the move tree at a time, a search per step."""
        chosen: tuple[str, ...] = ()
        while True:
            offered = steps.steps(self.rules, state, me, chosen)
            pick = offered[0] if len(offered) == 1 else self._search_step(
                state, me, chosen, offered, rng)
            if pick.move is not None:
                return pick.move
            chosen += (pick.token,)

    def _search_step(self, state: State, me: str, chosen: tuple[str, ...],
                     offered: list[Step], rng: random.Random) -> Step:
        root = Node(None)
        if self.determinize is None:  # every visit to the root searches this state
            root.offered = offered
        self._shortlist, self._rank = frozenset(), {}
        if self.evaluate is not None:
            self._seed_steps(root, state, me, chosen, offered, rng)
        self._run(root, lambda: self._iterate_steps(root, state, me, chosen, rng),
                  LATER_STEPS if chosen else 1.0)
        by_token = {step.token: step for step in offered}
        floor = max((c.visits for c in root.children.values()), default=0) / 4
        rank = self._rank
        best = max((t for t, c in root.children.items() if t in by_token and c.visits >= floor),
                   key=lambda t: (round(root.children[t].reward / root.children[t].visits, 9),
                                  -rank.get(t, len(rank))),
                   default=None)
        return by_token[best] if best is not None else offered[int(rng.random() * len(offered))]

    def _seed_steps(self, root: Node, state: State, me: str, chosen: tuple[str, ...],
                    offered: list[Step], rng: random.Random) -> None:
        """The root's steps seeded as `_seed_root` seeds moves: PRIOR_VISITS imagined
        visits worth the step's value one move ahead (a partial step: the best of
        COMPLETIONS random completions), the best SHORTLIST searched."""
        sample = self.determinize(state, me, rng) if self.determinize is not None else state
        for step in offered:
            moves = [step.move] if step.move is not None else [
                steps.complete(self.rules, state, me, chosen + (step.token,), rng)
                for _ in range(COMPLETIONS)]
            values = [self._judge(sample, me, m, rng) for m in moves
                      if sample is state or self.rules.check(sample, me, m) is None]
            value = (max(-1.0, min(1.0, max(values, default=0.0))) + 1) / 2
            child = root.children[step.token] = Node(me)
            child.visits = child.avail = PRIOR_VISITS
            child.reward = PRIOR_VISITS * value
        keys = {t: rng.random() for t in root.children}
        self._keep_shortlist(root, keys)

    def _iterate_steps(self, root: Node, state: State, me: str, chosen: tuple[str, ...],
                       rng: random.Random) -> None:
        """One iteration where nodes are steps: select by UCB1 among the steps open
        here, expand one untried step (completing its move at random), roll out."""
        rules = self.rules
        # without a sample, until the first roll, every visit to a node reaches the same
        # state (apply draws no dice): its steps and the state after its move are kept
        fixed = self.determinize is None
        if not fixed:
            state = self.determinize(state, me, rng)
        node, path = root, [root]
        while (d := rules.decision(state)) is not None:
            if d.kind is DecisionKind.CHANCE:
                state, _ = rules.apply(state, CHANCE, d.chance.sample(rng))
                fixed = False
                continue
            player = self._actor(d, me)
            offered = node.offered if fixed else None
            if offered is None:
                try:
                    offered = steps.steps(rules, state, player, chosen)
                except IllegalMoveError:  # the choices so far are not open in this sample
                    break
                if fixed:
                    node.offered = offered
            if node is root and self._shortlist:
                offered = [s for s in offered if s.token in self._shortlist] or offered
            untried = [s for s in offered if s.token not in node.children]
            if untried:
                step = untried[int(rng.random() * len(untried))]
                for s in offered:  # every step open here was available this time
                    known = node.children.get(s.token)
                    if known is not None:
                        known.avail += 1
                node.children[step.token] = child = Node(player)
                path.append(child)
                move = step.move if step.move is not None else self._complete(
                    state, player, chosen + (step.token,), rng)
                state, _ = rules.apply(state, player, move)
                if fixed and step.move is not None:
                    child.after = state
                break
            token, node = self._select(node, [s.token for s in offered])
            path.append(node)
            step = next(s for s in offered if s.token == token)
            if step.move is None:
                chosen += (token,)
                continue
            if fixed and node.after is not None:
                state = node.after
            else:
                state, _ = rules.apply(state, player, step.move)
                if fixed:
                    node.after = state
            chosen = ()
        self._back_up(path, self._rollout(state, rng))

    def _complete(self, state: State, player: str, chosen: tuple[str, ...],
                  rng: random.Random) -> Move:
        """A whole move that begins with `chosen`, for a step expanded in the search: the
        best by `evaluate` of COMPLETIONS random completions (as the root's steps are
        seeded), not one at random: a step is then judged by how it would be played,
        not by the mean of its random completions (which at 100 iterations outweighed
        the seeding, and MCTS lost to greedy at Front Line)."""
        rules = self.rules
        if self.evaluate is None:
            return steps.complete(rules, state, player, chosen, rng)
        best, top = None, float("-inf")
        for _ in range(COMPLETIONS):
            move = steps.complete(rules, state, player, chosen, rng)
            value = self._judge(state, player, move, rng)
            if value > top:
                best, top = move, value
        return best

    def _back_up(self, path: list[Node], scores: dict[str, float]) -> None:
        for n in path:
            n.visits += 1
            if n.player is not None:
                n.reward += scores.get(n.player, 0.5)

    def _seed_root(self, root: Node, state: State, me: str, legal: list[Move],
                   rng: random.Random) -> None:
        """Progressive bias: every root move starts with PRIOR_VISITS imagined visits
        worth its `evaluate` one move ahead (on a sample when information is hidden),
        so a short search starts from the greedy choice and the search corrects it."""
        sample = self.determinize(state, me, rng) if self.determinize is not None else state
        keys = self._draw_keys(state, me, legal, rng)
        if len(legal) > WIDE:  # WIDE of a long list, drawn by the random bot's weights
            order = sorted(range(len(legal)), key=keys.__getitem__, reverse=True)[:WIDE]
            legal, keys = [legal[i] for i in order], [keys[i] for i in order]
        key_of = dict(zip(legal, keys))
        if sample is not state:  # what is legal in this sample, listed once (the
            # listing is what `check` accepts: the protocol's contract)
            here = set(self.rules.legal_moves(sample, me))
            legal = [m for m in legal if m in here]
        for move in legal:  # a move not legal in the sample is tried by the search
            value = (max(-1.0, min(1.0, self._judge(sample, me, move, rng))) + 1) / 2
            child = root.children[move] = Node(me)
            child.visits = PRIOR_VISITS
            child.reward = PRIOR_VISITS * value
            child.avail = PRIOR_VISITS
        # progressive widening at the root: search only the best few by evaluation, so
        # each gets enough iterations to tell them apart; each move's key from the
        # random bot's weights breaks ties: where `evaluate` cannot tell moves apart
        # (Lines and Webs' purchases all wait in the queue) the weighted draw picks,
        # not the order of the list
        self._keep_shortlist(root, key_of)

    def _keep_shortlist(self, root: Node, key_of: dict) -> None:
        """The root's best SHORTLIST children by prior reward, ties broken by `key_of`
        (a draw per child); the rest are dropped, and the shortlist and its ranks kept."""
        ranked = sorted(root.children, key=lambda c: (root.children[c].reward, key_of[c]),
                        reverse=True)
        self._shortlist = frozenset(ranked[:SHORTLIST])
        self._rank = {c: i for i, c in enumerate(ranked[:SHORTLIST])}
        for child in ranked[SHORTLIST:]:
            del root.children[child]
        root.visits = PRIOR_VISITS * len(root.children)

    def _judge(self, state: State, me: str, move: Move, rng: random.Random) -> float:
        """`evaluate` one move ahead; a move followed by rolls (an attack) is judged
        over CHANCE_SAMPLES sampled outcomes of them, not on the dice still to roll."""
        rules = self.rules
        after, _ = rules.apply(state, me, move)
        d = rules.decision(after)
        if d is None or d.kind is not DecisionKind.CHANCE:
            return self.evaluate(after, me)
        total = 0.0
        for _ in range(CHANCE_SAMPLES):
            rolled = after
            for _ in range(CHANCE_CHAIN):
                d = rules.decision(rolled)
                if d is None or d.kind is not DecisionKind.CHANCE:
                    break
                rolled, _ = rules.apply(rolled, CHANCE, d.chance.sample(rng))
            total += self.evaluate(rolled, me)
        return total / CHANCE_SAMPLES

    def _draw_keys(self, state: State, me: str, legal: list[Move],
                   rng: random.Random) -> list[float]:
        """A key per move such that sorting by it, largest first, is a draw without
        replacement by the random bot's weights (uniform without them;
        Efraimidis-Spirakis: u^(1/w)). It picks WIDE of a long list (judging hundreds
        of supply orders one by one would cost more than the search, and the weights
        already say which are worth a look) and breaks ties of `evaluate`."""
        weights = None
        hook = self.rollout_bot.weights
        if hook is not None:
            weights = hook(state, me, legal)
        elif self.rollout_bot.weight is not None:
            weights = [self.rollout_bot.weight(state, me, m) for m in legal]
        if weights is None:
            return [rng.random() for _ in legal]
        return [rng.random() ** (1.0 / w) if w > 0 else -1.0 for w in weights]

    # ------------------------------------------------------------- one iteration

    def _iterate(self, root: Node, state: State, me: str, rng: random.Random) -> None:
        rules = self.rules
        if self.determinize is not None:
            state = self.determinize(state, me, rng)
        node = root
        path = [root]
        while True:
            d = rules.decision(state)
            if d is None:
                break
            if d.kind is DecisionKind.CHANCE:
                state, _ = rules.apply(state, CHANCE, d.chance.sample(rng))
                continue
            player = self._actor(d, me)
            legal = game.legal_moves(rules, state, player)
            if node is root and self._shortlist:
                legal = [m for m in legal if m in self._shortlist] or legal
            untried = [m for m in legal if m not in node.children]
            if untried:
                move = untried[int(rng.random() * len(untried))]
                child = node.children[move] = Node(player)
                for m in legal:  # every move legal here was available this time
                    known = node.children.get(m)
                    if known is not None:
                        known.avail += 1
                state, _ = rules.apply(state, player, move)
                path.append(child)
                break
            move, node = self._select(node, legal)
            state, _ = rules.apply(state, player, move)
            path.append(node)
        scores = self._rollout(state, rng)
        for n in path:
            n.visits += 1
            if n.player is not None:
                n.reward += scores.get(n.player, 0.5)

    def _actor(self, d, me: str) -> str:
        if d.kind is DecisionKind.ORDERS and me in d.players:
            return me  # the bot's own orders first (see the module docstring)
        return d.players[0]

    def _select(self, node: Node, legal: list[Move]) -> tuple[Move, Node]:
        best, top = None, float("-inf")
        c = self.c
        for m in legal:
            child = node.children[m]
            child.avail += 1
            value = child.reward / child.visits + c * math.sqrt(math.log(child.avail)
                                                                / child.visits)
            if value > top:
                best, top = (m, child), value
        return best  # type: ignore[return-value]

    def _tournament(self, state: State, player: str, rng: random.Random) -> State:
        """A rollout move: the best by `evaluate` of TOURNAMENT legal moves drawn at
        random (near-greedy play at a fraction of greedy's cost); the state after it,
        as judged (not applied a second time: the last order of a turn resolves it). A
        move drawn again is not judged again: `apply` and `evaluate` draw no dice, so
        its value is the same, and an equal value never displaces the best."""
        moves = self.rules.legal_moves(state, player)
        if not isinstance(moves, (list, tuple)):
            moves = list(moves)
        n = len(moves)
        apply, evaluate = self.rules.apply, self.evaluate
        if n <= 1:
            return apply(state, player, moves[0])[0]
        best, top = state, float("-inf")
        judged: set[int] = set()
        for _ in range(min(self.tournament, n)):
            i = int(rng.random() * n)
            if i in judged:
                continue
            judged.add(i)
            after, _ = apply(state, player, moves[i])
            value = evaluate(after, player)
            if value > top:
                best, top = after, value
        return best

    def _rollout(self, state: State, rng: random.Random) -> dict[str, float]:
        rules = self.rules
        decide, apply = rules.decision, rules.apply
        choose = self.rollout_bot.choose
        turn = self.turn_number
        start = turn(state) if turn is not None else None
        moves = 0
        while True:
            d = decide(state)
            if d is None:
                return rewards(rules.outcome(state), self.sides)
            if d.kind is DecisionKind.CHANCE:
                state, _ = apply(state, CHANCE, d.chance.sample(rng))
                continue
            if moves >= self.depth or (start is not None and turn(state) != start):
                break
            player = d.players[0]
            if self.tournament:
                state = self._tournament(state, player, rng)
            else:
                state, _ = apply(state, player, choose(state, player, rng))
            moves += 1
        if self.evaluate is None:
            return {}  # a cut-off without a heuristic counts as a draw (0.5 each)
        return {side: (max(-1.0, min(1.0, self.evaluate(state, side))) + 1) / 2
                for side in self.sides}
