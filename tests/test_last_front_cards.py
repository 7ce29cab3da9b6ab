"""Every Special, Icon, Event and Territory Bonus card of Last Front, by name, through
the referee; and each effect primitive on its own (content/last_front/rulings.md has
the table of primitives)."""

from __future__ import annotations

import pytest

from last_front_helpers import Table, go, scenario
from toolkit.referee.rulesets.last_front import RULESET
from toolkit.referee.rulesets.last_front.bid import to_beat
from toolkit.referee.rulesets.last_front.card_mods import Ctx, mods_of_card
from toolkit.referee.rulesets.last_front.effects import EFFECTS
from dsl.model import Call

P1_BID = ["troops_2", "tanks_2", "planes_2", "support_1_2"]  # worth 7 in attack
P2_BID = ["troops_3", "tanks_3", "planes_3", "support_2_4"]  # worth 11 in attack


def standard(p2_extra=(), p1_extra=(), players=2, **options) -> Table:
    """P1 has bid 7 (troops_2 tanks_2 planes_2 support_1_2); P2 has put in 11."""
    t = Table(players, hands={"P1": P1_BID + list(p1_extra), "P2": P2_BID + list(p2_extra)},
              **options)
    for card in P1_BID:
        go(t, "P1", f"play {card}")
    go(t, "P1", "done")
    for card in P2_BID:
        go(t, "P2", f"play {card}")
    assert (t.total("P1"), t.total("P2")) == (7, 11)
    return t


def event(name: str, **kw) -> Table:
    t = standard(p2_extra=["draw_event"], **kw)
    t.next_event = name
    go(t, "P2", "play draw_event")
    return t


# ------------------------------------------------------------------ events


@pytest.mark.parametrize("name,p1,p2", [
    ("winter_offensive", 6, 10), ("clear_skies", 8, 12), ("fog_of_war", 6, 9),
    ("mud_season", 6, 9), ("morale_boost", 8, 12), ("supply_shortage", 6, 9),
    ("heavy_losses", 5, 8), ("counteroffensive", 9, 11),
])
def test_event_changes_the_bids(name, p1, p2):
    t = event(name)
    assert (t.total("P1"), t.total("P2")) == (p1, p2)
    assert any(name in e.text and e.to is None for e in t.events)


@pytest.mark.parametrize("name,p1,p2", [
    ("conscription", 1, 1), ("fresh_divisions", 2, 2), ("airlift", 0, 2), ("desertion", -1, -1),
])
def test_event_changes_the_hands(name, p1, p2):
    t = standard(p2_extra=["draw_event"])
    before = (len(t.state.hand("P1")), len(t.state.hand("P2")) - 1)
    t.next_event = name
    go(t, "P2", "play draw_event")
    after = (len(t.state.hand("P1")), len(t.state.hand("P2")))
    assert (after[0] - before[0], after[1] - before[1]) == (p1, p2)


def test_event_intelligence_leak_shows_every_hand_to_the_table():
    t = event("intelligence_leak")
    shown = [e for e in t.events if e.kind == "reveal"]
    assert len(shown) == 2 and all(e.to is None and e.reveals for e in shown)
    assert " ".join(t.state.hand("P1")) in shown[0].text


def test_event_ceasefire_ends_the_battle_with_no_winner_and_the_declarer_declares():
    t = event("ceasefire")
    s = t.state
    assert s.flow.phase == "spoils" and t.decision().players == ("P1",)
    assert s.captured("P1") == s.captured("P2") == ()
    assert s.bid("P1") == s.bid("P2") == ()


