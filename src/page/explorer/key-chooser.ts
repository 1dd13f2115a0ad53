import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useState } from 'preact/hooks'
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
 * control API (account, state, what each sees), or one typed in.
 * @example
 * html`<${KeyChooser} apiKey=${key} records=${records} onChange=${setKey} />`
 */
export function KeyChooser(props: {
  apiKey: string
  records: ControlRecords
  onChange: (key: string) => void
  /** Start folded to one line (inside a project), unfolded on `#/`. */
  folded: boolean
}): VNode {
  const { apiKey, records } = props
  const [typed, setTyped] = useState('')
  const descriptions = records.keys
  const listed = descriptions?.some((d) => d.key === apiKey) === true

  const useTyped = (event: Event) => {
    event.preventDefault()
    const key = typed.trim()
    if (key !== '') props.onChange(key)
  }

  const chosen = descriptions?.find((d) => d.key === apiKey)
  return html`<details class="panel key-chooser" open=${!props.folded}>
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
    </summary>
    ${
      records.exchange?.status === 401 &&
      html`<p class="notice" role="status">
        The control API needs the admin token (the server runs with
        <code>--admin-token</code>), so the page cannot list the dataset's keys.
        Enter the token in the <a href="#/control">Control panel</a>, or type a
        key below.
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
        Sending
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
  </section>`
}

/** What the explorer reads from the control API, when it answers. */
export interface ControlRecords {
  /** The answer of `GET <adminBase>/api-keys`. */
  exchange: ApiExchange | undefined
  /** Every key described, or undefined when the control API did not answer them. */
  keys: KeyDescription[] | undefined
  /** The owning account of each project. */
  ownerOf: Map<string, string>
}

/**
 * Reads the keys, accounts, projects and clock from the control API, with
 * the admin token when the tab has one.
 * @example
 * const records = useControlRecords(config, adminToken)
 */
export function useControlRecords(
  config: PageConfig,
  adminToken: string | undefined,
): ControlRecords {
  const keys = useApi(`${config.adminBase}/api-keys`, { adminToken })
  const accounts = useApi(`${config.adminBase}/accounts`, { adminToken })
  const projects = useApi(`${config.adminBase}/projects`, { adminToken })
  const clock = useApi(`${config.adminBase}/clock`, { adminToken })
  const keyRecords = dataOf<ApiKeyRecord[]>(keys.exchange)
  const projectRecords = dataOf<ProjectRecord[]>(projects.exchange) ?? []
  const now = Date.parse(
    (clock.exchange?.body as { now?: string } | undefined)?.now ?? '',
  )
  return {
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
