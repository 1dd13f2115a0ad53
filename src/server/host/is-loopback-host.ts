import { isIPv4 } from 'node:net'

/**
 * Whether an address to listen on reaches this machine only: `localhost`,
 * `127.0.0.0/8` or `::1` (plain or IPv4-mapped). Any other name or address
 * (`0.0.0.0`, `::`, a LAN address, a host name) counts as reachable from
 * elsewhere.
 */
export function isLoopbackHost(host: string): boolean {
  const address = host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/^::ffff:/, '')
  return (
    address === 'localhost' ||
    address === '::1' ||
    (isIPv4(address) && address.startsWith('127.'))
  )
}
