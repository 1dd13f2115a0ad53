// The gzipped copy of a built file that the server sends to a client that
// accepts gzip (src/server/files/serve-fingerprinted-files.ts), shared by
// scripts/build-page.js and scripts/build-docs.js.
import { readFileSync, writeFileSync } from 'node:fs'
import { constants, gzipSync } from 'node:zlib'

/**
 * Writes `bytes` (default: the file at `path`) gzipped at the best level
 * to `path.gz`, and returns the gzipped size.
 * @example
 * writeGzippedCopy('dist/page/__page/explorer-abc.js')
 */
export function writeGzippedCopy(path, bytes = readFileSync(path)) {
  const gzipped = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION })
  writeFileSync(`${path}.gz`, gzipped)
  return gzipped.length
}
