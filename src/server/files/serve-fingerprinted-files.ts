import { createReadStream, statSync, type Stats } from 'node:fs'
import { extname, resolve, sep } from 'node:path'
import { pipeline, type Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { createGunzip } from 'node:zlib'
import express, { type Request, type RequestHandler } from 'express'
import { isFileSystemError } from './is-file-system-error.js'

const CACHE_CONTROL = 'public, max-age=31536000, immutable'

// Cached for good. `name.js.gz` answers `name.js`, unzipped for others where
// only the copy is stored (to keep the package small).
export function serveFingerprintedFiles(directory: URL): RequestHandler {
  const root = fileURLToPath(directory)
  const serveStatic = express.static(root, {
    immutable: true,
    maxAge: '365d',
    index: false,
    redirect: false,
  })
  return (request, response, next) => {
    // send makes EACCES, ELOOP and the like a 500, which would call it our bug.
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
  // `throwIfNoEntry: false` spares ENOENT only, not ENAMETOOLONG, ELOOP, EACCES.
  const stats = statFile(`${file}.gz`)
  if (stats === undefined) return undefined
  return { file, size: stats.size, plain: statFile(file) !== undefined }
}

function statFile(path: string): Stats | undefined {
  try {
    const stats = statSync(path)
    return stats.isFile() ? stats : undefined
  } catch {
    return undefined
  }
}