def _p2_defends(p2_cards, p1_cards=("troops_1",), keep=(), **kw) -> Table:
    """P2 holds british and P1 attacks it; P2 has put `p2_cards` in (and holds `keep`)."""
    t = Table(hands={"P1": list(p1_cards) + ["troops_1"],
                     "P2": ["troops_3"] + list(p2_cards) + list(keep)},
              **kw)
    go(t, "P1", "play troops_1")
    go(t, "P1", "done")
    go(t, "P2", "play troops_3")
    go(t, "P2", "done")
    go(t, "P1", "withdraw")
    go(t, "P2", "attack open")  # P2 opens a second battle, P1 wins it, then attacks british
    go(t, "P2", "play troops_1")
    go(t, "P2", "done")
    t.state = t.state  # P1 has drawn fill cards: troops_2 and better
    go(t, "P1", "play " + next(c for c in t.state.hand("P1") if c.startswith("troops")))
    go(t, "P1", "play " + next(c for c in t.state.hand("P1") if c.startswith("troops")))
    go(t, "P1", "done")
    go(t, "P2", "withdraw")
    go(t, "P1", "attack P2 british")
    assert t.state.holder == "P2"
    go(t, "P1", "play " + next(c for c in t.state.hand("P1") if c.startswith("troops")))
    go(t, "P1", "done")
    for card in p2_cards:
        go(t, "P2", f"play {card}")
    return t


def test_event_partisans_adds_3_to_the_defenders_bid():
    t = _p2_defends(["support_1_2"], keep=["draw_event"])
    assert t.total("P2") == 2
    t.next_event = "partisans"
    go(t, "P2", "play draw_event")
    assert t.total("P2") == 5


def test_event_cut_supply_lines_makes_support_count_its_attack_value_in_defence():
    t = _p2_defends(["support_3_6"], keep=["draw_event"])
    assert t.total("P2") == 6
    t.next_event = "cut_supply_lines"
    go(t, "P2", "play draw_event")
    assert t.total("P2") == 3


def test_special_fortify_adds_3_only_when_defending():
    t = _p2_defends(["support_1_2", "fortify"])
    assert t.total("P2") == 5
    t2 = standard(p2_extra=["fortify"])
    go(t2, "P2", "play fortify")
    assert t2.total("P2") == 11


# ------------------------------------------------------------------ specials


def test_special_sabotage_discards_the_named_card_of_an_opponents_bid():
    t = standard(p2_extra=["sabotage"])
    go(t, "P2", "play sabotage P1 planes_2")
    assert t.total("P1") == 5 and "planes_2" in t.state.zone("battle discard").cards


def test_special_lend_lease_swaps_a_card_each_way():
    t = standard(p2_extra=["lend_lease"])
    go(t, "P2", "play lend_lease P1 troops_2 troops_3")
    assert "troops_3" in t.state.bid("P1") and "troops_2" in t.state.bid("P2")
    assert (t.total("P1"), t.total("P2")) == (8, 10)


def test_special_reinforcements_draws_two():
    t = standard(p2_extra=["reinforcements"])
    n = len(t.state.hand("P2"))
    go(t, "P2", "play reinforcements")
    assert len(t.state.hand("P2")) == n - 1 + 2


def test_special_artillery_barrage_halves_one_opponents_troops():
    t = standard(p2_extra=["artillery_barrage"])
    go(t, "P2", "play artillery_barrage P1")
    assert (t.total("P1"), t.total("P2")) == (6, 11)


def test_special_espionage_shows_a_hand_and_takes_a_card_of_it():
    t = standard(p2_extra=["espionage"])
    go(t, "P2", "play espionage P1")
    seen = [e for e in t.events if e.kind == "look"]
    assert seen and seen[-1].to == frozenset({"P2"})
    card = t.state.hand("P1")[0]
    n = len(t.state.hand("P1"))
    go(t, "P2", f"take {card}")
    assert len(t.state.hand("P1")) == n - 1 and card in t.state.hand("P2")


def test_special_air_raid_takes_a_plane_from_every_opponent_in_the_battle():
    t = standard(p2_extra=["air_raid"])
    go(t, "P2", "play air_raid")
    assert "planes_2" not in t.state.bid("P1") and t.total("P1") == 5
    assert "planes_3" in t.state.bid("P2")


