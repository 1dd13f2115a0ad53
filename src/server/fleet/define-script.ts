import type { Redis } from 'ioredis'

/** A Lua script of the fleet, run with its keys and arguments. */
type FleetScript = (
  keys: readonly string[],
  args: ReadonlyArray<string | number>,
) => Promise<unknown>

let scripts = 0

/**
 * Defines `lua` on `redis` as a command of its own: ioredis sends it by its
 * SHA (`EVALSHA`) and loads it again when Redis lost it (a restart), so a
 * script run on every batch costs its arguments, not its text.
 * @example
 * const bump = defineScript(redis, "return redis.call('INCR', KEYS[1])", 1)
 * await bump(['counter'], [])
 */
export function defineScript(
  redis: Redis,
  lua: string,
  numberOfKeys: number,
): FleetScript {
  const name = `fleetScript${++scripts}`
  redis.defineCommand(name, { lua, numberOfKeys })
  const command = (
    redis as unknown as Record<
      string,
      (...parts: Array<string | number>) => Promise<unknown>
    >
  )[name]!
  return (keys, args) => command.call(redis, ...keys, ...args)
}
