import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useCallback, useState } from 'preact/hooks'
import type { PageConfig } from '../page-config.js'
import {
  ADMIN_TOKEN_STORAGE,
  API_KEY_STORAGE,
  readSessionValue,
  writeSessionValue,
} from '../session-state.js'
import { ContentDetail } from './content-detail.js'
import { KeyChooser, useControlRecords } from './key-chooser.js'
import { ProjectList } from './project-list.js'
import { ProjectView } from './project-view.js'

/**
 * How often the explorer asks again while it refreshes by itself: live data
 * moves a step every 50 to 90 s at speed 1 and a new content starts every 2
 * to 4 minutes, so 3 s shows every change promptly, even at `--speed 10`,
 * at a cost of one list request (plus the details that may change) each time.
 */
export const POLL_MS = 3000

/**
 * The explorer at `#/`: choose an API key, then its projects
 * (`#/projects/<id>`), then one content (`#/projects/<id>/contents/<id>`).
 * @example
 * html`<${Explorer} config=${config} route="/" />`
 */
export function Explorer(props: { config: PageConfig; route: string }): VNode {
  const { config } = props
  const [apiKey, setApiKey] = useState(
    () => readSessionValue(API_KEY_STORAGE) ?? config.defaultKey,
  )
  const [autoRefresh, setAutoRefresh] = useState(config.live === true)
  const adminToken = readSessionValue(ADMIN_TOKEN_STORAGE)
  const records = useControlRecords(config, adminToken)
  const account = records.keys?.find((key) => key.key === apiKey)?.account
  const pollMs = autoRefresh ? POLL_MS : undefined
  const [, segment, projectId, , contentId] = props.route
    .split('/')
    .map((part) => decodeURIComponent(part))
  const inProject = segment === 'projects' && projectId !== undefined
  const view = { config, apiKey, pollMs }
  // The names of the records the views have shown, for the breadcrumb.
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map())
  const learn = useCallback((entries: [string, string][]) => {
    setNames((known) =>
      entries.every(([id, name]) => known.get(id) === name)
        ? known
        : new Map([...known, ...entries]),
    )
  }, [])

  const projectHref = `#/projects/${encodeURIComponent(projectId ?? '')}`
  const trail = [
    { label: 'Projects', href: '#/' },
    ...(inProject
      ? [{ label: names.get(projectId) ?? projectId, href: projectHref }]
      : []),
    ...(inProject && contentId !== undefined
      ? [{ label: names.get(contentId) ?? contentId, href: '' }]
      : []),
  ]

  const chooseKey = (key: string) => {
    writeSessionValue(API_KEY_STORAGE, key)
    setApiKey(key)
  }

  return html`<div class="explorer">
    <${KeyChooser}
      apiKey=${apiKey}
      records=${records}
      onChange=${chooseKey}
      folded=${inProject}
    />
    <div class="explorer-bar">
      ${
        inProject &&
        html`<nav aria-label="Breadcrumb" class="breadcrumb">
          <ol>
            ${trail.map(
              (crumb, index) =>
                html`<li>
                  ${
                    index === trail.length - 1
                      ? html`<span aria-current="page">${crumb.label}</span>`
                      : html`<a href=${crumb.href}>${crumb.label}</a>`
                  }
                </li>`,
            )}
          </ol>
        </nav>`
      }
      <label class="toggle">
        <input
          type="checkbox"
          checked=${autoRefresh}
          onChange=${(event: Event) =>
            setAutoRefresh((event.target as HTMLInputElement).checked)}
        />
        Refresh every ${POLL_MS / 1000} s
      </label>
    </div>
    ${
      !inProject &&
      html`<${ProjectList}
        key=${apiKey}
        ...${view}
        ownerOf=${records.ownerOf}
        account=${account}
      />`
    }
    ${
      inProject &&
      contentId === undefined &&
      html`<${ProjectView}
        key=${projectId}
        ...${view}
        projectId=${projectId}
        onNames=${learn}
      />`
    }
    ${
      inProject &&
      contentId !== undefined &&
      html`<${ContentDetail}
        key=${`${projectId}/${contentId}`}
        ...${view}
        projectId=${projectId}
        contentId=${contentId}
        now=${records.now}
        names=${names}
        onNames=${learn}
      />`
    }
  </div>`
}
