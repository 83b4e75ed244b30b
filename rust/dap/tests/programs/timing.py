def work():
    value = 42
    return value  # MARK:here


work()
