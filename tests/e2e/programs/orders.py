class Order:
    def __init__(self):
        self.items = []
        self.total = 0.0

    def add(self, price):
        self.items.append(price)
        self.total += price


def main():
    order = Order()
    order.add(40.25)
    order.add(60.25)  # MARK: watch_start
    order.add(25.25)  # MARK: watch_next
    discount = 5  # MARK: watch_last
    print("total", order.total - discount)


main()
