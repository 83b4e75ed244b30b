x = 20
y = x + 22  # MARK: short
print("short", x, y)
