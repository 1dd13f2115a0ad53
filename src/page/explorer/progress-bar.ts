import { html } from 'htm/preact'
import type { VNode } from 'preact'

// A copy of `GENERATION_STEPS`, as the page imports no code of src/;
// test/data/generation-steps.test.ts fails if they differ.
export const TOTAL_STEPS = 5

export function ProgressBar(props: {
  progress: { step_process: number; is_complete: boolean } | undefined
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
