import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'

/** What a GET sent with `sendGet` answered. */
export interface SentGetAnswer {
  status: number
  headers: IncomingHttpHeaders
  /** The body as sent (still gzipped, say), and as UTF-8 text. */
  bytes: Buffer
  body: string
}

/**
 * A GET with its path and headers as written, `Host` and `Accept-Encoding`
 * included when given: `fetch` would normalise the path, set `Host` itself
 * and unzip the body.
 * @example
 * const { status } = await sendGet(server.url, '/public-api/v1/%2e%2e/admin', { host: 'evil.test' })
 */
export function sendGet(
  url: string,
  path: string,
  headers: Record<string, string>,
): Promise<SentGetAnswer> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { hostname, port, path, headers, setHost: !('host' in headers) },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const bytes = Buffer.concat(chunks)
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            bytes,
            body: bytes.toString('utf8'),
          })
        })
      },
    )
    request.on('error', reject)
    request.end()
  })
}
