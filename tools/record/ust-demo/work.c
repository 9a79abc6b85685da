/* Feature Compass: the shared library of the LTTng UST cyg-profile sample (make-ust-sample.sh).
 * Built position-independent with -finstrument-functions, so its functions' addresses in the
 * trace are its load address plus their offsets. */
static volatile long sink;

static void spin(long n)
{
    for (long i = 0; i < n; i++) {
        sink += i;
    }
}

void lib_checksum(int rounds)
{
    for (int i = 0; i < rounds; i++) {
        spin(2000);
    }
}

void lib_compress(int rounds)
{
    lib_checksum(rounds);
    spin(5000);
}
