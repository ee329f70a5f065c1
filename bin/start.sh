#!/bin/sh
# `npm start`: the service with an allocator that returns a render's freed raster memory to the
# system without slowing the renders down. jemalloc where the system has it (Debian's
# libjemalloc2; .ci/run installs it); otherwise glibc's malloc with small mmap and trim
# thresholds, which keeps memory flat too but makes every render about twice as slow.
here=$(dirname "$0")
for lib in /usr/lib/x86_64-linux-gnu/libjemalloc.so.2 /usr/lib/aarch64-linux-gnu/libjemalloc.so.2 /usr/lib64/libjemalloc.so.2 /usr/lib/libjemalloc.so.2 /usr/local/lib/libjemalloc.so.2; do
  if [ -r "$lib" ] && [ -z "${GOLDMAPS_GLIBC_MALLOC:-}" ]; then
    LD_PRELOAD="$lib${LD_PRELOAD:+:$LD_PRELOAD}" \
      MALLOC_CONF="${MALLOC_CONF:-background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0,narenas:2}" \
      exec node "$here/goldmaps.js" serve "$@"
  fi
done
MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072 exec node "$here/goldmaps.js" serve "$@"
