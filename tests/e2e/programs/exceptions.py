class InventoryError(Exception):
    """A user-defined exception."""


def check(n):
    if n < 0:
        raise ValueError(f"negative quantity: {n}")  # MARK: raise_value
    if n > 100:
        raise InventoryError(f"not enough stock for {n}")  # MARK: raise_inventory
    return n


def main():
    for n in (5, -1, 500):
        try:
            check(n)
        except ValueError as e:
            print("caught ValueError:", e)
        except InventoryError as e:
            print("caught InventoryError:", e)
    print("all checked")  # MARK: exceptions_done


main()
