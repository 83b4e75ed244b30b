class InventoryError(Exception):
    pass


class OutOfStock(InventoryError):
    pass


def take(stock, n):
    if n > stock:
        raise OutOfStock("only %d left" % stock)  # MARK:raise-user
    return stock - n


def main():
    try:
        {}["missing"]  # MARK:raise-key
    except KeyError:
        pass
    try:
        int("not a number")  # MARK:raise-value
    except ValueError:
        pass
    try:
        take(1, 5)
    except InventoryError as e:
        print("caught", e)
    print("done")


main()
