/** One output file of a bundled page. */
export interface BundledChunk {
  /** Its name in the output. */
  path: string
  /** Its size, minified. */
  raw: number
  /** Its size gzipped (level 9). */
  gzip: number
  /** The modules it holds, by path, with the bytes each takes in it. */
  inputs: Record<string, { bytesInOutput: number }>
}

/** A bundled page's chunks loaded at once and those loaded by `import()`. */
export interface BundledPage {
  atOnce: BundledChunk[]
  onDemand: BundledChunk[]
}

/** The checkout's folder: the page's imports resolve from its node_modules. */
export declare const ROOT: string

/**
 * Bundles a page with esbuild, `content-api-mock` resolving to `entry`; the
 * packages in `external` are left out.
 */
export declare function bundlePage(
  source: string,
  entry: string,
  options?: { external?: string[] },
): Promise<BundledPage>

/** Bundles a page with rolldown, `content-api-mock` resolving to `entry`. */
export declare function bundlePageWithRolldown(
  source: string,
  entry: string,
): Promise<BundledPage>
