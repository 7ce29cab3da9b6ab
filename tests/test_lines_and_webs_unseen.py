"""Lines and Webs `determinize` (issue 14: search bots play on samples of what they
cannot see, never on the true hidden state): in every phase the sample looks to the
deciding side exactly as the true position does, keeps the rules' invariants, plays on,
and really deals the other side's decks and special cards again."""

from __future__ import annotations

import random
import re

import dsl
from toolkit.referee import game, registry
from toolkit.referee.protocol import DecisionKind
from toolkit.sim.playout import RandomBot
from walk import random_walk

RULES = registry.get("lines_and_webs")
SCENARIO = dsl.load(registry.shipped_scenarios("lines_and_webs")[0])


def test_a_sample_is_the_true_position_as_the_side_sees_it_in_every_phase():
    rng, bot = random.Random(3), RandomBot(RULES)
    phases: dict[str, int] = {}
    redealt = 0
    for step, (s, d) in zip(range(700), random_walk(RULES, RULES.new_game(SCENARIO), rng, bot)):
        if d.kind is DecisionKind.CHANCE:
            continue
        if step % 3 == 0:
            for side in s.sides:
                t = RULES.determinize(s, side, random.Random(step))
                assert RULES.view(t, side) == RULES.view(s, side), (step, s.flow.phase, side)
                assert list(RULES.invariants(t)) == []
                foe = s.other(side)
                # its own decks and cards untouched (but a deck an enemy Cyber Attack!
                # reordered, whose order it may not know)
                assert t.book(side) == s.book(side) or side in s.scrambled
                redealt += (t.book(foe).execution, t.book(foe).reserve) != (
                    s.book(foe).execution, s.book(foe).reserve)
                p = RULES.decision(t).players[0]  # the sample plays on
                t, _ = game.play(RULES, t, p, bot.choose(t, p, rng))
                phases[s.flow.phase] = phases.get(s.flow.phase, 0) + 1
    assert set(phases) == {"spend", "transport", "orders", "execute"}, phases
    assert redealt > 0


def test_a_secret_purchase_is_not_in_the_other_sides_sample():
    """During Spend the other side's basket is sealed: the sample forgets it."""
    s = next(s for s, _ in random_walk(RULES, RULES.new_game(SCENARIO), random.Random(1))
             if s.flow.phase == "spend")
    delta, gamma = s.sides
    s, _ = game.play(RULES, s, delta, RULES.parse_move("buy 3f"))
    assert sum(s.book(delta).basket_tokens) == 3
    t = RULES.determinize(s, gamma, random.Random(0))
    assert sum(t.book(delta).basket_tokens) == 0 and t.book(delta).rp > s.book(delta).rp
    assert RULES.determinize(s, delta, random.Random(0)).book(delta) == s.book(delta)


def test_a_command_post_in_a_sampled_deck_is_one_the_sampled_hand_holds():
    """LW-O4: a Command Post placed in a deck is a card held. A sample deals the other
    side's decks again; every Command Post it deals must be in the sampled hand, or the
    orders cannot resolve (MCTS crashed on exactly this)."""
    from toolkit.referee.rulesets.lines_and_webs.orders import CP

    found = 0
    for seed in range(40):
        for s, d in random_walk(RULES, RULES.new_game(SCENARIO), random.Random(seed)):
            if s.flow.phase != "orders":
                if found and s.flow.phase == "initiative":
                    break
                continue
            placed = {p: s.book(p).execution + s.book(p).reserve for p in s.sides}
            holder = next((p for p in s.sides if CP in placed[p]), None)
            if holder is None:
                continue
            found += 1
            for k in range(20):
                t = RULES.determinize(s, s.other(holder), random.Random(k))
                b = t.book(holder)
                assert (b.execution + b.reserve).count(CP) <= b.hand.count(CP)
                assert len(b.execution) == len(s.book(holder).execution)
                assert len(b.reserve) == len(s.book(holder).reserve)
        if found >= 3:
            break
    assert found, "no game placed a Command Post in 40 seeds"


# ------------------------------------------------------------- Cyber Attack! (LW-K5)


