import { readFileSync } from 'node:fs'
import { packageFile } from '../server/files/package-file.js'

// Read at run time rather than imported, so the JSON file stays out of the compiled output.
export function readPackageVersion(): string {
  const packageJson = JSON.parse(
    readFileSync(packageFile('package.json'), 'utf8'),
  ) as { version: string }
  return packageJson.version
}
