"""A loop of 1,000 iterations whose running total an agent traces."""

total = 0  # MARK: accumulate_start
for i in range(1000):
    total += i * 2  # MARK: accumulate
    if i == 500:
        halfway = total  # MARK: halfway
    if total < 0:
        never = True  # MARK: never
print("total", total)  # MARK: accumulate_done