def _cyber_attacked():
    """Gamma's Cyber Attack! cuts Delta's four-card execution deck by one, on Gamma's
    turn in Execute orders (Delta to act next)."""
    from tests.lines_and_webs_cases import at_execute, empty, play, put
    from toolkit.referee.rulesets.lines_and_webs.state import with_book

    s = empty()
    for label, node in (("DMI1", "D7"), ("DAR1", "J9"), ("DAR2", "I10"), ("DAR3", "H9")):
        s = put(s, label, node, (1, 3, 2, 0))
    s = put(s, "GMI1", "B2", (1, 2, 2, 0))
    s = at_execute(s, first="Gamma", execution={"Delta": ("DAR3", "DMI1", "DAR1", "DAR2"),
                                                "Gamma": ("GMI1",)})
    s = with_book(s, "Gamma", hand=("cyber_attack",))
    s, events = play(s, "Gamma", "play cyber_attack 1")
    return s, events


def _deck_as_shown(view, side):
    return next(p for p in view.piles if p.owner == side and p.name.startswith("execution"))


def test_cyber_attack_the_victim_does_not_see_the_new_order_of_its_deck():
    """LW-K5, the card's text: the opposing player cannot look at the new order. Its own
    view shows what its deck holds, not in the deck's order, and its log does not say how
    the deck was cut (the order follows from it); the attacker's log says."""
    s, events = _cyber_attacked()
    assert s.book("Delta").execution == ("DMI1", "DAR1", "DAR2", "DAR3")
    shown = _deck_as_shown(RULES.view(s, "Delta"), "Delta")
    assert shown.count == 4 and sorted(shown.cards) == sorted(s.book("Delta").execution)
    assert shown.cards != s.book("Delta").execution and "order you may not see" in shown.name
    delta_log = " ".join(e.text for e in game.visible_events(events, "Delta"))
    gamma_log = " ".join(e.text for e in game.visible_events(events, "Gamma"))
    assert "new order" in delta_log
    assert not re.search(r"\bcut\b|\b1 card|top|bottom", delta_log), delta_log
    assert "you cut Delta's execution deck: 1 card from the top go to the bottom" in gamma_log
    text = RULES.render(RULES.view(s, "Delta"))
    assert "DMI1 DAR1 DAR2 DAR3" not in text
    # the attacker sees the enemy deck face down, as before: a count only
    assert _deck_as_shown(RULES.view(s, "Gamma"), "Delta").cards is None


def test_cyber_attack_the_victim_sees_only_the_card_it_turns_over():
    from tests.lines_and_webs_cases import play

    s, _ = _cyber_attacked()
    s, _ = play(s, "Gamma", "GMI1 hold")
    assert s.flow.actor == "Delta"
    shown = _deck_as_shown(RULES.view(s, "Delta"), "Delta")
    assert shown.cards == ("DMI1", "DAR1", "DAR2", "DAR3")  # the top first, then by name
    assert shown.name.startswith("execution deck (top card turned")


def test_cyber_attack_a_search_bot_of_the_victim_does_not_know_its_deck_order():
    s, _ = _cyber_attacked()
    orders = {RULES.determinize(s, "Delta", random.Random(k)).book("Delta").execution
              for k in range(30)}
    assert len(orders) > 1 and all(sorted(o) == sorted(s.book("Delta").execution)
                                   for o in orders)
    # the attacker's own decks are its own: untouched
    assert RULES.determinize(s, "Gamma", random.Random(0)).book("Gamma") == s.book("Gamma")


def _ready_to_attack(**options):
    from tests.lines_and_webs_cases import at_execute, empty, put
    from toolkit.referee.rulesets.lines_and_webs.state import with_book

    s = empty(**options)
    for label, node in (("DMI1", "D7"), ("DAR1", "J9"), ("DAR2", "I10"), ("DAR3", "H9")):
        s = put(s, label, node, (1, 3, 2, 0))
    s = put(s, "GMI1", "B2", (1, 2, 2, 0))
    s = at_execute(s, first="Gamma", execution={"Delta": ("DAR3", "DMI1", "DAR1", "DAR2"),
                                                "Gamma": ("GMI1",)})
    return with_book(s, "Gamma", hand=("cyber_attack",))


