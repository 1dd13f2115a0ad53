import { connect } from 'node:net'

// Raw HTTP/1.1 over a socket, for requests fetch cannot send or that stop halfway.

/** What a raw connection received, and how it ended. */
export interface RawExchange {
  /** Everything the server wrote, as Latin-1 text. */
  text: string
  /** The socket error the client saw, e.g. `ECONNRESET`, if any. */
  error?: string
}

/**
 * Opens a connection, writes `parts` one after the other without ending its
 * side, and resolves once the server has closed the connection.
 */
export function exchange(
  url: string,
  parts: ReadonlyArray<string | Buffer>,
): Promise<RawExchange> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const result: RawExchange = { text: '' }
    const socket = connect(Number(port), hostname, () => {
      for (const part of parts) socket.write(part)
    })
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (result.text += chunk))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      result.error = error.code
    })
    socket.on('close', () => resolve(result))
  })
}

export function statusOf(text: string): number {
  return Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1])
}

export function headerOf(text: string, name: string): string | undefined {
  const head = text.slice(0, text.indexOf('\r\n\r\n'))
  const line = head
    .split('\r\n')
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
  return line?.slice(name.length + 1).trim()
}

export function errorOf(text: string): { code: string; message: string } {
  return JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)).error
}
