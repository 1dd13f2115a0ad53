import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useCallback, useState } from 'preact/hooks'
import type { PageConfig } from '../page-config.js'
import {
  API_KEY_STORAGE,
  readSessionValue,
  writeSessionValue,
} from '../session-state.js'
import { ContentDetail } from './content-detail.js'
import { KeyChooser } from './key-chooser.js'
import { ProjectList } from './project-list.js'
import { ProjectView } from './project-view.js'
import { useControlRecords } from './use-control-records.js'
import { toChecked } from '../field-value.js'

// Live data moves a step every 50 to 90 s at speed 1: 3 s shows every change
// promptly, even at `--speed 10`.
const POLL_MS = 3000

export function Explorer(props: { config: PageConfig; route: string }): VNode {
  const { config } = props
  const [apiKey, setApiKey] = useState(
    () => readSessionValue(API_KEY_STORAGE) ?? config.defaultKey,
  )
  const [autoRefresh, setAutoRefresh] = useState(config.live === true)
  const records = useControlRecords(config)
  const pollMs = autoRefresh ? POLL_MS : undefined
  const { projectId, contentId } = readExplorerRoute(props.route)
  const inProject = projectId !== undefined
  const view = { config, apiKey, pollMs }
  const { names, learn } = useKnownNames()

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
        html`<${Breadcrumb}
          names=${names}
          projectId=${projectId}
          contentId=${contentId}
        />`
      }
      <label class="toggle">
        <input
          type="checkbox"
          checked=${autoRefresh}
          onChange=${toChecked(setAutoRefresh)}
        />
        Refresh every ${POLL_MS / 1000} s
      </label>
    </div>
    ${
      !inProject
        ? html`<${ProjectList} key=${apiKey} ...${view} records=${records} />`
        : contentId === undefined
          ? html`<${ProjectView}
              key=${projectId}
              ...${view}
              projectId=${projectId}
              onNames=${learn}
            />`
          : html`<${ContentDetail}
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

// `/projects/<id>/contents/<id>`
function readExplorerRoute(route: string) {
  const [, segment, projectId, , contentId] = route
    .split('/')
    .map((part) => decodeURIComponent(part))
  return segment === 'projects' ? { projectId, contentId } : {}
}

function useKnownNames() {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map())
  const learn = useCallback((entries: [string, string][]) => {
    setNames((known) =>
      entries.every(([id, name]) => known.get(id) === name)
        ? known
        : new Map([...known, ...entries]),
    )
  }, [])
  return { names, learn }
}

function Breadcrumb(props: {
  names: ReadonlyMap<string, string>
  projectId: string
  contentId: string | undefined
}): VNode {
  const { names, projectId, contentId } = props
  const trail = [
    { label: 'Projects', href: '#/' },
    {
      label: names.get(projectId) ?? projectId,
      href: `#/projects/${encodeURIComponent(projectId)}`,
    },
    ...(contentId !== undefined
      ? [{ label: names.get(contentId) ?? contentId, href: '' }]
      : []),
  ]
  return html`<nav aria-label="Breadcrumb" class="breadcrumb">
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