def test_LW_K5_cyber_attack_puts_the_deck_in_any_order_typed_place_by_place():
    """The card: the attacker puts the deck 'into any desired order'. Typed as
    `play cyber_attack order`, then `next PLACE` (1 the top card as it was) until one
    is left, or `rest`; every step listed, the victim told only that a new order was
    made; the cut (`play cyber_attack N`) stays."""
    from tests.lines_and_webs_cases import play, refused

    s = _ready_to_attack()
    assert "play cyber_attack order" in [str(m) for m in game.legal_moves(RULES, s, "Gamma")]
    assert "play cyber_attack 2" in [str(m) for m in game.legal_moves(RULES, s, "Gamma")]
    s, _ = play(s, "Gamma", "play cyber_attack order")
    assert RULES.decision(s).players == ("Gamma",)
    assert [str(m) for m in game.legal_moves(RULES, s, "Gamma")] == [
        "next 1", "next 2", "next 3", "next 4", "rest"]
    s, told = play(s, "Gamma", "next 4")
    assert game.visible_events(told, "Delta") == []
    refused(s, "Gamma", "next 4", "LW-K5")
    s, _ = play(s, "Gamma", "next 2")
    s, told = play(s, "Gamma", "next 3")  # one is left: it falls in place
    assert s.book("Delta").execution == ("DAR2", "DMI1", "DAR1", "DAR3")
    assert "Delta" in s.scrambled and s.flow.window is None
    delta = " ".join(e.text for e in game.visible_events(told, "Delta"))
    assert delta == "Gamma puts Delta's execution deck in a new order, face down"
    gamma = " ".join(e.text for e in game.visible_events(told, "Gamma"))
    assert "from places 4 2 3 1, top first" in gamma
    assert RULES.parse_move("play cyber_attack order") == RULES.parse_move(
        str(RULES.parse_move("play cyber_attack order")))


def test_LW_K5_cyber_attack_rest_keeps_the_others_in_their_order():
    from tests.lines_and_webs_cases import play

    s, _ = play(_ready_to_attack(), "Gamma", "play cyber_attack order")
    s, _ = play(s, "Gamma", "next 3")
    s, _ = play(s, "Gamma", "rest")
    assert s.book("Delta").execution == ("DAR1", "DAR3", "DMI1", "DAR2")


def test_LW_R39_option_cyber_attack_cut_keeps_only_the_cut():
    from tests.lines_and_webs_cases import refused

    s = _ready_to_attack(cyber_attack="cut")
    listed = [str(m) for m in game.legal_moves(RULES, s, "Gamma")]
    assert "play cyber_attack order" not in listed and "play cyber_attack 1" in listed
    why = refused(s, "Gamma", "play cyber_attack order", "LW-R39")
    assert "option cyber_attack cut" in why.reason


def test_cyber_attack_the_contract_check_finds_the_order_kept_from_the_victim():
    """LW-K5 through the contract test's own check: the victim's view keeps the order
    `kept_from` names; a view that showed it would be caught."""
    import pytest

    from tests.test_referee_contract import _own_view_keeps_what_is_kept_from_it
    from toolkit.referee.kit.values import evolve

    s, events = _cyber_attacked()
    assert RULES.kept_from(s, "Delta") == [("DMI1", "DAR1", "DAR2", "DAR3")]
    assert RULES.kept_from(s, "Gamma") == []
    _own_view_keeps_what_is_kept_from_it(RULES, s, s.sides, events)

    class Leaky:  # the view before the fix: the deck in its true order
        def __getattr__(self, name):
            return getattr(RULES, name)

        def view(self, state, player):
            from toolkit.referee.rulesets.lines_and_webs.view import view as plain
            return plain(evolve(state, scrambled=frozenset()), player, "lines_and_webs")

    with pytest.raises(AssertionError, match="show what is kept from it"):
        _own_view_keeps_what_is_kept_from_it(Leaky(), s, s.sides, events)
