import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** About one TCP packet: below it compression saves no round trip, only CPU. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses answers of compressible types (JSON, text) above the threshold, brotli first then
 * gzip, as the client accepts. It leaves alone what is encoded already (the built assets, sent
 * precompressed by the SPA plugin), partial content (206, Content-Range: byte ranges count
 * unencoded bytes) and media, whose types are not compressible. socket.io talks to the HTTP
 * server below Fastify and never meets this hook.
 */
export async function registerCompression(app: FastifyInstance) {
  // Registered before every route and before @fastify/static, as the plugin requires.
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] });
}
