/* A cart total with a struct, a loop and a call: what the native e2e tests debug.
   With an argument it aborts (a crash the debugger stops at). */
#include <stdio.h>
#include <stdlib.h>

struct item {
    const char *name;
    double price;
    int qty;
};

double line_total(struct item *it) {
    double amount = it->price * it->qty; /* MARK: line_total */
    return amount;
}

double subtotal_of(struct item *items, int n) {
    double total = 0;
    for (int i = 0; i < n; i++) {
        total += line_total(&items[i]); /* MARK: loop */
    }
    return total; /* MARK: subtotal_return */
}

int main(int argc, char **argv) {
    struct item items[3] = {{"apple", 1.5, 4}, {"pear", 2.0, 3}, {"fig", 0.5, 10}};
    double subtotal = subtotal_of(items, 3); /* MARK: main_call */
    printf("subtotal %.2f\n", subtotal);
    if (argc > 1) {
        abort(); /* MARK: crash */
    }
    return 3;
}
