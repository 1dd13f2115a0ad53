// @note Kept free of imports, so the CLI can print its help without loading
// the server.

/**
 * The port the server listens on unless told otherwise.
 * @example
 * fetch(`http://127.0.0.1:${DEFAULT_PORT}/__mock/health`)
 */
export const DEFAULT_PORT = 4010

/**
 * The interface the server listens on unless told otherwise: loopback only.
 * @example
 * createContentApiServer({ host: DEFAULT_HOST, port: 0 })
 */
export const DEFAULT_HOST = '127.0.0.1'
