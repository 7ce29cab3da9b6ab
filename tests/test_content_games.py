"""The shipped content of Front Line, Lines and Webs, Last Front and Fantasy Line Battle.

Each test loads a scenario from content/ and checks a fact the game's rules (or our
rulings, cited by id from that game's rulings.md) say must hold.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest

try:
    from dsl import load
except ImportError as exc:  # pragma: no cover - only before the loader exists
    pytest.skip(f"dsl.load is not importable yet ({exc})", allow_module_level=True)

import networkx as nx

from toolkit.referee.rulesets.fantasy_line_battle.config import start

CONTENT = Path(__file__).resolve().parents[1] / "content"
BATTLEFIELDS = ["main", "lake_nogo", "great_desert", "mt_range"]


def front_line(name: str):
    return load(CONTENT / "front_line" / f"{name}.scn")


@pytest.fixture(scope="module")
def lines_and_webs():
    return load(CONTENT / "lines_and_webs" / "lines_and_webs.scn")


@pytest.fixture(scope="module")
def last_front():
    return load(CONTENT / "last_front" / "last_front.scn")


@pytest.fixture(scope="module")
def fantasy():
    return load(CONTENT / "fantasy_line_battle" / "fantasy_line_battle.scn")


@pytest.mark.parametrize("game", ["front_line", "lines_and_webs", "last_front", "fantasy_line_battle"])
def test_each_game_starts_a_rulings_record_and_lists_its_primitives(game):
    text = (CONTENT / game / "rulings.md").read_text(encoding="utf-8")
    assert "## Effect primitives" in text and "### " in text


# ---------------------------------------------------------------- Front Line


@pytest.mark.parametrize("name", BATTLEFIELDS)
def test_front_line_battlefield_is_a_10_by_6_grid_split_into_two_countries_and_a_middle(name):
    s = front_line(name)
    board = s.board
    assert (board.kind, board.width, board.height) == ("grid", 10, 6)
    zones = board.zone_index
    assert len(zones["red_country"].spaces) == 18 and len(zones["green_country"].spaces) == 18
    assert len(zones["neutral"].spaces) == 24
    assert {sp.id for sp in board.spaces} == set(zones["red_country"].spaces) | set(
        zones["neutral"].spaces) | set(zones["green_country"].spaces)


@pytest.mark.parametrize("name", BATTLEFIELDS)
def test_front_line_battlefield_is_point_symmetric_so_neither_side_is_favoured(name):
    """FL-R01: a half turn maps Red's country onto Green's."""
    board = front_line(name).board
    for sp in board.spaces:
        col, row = sp.coord
        twin = board.space(f"{'ABCDEFGHIJ'[9 - int(col)]}{6 - int(row)}")
        assert twin.terrain == sp.terrain


@pytest.mark.parametrize("name", BATTLEFIELDS)
def test_front_line_each_country_has_one_capital_air_base_industry_and_port(name):
    board = front_line(name).board
    for side, zone in (("Red", "red_country"), ("Green", "green_country")):
        own = set(board.zone_index[zone].spaces)
        for flag in ("capital", "air_base", "industry"):
            cities = [sp for sp in board.spaces if flag in sp.tags and sp.owner == side]
            assert len(cities) == 1 and cities[0].id in own and cities[0].terrain == "city"
        ports = [sp for sp in board.spaces if sp.terrain == "port" and sp.id in own]
        assert len(ports) == 1 and ports[0].owner == side
    # OP for fallen cities: air base 2, industry 3; purple OP squares in the middle
    assert {sp.fields["fallen_op"] for sp in board.spaces if "air_base" in sp.tags} == {2}
    assert {sp.fields["fallen_op"] for sp in board.spaces if "industry" in sp.tags} == {3}
    op_sites = [sp.id for sp in board.spaces if "op_site" in sp.tags]
    assert len(op_sites) == 2 and set(op_sites) <= set(board.zone_index["neutral"].spaces)


@pytest.mark.parametrize("name", BATTLEFIELDS)
def test_front_line_lake_nogo_alone_has_water_and_exactly_eight_squares_of_it(name):
    s = front_line(name)
    water = [sp.id for sp in s.board.spaces if sp.terrain == "lake"]
    if name == "lake_nogo":
        assert len(water) == 8
        assert set(water) <= set(s.board.zone_index["neutral"].spaces)
        assert s.terrains["lake"].impassable and s.terrains["lake"].fields["fire_over"] is True
    else:
        assert water == []


def test_front_line_heights_are_valley_below_hill_below_mountain():
    s = front_line("main")
    t = s.terrains
    assert t["valley"].height < t["hill"].height < t["mountain"].height
    assert {t[n].height for n in ("desert", "beach", "port", "city")} == {t["valley"].height}
    assert t["desert"].move_bonus == 1


def test_front_line_units_have_the_rules_range_movement_and_build_cost():
    pieces = front_line("main").pieces
    assert [pieces[n].get("range") for n in ("infantry", "tank", "artillery")] == [1, 2, 3]
    assert [pieces[n].get("build_cost") for n in ("infantry", "tank", "artillery")] == [2, 3, 2]
    assert pieces["tank"].get("moves") == ("orthogonal", "diagonal")
    assert pieces["infantry"].get("moves") == "orthogonal"
    assert sum(pieces[n].get("per_side") for n in ("infantry", "tank", "artillery")) == 20


@pytest.mark.parametrize("name", BATTLEFIELDS)
def test_front_line_setup_places_nine_infantry_four_tanks_two_artillery_in_own_country(name):
    """FL-R09: 15 units one per square in your country, reserve 2/2/1, 20 in all."""
    s = front_line(name)
    board = s.board
    placed = {}
    for side, zone in (("Red", "red_country"), ("Green", "green_country")):
        setup = s.setups[side]
        counts = Counter()
        squares = []
        for p in setup.placements:
            counts[p.piece] += p.count
            squares.append(p.space)
            assert p.count == 1
            assert p.space in board.zone_index[zone].spaces
            assert "industry" not in board.space(p.space).tags  # left empty for building
        assert counts == {"infantry": 9, "tank": 4, "artillery": 2}
        assert len(set(squares)) == 15
        assert setup.reserve_counts() == {"infantry": 2, "tank": 2, "artillery": 1}
        for kind in ("infantry", "tank", "artillery"):
            assert counts[kind] + setup.reserve_counts()[kind] == s.pieces[kind].get("per_side")
        air_base = next(sp.id for sp in board.spaces if "air_base" in sp.tags and sp.owner == side)
        capital = next(sp.id for sp in board.spaces if "capital" in sp.tags and sp.owner == side)
        by_space = {p.space: p.piece for p in setup.placements}
        assert by_space.get(air_base) == "infantry" and capital in by_space
        for sq, piece in by_space.items():
            if piece == "artillery":
                assert board.space(sq).terrain in ("hill", "mountain")
        placed[side] = by_space
    # Green's setup is Red's turned half round
    turned = {f"{'ABCDEFGHIJ'[9 - 'ABCDEFGHIJ'.index(k[0])]}{7 - int(k[1:])}": v for k, v in placed["Red"].items()}
    assert turned == placed["Green"]


def test_front_line_supply_deck_has_twelve_faces_of_nine_kinds():
    deck = front_line("main").decks["supply"]
    assert deck.size == 12 and len(deck.cards) == 9
    kinds = Counter(c.name.split("_")[0] for c in deck.cards for _ in range(c.quantity))
    assert kinds == {"balanced": 6, "centered": 3, "staggered": 3}


def test_front_line_balanced_industry_grants_3_air_3_capital_4_industry_every_month():
    card = front_line("main").decks["supply"].card_index["balanced_industry"]
    assert card.get("air") == (3, 3, 3, 3)
    assert card.get("capital") == (3, 3, 3, 3)
    assert card.get("industry") == (4, 4, 4, 4)


def test_front_line_every_supply_face_grants_forty_chits_in_stacks_of_three_or_four():
    """FL-R05."""
    for card in front_line("main").decks["supply"].cards:
        values = [v for t in ("air", "capital", "industry") for v in card.get(t)]
        assert len(values) == 12 and set(values) <= {3, 4}
        assert sum(values) == 40, card.name
        emphasis = card.get("emphasis")
        assert sum(card.get(emphasis)) == max(sum(card.get(t)) for t in ("air", "capital", "industry"))


def test_front_line_attack_table_has_six_results_per_column_and_a_soldier_on_white_four():
    """FL-R06, FL-R07."""
    table = front_line("main").tables["attack_results"].fields
    allowed = {"blitz", "disrupt", "rout", "adv", "miss"}
    for column in ("range_1", "range_2", "range_3", "advantage"):
        assert len(table[column]) == 6 and set(table[column]) <= allowed
    assert "adv" not in table["advantage"]
    assert table["icons"][3] == "soldier"
    order = ["blitz", "disrupt", "rout", "adv", "miss"]
    for column in ("range_1", "range_2", "range_3"):  # die 1 best, die 6 worst
        ranks = [order.index(r) for r in table[column]]
        assert ranks == sorted(ranks)


@pytest.mark.parametrize("name", BATTLEFIELDS)
def test_front_line_attack_results_are_a_table_shared_by_every_battlefield(name):
    """FL-R06: reference data lives in `table attack_results`, not in the options."""
    s = front_line(name)
    assert "attack_table" not in s.options and "attack_results" in s.tables
    assert s.tables["attack_results"] == front_line("main").tables["attack_results"]
    assert s.tables["attack_results"].get("beyond_range_3") == "range_3"  # FL-R12


@pytest.mark.parametrize("name", BATTLEFIELDS)
def test_front_line_cities_and_op_squares_take_their_fields_from_the_key(name):
    """FL-R01: a capital is drawn `W`, an air base `2`, an industry `3`, an OP square `1`;
    the key entry says what the square is, and `frontkit show` draws it with that symbol."""
    from toolkit.inspect import draw_board

    s = front_line(name)
    board = s.board
    key = {sym: (terrain, dict(fields.items())) for (sym, terrain), fields in zip(board.key, board.key_fields)}
    expected = {"W": ("city", "capital"), "2": ("city", "air_base"), "3": ("city", "industry"),
                 "1": ("valley", "op_site")}
    for sym, (terrain, flag) in expected.items():
        assert key[sym][0] == terrain and key[sym][1].get(flag) is True
    rows = [line.split()[1:] for line in draw_board(board, s).splitlines()[1:]]
    for sp in board.spaces:
        col, row = (int(v) for v in sp.coord)
        drawn = rows[row][col]
        if drawn in expected:
            # every field the key gives is on the square, and only the owner is added to a city
            assert key[drawn][1].items() <= dict(sp.fields.items()).items()
            assert set(sp.fields) - set(key[drawn][1]) <= {"owner"}
        for sym, (_, flag) in expected.items():
            assert (flag in sp.tags) == (drawn == sym), (sp.id, drawn)


@pytest.mark.parametrize("name", BATTLEFIELDS)
def test_front_line_country_zones_belong_to_their_side(name):
    """FL-R02: each country zone has an owner, and the squares owned in it are that side's."""
    board = front_line(name).board
    zones = board.zone_index
    assert zones["red_country"].fields["owner"] == "Red"
    assert zones["green_country"].fields["owner"] == "Green"
    assert "owner" not in zones["neutral"].fields
    for zone in (zones["red_country"], zones["green_country"]):
        owners = {board.space(i).owner for i in zone.spaces} - {None}
        assert owners == {zone.fields["owner"]}


