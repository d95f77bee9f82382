"""The look shared by every window opened over the machine: centred, thick accent border.

Each screen adds its own rules after :func:`dialog_css`; only the sizes differ.
"""

from __future__ import annotations


def dialog_css(
    screen: str,
    dialog_id: str,
    *,
    width: str = "100%",
    max_width: int | None = None,
    height: str = "100%",
    extra: tuple[str, ...] = (),
) -> str:
    """CSS centring ``#dialog_id`` on ``screen`` in a bordered box; ``extra`` adds rules to it."""
    rules = [f"width: {width};"]
    if max_width is not None:
        rules.append(f"max-width: {max_width};")
    rules.append(f"height: {height};")
    rules += ["border: thick $accent;", "border-title-align: center;", "background: $surface;"]
    rules += extra
    body = "\n".join(f"        {rule}" for rule in rules)
    return f"""
    {screen} {{
        align: center middle;
    }}
    #{dialog_id} {{
{body}
    }}"""
