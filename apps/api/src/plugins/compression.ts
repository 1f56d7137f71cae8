import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers of at least this many bytes are compressed. Smaller ones gain little on the wire and
 * would cost a compression context each: most API answers (a sign-in, a dose tick) are below it.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers and any web file that has no pre-compressed copy, with what the client
 * accepts (zstd, brotli or gzip). The built web app's own files are compressed once at build time
 * and served as they are (web-app.ts), so this only ever compresses them when a copy is missing.
 *
 * Left alone by design: the live event stream (`text/event-stream` is not on the plugin's list, and
 * the stream writes to the socket directly, so nothing buffers it), and report files, receipts and
 * pictures (JPEG, PNG, GIF and PDF are already compressed and not on the list either). Must be
 * registered before @fastify/static, whose replies it would otherwise not see.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Request bodies stay uncompressed: nothing sends them so, and inflating them would let a small
    // upload grow past the body limits after they were checked.
    globalDecompression: false,
  });
}
