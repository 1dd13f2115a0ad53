import { html } from 'htm/preact'
import type { VNode } from 'preact'

/**
 * How many steps a content's generation has (step_process runs 1 → 5): a copy
 * of `GENERATION_STEPS` (src/data/generation-steps.ts), as the page imports no
 * code of src/; test/data/generation-steps.test.ts fails if they differ.
 */
export const TOTAL_STEPS = 5

/**
 * A content's progress: a bar with "step n of 5" and a complete badge; the
 * bar is named after its content, so a list of them reads apart.
 */
export function ProgressBar(props: {
  progress: { step_process: number; is_complete: boolean } | undefined
  /** The bar's accessible name. */
  label: string
}): VNode {
  const step = props.progress?.step_process ?? 0
  const complete = props.progress?.is_complete === true
  const percent = Math.max(0, Math.min(100, (step / TOTAL_STEPS) * 100))
  return html`<div class="progress">
    <div
      class=${`progress-track${complete ? ' progress-complete' : ''}`}
      role="progressbar"
      aria-label=${props.label}
      aria-valuemin="0"
      aria-valuemax=${TOTAL_STEPS}
      aria-valuenow=${step}
      aria-valuetext=${`step ${step} of ${TOTAL_STEPS}`}
    >
      <div class="progress-fill" style=${`width: ${percent}%`}></div>
    </div>
    <span class="progress-label">step ${step} of ${TOTAL_STEPS}</span>
    ${
      complete
        ? html`<span class="badge badge-ok">complete</span>`
        : html`<span class="badge">generating</span>`
    }
  </div>`
}
