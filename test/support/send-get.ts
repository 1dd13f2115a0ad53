import { request as httpRequest } from 'node:http'

/** What a GET sent with `sendGet` answered. */
export interface SentGetAnswer {
  status: number
  body: string
}

/**
 * A GET with its path and headers as written, `Host` included when given:
 * `fetch` would normalise the path and set `Host` itself.
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
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body }),
        )
      },
    )
    request.on('error', reject)
    request.end()
  })
}
