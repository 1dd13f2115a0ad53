import type { TestProject } from 'vitest/node'
import { findSuitePodman } from '../../support/podman.js'
import { buildSuiteImages, type SuiteImages } from './container-images.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The images the container suites run; null when they are skipped. */
    images: SuiteImages | null
  }
}

/** Builds the images once for every container suite of the run. */
export default async function setup(project: TestProject): Promise<void> {
  if (!findSuitePodman()) {
    project.provide('images', null)
    return
  }
  project.provide(
    'images',
    await buildSuiteImages((line) => console.log(`container suite: ${line}`)),
  )
}