def test_special_strategic_retreat_withdraws_and_keeps_the_bid():
    t = standard(p2_extra=["strategic_retreat"], players=3)
    go(t, "P2", "play strategic_retreat")
    assert "P2" in t.state.withdrawn
    assert all(c in t.state.hand("P2") for c in P2_BID)


def test_special_propaganda_makes_the_next_bid_beat_by_3_until_its_players_turn():
    t = standard(p2_extra=["propaganda"])
    go(t, "P2", "play propaganda")
    go(t, "P2", "done")
    assert to_beat(t.state, "P1") == 11 + 3


def test_special_supply_drop_takes_the_top_of_the_discard_pile():
    t = standard(p2_extra=["sabotage", "supply_drop"])
    go(t, "P2", "play sabotage P1 planes_2")
    go(t, "P2", "play supply_drop")
    assert "planes_2" in t.state.hand("P2")


def test_special_ambush_may_not_be_played_for_its_ability_on_ones_own_turn():
    t = standard(p2_extra=["ambush"])
    assert "play ambush" not in t.legal("P2") and "face ambush" in t.legal("P2")


# ------------------------------------------------------------------ icons


@pytest.mark.parametrize("icon,total", [
    ("patton", 9), ("veteran_troops", 9), ("air_superiority", 9), ("armoured_column", 9),
    ("rifle_company", 8), ("militia", 7), ("bomber_wing", 9), ("field_engineers", 8),
    ("logistics", 8), ("counter_intelligence", 7),
])
def test_icon_boosts_its_owners_bid(icon, total):
    t = Table(hands={"P1": P1_BID + [icon]})
    for card in P1_BID:
        go(t, "P1", f"play {card}")
    if icon == "counter_intelligence":  # a Blitz card: only at face value on one's turn
        assert f"play {icon}" not in t.legal("P1")
        go(t, "P1", f"face {icon}")
        assert t.total("P1") == 7 + 2
        return
    go(t, "P1", f"play {icon}")
    assert t.total("P1") == total


def test_icon_militia_boosts_only_troops_of_value_1():
    t = Table(hands={"P1": ["troops_1", "troops_2", "militia"]})
    for card in ("troops_1", "troops_2", "militia"):
        go(t, "P1", f"play {card}")
    assert t.total("P1") == 2 + 2


# ------------------------------------------------------------------ bonuses


@pytest.mark.parametrize("nation,card,plain,boosted", [
    ("american", "planes_2", 2, 3), ("soviet", "troops_2", 2, 3), ("german", "tanks_2", 2, 3),
    ("british", "support_1_2", 1, 2),
])
def test_territory_bonus_helps_its_holder(nation, card, plain, boosted):
    t = Table(hands={"P1": ["troops_3", card]}, territory=[nation, "british" if nation != "british" else "german"])
    go(t, "P1", "play troops_3")
    go(t, "P1", "done")
    go(t, "P2", "withdraw")
    assert RULESET.view(t.state, "P2").panels  # the bonus shows for everyone
    go(t, "P1", "attack open")
    go(t, "P1", f"play {card}")
    assert t.total("P1") == boosted
    assert t.total("P1") != plain


# ------------------------------------------------------------------ primitives


def _ctx(**kw):
    t = standard()
    return Ctx(t.state, "P1", "patton", **kw), t


def test_primitive_add_each_is_a_modifier_with_a_value_filter():
    ctx, _ = _ctx(mode="mods")
    mod = EFFECTS.apply(Call("add_each", (("kind", "troops"), ("n", 1), ("value", 1))), ctx)
    assert (mod.op, mod.kind, mod.n, mod.value) == ("add_each", "troops", 1, 1)


def test_primitive_multiply_and_divide_round_down_after_multiplying():
    from toolkit.referee.rulesets.last_front.bid import card_value
    from toolkit.referee.rulesets.last_front.state import Mod

    t = standard()
    mods = [Mod("x", "P1", "div", "troops", 2), Mod("x", "P1", "mul", "troops", 3)]
    assert card_value(t.state, "P1", "troops_3", mods) == 4  # 3 x 3 = 9, / 2 = 4
    mods.append(Mod("x", "P1", "add_each", "troops", -9))
    assert card_value(t.state, "P1", "troops_3", mods) == 0  # never below 0


