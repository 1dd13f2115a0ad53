import type { Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/**
 * Keeps the server's connections in order: closes silent ones, and stops
 * so that no client sends a request into a connection that is about to die
 * and no connection holds the stop up for longer than `shutdownTimeout`.
 */
interface ConnectionKeeper {
  /** Watches a response from its request's arrival until it is done. */
  track(response: ServerResponse): void
  /**
   * Stops accepting connections and closes the idle ones; every response
   * still to be written says `Connection: close`; resolves once every
   * connection is gone, destroying those left after `shutdownTimeout` ms.
   */
  close(): Promise<void>
}

/**
 * Sets up the idle timeout of `server`'s sockets and the way it stops.
 * @note Node's `server.close()` closes idle keep-alive connections but
 * leaves a response in flight free to keep its connection alive, so the
 * client reuses a connection that is closed a moment later (ECONNRESET);
 * and a stalled upload keeps `close()` waiting until the request timeout.
 */
export function createConnectionKeeper(
  server: Server,
  timeouts: { idleTimeout: number; shutdownTimeout: number },
): ConnectionKeeper {
  const inFlight = new Set<ServerResponse>()
  let closing: Promise<void> | undefined

  // One listener for all responses rather than a closure and a `once`
  // wrapper for each: a response closes once.
  function untrack(this: ServerResponse): void {
    inFlight.delete(this)
    // Its connection may now be idle (headers sent before the stop).
    if (closing !== undefined) server.closeIdleConnections()
  }

  // @note With a listener here Node no longer destroys a socket that timed
  // out, so a response the mock delays on purpose (a latency scenario) is
  // not cut; a socket without a response in flight is closed.
  // @note Set on each connection, not with `server.setTimeout`: with a
  // server timeout Node re-arms a fresh timer at every request after the
  // first, and refreshes it on every read and write. The same silence is
  // caught all the same: before and during
  // a connection's first request by this timer, between requests by Node's
  // keep-alive timer (or this one when that is 0), and a request in flight
  // is never cut.
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
    track(response) {
      if (closing !== undefined) {
        response.setHeader('connection', 'close')
        return
      }
      inFlight.add(response)
      response.on('close', untrack)
    },
    close() {
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
        // @note Node 19 and later do this in `close()` too; said here so
        // the order does not depend on it.
        server.closeIdleConnections()
      })
      return closing
    },
  }
}
