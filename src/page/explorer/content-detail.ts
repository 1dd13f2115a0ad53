import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useEffect } from 'preact/hooks'
import { ExchangeView } from '../exchange-view.js'
import { FieldList } from '../field-list.js'
import type { PageConfig } from '../page-config.js'
import { useApi } from '../use-api.js'
import { dataOf, type Content, type Project } from './api-types.js'
import { ProgressBar } from './progress-bar.js'
import { EditLink } from './edit-link.js'
import { PublishTable } from './publish-table.js'
import { useSteadyMedia, type SteadyMedia } from './use-steady-media.js'

/** One content; its project's name, for the breadcrumb, asked for if unknown. */
export function ContentDetail(props: {
  config: PageConfig
  apiKey: string
  projectId: string
  contentId: string
  pollMs: number | undefined
  now: () => number
  names: ReadonlyMap<string, string>
  onNames: (names: [string, string][]) => void
}): VNode {
  const { config, apiKey, projectId, contentId, onNames } = props
  const projectUrl = `${config.apiBase}/projects/${encodeURIComponent(projectId)}`
  const contentUrl = `${projectUrl}/contents/${encodeURIComponent(contentId)}`
  const detail = useApi(contentUrl, { apiKey, pollMs: props.pollMs })
  const project = useApi(props.names.has(projectId) ? undefined : projectUrl, {
    apiKey,
  })
  const content = dataOf<Content>(detail)
  const projectName = dataOf<Project>(project)?.project_name
  useEffect(() => {
    const names: [string, string][] = []
    if (projectName !== undefined) names.push([projectId, projectName])
    if (content !== undefined) names.push([contentId, content.title])
    onNames(names)
  }, [projectName, content?.title])
  const media = useSteadyMedia(content)
  return html`<section class="panel" aria-labelledby="content-title">
    <div class="view-head">
      <h1 id="content-title">${content?.title ?? contentId}</h1>
      <${EditLink} config=${config} kind="contents" id=${contentId} />
    </div>
    ${
      content !== undefined &&
      html`<div class="content-detail">
        <${ContentMedia} media=${media} title=${content.title} />
        <${ContentFacts} content=${content} now=${props.now} />
      </div>`
    }
    ${detail === undefined && html`<p class="muted">Loading…</p>`}
    <${ExchangeView} exchange=${detail} />
  </section>`
}

function ContentMedia(props: { media: SteadyMedia; title: string }): VNode {
  const { media } = props
  return html`<div class="content-media">
    ${
      media.video !== undefined &&
      html`<video
        class="content-video"
        controls
        playsinline
        preload="metadata"
        src=${media.video}
        poster=${media.thumbnail}
      ></video>`
    }
    ${
      media.thumbnail !== undefined &&
      html`<figure class="content-thumbnail">
        <img
          class="thumbnail"
          src=${media.thumbnail}
          alt=${`Thumbnail of ${props.title}`}
          width="320"
          height="180"
        />
        <figcaption class="muted small">thumbnail_url</figcaption>
      </figure>`
    }
  </div>`
}

function ContentFacts(props: { content: Content; now: () => number }): VNode {
  const { content } = props
  return html`<div class="content-facts">
    <p class="badges">
      <span class="badge badge-muted">${content.mode}</span>
      <code class="muted small">${content.variation_unique}</code>
    </p>
    <${ProgressBar} label="Generation progress" progress=${content.progress} />
    <h2>Publish results</h2>
    ${
      (content.publish ?? []).length === 0
        ? html`<p class="muted">Not published (publish is empty).</p>`
        : html`<${PublishTable} publish=${content.publish} now=${props.now} />`
    }
    <h2>The <code>content</code> object</h2>
    <${FieldList}
      class="content-object"
      fields=${content.content ?? {}}
      codeNames
    />
  </div>`
}