def test_front_line_leadership_card_has_the_five_tasks():
    card = front_line("main").decks["leadership"].card_index["leadership"]
    assert card.quantity == 2
    assert {e.name for e in card.effects} == {"rally", "opportunity_fire", "maneuver", "relieve", "cache"}


# ------------------------------------------------------------ Lines and Webs


def test_lines_and_webs_has_two_spods_of_capacity_4_and_two_apods_of_capacity_3(lines_and_webs):
    spaces = lines_and_webs.board.spaces
    spods = [sp for sp in spaces if sp.terrain == "spod"]
    apods = [sp for sp in spaces if sp.terrain == "apod"]
    assert [sp.fields["capacity"] for sp in spods] == [4, 4]
    assert [sp.fields["capacity"] for sp in apods] == [3, 3]
    assert sorted(sp.owner for sp in spods) == sorted(sp.owner for sp in apods) == ["Delta", "Gamma"]


def test_lines_and_webs_map_is_connected_and_water_is_cut_off(lines_and_webs):
    s = lines_and_webs
    g = s.board.graph
    water = {sp.id for sp in s.board.spaces if s.terrains[sp.terrain].impassable}
    assert water and all(g.degree(n) == 0 for n in water)
    assert nx.is_connected(g.subgraph(set(g) - water))


