/* A program that runs until killed, for attaching to: the tests start it, attach, detach,
   and check it still runs. */
#include <stdio.h>
#include <unistd.h>

int main(void) {
    long ticks = 0;
    for (;;) {
        ticks++; /* MARK: tick */
        usleep(10000);
    }
    return 0;
}
