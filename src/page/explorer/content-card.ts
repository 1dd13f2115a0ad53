import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useRef } from 'preact/hooks'
import type { ApiExchange } from '../api-client.js'
import { ExchangeView } from '../exchange-view.js'
import type { PageConfig } from '../page-config.js'
import { useApi } from '../use-api.js'
import { useSeen } from '../use-seen.js'
import { dataOf, type Content } from './api-types.js'
import { ProgressBar } from './progress-bar.js'
import { PublishBadges } from './publish-badges.js'
import { useSteadyMedia } from './use-steady-media.js'

/**
 * The list item has no thumbnail and no `publish` (spec 2.3): the card asks
 * for the detail once seen, and again while it may change; progress then
 * comes from it too, so the card never shows two moments at once.
 */
export function ContentCard(props: {
  config: PageConfig
  apiKey: string
  projectId: string
  item: Content
  pollMs: number | undefined
  isNew: boolean
}): VNode {
  const { config, apiKey, projectId, item } = props
  const ref = useRef<HTMLLIElement>(null)
  const { seen, visible } = useSeen(ref)
  const href = `#/projects/${encodeURIComponent(projectId)}/contents/${encodeURIComponent(item.variation_unique)}`
  const url = `${config.apiBase}/projects/${encodeURIComponent(projectId)}/contents/${encodeURIComponent(item.variation_unique)}`
  const last = useRef<Content>()
  const detail = useApi(seen ? url : undefined, {
    apiKey,
    // The list's progress or title changing makes the detail stale at once.
    refresh: `${item.progress.step_process}/${item.progress.is_complete}/${item.title}`,
    pollMs:
      props.pollMs !== undefined &&
      visible &&
      mayBePublishedSoon(item, last.current)
        ? props.pollMs * 3
        : undefined,
  })
  const body = dataOf<Content>(detail)
  last.current = body
  return html`<li
    class=${`card content-card${props.isNew ? ' content-new' : ''}`}
    ref=${ref}
  >
    <${CardThumbnail} href=${href} body=${body} exchange=${detail} />
    <div class="card-body">
      <h3 class="card-title"><a href=${href}>${item.title}</a></h3>
      <p class="badges">
        <span class="badge badge-muted">${item.mode}</span>
        ${props.isNew && html`<span class="badge">new</span>`}
      </p>
      <${ProgressBar}
        label=${`Generation of ${item.title}`}
        progress=${body?.progress ?? item.progress}
      />
      ${
        body?.publish !== undefined &&
        html`<${PublishBadges} publish=${body.publish} />`
      }
      ${
        detail !== undefined &&
        body === undefined &&
        html`<details class="panel-requests">
          <summary>Detail request failed</summary>
          <${ExchangeView} exchange=${detail} />
        </details>`
      }
    </div>
  </li>`
}

function CardThumbnail(props: {
  href: string
  body: Content | undefined
  exchange: ApiExchange | undefined
}): VNode {
  const { body } = props
  const { thumbnail } = useSteadyMedia(body)
  return html`<a
    class="thumbnail-link"
    href=${props.href}
    tabindex="-1"
    aria-hidden="true"
  >
    ${
      thumbnail === undefined
        ? html`<div class="thumbnail thumbnail-empty">
            ${
              props.exchange !== undefined && body === undefined
                ? `detail: ${props.exchange.status}`
                : ''
            }
          </div>`
        : html`<img
            class="thumbnail"
            src=${thumbnail}
            alt=""
            loading="lazy"
            width="320"
            height="180"
          />`
    }
  </a>`
}

// Publishing does not show in the list: a complete content's detail is
// asked again while it has no result yet or one is pending.
function mayBePublishedSoon(item: Content, detail: Content | undefined) {
  if (!item.progress.is_complete || detail?.publish === undefined) return false
  return (
    detail.publish.length === 0 ||
    detail.publish.some((result) => result.status === 'pending')
  )
}
