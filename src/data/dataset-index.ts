import { cached } from './cached.js'
import type {
  FixtureAccount,
  FixtureApiKey,
  FixtureContent,
  FixtureProject,
} from '../schema/fixture.js'
import type { DatasetCollection } from './dataset-collection.js'
import type { DatasetCollections } from './dataset-collections.js'
import { deepFreeze } from './deep-freeze.js'

/** `@msw/data` finds records by scanning; these maps follow the collections' hooks instead. */
export interface DatasetIndex {
  readonly accountsById: ReadonlyMap<string, FixtureAccount>
  readonly apiKeysByKey: ReadonlyMap<string, FixtureApiKey>
  /** Safe to print in logs: `acct_alpha#2` for the second key of `acct_alpha`. */
  readonly keyLabels: ReadonlyMap<string, string>
  readonly projectsById: ReadonlyMap<string, FixtureProject>
  readonly contentsById: ReadonlyMap<string, FixtureContent>
  /** For asset URLs, which carry only that; of contents sharing one, the last added. */
  readonly contentsByMovie: ReadonlyMap<string, FixtureContent>
  /** Projects an account can see (owned or shared with it), by account ID. */
  readonly projectsByViewer: ReadonlyMap<
    string,
    ReadonlyMap<string, FixtureProject>
  >
  readonly contentsByProject: ReadonlyMap<
    string,
    ReadonlyMap<string, FixtureContent>
  >
  /** Grows by one on every change to any collection; caches key on it. */
  readonly version: number
}

/** The API's rule (api/visibility.ts); the index only applies it. */
export type ViewersOf = (project: FixtureProject) => readonly string[]

/** And how to index records put into the collections without their hooks (see `createRecordAdopter`). */
export interface DatasetIndexer {
  readonly index: DatasetIndex
  readonly add: Readonly<
    Record<keyof DatasetCollections, (record: object) => void>
  >
  changed(): void
}

export function createDatasetIndex(
  collections: { [Name in keyof DatasetCollections]: DatasetCollection<any> },
  viewersOf: ViewersOf,
): DatasetIndexer {
  const index = new IndexMaps(viewersOf)
  const add: Record<string, (record: object) => void> = {}
  for (const name of Object.keys(collections) as (keyof DatasetCollections)[]) {
    const kind: Kind<object> = index.kinds[name]
    follow(index, collections[name], kind)
    add[name] = (record) => kind.add(deepFreeze(record))
  }
  return {
    index,
    add: add as DatasetIndexer['add'],
    changed() {
      index.version++
    },
  }
}

interface Kind<Value> {
  add(record: Value): void
  remove(record: Value): void
  clear(): void
}

class IndexMaps implements DatasetIndex {
  readonly accountsById = new Map<string, FixtureAccount>()
  readonly apiKeysByKey = new Map<string, FixtureApiKey>()
  readonly keyLabels = new Map<string, string>()
  readonly projectsById = new Map<string, FixtureProject>()
  readonly contentsById = new Map<string, FixtureContent>()
  readonly contentsByMovie = new Map<string, FixtureContent>()
  readonly projectsByViewer = new Map<string, Map<string, FixtureProject>>()
  readonly contentsByProject = new Map<string, Map<string, FixtureContent>>()
  version = 0
  readonly #keysPerAccount = new Map<string, number>()
  readonly #viewersOf: ViewersOf

  constructor(viewersOf: ViewersOf) {
    this.#viewersOf = viewersOf
  }

  readonly kinds = {
    accounts: {
      add: (account) => this.accountsById.set(account.id, account),
      remove: (account) => this.accountsById.delete(account.id),
      clear: () => this.accountsById.clear(),
    } satisfies Kind<FixtureAccount>,
    apiKeys: {
      add: (apiKey) => this.#addApiKey(apiKey),
      remove: (apiKey) => this.apiKeysByKey.delete(apiKey.key),
      clear: () => this.apiKeysByKey.clear(),
    } satisfies Kind<FixtureApiKey>,
    projects: {
      add: (project) => this.#addProject(project),
      remove: (project) => this.#removeProject(project),
      clear: () => {
        this.projectsById.clear()
        this.projectsByViewer.clear()
      },
    } satisfies Kind<FixtureProject>,
    contents: {
      add: (content) => this.#addContent(content),
      remove: (content) => this.#removeContent(content),
      clear: () => {
        this.contentsById.clear()
        this.contentsByMovie.clear()
        this.contentsByProject.clear()
      },
    } satisfies Kind<FixtureContent>,
  }

  #addApiKey(apiKey: FixtureApiKey): void {
    this.apiKeysByKey.set(apiKey.key, apiKey)
    if (!this.keyLabels.has(apiKey.key)) {
      const count = (this.#keysPerAccount.get(apiKey.account) ?? 0) + 1
      this.#keysPerAccount.set(apiKey.account, count)
      this.keyLabels.set(apiKey.key, `${apiKey.account}#${count}`)
    }
  }

  #addProject(project: FixtureProject): void {
    this.projectsById.set(project.project_unique, project)
    for (const viewer of this.#viewersOf(project)) {
      cached(this.projectsByViewer, viewer, () => new Map()).set(
        project.project_unique,
        project,
      )
    }
  }

  #removeProject(project: FixtureProject): void {
    this.projectsById.delete(project.project_unique)
    for (const viewer of this.#viewersOf(project)) {
      this.projectsByViewer.get(viewer)?.delete(project.project_unique)
    }
  }

  #addContent(content: FixtureContent): void {
    this.contentsById.set(content.variation_unique, content)
    const movie = movieOf(content)
    if (movie !== undefined) this.contentsByMovie.set(movie, content)
    cached(this.contentsByProject, content.project_unique, () => new Map()).set(
      content.variation_unique,
      content,
    )
  }

  #removeContent(content: FixtureContent): void {
    this.contentsById.delete(content.variation_unique)
    const movie = movieOf(content)
    if (
      movie !== undefined &&
      this.contentsByMovie.get(movie)?.variation_unique ===
        content.variation_unique
    ) {
      this.contentsByMovie.delete(movie)
    }
    this.contentsByProject
      .get(content.project_unique)
      ?.delete(content.variation_unique)
  }
}

/** @note `update` fires once per changed path, with a frozen copy of the previous record: idempotent here. */
function follow<Value>(
  index: IndexMaps,
  collection: DatasetCollection<any>,
  kind: Kind<Value>,
): void {
  collection.hooks.on('create', ({ data }) => {
    // Frozen: changing a record in place (which its cached JSON would not see) fails loudly.
    kind.add(deepFreeze(data.record))
    index.version++
  })
  collection.hooks.on('update', ({ data }) => {
    kind.remove(data.prevRecord)
    kind.add(data.nextRecord)
    index.version++
  })
  collection.hooks.on('delete', ({ data }) => {
    kind.remove(data.deletedRecord)
    index.version++
  })
  collection.onClear(() => {
    kind.clear()
    index.version++
  })
}

function movieOf(content: FixtureContent): string | undefined {
  const movie = content.content.movie_unique
  return typeof movie === 'string' ? movie : undefined
}
