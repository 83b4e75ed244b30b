// A program that runs until killed, for attaching to: the tests start it, attach, detach,
// and check it still runs.
package main

import "time"

func main() {
	ticks := 0
	for {
		ticks++ // MARK: tick
		time.Sleep(10 * time.Millisecond)
	}
}