def test_lines_and_webs_ocean_touches_each_seaport(lines_and_webs):
    """Oceans are the water hexes connected to an SPOD (LW-R01)."""
    board = lines_and_webs.board
    for spod in (sp for sp in board.spaces if sp.terrain == "spod"):
        near = [sp for sp in board.spaces if sp.terrain == "ocean"
                and math.dist(sp.coord, spod.coord) < 36]
        assert len(near) == 3


def test_lines_and_webs_rivers_are_crossed_only_by_marked_links(lines_and_webs):
    """LW-R02: three bridges or fords per river; every other bank is a river border."""
    board = lines_and_webs.board
    bridges = [l for l in board.links if "crosses_river" in l.tags]
    assert len(bridges) == 6
    rivers = [b for b in board.borders if "river" in b.tags]
    assert len(rivers) == 8 and rivers == list(board.borders)
    assert "river_borders" not in board.fields
    g = board.graph
    for border in rivers:
        assert border.a in board and border.b in board
        assert not g.has_edge(border.a, border.b)  # a border is not an edge: nothing crosses it


def test_lines_and_webs_river_borders_lie_between_neighbouring_hexes(lines_and_webs):
    """Each river border divides two hexes that touch (one hex apart on the node grid)."""
    board = lines_and_webs.board
    for border in board.borders:
        a, b = board.space(border.a).coord, board.space(border.b).coord
        assert math.dist(a, b) == pytest.approx(34.6, abs=0.1), (border.a, border.b)


