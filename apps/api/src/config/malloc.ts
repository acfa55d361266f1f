/**
 * The C library's allocator setting every launcher gives the server (`npm start`, the Dockerfile,
 * the systemd unit, `npm run cluster`, the benches): a block of 32 KB or more gets pages of its own,
 * given back as soon as it is freed. Without it glibc raises that threshold each time a large block
 * is freed, and the server's start (V8 compiling PGlite's WebAssembly in its own threads, the demo
 * images) leaves 40–60 MB of freed memory in the threads' arenas for good: `npm run bench:scans`
 * measures the server at rest. It must be in the environment when the process starts, so the server
 * cannot set it for itself; deploy.test.ts checks that every launcher does.
 */
export const MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=32768';
