// A TCP proxy between a replica and Redis that can fail the way networks do,
// for the replica fault suite (test/replicas/) and bench/replicas.js:
//   pass    bytes go through;
//   stall   bytes are held in both directions, connections stay open (a
//           partition: TCP keeps them until the link heals, then delivers);
//   refuse  open connections are reset and new ones refused at once;
//   slow    every chunk arrives `delayMs` late, in order.
import { createServer, connect } from 'node:net'

/**
 * Starts a proxy on a free loopback port in front of `target`
 * (`{ host, port }`), passing bytes until told otherwise.
 * @example
 * const proxy = await startFaultProxy({ host: '127.0.0.1', port: 6379 })
 * proxy.set('stall')
 */
export async function startFaultProxy(target) {
  let mode = 'pass'
  let delayMs = 0
  const links = new Set()

  const server = createServer((client) => {
    if (mode === 'refuse') return client.resetAndDestroy()
    const upstream = connect(target.port, target.host)
    const link = {
      client,
      upstream,
      directions: [
        pipe(client, upstream, () => ({ mode, delayMs })),
        pipe(upstream, client, () => ({ mode, delayMs })),
      ],
    }
    links.add(link)
    const end = () => {
      if (!links.delete(link)) return
      client.destroy()
      upstream.destroy()
    }
    for (const socket of [client, upstream]) {
      socket.on('error', end)
      socket.on('close', end)
    }
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()

  return {
    port,
    /** The Redis URL that goes through the proxy. */
    url: `redis://127.0.0.1:${port}`,
    get mode() {
      return mode
    },
    set(next, options = {}) {
      mode = next
      delayMs = options.delayMs ?? 0
      if (mode === 'refuse') {
        for (const link of [...links]) {
          links.delete(link)
          link.client.resetAndDestroy()
          link.upstream.resetAndDestroy()
        }
      }
      for (const link of links) {
        for (const direction of link.directions) direction.release()
      }
    },
    [Symbol.asyncDispose]() {
      return this.close()
    },
    async close() {
      mode = 'refuse'
      for (const link of links) {
        link.client.destroy()
        link.upstream.destroy()
      }
      links.clear()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** One direction of a link: forwards, holds or delays its chunks, in order. */
function pipe(from, to, settings) {
  const held = []
  let due = 0
  const send = (chunk) => {
    const { mode, delayMs } = settings()
    if (mode === 'stall' || held.length > 0) {
      held.push(chunk)
      return
    }
    // Chunks delayed before a switch back to `pass` still go first.
    const now = performance.now()
    due = Math.max(due, now + (mode === 'slow' ? delayMs : 0))
    if (due > now) {
      setTimeout(() => to.writable && to.write(chunk), due - now)
    } else if (to.writable) to.write(chunk)
  }
  from.on('data', send)
  return {
    release() {
      if (settings().mode === 'stall') return
      const chunks = held.splice(0)
      for (const chunk of chunks) send(chunk)
    },
  }
}