def test_lines_and_webs_start_areas_belong_to_their_side(lines_and_webs):
    """LW-R10: the start areas are zones owned by the side that deploys there."""
    zones = lines_and_webs.board.zone_index
    assert zones["delta_start"].fields["owner"] == "Delta"
    assert zones["gamma_start"].fields["owner"] == "Gamma"
    assert "owner" not in zones["no_mans_land"].fields


def test_lines_and_webs_turn_sequence_is_a_table_of_seven_phases(lines_and_webs):
    """One entry per referee phase (the kit checks them against the ruleset)."""
    steps = list(lines_and_webs.tables["turn_sequence"].fields)
    assert len(steps) == 7 and "sheet" not in lines_and_webs.options
    assert steps[0] == "deploy" and steps[-1] == "reset"


def test_lines_and_webs_special_deck_holds_three_of_each_of_ten_cards_per_player(lines_and_webs):
    deck = lines_and_webs.decks["special"]
    assert deck.fields["each_side"] is True
    assert len(deck.cards) == 10 and all(c.quantity == 3 for c in deck.cards)
    assert all(s.fields["special_deck"] == "special" for s in lines_and_webs.setups.values())
    costs = {c.name: c.get("cost") for c in deck.cards}
    assert costs == {
        "nine_line_recovery": 1, "air_drop_inbound": 3, "close_air_support": 1, "command_post": 3,
        "cyber_attack": 1, "drone_recon": 5, "mass_cal": 1, "saint_himars": 5, "scouts_out": 1,
        "sf_in_the_area": 3,
    }
    assert all(c.effects for c in deck.cards)


def test_lines_and_webs_fsc_moves_five_tokens_five_links(lines_and_webs):
    """The source's one worked example of sustainment points."""
    fsc = lines_and_webs.pieces["forward_support_company"]
    assert (fsc.get("carries"), fsc.get("sp")) == (5, 5)
    for piece in lines_and_webs.pieces.values():
        if piece.get("role") == "sustainment":
            assert piece.get("carries") == math.ceil(piece.get("storage") / 2)


