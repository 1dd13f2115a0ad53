import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'

/**
 * A TCP port on 127.0.0.1 that was free a moment ago, for a program that
 * takes its port as a number (`PORT`, a config file) rather than 0.
 * @example
 * const port = await findFreePort()
 */
export async function findFreePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}
