import threading

ready = threading.Barrier(3)
release = threading.Event()


def worker():
    ready.wait()
    release.wait(30)


threads = [threading.Thread(target=worker, name=f"worker-{n}") for n in (1, 2)]
for t in threads:
    t.start()
ready.wait()
alive = threads[0].is_alive() + threads[1].is_alive()  # MARK: threads_ready
release.set()
for t in threads:
    t.join()
print("threads done", alive)
