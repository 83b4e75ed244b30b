// A cart total with a struct, a loop and a call: what the native e2e tests debug.
// With an argument it panics (a crash the debugger stops at).
package main

import (
	"fmt"
	"os"
)

type Item struct {
	Name  string
	Price float64
	Qty   int
}

func lineTotal(it *Item) float64 {
	amount := it.Price * float64(it.Qty) // MARK: line_total
	return amount
}

func subtotalOf(items []Item) float64 {
	total := 0.0
	for i := range items {
		total += lineTotal(&items[i]) // MARK: loop
	}
	return total // MARK: subtotal_return
}

func main() {
	items := []Item{{"apple", 1.5, 4}, {"pear", 2.0, 3}, {"fig", 0.5, 10}}
	subtotal := subtotalOf(items) // MARK: main_call
	fmt.Printf("subtotal %.2f\n", subtotal)
	if len(os.Args) > 1 {
		panic("crash requested") // MARK: crash
	}
	os.Exit(3)
}
