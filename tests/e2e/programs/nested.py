"""Nested objects and a few call levels: variables, frames, stepping, evaluation."""


class Address:
    def __init__(self, city, zip_code):
        self.city = city
        self.zip_code = zip_code


class Customer:
    def __init__(self, name, address):
        self.name = name
        self.address = address


class Item:
    def __init__(self, name, price, qty):
        self.name = name
        self.price = price
        self.qty = qty


class Order:
    def __init__(self, order_id, customer, items):
        self.order_id = order_id
        self.customer = customer
        self.items = items
        self.meta = {"source": "web", "tags": ["new", "priority"]}
        self.total = 0


def line_total(item):
    amount = item.price * item.qty  # MARK: line_total
    return amount


def process(order, discount):
    items = order.items
    subtotal = 0
    for item in items:
        subtotal += line_total(item)  # MARK: call_line_total
    order.total = subtotal - discount  # MARK: after_loop
    return order.total  # MARK: process_return


def main():
    customer = Customer("Ada", Address("London", "NW1"))
    order = Order(7, customer, [Item("pen", 2, 5), Item("book", 12, 1), Item("lamp", 30, 2)])
    result = process(order, 4)  # MARK: main_call
    print("result", result)  # MARK: main_print


main()
