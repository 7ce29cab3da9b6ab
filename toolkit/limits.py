"""Every size, depth and cost limit, in one place (docs/limits.md).

The limits live in `dsl.limits`, because the language reads them and `dsl`
never imports `toolkit`; this module is the toolkit's name for the same values.
"""

from dsl.limits import (  # noqa: F401
    BY_NAME,
    DEFAULTS,
    ENVIRONMENT,
    Limit,
    Limits,
    LimitSpecError,
    active,
    as_spec,
    from_environment,
    limit_message,
    parse_spec,
    raised,
    value,
)
