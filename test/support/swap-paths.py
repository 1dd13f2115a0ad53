# Swaps two paths over and over, as a writer racing the mock would:
# renameat2(RENAME_EXCHANGE) from libc through ctypes (one atomic step, so
# each name always exists), or three renames where the exchange is not
# available (another kernel or file system). Runs until its stdin closes or
# it has swapped `most` times, always an even number of times, so both
# paths end as they began; prints "ready <mode>" once it runs and
# "<mode> <swaps>" when it ends. Used by test/support/swap-loop.ts.
import ctypes
import os
import sys
import threading

AT_FDCWD = -100
RENAME_EXCHANGE = 2


def exchanger():
    libc = ctypes.CDLL(None, use_errno=True)
    renameat2 = getattr(libc, 'renameat2', None)
    if renameat2 is None:
        return None
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int,
                          ctypes.c_char_p, ctypes.c_uint]

    def swap(a, b):
        if renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) != 0:
            error = ctypes.get_errno()
            raise OSError(error, os.strerror(error))
    return swap


def renames(a, b):
    spare = a + b'.swap-spare'
    os.rename(a, spare)
    os.rename(b, a)
    os.rename(spare, b)


def main():
    a, b, most = os.fsencode(sys.argv[1]), os.fsencode(sys.argv[2]), int(sys.argv[3])
    swap, mode = exchanger(), 'exchange'
    try:
        swap(a, b)
        swap(a, b)
    except (TypeError, OSError):
        swap, mode = renames, 'renames'
    stop = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
    print('ready', mode, flush=True)
    swaps = 0
    while swaps < most and not stop.is_set():
        swap(a, b)
        swap(a, b)
        swaps += 2
    print(mode, swaps, flush=True)


main()
