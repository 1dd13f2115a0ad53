// One vite build of browser code into a folder of fingerprinted files under
// `__page/`, shared by scripts/build-page.js and scripts/build-demo-boot.js.
import { readFileSync, rmSync } from 'node:fs'
import { build } from 'vite'

/**
 * Builds `input` into `outDir` with every file named `__page/<name>-<hash>`,
 * and returns vite's manifest (keyed by source path), which it removes from
 * the folder: the callers write their own, keyed by name.
 * @example
 * const viteManifest = await buildFingerprinted({ outDir, input: { boot: entry } })
 */
export async function buildFingerprinted({
  outDir,
  input,
  root,
  base,
  build: extra = {},
}) {
  await build({
    configFile: false,
    root,
    base,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      manifest: 'vite-manifest.json',
      reportCompressedSize: false,
      modulePreload: { polyfill: false },
      ...extra,
      rollupOptions: {
        input,
        output: {
          entryFileNames: '__page/[name]-[hash].js',
          chunkFileNames: '__page/[name]-[hash].js',
          assetFileNames: '__page/[name]-[hash][extname]',
        },
      },
    },
  })
  const path = `${outDir}vite-manifest.json`
  const manifest = JSON.parse(readFileSync(path, 'utf8'))
  rmSync(path)
  return manifest
}
