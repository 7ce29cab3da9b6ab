"""Combat on one square (FL-combat-*): who is destroyed when both sides stand there.

A side's units on a square are either up to two combat units of different
types, or one Recon, or one Commander (the stacking rules guarantee it).

- combat units against combat units: the triangle with numbers (`triangle`);
- any combat unit destroys a Recon or a Commander (FL-combat-7, FL-recon-5);
- Recon against Recon: both destroyed (FL-recon-1);
- Recon against Commander: the Commander is destroyed (FL-recon-2);
- Commander against Commander: both destroyed (FL-combat-8).
"""

from __future__ import annotations

from toolkit.referee.rulesets.front_lines.config import Config


def triangle(cfg: Config, a: list[str], b: list[str]) -> tuple[list[int], list[int]]:
    """Indexes of the destroyed units of two groups of combat types.

    Equal numbers (FL-combat-3, FL-combat-2): same types cancel one for one,
    then each remaining pair is decided by type: the advantaged type destroys
    the other; two types neither of which beats the other cancel.
    Unequal numbers (FL-combat-4): every unit of the smaller group is
    destroyed, and each takes one unit of the larger group with it: a unit of
    its own type if there is one, else one of a type it beats, else any
    (first in the scenario's piece order). The extra units survive.
    """
    beats = cfg.pieces
    order = cfg.kind_order
    if len(a) != len(b):
        small, large, flip = (a, b, False) if len(a) < len(b) else (b, a, True)
        large_left = sorted(range(len(large)), key=lambda i: order[large[i]])
        taken = []
        for kind in small:
            pick = next((i for i in large_left if large[i] == kind), None)
            if pick is None:
                pick = next((i for i in large_left if large[i] in beats[kind].beats), None)
            if pick is None:
                pick = large_left[0]
            large_left.remove(pick)
            taken.append(pick)
        dead_small = list(range(len(small)))
        return (taken, dead_small) if flip else (dead_small, taken)
    dead_a: list[int] = []
    dead_b: list[int] = []
    left_a = list(range(len(a)))
    left_b = list(range(len(b)))
    for i in list(left_a):
        j = next((j for j in left_b if b[j] == a[i]), None)
        if j is not None:
            dead_a.append(i)
            dead_b.append(j)
            left_a.remove(i)
            left_b.remove(j)
    # what is left pairs off in piece order (with at most two types a side,
    # at most one pair is left)
    left_a.sort(key=lambda i: order[a[i]])
    left_b.sort(key=lambda j: order[b[j]])
    for i, j in zip(left_a, left_b):
        ka, kb = a[i], b[j]
        a_wins = kb in beats[ka].beats
        b_wins = ka in beats[kb].beats
        if a_wins and not b_wins:
            dead_b.append(j)
        elif b_wins and not a_wins:
            dead_a.append(i)
        else:
            dead_a.append(i)
            dead_b.append(j)
    return dead_a, dead_b


def fight(cfg: Config, a: list[str], b: list[str]) -> tuple[list[int], list[int]]:
    """Indexes of the destroyed units when group `a` meets group `b` on one square."""
    role = cfg.role
    ca = [i for i, k in enumerate(a) if role[k] == "combat"]
    cb = [i for i, k in enumerate(b) if role[k] == "combat"]
    na = [i for i, k in enumerate(a) if role[k] != "combat"]
    nb = [i for i, k in enumerate(b) if role[k] != "combat"]
    dead_a: list[int] = []
    dead_b: list[int] = []
    if ca and cb:
        da, db = triangle(cfg, [a[i] for i in ca], [b[i] for i in cb])
        dead_a += [ca[i] for i in da]
        dead_b += [cb[i] for i in db]
    # any combat unit destroys the enemy's Recon and Commander
    if cb:
        dead_a += na
    if ca:
        dead_b += nb
    if not ca and not cb:
        # Recon and Commanders only
        ra = [i for i in na if role[a[i]] == "recon"]
        rb = [i for i in nb if role[b[i]] == "recon"]
        xa = [i for i in na if role[a[i]] == "commander"]
        xb = [i for i in nb if role[b[i]] == "commander"]
        if ra and rb:  # Recon against Recon: both die
            dead_a += ra
            dead_b += rb
        if rb:  # a Recon on the square kills the Commander
            dead_a += xa
        if ra:
            dead_b += xb
        if xa and xb and not ra and not rb:  # Commanders meet: both fall
            dead_a += xa
            dead_b += xb
    return sorted(set(dead_a)), sorted(set(dead_b))
