import { expect } from 'vitest'
import * as z from 'zod'

/**
 * A GET of an API path (`/projects`) with the demo key, as a test adapter
 * sends it; `headers` are added to the request.
 */
export type Get = (
  path: string,
  headers?: Record<string, string>,
) => Promise<Response>

/**
 * A client of the API: resolves when it got what it needs, rejects when it
 * broke. Each variant has a naive one (breaks against the variant) and a
 * hardened one (works against the default and the variant).
 */
export type Client = (get: Get) => Promise<void>

const json = async (get: Get, path: string): Promise<any> =>
  (await get(path)).json()

/** Every content detail of every project, one request each. */
async function contentDetails(get: Get): Promise<any[]> {
  const details = []
  for (const project of (await json(get, '/projects')).data) {
    const path = `/projects/${project.project_unique}/contents`
    for (const content of (await json(get, path)).data) {
      details.push(
        (await json(get, `${path}/${content.variation_unique}`)).data,
      )
    }
  }
  return details
}

const strictProjectList = z.strictObject({
  data: z.array(
    z.strictObject({
      project_unique: z.string(),
      project_name: z.string(),
      description: z.string(),
      created_at: z.string(),
    }),
  ),
  meta: z.strictObject({ total: z.number() }),
})
const projectList = z.object({
  data: z.array(
    z.object({ project_unique: z.string(), project_name: z.string() }),
  ),
  meta: z.object({ total: z.number() }),
})

/**
 * The naive and the hardened client of each variant, as docs/variants.md
 * shows them.
 */
export const VARIANT_CLIENTS: Record<
  string,
  { naive: Client; hardened: Client }
