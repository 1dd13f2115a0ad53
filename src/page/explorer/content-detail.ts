import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useRef } from 'preact/hooks'
import { ExchangeView } from '../exchange-view.js'
import { FieldList } from '../field-list.js'
import type { PageConfig } from '../page-config.js'
import { useApi } from '../use-api.js'
import { dataOf, type Content } from './api-types.js'
import { ProgressBar } from './progress-bar.js'
import { publishStatusClass } from './publish-badges.js'

/**
 * One content (`GET /projects/{id}/contents/{id}`): the video, the
 * thumbnail, the `content` object and the publish results; asked again every
 * `pollMs` while the page refreshes by itself.
 * @example
 * html`<${ContentDetail} config=${config} apiKey=${key} projectId="p1" contentId="c1" pollMs=${3000} />`
 */
export function ContentDetail(props: {
  config: PageConfig
  apiKey: string
  projectId: string
  contentId: string
  pollMs: number | undefined
}): VNode {
  const { config, apiKey, projectId, contentId } = props
  const url = `${config.apiBase}/projects/${encodeURIComponent(projectId)}/contents/${encodeURIComponent(contentId)}`
  const detail = useApi(url, { apiKey, pollMs: props.pollMs })
  const content = dataOf<Content>(detail.exchange)
  // @note The signed URLs change on every answer; keeping the first ones per
  // movie stops a refresh from restarting the video or the image.
  const media = useRef<{ movie?: string; video?: string; thumbnail?: string }>(
    {},
  )
  const movie = content?.content?.movie_unique
  if (content?.content !== undefined && media.current.movie !== movie) {
    media.current = {
      movie,
      video: content.content.download_url,
      thumbnail: content.content.thumbnail_url,
    }
  }
  return html`<section class="panel" aria-labelledby="content-title">
    <h2 id="content-title">${content?.title ?? contentId}</h2>
    ${
      content !== undefined &&
      html`<div class="content-detail">
        <div class="content-media">
          ${
            media.current.video !== undefined &&
            html`<video
              class="content-video"
              controls
              playsinline
              preload="metadata"
              src=${media.current.video}
              poster=${media.current.thumbnail}
            ></video>`
          }
          ${
            media.current.thumbnail !== undefined &&
            html`<figure class="content-thumbnail">
              <img
                class="thumbnail"
                src=${media.current.thumbnail}
                alt=${`Thumbnail of ${content.title}`}
                width="320"
                height="180"
              />
              <figcaption class="muted small">thumbnail_url</figcaption>
            </figure>`
          }
        </div>
        <div class="content-facts">
          <p class="badges">
            <span class="badge badge-muted">${content.mode}</span>
            <code class="muted small">${content.variation_unique}</code>
          </p>
          <${ProgressBar} progress=${content.progress} />
          <h3>Publish results</h3>
          ${
            (content.publish ?? []).length === 0
              ? html`<p class="muted">Not published (publish is empty).</p>`
              : html`<table class="publish-table">
                  <thead>
                    <tr>
                      <th scope="col">Platform</th>
                      <th scope="col">Status</th>
                      <th scope="col">Post</th>
                      <th scope="col">Posted at</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${content.publish!.map(
                      (result) =>
                        html`<tr>
                          <td>${result.platform}</td>
                          <td>
                            <span class=${publishStatusClass(result.status)}
                              >${result.status}</span
                            >
                          </td>
                          <td>
                            ${
                              result.post_url == null
                                ? html`<span class="muted">none</span>`
                                : result.status === 'failed'
                                  ? html`<span class="muted">not posted</span>`
                                  : html`<a
                                      href=${result.post_url}
                                      rel="noreferrer noopener"
                                      target="_blank"
                                      >${linkText(result.post_url)}</a
                                    >`
                            }
                          </td>
                          <td>
                            ${result.posted_at ?? html`<span class="muted">none</span>`}
                          </td>
                        </tr>`,
                    )}
                  </tbody>
                </table>`
          }
          <h3>The <code>content</code> object</h3>
          <${FieldList}
            class="content-object"
            fields=${content.content ?? {}}
            codeNames
          />
        </div>
      </div>`
    }
    ${detail.exchange === undefined && html`<p class="muted">Loading…</p>`}
    ${
      detail.exchange !== undefined &&
      html`<${ExchangeView} exchange=${detail.exchange} />`
    }
  </section>`
}

function linkText(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.host}${parsed.pathname}`
  } catch {
    return url
  }
}
