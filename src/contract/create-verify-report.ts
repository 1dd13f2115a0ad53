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

/** The findings of one kind across the answers, and the fix. */
export interface DriftSummary {
  kind: DriftKind
  variant?: AppliedVariant
  fix: string
  count: number
  examples: DriftFinding[]
}

/** What `verify` found (`strict`: exit 0), drift in `DRIFT_KINDS` order. */
export interface VerifyReport {
  strict: boolean
  tolerant: boolean
  answers: Array<
    Pick<VerifyAnswer, 'case' | 'request' | 'status'> &
      Pick<AnswerCheck, 'strict' | 'tolerant'>
  >
  drift: DriftSummary[]
}

export function createVerifyReport(
  answers: readonly VerifyAnswer[],
): VerifyReport {
  const checks: Array<[VerifyAnswer, AnswerCheck]> = answers.map((answer) => [
    answer,
    checkAnswer(answer),
  ])
  const all = checks.flatMap(([, check]) => check.findings)
  const drift = (Object.keys(DRIFT_KINDS) as DriftKind[]).flatMap((kind) => {
    const findings = all.filter((finding) => finding.kind === kind)
    if (findings.length === 0) return []
    const rule: DriftKindRule = DRIFT_KINDS[kind]
    const summary: DriftSummary = {
      kind,
      ...(rule.variant === undefined ? {} : { variant: rule.variant }),
      fix: describeDriftFix(kind),
      count: findings.length,
      examples: findings.slice(0, DRIFT_EXAMPLES),
    }
    return [summary]
  })
  return {
    strict: checks.every(([, check]) => check.strict),
    tolerant: checks.every(([, check]) => check.tolerant),
    answers: checks.map(([answer, { strict, tolerant }]) => {
      const { case: name, request, status } = answer
      return { case: name, request, status, strict, tolerant }
    }),
    drift,
  }
}
