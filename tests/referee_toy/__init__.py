"""A toy ruleset (Dice Race) that exercises every decision kind of the referee core."""