> = {
  'extra-fields': {
    naive: async (get) => {
      strictProjectList.parse(await json(get, '/projects'))
    },
    hardened: async (get) => {
      projectList.parse(await json(get, '/projects'))
    },
  },
  nullable: {
    naive: async (get) => {
      for (const project of (await json(get, '/projects')).data) {
        project.description.trim()
      }
      for (const detail of await contentDetails(get)) {
        new URL(detail.content.download_url)
        detail.publish.map((result: any) => result.post_url.length)
      }
    },
    hardened: async (get) => {
      for (const project of (await json(get, '/projects')).data) {
        ;(project.description ?? '').trim()
      }
      for (const detail of await contentDetails(get)) {
        if (typeof detail.content?.download_url === 'string') {
          new URL(detail.content.download_url)
        }
        ;(detail.publish ?? []).map(
          (result: any) => result.post_url?.length ?? 0,
        )
      }
    },
  },
  'other-modes': {
    naive: async (get) => {
      for (const detail of await contentDetails(get)) {
        new URL(detail.content.download_url)
      }
    },
    hardened: async (get) => {
      for (const detail of await contentDetails(get)) {
        if (detail.mode === 'moviemode') new URL(detail.content.download_url)
      }
    },
  },
  'publish-statuses': {
    naive: async (get) => {
      for (const detail of await contentDetails(get)) {
        detail.publish.map((result: any) => new URL(result.post_url).hostname)
      }
    },
    hardened: async (get) => {
      for (const detail of await contentDetails(get)) {
        detail.publish
          .filter(
            (result: any) =>
              result.status === 'success' &&
              typeof result.post_url === 'string',
          )
          .map((result: any) => new URL(result.post_url).hostname)
      }
    },
  },
  'lenient-ids': {
    // Looks up an ID a user typed: 422 means "not an ID".
    naive: async (get) => {
      const response = await get('/projects/not%20an%20id')
      if (response.status === 422) return
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
    },
    hardened: async (get) => {
      const response = await get('/projects/not%20an%20id')
      if (response.status === 404 || response.status === 422) return
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
    },
  },
  paginated: {
    naive: async (get) => {
      for (const project of (await json(get, '/projects')).data) {
        const path = `/projects/${project.project_unique}/contents`
        const body = await json(get, path)
        if (body.data.length !== body.meta.total) {
          throw new Error(`got ${body.data.length} of ${body.meta.total}`)
        }
      }
    },
    hardened: async (get) => {
      for (const project of (await json(get, '/projects')).data) {
        const path = `/projects/${project.project_unique}/contents`
        const items = []
        for (let page = 1; ; page++) {
          const body = await json(get, `${path}?page=${page}&per_page=100`)
          items.push(...body.data)
          if (body.data.length === 0 || items.length >= body.meta.total) {
            if (items.length !== body.meta.total) throw new Error('lost items')
            break
          }
        }
      }
    },
  },
  'error-variants': {
    naive: async (get) => {
      const missing = await (await get('/projects/p_none')).json()
      if (missing.error.code !== 'not_found') throw new Error('unexpected')
      const failed = await get('/projects', {
        'x-mock-scenario': 'server-error',
      })
      ;(await failed.json()).error.message.toUpperCase()
    },
    hardened: async (get) => {
      if ((await get('/projects/p_none')).status !== 404) {
        throw new Error('unexpected')
      }
      const failed = await get('/projects', {
        'x-mock-scenario': 'server-error',
      })
      const isJson = failed.headers.get('content-type')?.includes('json')
      const body = isJson ? await failed.json() : undefined
      String(body?.error?.message ?? `HTTP ${failed.status}`).toUpperCase()
    },
  },
  unicode: {
    naive: async (get) => {
      for (const project of (await json(get, '/projects')).data) {
        encodeURIComponent(project.project_name.slice(0, 40))
      }
    },
    hardened: async (get) => {
      for (const project of (await json(get, '/projects')).data) {
        encodeURIComponent(
          Array.from(project.project_name).slice(0, 40).join(''),
        )
      }
    },
  },
  'slow-body': {
    // Reads the first chunk of the body and takes it for the whole.
    naive: async (get) => {
      const response = await get('/projects')
      const { value } = await response.body!.getReader().read()
      JSON.parse(new TextDecoder().decode(value))
    },
    hardened: async (get) => {
      await (await get('/projects')).json()
    },
  },
  truncated: {
    naive: async (get) => {
      await (await get('/projects')).json()
    },
    hardened: async (get) => {
      for (let attempt = 1; ; attempt++) {
        try {
          await (await get('/projects')).json()
          return
        } catch (error) {
          if (attempt === 2) throw error
        }
      }
    },
  },
}

/** `passes`, or the message of what broke the client. */
async function outcome(client: Client, get: Get): Promise<string> {
  try {
    await client(get)
    return 'passes'
  } catch (error) {
    return `fails: ${(error as Error).message}`
  }
}

/**
 * Runs a variant's naive and hardened clients against the default and,
 * through `X-Mock-Variant`, against the variant; what each gave.
 * @example
 * expect(await runVariantClients('nullable', get)).toEqual(BITES)
 */
export async function runVariantClients(variant: string, get: Get) {
  const clients = VARIANT_CLIENTS[variant]!
  const withVariant: Get = (path, headers) =>
    get(path, { ...headers, 'x-mock-variant': variant })
  return {
    naive: await outcome(clients.naive, get),
    hardened: await outcome(clients.hardened, get),
    naiveWithVariant: await outcome(clients.naive, withVariant),
    hardenedWithVariant: await outcome(clients.hardened, withVariant),
  }
}

/**
 * What `runVariantClients` gives when the variant bites: only the naive
 * client against the variant fails.
 */
export const BITES = {
  naive: 'passes',
  hardened: 'passes',
  naiveWithVariant: expect.stringMatching(/^fails: /),
  hardenedWithVariant: 'passes',
}

/** A generated dataset with enough records that every variant's draws hit some. */
export const VARIANT_DATA = { seed: 7, size: { projects: 6, contents: 36 } }

/** One with more contents per project than a page holds, for `paginated`. */
export const PAGED_DATA = { seed: 7, size: { projects: 4, contents: 160 } }
