total = 0
for i in range(10):
    total += i  # MARK: loop_body
print("done", total)  # MARK: loop_done
