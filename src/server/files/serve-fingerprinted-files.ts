import { fileURLToPath } from 'node:url'
import express, { type RequestHandler } from 'express'

/**
 * Serves the files of a built folder whose names change with their content
 * (the page's and the API reference's assets), so they may be cached for
 * good: `cache-control: public, max-age=31536000, immutable`. A name that is
 * not there falls through to the next route (the JSON 404).
 * @example
 * router.use('/__docs', serveFingerprintedFiles(new URL('../docs/__docs/', import.meta.url)))
 */
export function serveFingerprintedFiles(directory: URL): RequestHandler {
  return express.static(fileURLToPath(directory), {
    immutable: true,
    maxAge: '365d',
    index: false,
    redirect: false,
  })
}
