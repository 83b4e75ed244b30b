"""Tests of the calculator sample (run by the "Calculator Tests" configuration).

test_total_includes_tax fails until TAX_RATE in calculator.py is fixed: that is the
bug the sample is about.
"""

import unittest

from calculator import Item, calculate_total, subtotal_of


class CalculatorTest(unittest.TestCase):
    def test_subtotal(self):
        self.assertEqual(subtotal_of([Item("Gadget", 25.0, 2), Item("Gizmo", 50.0)]), 100.0)

    def test_empty_order(self):
        self.assertEqual(calculate_total([]), 0.0)

    def test_total_includes_tax(self):
        items = [Item("Widget", 50.0), Item("Gadget", 25.0, 2), Item("Gizmo", 50.0)]
        self.assertEqual(calculate_total(items), 162.0)


if __name__ == "__main__":
    unittest.main()
