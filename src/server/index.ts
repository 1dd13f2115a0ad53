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
export { PROXIED_HEADER } from './upstream/proxied-header.js'
export {
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  type UpstreamAnswer,
  type UpstreamOptions,
} from './upstream/resolve-upstream.js'
export {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_FLEET_PREFIX,
  FleetError,
  type FleetOptions,
} from './fleet/fleet-options.js'
