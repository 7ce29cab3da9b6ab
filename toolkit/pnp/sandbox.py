"""The Jinja sandbox for text fields and `when` conditions, with a budget.

`jinja2.sandbox.SandboxedEnvironment` stops a template from reaching Python
internals but not from spending: `{{ 'x' * 10**9 }}`, `{{ 9**9**9 }}`,
`{{ lipsum(n=10**6) }}`, `{{ 'a'|center(10**9) }}` or two nested loops over
a long string each run for minutes or take gigabytes. `BudgetedEnvironment`
adds, for every evaluation (dsl.limits):

  - template_output_chars: no value an operation, filter or method makes, and
    not the whole output, may be longer; numbers no larger than that many
    decimal digits (powers and products are refused before they are computed);
  - template_operations: attribute lookups, calls, operators, filter calls and
    the items of every `range` together;
  - template_milliseconds: the processor time (checked at every operation, and
    by a profiling timer signal in the main thread, so a loop that does nothing
    still stops). Processor time, not wall time: a build on a loaded machine, or
    at low priority, waits for the processor without spending its budget;
  - templates_total_milliseconds: the processor time of every evaluation of one
    environment together (a build: ten thousand cards at just under the limit
    each would otherwise run for hours).

A template that crosses one raises `BudgetExceeded` (a `jinja2.TemplateError`)
naming the limit; the renderer adds the card and the field.
"""

from __future__ import annotations

import functools
import math
import re
import signal
import threading
import time
from collections.abc import Mapping
from typing import Any

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from dsl import limits

_ARITHMETIC = frozenset({"+", "-", "*", "/", "//", "%", "**"})
_DIGITS = re.compile(r"[0-9]+")


class BudgetExceeded(jinja2.TemplateError):
    """A template crossed one of its limits; the message names it."""


class Budget:
    """What one evaluation may spend; `left` is what is left of the whole build's time."""

    def __init__(self, left: float | None = None) -> None:
        self.chars = limits.value("template_output_chars")
        self.operations = limits.value("template_operations")
        self.seconds = limits.value("template_milliseconds") / 1000.0
        self.total = left is not None and left < self.seconds
        if self.total:
            self.seconds = max(left, 0.0)
        self.deadline = time.process_time() + self.seconds
        self.spent = 0

    def tick(self, n: int = 1) -> None:
        self.spent += n
        if self.spent > self.operations:
            raise BudgetExceeded("the template takes " + limits.limit_message(
                "template_operations", "more steps"))
        if time.process_time() > self.deadline:
            self.timeout()

    def timeout(self) -> None:
        if self.total:
            raise BudgetExceeded("the templates of this build have run for " +
                                 limits.limit_message("templates_total_milliseconds", "longer"))
        raise BudgetExceeded("the template runs longer than " + limits.limit_message("template_milliseconds"))

    def size(self, value: Any) -> None:
        """Refuse a value larger than the output limit (strings, lists, big numbers)."""
        if isinstance(value, (str, list, tuple, dict, set)) and len(value) > self.chars:
            raise BudgetExceeded(f"the template makes a value of {len(value):,} items; " +
                                 limits.limit_message("template_output_chars"))
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > self.bits:
            raise BudgetExceeded("the template makes a number with more digits than " +
                                 limits.limit_message("template_output_chars"))

    @property
    def bits(self) -> int:
        return int(self.chars * math.log2(10)) + 1

    def count_arg(self, value: Any, what: str) -> None:
        """A number given to a call that makes that many characters or items (`center`,
        `ljust`, `lipsum`, `range`, a format width) must be under the output limit."""
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > self.chars:
            raise BudgetExceeded(f"{what}({value:,}) would make " +
                                 limits.limit_message("template_output_chars", "more"))
        if isinstance(value, float) and math.isfinite(value) and abs(value) > self.chars:
            raise BudgetExceeded(f"{what}({value:g}) would make " +
                                 limits.limit_message("template_output_chars", "more"))

    def format_string(self, text: str, what: str) -> None:
        """`'%999999999d' % 1` and `'{:>999999999}'.format(1)` make huge strings from a
        small one: a width or precision in a format string is a count like any other."""
        for m in _DIGITS.finditer(text):
            if len(m.group()) > 12 or int(m.group()) > self.chars:
                raise BudgetExceeded(f"{what}: the format width {m.group()[:20]} would make " +
                                     limits.limit_message("template_output_chars", "more"))


