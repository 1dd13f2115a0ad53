/* The standalone server: Node only, so it has an entry of its own and the
   main entry stays safe for browsers. */
export {
  createContentApiServer,
  DEFAULT_HOST,
  DEFAULT_PORT,
  type ContentApiServer,
  type ContentApiServerOptions,
  type RequestLogEntry,
} from './create-content-api-server.js'