def test_lines_and_webs_every_unit_has_four_steps_and_a_strength_per_step(lines_and_webs):
    units = [p for p in lines_and_webs.pieces.values() if not p.get("marker")]
    assert len(units) >= 7
    for p in units:
        assert p.get("steps") == 4 and len(p.get("strength")) == 4
        assert list(p.get("strength")) == sorted(p.get("strength"), reverse=True)
        assert p.get("cost") > 0 and p.get("movement") > 0


def test_lines_and_webs_starting_packages_deploy_in_own_start_area(lines_and_webs):
    s = lines_and_webs
    board = s.board
    expected = {"Delta": 30, "Gamma": 19}
    for side, zone in (("Delta", "delta_start"), ("Gamma", "gamma_start")):
        setup = s.setups[side]
        per_node = Counter()
        missions = 0
        for p in setup.placements:
            assert p.space in board.zone_index[zone].spaces
            per_node[p.space] += p.count
            missions += p.count if s.pieces[p.piece].get("mission_card") else 0
            owner_side = s.pieces[p.piece].get("side")
            assert owner_side in (None, side)
        for node, n in per_node.items():
            assert n <= board.space(node).fields.get("capacity", 1)
        assert sum(per_node.values()) == expected[side]
        assert missions == 13  # 13 mission order cards in each starting package
        assert setup.fields["packaging_rsoi"]["aerial_port_squadron"] == 1


# ---------------------------------------------------------------- Last Front


def test_last_front_battle_deck_has_98_unit_16_special_10_icon_4_draw_event(last_front):
    battle = last_front.decks["battle"]
    by_category = Counter()
    for card in battle.cards:
        by_category[card.get("category")] += card.quantity
    assert by_category == {"unit": 98, "special": 16, "icon": 10, "draw_event": 4}
    assert battle.size == 128


def test_last_front_other_decks_have_12_territories_18_events_4_bonuses(last_front):
    decks = last_front.decks
    assert decks["territory"].size == 12 and decks["event"].size == 18
    assert decks["territory_bonus"].size == 4
    nations = Counter(c.get("nation") for c in decks["territory"].cards for _ in range(c.quantity))
    assert nations == {"american": 3, "british": 3, "soviet": 3, "german": 3}
    assert {c.get("nation") for c in decks["territory_bonus"].cards} == set(nations)
    assert sum(d.size for d in decks.values()) == 162


def test_last_front_unit_mix_follows_the_rulebook_order(last_front):
    """LF-R02: Troops > Tanks > Planes; Support about as frequent as Tanks."""
    kinds = Counter()
    values = {}
    for card in last_front.decks["battle"].cards:
        if card.get("category") == "unit":
            kinds[card.get("kind")] += card.quantity
            v = card.get("value") if card.get("value") is not None else (card.get("attack"), card.get("defence"))
            values.setdefault(card.get("kind"), set()).add(v)
    assert kinds["troops"] > kinds["tanks"] > kinds["planes"]
    assert abs(kinds["support"] - kinds["tanks"]) <= 2
    assert values == {"troops": {1, 2, 3}, "tanks": {2, 3}, "planes": {2, 3, 4},
                      "support": {(1, 2), (2, 4), (3, 6)}}


def test_last_front_patton_and_lend_lease_do_what_the_rulebook_says(last_front):
    cards = last_front.decks["battle"].card_index
    patton = cards["patton"]
    assert patton.get("category") == "icon" and patton.get("face_value") == 3
    assert patton.effects[0].name == "add_each" and patton.effects[0].arg("kind") == "tanks"
    assert patton.effects[0].arg("n") == 2
    lend = cards["lend_lease"]
    assert lend.get("category") == "special" and lend.effects[0].name == "swap"
    for card in last_front.decks["battle"].cards:
        if card.get("category") in ("special", "icon"):
            assert card.get("face_value") is not None and card.effects and card.text


def test_last_front_player_count_and_controlling_share_are_scenario_data(last_front):
    players = last_front.fields["players"]
    assert 2 in players and players.high <= len(last_front.sides)
    assert last_front.options["controlling_share"] == "strict_most"
    assert all(s.fields["deal"] == 6 for s in last_front.setups.values())


