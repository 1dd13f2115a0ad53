import { readFileSync } from 'node:fs'

/**
 * Reads a JSON fixture of test/fixtures, parsed and fresh for each call.
 * @example
 * const fixtures = loadFixture('small.json')
 */
export function loadFixture(name: string): any {
  return JSON.parse(
    readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'),
  )
}
