/* Feature Compass: the program of the LTTng UST cyg-profile sample (make-ust-sample.sh). A PIE
 * built with -finstrument-functions: each call emits lttng_ust_cyg_profile:func_entry/func_exit
 * with the function's address when liblttng-ust-cyg-profile.so is preloaded. Two threads call a
 * few functions of the program and of libust-work.so. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

void lib_checksum(int rounds);
void lib_compress(int rounds);

static volatile long sink;

static void leaf(long n)
{
    for (long i = 0; i < n; i++) {
        sink += i;
    }
}

static void parse(int k)
{
    for (int i = 0; i < k; i++) {
        leaf(1000);
    }
}

void handle_small(void)
{
    parse(2);
    lib_checksum(1);
}

void handle_large(void)
{
    parse(3);
    lib_compress(2);
    handle_small();
}

static void *worker(void *arg)
{
    int n = *(int *) arg;
    for (int i = 0; i < n; i++) {
        if (i % 3 == 0) {
            handle_large();
        } else {
            handle_small();
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 12;
    pthread_t thread;
    pthread_create(&thread, NULL, worker, &n);
    worker(&n);
    pthread_join(thread, NULL);
    printf("%ld\n", sink);
    return 0;
}
