// Makes Synchronization's Mutex visible to ThreadSanitizer on Linux; scripts/sanitize preloads it
// (LD_PRELOAD) into the ThreadSanitizer run of the tests, and nothing else uses it.
//
// Why: Mutex.withLock locks and unlocks with an atomic compare-exchange inlined into the caller
// (so ThreadSanitizer sees it), but when the lock is contended it falls back to
// _MutexHandle._lockSlow/_unlockSlow in libswiftSynchronization.so: a spin, then the kernel's
// FUTEX_LOCK_PI/FUTEX_UNLOCK_PI. That library is not instrumented, so the hand-over of the lock
// is invisible and every access made under a contended Mutex is reported as a race (a false
// positive: two threads that only touch a counter inside withLock, holding the lock across a
// usleep so the other one waits in the kernel, are reported on every run; with this file
// preloaded they are not, and a write outside the lock is still reported).
//
// How: these functions take the place of the library's three slow paths (calls from our code
// reach them through the PLT, so a preloaded definition wins), call the real ones, and tell
// ThreadSanitizer what happened: an acquire of the lock's address after a slow lock, a release
// before a slow unlock. The fast paths are atomic operations on that same address, which
// ThreadSanitizer already pairs with these. Outside a ThreadSanitizer process the annotations
// are absent (weak symbols) and only the real functions run.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>

void __tsan_acquire(void *address) __attribute__((weak));
void __tsan_release(void *address) __attribute__((weak));

// Swift's calling convention: the borrowed _MutexHandle is passed by address as `self`.
#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define TRY_LOCK_SLOW "$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"

typedef __attribute__((swiftcall)) void (*LockSlow)(uint32_t, void *__attribute__((swift_context)));
typedef __attribute__((swiftcall)) bool (*TryLockSlow)(void *__attribute__((swift_context)));
typedef __attribute__((swiftcall)) void (*UnlockSlow)(void *__attribute__((swift_context)));

__attribute__((swiftcall)) void lockSlow(uint32_t threadID, void *__attribute__((swift_context)) handle)
    __asm__(LOCK_SLOW);
__attribute__((swiftcall)) bool tryLockSlow(void *__attribute__((swift_context)) handle) __asm__(TRY_LOCK_SLOW);
__attribute__((swiftcall)) void unlockSlow(void *__attribute__((swift_context)) handle) __asm__(UNLOCK_SLOW);

__attribute__((swiftcall)) void lockSlow(uint32_t threadID, void *__attribute__((swift_context)) handle) {
    static LockSlow real;
    if (!real) real = (LockSlow)dlsym(RTLD_NEXT, LOCK_SLOW);
    real(threadID, handle);
    if (__tsan_acquire) __tsan_acquire(handle);
}

__attribute__((swiftcall)) bool tryLockSlow(void *__attribute__((swift_context)) handle) {
    static TryLockSlow real;
    if (!real) real = (TryLockSlow)dlsym(RTLD_NEXT, TRY_LOCK_SLOW);
    bool locked = real(handle);
    if (locked && __tsan_acquire) __tsan_acquire(handle);
    return locked;
}

__attribute__((swiftcall)) void unlockSlow(void *__attribute__((swift_context)) handle) {
    static UnlockSlow real;
    if (!real) real = (UnlockSlow)dlsym(RTLD_NEXT, UNLOCK_SLOW);
    if (__tsan_release) __tsan_release(handle);
    real(handle);
}
