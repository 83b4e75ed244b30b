"""Calculator sample: an order total with a tax bug, for an agent to find with the debugger.

calculate_total() should add 8% sales tax, but TAX_RATE is 0, so every order comes
out without tax: 150.00 instead of 162.00. Find it with the debugger: break at the
subtotal line in calculate_total, step over it and the tax line, and evaluate
``subtotal * TAX_RATE``.

The line numbers of this file are used by examples/demo.py and tests/e2e: keep them.
"""

TAX_RATE = 0  # BUG: should be 0.08


class Item:
    def __init__(self, name, price, quantity=1):
        self.name = name
        self.price = price
        self.quantity = quantity

    def __repr__(self):
        return f"Item({self.name!r}, {self.price}, {self.quantity})"


def subtotal_of(items):
    return sum(item.price * item.quantity for item in items)


def calculate_total(items):
    subtotal = 0.0
    tax = 0.0
    subtotal = subtotal_of(items)  # line 31: breakpoint here
    tax = subtotal * TAX_RATE  # line 32: the tax calculation
    total = subtotal + tax  # line 33
    return round(total, 2)


def main():
    items = [Item("Widget", 50.0), Item("Gadget", 25.0, 2), Item("Gizmo", 50.0)]
    total = calculate_total(items)
    print(f"Total: {total:.2f}")


if __name__ == "__main__":
    main()
