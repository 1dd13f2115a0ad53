import { readFileSync } from 'node:fs'
import { packageFile } from '../server/files/package-file.js'

/**
 * The version of this package, read from its `package.json`.
 * @note Read at run time rather than imported, so the JSON file stays out of
 * the compiled output.
 */
export function readPackageVersion(): string {
  const packageJson = JSON.parse(
    readFileSync(packageFile('package.json'), 'utf8'),
  ) as { version: string }
  return packageJson.version
}