def test_last_front_victory_conditions_and_turn_sequence_are_tables(last_front):
    """LF-R05: the option picks a row of the victory table; the sheet's sequence is a table."""
    conditions = last_front.tables["victory_conditions"]
    assert last_front.options["victory"] in conditions.fields
    assert conditions.get("normal") == ("same_nation_2", "different_nations_3")
    assert conditions.get("quick") == ("any_3",)
    assert not {"victory_normal", "victory_quick", "sheet"} & set(last_front.options)
    # one entry per phase of the referee, [how, "words"] (frontkit check compares them)
    sequence = last_front.tables["turn_sequence"].fields
    assert list(sequence) == ["deal", "battle", "spoils"]
    assert sequence.get("battle")[0] == "in_turn"


# -------------------------------------------------------- Fantasy Line Battle


def test_fantasy_line_battle_lines_meet_at_the_two_fronts(fantasy):
    board = fantasy.board
    fronts = [sp.id for sp in board.spaces if "front" in sp.tags]
    assert fronts == ["H1", "I1"]
    for zone in ("north_line", "south_line"):
        positions = sorted(board.space(i).fields["position"] for i in board.zone_index[zone].spaces)
        assert positions == list(range(1, 9))
    assert fantasy.options["max_line"] == 8


def test_fantasy_line_battle_each_line_belongs_to_its_side(fantasy):
    """FLB-R01: North's half of the strip is North's zone, South's half South's."""
    zones = fantasy.board.zone_index
    assert zones["north_line"].fields["owner"] == "North"
    assert zones["south_line"].fields["owner"] == "South"
    assert {z.fields["owner"] for z in zones.values()} == set(fantasy.sides)


def test_fantasy_line_battle_named_cards_exist_as_described(fantasy):
    chars = fantasy.decks["characters"].card_index
    assert chars["farseer"].effects[0].name == "reveal_first"
    assert {e.name for e in chars["merchant"].effects} == {"hand_size", "unplay_free"}
    hurricane = fantasy.decks["elementalism"].card_index["hurricane"]
    assert hurricane.get("first_spell_only") is True


def test_fantasy_line_battle_every_spell_category_is_reachable_and_affordable(fantasy):
    chars = fantasy.decks["characters"].cards
    money = start(fantasy, fantasy.options, "money")  # FLB-R10
    assert money == 13 and all(c.get("cost") <= money for c in chars)
    for category in ("elementalism", "white", "black"):
        deck = fantasy.decks[category]
        assert deck.fields["category"] == category and deck.size >= 12
        assert all(c.get("cost") is not None and c.effects for c in deck.cards)
        assert any(category in (c.get("spells") or ()) for c in chars)
    for c in chars:
        assert c.get("health") > 0 and c.get("range") is not None


def test_fantasy_line_battle_no_progress_rule_is_measurable(fantasy):
    """FLB-R05: a whole number of Days without a death ends the game."""
    assert isinstance(fantasy.options["stall_days"], int) and fantasy.options["stall_days"] > 0
    assert fantasy.options["survival_production"] == "mana_per_day"


# ------------------------------------------------------------- all four games

GAME_FILES = {
    "front_line": [f"{n}.scn" for n in BATTLEFIELDS],
    "lines_and_webs": ["lines_and_webs.scn"],
    "last_front": ["last_front.scn"],
    "fantasy_line_battle": ["fantasy_line_battle.scn"],
}


@pytest.mark.parametrize("game", sorted(GAME_FILES))
def test_every_effect_primitive_used_is_listed_in_the_rulings(game):
    """Each rulings.md lists the primitives a ruleset must register; none may be missing."""
    import re

    text = (CONTENT / game / "rulings.md").read_text(encoding="utf-8")
    table = text.split("## Effect primitives", 1)[1].split("\n## ", 1)[0]
    listed = set()
    for line in table.splitlines():
        if line.startswith("| `"):
            listed |= set(re.findall(r"`([a-z_]+)`", line.split("|")[1]))
    used = set()
    for name in GAME_FILES[game]:
        for deck in load(CONTENT / game / name).decks.values():
            used |= {e.name for card in deck.cards for e in card.effects}
    assert used and used <= listed, sorted(used - listed)
