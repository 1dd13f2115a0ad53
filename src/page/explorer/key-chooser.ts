import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useEffect, useMemo, useState } from 'preact/hooks'
import type { ApiExchange } from '../api-client.js'
import { ExchangeView } from '../exchange-view.js'
import type { PageConfig } from '../page-config.js'
import { useApi } from '../use-api.js'
import { dataOf } from './api-types.js'
import {
  describeKeys,
  describeSight,
  type ApiKeyRecord,
  type KeyDescription,
  type ProjectRecord,
} from './describe-keys.js'

const STATE_BADGE = {
  active: 'badge badge-ok',
  expired: 'badge badge-warn',
  revoked: 'badge badge-fail',
} as const

/**
 * Chooses the API key the explorer sends: the dataset's keys from the
 * control API (account, state, what each sees), or one typed in. Folded to
 * one line (the key in use and a button to change it) inside a project, on
 * narrow screens and when the keys cannot be listed, so the first screen
 * shows the data, not the chooser.
 * @example
 * html`<${KeyChooser} apiKey=${key} records=${records} onChange=${setKey} folded=${false} />`
 */
export function KeyChooser(props: {
  apiKey: string
  records: ControlRecords
  onChange: (key: string) => void
  /** Start folded to one line whatever the width (inside a project). */
  folded: boolean
}): VNode {
  const { apiKey, records } = props
  const [typed, setTyped] = useState('')
  const unfolded = () =>
    !props.folded &&
    !records.locked &&
    matchMedia(WIDE_ENOUGH_TO_UNFOLD).matches
  const [open, setOpen] = useState(unfolded)
  // Entering or leaving a project folds or unfolds it again.
  useEffect(() => setOpen(unfolded()), [props.folded])
  const descriptions = records.keys
  const listed = descriptions?.some((d) => d.key === apiKey) === true

  const useTyped = (event: Event) => {
    event.preventDefault()
    const key = typed.trim()
    if (key !== '') props.onChange(key)
  }

  const chosen = descriptions?.find((d) => d.key === apiKey)
  return html`<details
    class="panel key-chooser"
    open=${open}
    onToggle=${(event: Event) =>
      setOpen((event.currentTarget as HTMLDetailsElement).open)}
  >
    <summary>
      <h2 id="key-title">API key</h2>
      <code class="key-value">${apiKey === '' ? '(none)' : apiKey}</code>
      ${
        chosen !== undefined &&
        html`<span class=${STATE_BADGE[chosen.state]}>${chosen.state}</span>
          <span class="muted small"
            >${chosen.accountName ?? chosen.account}</span
          >`
      }
      <span class="key-chooser-toggle" aria-hidden="true"
        >${open ? 'Close' : 'Change'}</span
      >
    </summary>
    ${
      records.locked &&
      html`<p class="key-hint muted small">
        Listing the dataset's keys needs the admin token (the server runs
        with${' '}<code>--admin-token</code>): enter it in the${' '}
        <a href="#/control">Control panel</a>, or type a key below.
      </p>`
    }
    ${
      descriptions !== undefined &&
      html`<fieldset class="key-list">
        <legend class="visually-hidden">The dataset's API keys</legend>
        ${descriptions.map(
          (d) =>
            html`<label
              class=${`key-option${d.key === apiKey ? ' key-option-chosen' : ''}`}
            >
              <input
                type="radio"
                name="api-key"
                value=${d.key}
                checked=${d.key === apiKey}
                onChange=${() => props.onChange(d.key)}
              />
              <span class="key-option-text">
                <code class="key-value">${d.key}</code>
                <span class=${STATE_BADGE[d.state]}>${d.state}</span>
                <span class="key-account"
                  >${`${d.accountName ?? d.account} `}<span class="muted"
                    >(${d.account})</span
                  ></span
                >
                <span class="key-sight muted">${describeSight(d)}</span>
              </span>
            </label>`,
        )}
      </fieldset>`
    }
    <form class="key-form" onSubmit=${useTyped}>
      <label for="typed-key">Another key</label>
      <input
        id="typed-key"
        type="text"
        autocomplete="off"
        spellcheck="false"
        placeholder="any key, e.g. a wrong one"
        value=${typed}
        onInput=${(event: Event) =>
          setTyped((event.target as HTMLInputElement).value)}
      />
      <button type="submit">Use this key</button>
    </form>
    ${
      !listed &&
      html`<p class="key-current">
        Sending${' '}
        <code>Authorization: Bearer ${apiKey === '' ? '(none)' : apiKey}</code>
      </p>`
    }
    ${
      records.exchange !== undefined &&
      html`<details class="panel-requests">
        <summary>Control API request</summary>
        <${ExchangeView} exchange=${records.exchange} open=${false} />
      </details>`
    }
  </details>`
}

/** The media query of screens wide enough to show the key list unfolded on `#/`. */
const WIDE_ENOUGH_TO_UNFOLD = '(min-width: 48rem)'

/** What the explorer reads from the control API, when it answers. */
export interface ControlRecords {
  /** The answer of `GET <adminBase>/api-keys`. */
  exchange: ApiExchange | undefined
  /** Every key described, or undefined when the control API did not answer them. */
  keys: KeyDescription[] | undefined
  /** The owning account of each project. */
  ownerOf: Map<string, string>
  /**
   * Whether the control API wants an admin token this tab does not have (the
   * page then does not ask it: nothing to show but 401s) or refused the one it has.
   */
  locked: boolean
  /** The mock's time now, in ms: its clock when it answered, else the browser's. */
  now: () => number
}

/**
 * Reads the keys, accounts, projects and clock from the control API, with
 * the admin token when the tab has one; without one where the server wants
 * it, asks nothing.
 * @example
 * const records = useControlRecords(config, adminToken)
 */
export function useControlRecords(
  config: PageConfig,
  adminToken: string | undefined,
): ControlRecords {
  const locked = config.adminTokenRequired && adminToken === undefined
  const base = locked ? undefined : config.adminBase
  const keys = useApi(base && `${base}/api-keys`, { adminToken })
  const accounts = useApi(base && `${base}/accounts`, { adminToken })
  const projects = useApi(base && `${base}/projects`, { adminToken })
  const clock = useApi(base && `${base}/clock`, { adminToken })
  const keyRecords = dataOf<ApiKeyRecord[]>(keys.exchange)
  const projectRecords = dataOf<ProjectRecord[]>(projects.exchange) ?? []
  // One reading per answer, stamped with when it arrived, so the mock's time
  // runs on from there at the clock's speed.
  const reading = useMemo(() => {
    const body = clock.exchange?.body as
      { now?: string; speed?: number } | undefined
    const at = Date.parse(body?.now ?? '')
    if (Number.isNaN(at)) return undefined
    return { at, speed: body?.speed ?? 1, received: Date.now() }
  }, [clock.exchange])
  const now = reading?.at ?? Number.NaN
  return {
    locked: locked || keys.exchange?.status === 401,
    now: () =>
      reading === undefined
        ? Date.now()
        : reading.at + (Date.now() - reading.received) * reading.speed,
    exchange: keys.exchange,
    keys:
      keyRecords === undefined
        ? undefined
        : describeKeys(
            keyRecords,
            dataOf<{ id: string; name: string }[]>(accounts.exchange) ?? [],
            projectRecords,
            Number.isNaN(now) ? Date.now() : now,
          ),
    ownerOf: new Map(
      projectRecords.map((project) => [
        project.project_unique,
        project.account,
      ]),
    ),
  }
}
