import time

count = 0
while True:
    count += 1  # MARK:spin
    time.sleep(0.02)
