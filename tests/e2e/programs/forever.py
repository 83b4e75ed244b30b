import time

counter = 0
while True:
    counter += 1  # MARK: forever_body
    time.sleep(0.01)
