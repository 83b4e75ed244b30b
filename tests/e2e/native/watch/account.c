/* Who changed the balance? A program whose values are written in several places,
   for the data breakpoints (watches) of the native e2e tests. */
#include <stdio.h>

struct account {
    char owner[8];
    int balance;
};

static int square(int x) {
    int result = 0; /* MARK: square_start */
    result = x * x; /* MARK: square */
    return result;
}

static int cube(int x) {
    int volume = x * x * x; /* MARK: cube */
    return volume;
}

static void deposit(struct account *a, int amount) {
    a->balance += amount; /* MARK: deposit */
}

static void apply_fee(struct account *a) {
    int *p = &a->balance;
    *p -= 3; /* MARK: fee */
}

int main(void) {
    struct account acc = {"ada", 10};
    int total = 0; /* MARK: start */
    for (int i = 1; i <= 3; i++) {
        total += i; /* MARK: total */
    }
    int sizes = square(3) + cube(2); /* MARK: sizes */
    deposit(&acc, 5);
    apply_fee(&acc);
    printf("balance %d total %d sizes %d\n", acc.balance, total, sizes);
    return 0;
}
