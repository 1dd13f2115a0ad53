import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** One rule axe-core found broken: its id, impact and how many nodes. */
export interface AxeViolation {
  id: string
  impact: string | null | undefined
  nodes: number
  /** The first few nodes' selectors, to find them. */
  targets: string[]
}

/**
 * Runs axe-core (a devDependency, injected into the page) over the page as
 * it is now, with every rule axe enables by default (WCAG 2.x A and AA and
 * best practices), and lists what it found broken, worst first.
 * @example
 * const serious = (await findAxeViolations(page)).filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))
 */
export async function findAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE_SCRIPT })
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: any }).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((violation: any) => ({
      id: violation.id as string,
      impact: violation.impact as string | null,
      nodes: violation.nodes.length as number,
      targets: violation.nodes
        .slice(0, 3)
        .map((node: any) => String(node.target.join(' '))),
    }))
  })
  const rank = ['critical', 'serious', 'moderate', 'minor']
  return (violations as AxeViolation[]).sort(
    (a, b) => rank.indexOf(a.impact ?? '') - rank.indexOf(b.impact ?? ''),
  )
}

/**
 * The serious and critical violations only: the ones a page must not have.
 * @example
 * expect(seriousOnly(await findAxeViolations(page))).toEqual([])
 */
export function seriousOnly(violations: AxeViolation[]): AxeViolation[] {
  return violations.filter(
    (violation) =>
      violation.impact === 'serious' || violation.impact === 'critical',
  )
}

/**
 * A violation as one readable line, `impact id (count): nodes`, so a failed
 * `toEqual([])` says what to fix.
 * @example
 * expect((await findAxeViolations(page)).map(describeAxeViolation)).toEqual([])
 */
export function describeAxeViolation(violation: AxeViolation): string {
  return `${violation.impact} ${violation.id} (${violation.nodes}): ${violation.targets.join(', ')}`
}
