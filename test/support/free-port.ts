import { createServer, type AddressInfo } from 'node:net'

/**
 * A port of 127.0.0.1 that was free a moment ago, for a process that must be
 * told its port before it starts (redis-server, HAProxy, `PORT=`).
 * @example
 * const port = await freePort()
 */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}
