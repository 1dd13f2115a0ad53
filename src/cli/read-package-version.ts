import { readFileSync } from 'node:fs'

/**
 * The version of this package, read from its `package.json`.
 * @note Read at run time rather than imported, so the JSON file stays out of
 * the compiled output and `dist/cli/` finds it two levels up, as `src/cli/` does.
 * @example
 * readPackageVersion() // '0.1.0'
 */
export function readPackageVersion(): string {
  const packageJson = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
  ) as { version: string }
  return packageJson.version
}