def _binop_size(budget: Budget, op: str, left: Any, right: Any) -> None:
    """Refuse, before computing it, a result larger than the budget."""
    def number(v):
        return isinstance(v, int) and not isinstance(v, bool)

    if op == "**" and number(left) and number(right) and right > 0 and abs(left) > 1:
        if right * math.log2(abs(left)) > budget.bits:
            raise BudgetExceeded(f"{left} ** {right} has more digits than " +
                                 limits.limit_message("template_output_chars"))
    if op == "**" and isinstance(left, float) and isinstance(right, (int, float)) and abs(right) > 1e6:
        raise BudgetExceeded(f"the power {right:g} is too large for a template")
    if op == "*":
        for seq, n in ((left, right), (right, left)):
            if isinstance(seq, (str, list, tuple)) and number(n) and len(seq) * n > budget.chars:
                raise BudgetExceeded(f"repeating {len(seq):,} item{'s' if len(seq) != 1 else ''} {n:,} times makes " +
                                     limits.limit_message("template_output_chars", "more"))
        if number(left) and number(right) and left.bit_length() + right.bit_length() > budget.bits:
            raise BudgetExceeded("the product has more digits than " +
                                 limits.limit_message("template_output_chars"))
    if op == "%" and isinstance(left, str):
        budget.format_string(left, "'%' formatting")
    if op == "+" and isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)):
        if len(left) + len(right) > budget.chars:
            raise BudgetExceeded("joining the two makes " +
                                 limits.limit_message("template_output_chars", "more"))


class BudgetedEnvironment(SandboxedEnvironment):
    """A SandboxedEnvironment whose every evaluation runs under a `Budget`."""

    intercepted_binops = _ARITHMETIC

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.budget: Budget | None = None
        self.used = 0.0  # processor seconds all evaluations of this environment took (one build)
        self.globals.pop("lipsum", None)  # placeholder text has no place on a card
        self.globals["range"] = self._range
        self.filters = {name: self._budgeted_filter(name, f) for name, f in self.filters.items()}

    # every step a template takes comes through one of these
    def _spend(self) -> Budget:
        budget = self.budget
        if budget is None:  # outside `fill` (a test parsing a template): a fresh budget
            budget = self.budget = Budget()
        budget.tick()
        return budget

    def _range(self, *args: Any) -> range:
        budget = self._spend()
        for a in args:
            budget.count_arg(a, "range")
        r = range(*args)
        budget.tick(len(r))
        return r

    def _budgeted_filter(self, name: str, f: Any) -> Any:
        @functools.wraps(f)
        def budgeted(*args: Any, **kwargs: Any) -> Any:
            budget = self._spend()
            for a in list(args[1:]) + list(kwargs.values()):
                if not isinstance(a, (jinja2.runtime.Context, jinja2.Environment, jinja2.nodes.EvalContext)):
                    budget.count_arg(a, name)
            if name == "format" and args:
                for a in args:
                    if isinstance(a, str):
                        budget.format_string(a, "the format filter")
                        break
            result = f(*args, **kwargs)
            budget.size(result)
            return result

        return budgeted

    _range.__name__ = "range"

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        budget = self._spend()
        _binop_size(budget, operator, left, right)
        result = super().call_binop(context, operator, left, right)
        budget.size(result)
        return result

    def getattr(self, obj: Any, attribute: str) -> Any:
        self._spend()
        return super().getattr(obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        self._spend()
        return super().getitem(obj, argument)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        budget = __self._spend()
        what = getattr(__obj, "__name__", "a call")
        for a in list(args) + list(kwargs.values()):
            budget.count_arg(a, what)
        owner = getattr(getattr(__obj, "__wrapped__", __obj), "__self__", None)  # str.format comes wrapped
        if isinstance(owner, str):
            if what in ("format", "format_map"):
                budget.format_string(owner, f"str.{what}")
            if what == "replace" and len(args) >= 2 and isinstance(args[1], str):
                if (len(owner) + 1) * max(len(args[1]), 1) > budget.chars:
                    raise BudgetExceeded("str.replace would make " +
                                         limits.limit_message("template_output_chars", "more"))
        result = super().call(__context, __obj, *args, **kwargs)
        budget.size(result)
        return result

    # ------------------------------------------------------------ evaluating

    def fill(self, template: jinja2.Template, context: Mapping[str, Any]) -> str:
        """Render `template` under a fresh budget; BudgetExceeded names the limit crossed."""
        left = limits.value("templates_total_milliseconds") / 1000.0 - self.used
        budget = self.budget = Budget(left)
        if left <= 0:
            budget.timeout()
        out: list[str] = []
        length = 0
        started = time.process_time()
        with _alarm(budget):
            try:
                for chunk in template.generate(context):
                    length += len(chunk)
                    if length > budget.chars:
                        raise BudgetExceeded("the template writes " + limits.limit_message(
                            "template_output_chars", "more"))
                    out.append(chunk)
                    budget.tick()
            except RecursionError:
                raise BudgetExceeded("the template nests too deeply") from None
            except MemoryError:
                raise BudgetExceeded("the template needs more memory than there is") from None
            finally:
                self.budget = None
                self.used += time.process_time() - started
        return "".join(out)


class _alarm:
    """A timer signal that stops a template past its time, in the main thread only (Python
    delivers signals there); elsewhere the check at every operation does it."""

    def __init__(self, budget: Budget):
        self.budget = budget
        self.active = False

    def __enter__(self) -> None:
        if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
            return
        try:
            self.previous = signal.signal(signal.SIGPROF, self._ring)
        except (ValueError, OSError):
            return
        self.active = True
        signal.setitimer(signal.ITIMER_PROF, self.budget.seconds + 0.05)

    def _ring(self, signum, frame) -> None:
        self.budget.timeout()

    def __exit__(self, *exc: Any) -> None:
        if self.active:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, self.previous)