def test_primitive_add_with_battle_end_goes_in_force_for_whom_it_names():
    ctx, t = _ctx()
    EFFECTS.apply(Call("add", (("n", 2), ("whose", "self"), ("until", "battle_end"))), ctx)
    assert ctx.state.mods[-1].op == "add" and ctx.state.mods[-1].whom == "P1"


def test_primitive_add_without_an_end_is_counted_from_the_bid_not_kept_in_force():
    """LF-R14: an `add` with no `until` (Fortify) helps only while its card lies in the bid,
    so nothing is put in force when it is played."""
    ctx, t = _ctx()
    before = ctx.state.mods
    EFFECTS.apply(Call("add", (("n", 3), ("when", "defending"))), ctx)
    assert ctx.state.mods == before


def test_primitive_use_defence_value_and_use_attack_value():
    ctx, _ = _ctx(mode="mods")
    assert EFFECTS.apply(Call("use_defence_value", (("kind", "support"),)), ctx).op == "defence"
    assert EFFECTS.apply(Call("use_attack_value", (("kind", "support"),)), ctx).op == "attack"


def test_primitive_discard_lowest_from_every_bid():
    ctx, t = _ctx()
    EFFECTS.apply(Call("discard", (("from", "bid"), ("kind", "unit"), ("lowest", True),
                                   ("whose", "all"))), ctx)
    assert "support_1_2" not in ctx.state.bid("P1") and "support_2_4" not in ctx.state.bid("P2")


def test_primitive_draw_queues_one_draw_per_card():
    ctx, _ = _ctx()
    EFFECTS.apply(Call("draw", (("deck", "battle"), ("n", 2))), ctx)
    assert ctx.state.draws == ("P1", "P1") and ctx.state.flow.window.name == "draw"


def test_primitive_draw_event_opens_a_public_event_window():
    ctx, _ = _ctx()
    EFFECTS.apply(Call("draw_event", ()), ctx)
    assert ctx.state.flow.window.name == "event"


def test_primitive_swap_steal_take_reveal_end_battle_raise_minimum():
    ctx, t = _ctx(target=("P2", "troops_3", "troops_2"))
    EFFECTS.apply(Call("swap", (("from", "opponent_bid"), ("to", "own_bid"))), ctx)
    assert "troops_3" in ctx.state.bid("P1")
    ctx2, _ = _ctx(target=("P2",))
    EFFECTS.apply(Call("steal", (("from", "opponent_hand"),)), ctx2)
    assert ctx2.state.flow.window.name == "espionage"
    ctx3, _ = _ctx()
    EFFECTS.apply(Call("take", (("from", "battle_discard"),)), ctx3)
    assert any("empty" in e.text for e in ctx3.events)
    ctx4, _ = _ctx()
    EFFECTS.apply(Call("reveal", (("from", "hand"),)), ctx4)
    assert len(ctx4.events) == 2
    ctx5, _ = _ctx()
    EFFECTS.apply(Call("end_battle", (("winner", "none"),)), ctx5)
    assert ctx5.state.over and ctx5.state.winner is None
    ctx6, _ = _ctx()
    EFFECTS.apply(Call("raise_minimum", (("by", 3),)), ctx6)
    assert ctx6.state.propaganda == "P1"


def test_primitives_cancel_and_withdraw_are_read_by_the_blitz_window_and_the_battle():
    # they change nothing when run alone: Ambush and Strategic Retreat are tested by name
    ctx, t = _ctx()
    EFFECTS.apply(Call("cancel", (("action", "dig_in"),)), ctx)
    EFFECTS.apply(Call("withdraw", (("keep_bid", True),)), ctx)
    assert ctx.state is t.state


def test_every_card_effect_of_the_scenario_checks_against_the_registry():
    assert EFFECTS.check(scenario(5)) == []
    assert mods_of_card(standard().state, "P1", "patton")[0].n == 2
