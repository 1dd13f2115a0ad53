import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useState } from 'preact/hooks'
import { toValue } from '../field-value.js'
import { ActionResult } from './action-result.js'
import { NeedsServer } from './server-only-section.js'
import type { PanelPart } from './use-admin-access.js'
import { useAdminAction } from './use-admin-action.js'
import { POLL_INTERVAL_MS, useAdminData } from './use-admin-data.js'
import { useTickingClock, type TickingClock } from './use-ticking-clock.js'

const STEPS = [
  { label: '+1 min', advance: '1m' },
  { label: '+1 h', advance: '1h' },
  { label: '+1 day', advance: '24h' },
] as const

const SPEEDS = [1, 10, 60] as const

/** The mock clock, ticking while it runs, and what `POST /__mock/clock` takes. */
export function ClockSection(props: PanelPart): VNode {
  const { admin } = props
  const reading = useAdminData(props, '/clock', POLL_INTERVAL_MS)
  const clock = useTickingClock(reading.exchange)
  const action = useAdminAction(props)
  const disabled = !admin.unlocked || admin.readOnly
  const change: ControlProps['change'] = (body, what) =>
    action.run('/clock', { method: 'POST', body }, what)
  const controls = { clock, disabled, change }

  return html`<section class="panel" aria-labelledby="clock-title">
    <h2 id="clock-title">Clock</h2>
    <${ClockReadout} clock=${clock} disabled=${disabled} />
    ${
      !admin.readOnly
        ? html`<${SpeedButtons} ...${controls} />
            <${StepButtons} ...${controls} />
            <${AdvanceForm} ...${controls} />
            <${SetToForm} ...${controls} />
            <div class="form-row">
              <button
                type="button"
                disabled=${disabled}
                title="Back to today's date, at real speed"
                onClick=${() =>
                  change(
                    { real: true },
                    'Back to the real date, at real speed.',
                  )}
              >
                Real date
              </button>
            </div>`
        : html`<${NeedsServer} what="Moving the clock needs" />`
    }
    <${ActionResult} exchange=${action.result} success=${action.done} />
  </section>`
}

function ClockReadout(props: {
  clock: TickingClock
  disabled: boolean
}): VNode {
  const { clock } = props
  const shown =
    clock.now === undefined ? (props.disabled ? 'locked' : '…') : undefined
  return html`<p class="clock-now">
    <span class="muted">Mock time</span>
    <time
      data-testid="clock-now"
      datetime=${
        clock.now === undefined ? undefined : new Date(clock.now).toISOString()
      }
      >${shown ?? formatInstant(clock.now ?? 0)}</time
    >
    ${
      clock.motion !== 'unknown' &&
      html`<span
        class=${`badge ${clock.motion === 'paused' ? 'badge-warn' : 'badge-ok'}`}
        >${clock.motion}</span
      >`
    }
    ${
      clock.speed !== undefined &&
      clock.speed > 0 &&
      html`<span class="muted" data-testid="clock-speed"
        >${formatSpeed(clock.speed)}</span
      >`
    }
  </p>`
}

interface ControlProps {
  clock: TickingClock
  disabled: boolean
  change: (body: object, what: string) => Promise<unknown>
}

function SpeedButtons({ clock, disabled, change }: ControlProps): VNode {
  return html`<div class="form-row" role="group" aria-label="Speed">
    <button
      type="button"
      disabled=${disabled || clock.motion === 'paused'}
      onClick=${() => change({ speed: 0 }, 'Clock paused.')}
    >
      Pause
    </button>
    <button
      type="button"
      disabled=${disabled || clock.motion === 'running'}
      onClick=${() => change({ resume: true }, 'Clock resumed.')}
    >
      Resume
    </button>
    ${SPEEDS.map(
      (speed) =>
        html`<button
          type="button"
          disabled=${disabled}
          aria-pressed=${clock.speed === speed}
          title=${speed === 1 ? 'Real speed, from the mock time shown' : `${speed} times as fast as real time`}
          onClick=${() =>
            change({ speed }, `Clock runs at ${formatSpeed(speed)}.`)}
        >
          ${formatSpeed(speed)}
        </button>`,
    )}
  </div>`
}

function StepButtons({ disabled, change }: ControlProps): VNode {
  return html`<div class="form-row">
    ${STEPS.map(
      (step) =>
        html`<button
          type="button"
          disabled=${disabled}
          onClick=${() =>
            change(
              { advance: step.advance },
              `Clock moved ${step.label.slice(1)}.`,
            )}
        >
          ${step.label}
        </button>`,
    )}
  </div>`
}

function AdvanceForm({ disabled, change }: ControlProps): VNode {
  const [advance, setAdvance] = useState('')
  return html`<form
    class="form-row"
    onSubmit=${(event: Event) => {
      event.preventDefault()
      return change({ advance: advance.trim() }, `Clock moved ${advance}.`)
    }}
  >
    <label
      >Advance by
      <input
        type="text"
        placeholder="90s, 2h, -1h, 500"
        value=${advance}
        disabled=${disabled}
        required
        onInput=${toValue(setAdvance)}
    /></label>
    <button type="submit" disabled=${disabled}>Advance</button>
  </form>`
}

function SetToForm({ disabled, change }: ControlProps): VNode {
  const [setTo, setSetTo] = useState('')
  const setInstant = (event: Event) => {
    event.preventDefault()
    // A datetime-local value has no zone: sent with this browser's.
    const local = new Date(setTo)
    const set = Number.isNaN(local.getTime()) ? setTo : local.toISOString()
    return change({ set }, `Clock set to ${set}.`)
  }
  return html`<form class="form-row" onSubmit=${setInstant}>
    <label
      >Set to
      <input
        type="datetime-local"
        step="1"
        value=${setTo}
        disabled=${disabled}
        required
        onInput=${toValue(setSetTo)}
    /></label>
    <button type="submit" disabled=${disabled}>Set (pauses it)</button>
  </form>`
}

function formatInstant(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ')} UTC`
}

function formatSpeed(speed: number): string {
  return `${speed}×`
}
