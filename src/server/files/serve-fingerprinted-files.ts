import { createReadStream, statSync, type Stats } from 'node:fs'
import { extname, resolve, sep } from 'node:path'
import { pipeline, type Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { createGunzip } from 'node:zlib'
import express, { type Request, type RequestHandler } from 'express'
import { isFileSystemError } from './is-file-system-error.js'

const CACHE_CONTROL = 'public, max-age=31536000, immutable'

/**
 * Serves the files of a built folder whose names change with their content
 * (the page's and the API reference's assets), so they may be cached for
 * good: `cache-control: public, max-age=31536000, immutable`. A file with a
 * gzipped copy (`name.js.gz`, written at build time) answers `name.js` with
 * that copy to a client that accepts gzip, and to any other with the file
 * itself, or the copy unzipped where it is stored only gzipped (the API
 * reference's renderer, to keep the package small); `Vary: Accept-Encoding`
 * either way. A name that is not there falls through to the next route (the
 * JSON 404), and so does one the file system cannot look up or read (too
 * long, a loop, no permission): a request names no file into being.
 */
export function serveFingerprintedFiles(directory: URL): RequestHandler {
  const root = fileURLToPath(directory)
  const serveStatic = express.static(root, {
    immutable: true,
    maxAge: '365d',
    index: false,
    redirect: false,
  })
  return (request, response, next) => {
    // @note send answers 404 for ENOENT and ENAMETOOLONG but passes EACCES,
    // ELOOP and the like on as a 500, which would call it a bug of ours.
    const fallThrough = (error?: unknown) =>
      next(isFileSystemError(error) ? undefined : error)
    const gzipped = findGzippedFile(root, request)
    if (gzipped === undefined) {
      return serveStatic(request, response, fallThrough)
    }
    response.vary('Accept-Encoding')
    const acceptsGzip = request.acceptsEncodings('gzip') === 'gzip'
    if (!acceptsGzip && gzipped.plain) {
      return serveStatic(request, response, fallThrough)
    }
    response.setHeader('Cache-Control', CACHE_CONTROL)
    response.type(extname(gzipped.file))
    if (acceptsGzip) {
      response.setHeader('Content-Encoding', 'gzip')
      response.setHeader('Content-Length', gzipped.size)
    }
    if (request.method === 'HEAD') return void response.end()
    const streams: [Readable, ...NodeJS.ReadWriteStream[]] = [
      createReadStream(`${gzipped.file}.gz`),
      ...(acceptsGzip ? [] : [createGunzip()]),
    ]
    // A client that goes away mid-file ends the stream; nothing to report.
    pipeline([...streams, response], (error) => {
      if (error) response.destroy()
    })
  }
}

/**
 * The file a GET or HEAD names, when it has a gzipped copy `<file>.gz`, and
 * whether the file itself is there too.
 */
function findGzippedFile(
  root: string,
  request: Request,
): { file: string; size: number; plain: boolean } | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  let path: string
  try {
    path = decodeURIComponent(request.path)
  } catch {
    return undefined
  }
  const file = resolve(root, `.${path}`)
  if (
    path.includes('\0') ||
    !file.startsWith(root.endsWith(sep) ? root : root + sep)
  ) {
    return undefined
  }
  // @note `throwIfNoEntry: false` spares ENOENT only: a name over 255
  // bytes still throws ENAMETOOLONG, and others ELOOP or EACCES.
  const stats = statFile(`${file}.gz`)
  if (stats === undefined) return undefined
  return { file, size: stats.size, plain: statFile(file) !== undefined }
}

/** The stats of the regular file at `path`, or undefined for any error. */
function statFile(path: string): Stats | undefined {
  try {
    const stats = statSync(path)
    return stats.isFile() ? stats : undefined
  } catch {
    return undefined
  }
}
