"""Every answer within what clients keep: Claude Code files away a tool result over ~50,000
characters and shows the model a preview. What a tool would list beyond 40,000 characters is
cut from the end of its longest list, counted, and said (`cut`), and the answer keeps its
shape (the SDK checks it against the output schema). Prints each answer's size."""

from __future__ import annotations

import json

import pytest

from conftest import ANSWER_BUDGET, line_of, text_of

pytestmark = pytest.mark.anyio


async def test_the_largest_answers_are_cut_to_the_budget_and_say_so(server):
    async with server() as t:
        await t.ok("set_breakpoint", file_path="long_values.py", line=line_of("long_values.py", "long_values_ready"))
        await t.ok("start_debug_session", file_path="long_values.py")

        # max_variables above its maximum (500) is taken as 500; 300 long values still do not fit.
        result = await t.raw("get_variables", {"max_variables": 5000})
        answer = result.structured_content
        size = len(text_of(result))
        print(f"get_variables (max_variables 5000): {size} characters, "
              f"{len(answer['variables'])} of {answer['total_count']} variables")
        assert not result.is_error and size <= ANSWER_BUDGET
        shown = len(answer["variables"])
        assert 20 < shown < 60, shown
        assert shown + answer["omitted"] == answer["total_count"] > 300, answer["total_count"]
        assert "entries of 'variables'" in answer["cut"] and "max_variables" in answer["cut"], answer["cut"]
        assert json.loads(text_of(result)) == answer, "the text and the structured answer agree"

        children = await t.raw("expand_variable", {"path": "rows", "max_children": 1000})
        expanded = children.structured_content
        size = len(text_of(children))
        print(f"expand_variable rows (max_children 1000): {size} characters, "
              f"{len(expanded['children'])} of {expanded['total_count']} children")
        assert not children.is_error and size <= ANSWER_BUDGET
        # debugpy shows a long list's first 100 items (and its len): all of them would not fit.
        assert len(expanded["children"]) + expanded["omitted"] == expanded["total_count"] > 100
        assert "entries of 'children'" in expanded["cut"], expanded["cut"]

        # What fits is not touched.
        small = await t.ok("get_variables", max_variables=3)
        assert "cut" not in small and len(small["variables"]) == 3
        await t.ok("stop_debug_session")
