import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.mp4': 'video/mp4',
}

/** A plain static file server on loopback, closed by `await using`. */
export interface StaticServer extends AsyncDisposable {
  /** E.g. `http://127.0.0.1:43210`. */
  url: string
  /** Every path requested, in order. */
  requests: string[]
}

/**
 * Serves folders as a static host does, with no mock running: files by
 * extension, `index.html` for a path ending in `/`, 404 for anything else.
 * `folders` maps a URL path prefix (`/`, `/demo/`) to a folder; the longest
 * matching prefix wins.
 * @example
 * await using site = await serveStaticFolders({ '/': outDir })
 * await page.goto(`${site.url}/`)
 */
export async function serveStaticFolders(
  folders: Readonly<Record<string, string>>,
): Promise<StaticServer> {
  const prefixes = Object.keys(folders).sort((a, b) => b.length - a.length)
  const requests: string[] = []
  const server = createServer(async (request, response) => {
    try {
      const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1')
      requests.push(pathname)
      const prefix = prefixes.find((candidate) =>
        pathname.startsWith(candidate),
      )
      if (prefix === undefined) return void response.writeHead(404).end()
      const root = folders[prefix]!
      const rest = decodeURIComponent(pathname.slice(prefix.length))
      const file = normalize(
        join(
          root,
          rest === '' || rest.endsWith('/') ? `${rest}index.html` : rest,
        ),
      )
      const type = CONTENT_TYPES[extname(file).toLowerCase()]
      if (!file.startsWith(root + sep) || type === undefined) {
        return void response.writeHead(404).end()
      }
      const body = await readFile(file)
      response.writeHead(200, { 'content-type': type }).end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async [Symbol.asyncDispose]() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
