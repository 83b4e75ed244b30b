# The benchmark's debuggee: a loop that hits the same breakpoint many times.
def work(n):
    total = 0
    for i in range(n):
        total += i
        label = "step %d" % i
    return total, label


def main():
    data = {"items": list(range(10)), "name": "bench"}
    for _ in range(1000000):
        work(3)
    return data


main()
