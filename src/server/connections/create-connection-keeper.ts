import type { Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

// Node's `server.close()` leaves a response in flight free to keep its
// connection alive, which the client then reuses as it closes (ECONNRESET);
// and a stalled upload keeps `close()` waiting until the request timeout.
export function createConnectionKeeper(
  server: Server,
  timeouts: { idleTimeout: number; shutdownTimeout: number },
) {
  const inFlight = new Set<ServerResponse>()
  let closing: Promise<void> | undefined

  function untrack(this: ServerResponse): void {
    inFlight.delete(this)
    // Its connection may now be idle (headers sent before the stop).
    if (closing !== undefined) server.closeIdleConnections()
  }

  // With a 'timeout' listener Node no longer destroys a timed-out socket, so a
  // response delayed on purpose (a latency scenario) is not cut. Per socket,
  // not `server.setTimeout`, which re-arms at every request after the first.
  if (timeouts.idleTimeout > 0) {
    server.on('connection', (socket: Socket) => {
      socket.setTimeout(timeouts.idleTimeout)
    })
  }
  server.on('timeout', (socket: Socket) => {
    for (const response of inFlight) {
      if (response.socket === socket) return
    }
    socket.destroy()
  })

  return {
    track(response: ServerResponse): void {
      if (closing !== undefined) {
        response.setHeader('connection', 'close')
        return
      }
      inFlight.add(response)
      response.on('close', untrack)
    },
    /** Every response still to be written says `Connection: close`; connections left after `shutdownTimeout` are destroyed. */
    close(): Promise<void> {
      closing ??= new Promise<void>((resolve, reject) => {
        for (const response of inFlight) {
          if (!response.headersSent) response.setHeader('connection', 'close')
        }
        const deadline = setTimeout(
          () => server.closeAllConnections(),
          timeouts.shutdownTimeout,
        )
        server.close((error) => {
          clearTimeout(deadline)
          if (error) reject(error)
          else resolve()
        })
        // Node 19+ does this in `close()` too; said so the order is ours.
        server.closeIdleConnections()
      })
      return closing
    },
  }
}
