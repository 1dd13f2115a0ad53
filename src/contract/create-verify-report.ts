import type { AppliedVariant } from '../schema/variants.js'
import {
  type AnswerCheck,
  checkAnswer,
  type DriftFinding,
  type VerifyAnswer,
} from './check-answer.js'
import {
  describeDriftFix,
  DRIFT_KINDS,
  type DriftKind,
  type DriftKindRule,
} from './drift-kinds.js'

/** How many findings of one kind a report keeps as examples. */
const DRIFT_EXAMPLES = 3

/**
 * All findings of one kind across the answers: how many, a few examples,
 * the variant that mimics it and the one-line fix.
 */
export interface DriftSummary {
  kind: DriftKind
  variant?: AppliedVariant
  fix: string
  count: number
  examples: DriftFinding[]
}

/**
 * What `verify` found: whether every answer matched the mock's strict
 * schema (`strict`, exit 0) and its tolerant one, each answer's outcome,
 * and the drift by kind in the order of `DRIFT_KINDS`.
 */
export interface VerifyReport {
  strict: boolean
  tolerant: boolean
  answers: Array<{
    case: VerifyAnswer['case']
    request: string
    status: number
    strict: boolean
    tolerant: boolean
  }>
  drift: DriftSummary[]
}

/**
 * Checks every answer (`checkAnswer`) and sums the findings up by kind.
 */
export function createVerifyReport(
  answers: readonly VerifyAnswer[],
): VerifyReport {
  const checks: Array<[VerifyAnswer, AnswerCheck]> = answers.map((answer) => [
    answer,
    checkAnswer(answer),
  ])
  const byKind = new Map<DriftKind, DriftFinding[]>()
  for (const [, check] of checks) {
    for (const finding of check.findings) {
      const list = byKind.get(finding.kind) ?? []
      list.push(finding)
      byKind.set(finding.kind, list)
    }
  }
  const drift: DriftSummary[] = []
  for (const kind of Object.keys(DRIFT_KINDS) as DriftKind[]) {
    const findings = byKind.get(kind)
    if (findings === undefined) continue
    const rule: DriftKindRule = DRIFT_KINDS[kind]
    drift.push({
      kind,
      ...(rule.variant === undefined ? {} : { variant: rule.variant }),
      fix: describeDriftFix(kind),
      count: findings.length,
      examples: findings.slice(0, DRIFT_EXAMPLES),
    })
  }
  return {
    strict: checks.every(([, check]) => check.strict),
    tolerant: checks.every(([, check]) => check.tolerant),
    answers: checks.map(([answer, check]) => ({
      case: answer.case,
      request: answer.request,
      status: answer.status,
      strict: check.strict,
      tolerant: check.tolerant,
    })),
    drift,
  }
}
