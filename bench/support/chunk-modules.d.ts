/** The modules of each file of a built dist/, with their bytes there. */
export declare function readChunkModules(
  distDir: string,
): Record<string, Record<string, number>>

/**
 * A bundle's `inputs`, each file of the built dist/ of `entry` replaced by
 * the modules it holds (bytes shared in proportion).
 */
export declare function expandChunkInputs(
  inputs: Record<string, { bytesInOutput: number }>,
  entry: string,
  root: string,
): Record<string, { bytesInOutput: number }>
