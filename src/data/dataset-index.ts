import type {
  FixtureAccount,
  FixtureApiKey,
  FixtureContent,
  FixtureProject,
} from '../schema/fixture.js'
import type { DatasetCollection } from './dataset-collection.js'
import type { DatasetCollections } from './dataset-collections.js'
import { deepFreeze } from './deep-freeze.js'

/**
 * Maps kept in step with a dataset's collections, so that by-ID lookups and
 * per-account or per-project listings never scan a collection.
 * `@msw/data` finds records by scanning; these maps follow the collections'
 * `create`, `update` and `delete` hooks and their `clear()` instead.
 */
export interface DatasetIndex {
  readonly accountsById: ReadonlyMap<string, FixtureAccount>
  readonly apiKeysByKey: ReadonlyMap<string, FixtureApiKey>
  /**
   * A short label per API key that is safe to print in logs, e.g.
   * `acct_alpha#2` for the second key of `acct_alpha` in dataset order.
   */
  readonly keyLabels: ReadonlyMap<string, string>
  readonly projectsById: ReadonlyMap<string, FixtureProject>
  readonly contentsById: ReadonlyMap<string, FixtureContent>
  /**
   * Contents by the `movie_unique` of their body, for asset URLs, which carry
   * only that; of contents sharing one, the last added.
   */
  readonly contentsByMovie: ReadonlyMap<string, FixtureContent>
  /** Projects an account can see (owned or shared with it), by account ID. */
  readonly projectsByViewer: ReadonlyMap<
    string,
    ReadonlyMap<string, FixtureProject>
  >
  /** Contents by the ID of their project. */
  readonly contentsByProject: ReadonlyMap<
    string,
    ReadonlyMap<string, FixtureContent>
  >
  /** Grows by one on every change to any collection; caches key on it. */
  readonly version: number
}

/**
 * The accounts that see a project. It is the API's rule (api/visibility.ts);
 * the index only applies it, so the rule is written once.
 */
export type ViewersOf = (project: FixtureProject) => readonly string[]

/**
 * The index of a dataset, and how to index records put into its collections
 * without their hooks (a load adopts them, see `createRecordAdopter`).
 */
export interface DatasetIndexer {
  readonly index: DatasetIndex
  /** Freezes a record of each kind and adds it to the maps. */
  readonly add: {
    readonly [Name in keyof DatasetCollections]: (
      record: Parameters<DatasetCollections[Name]['create']>[0],
    ) => void
  }
  /** Moves `version` on, after records were added. */
  changed(): void
}

/**
 * Creates the index of the given collections and subscribes it to their hooks.
 * @example
 * const { index } = createDatasetIndex(collections, viewersOf)
 * index.projectsByViewer.get('acct_a')?.get('p1')
 */
export function createDatasetIndex(
  collections: { [Name in keyof DatasetCollections]: DatasetCollection<any> },
  viewersOf: ViewersOf,
): DatasetIndexer {
  const accountsById = new Map<string, FixtureAccount>()
  const apiKeysByKey = new Map<string, FixtureApiKey>()
  const keyLabels = new Map<string, string>()
  const keysPerAccount = new Map<string, number>()
  const projectsById = new Map<string, FixtureProject>()
  const contentsById = new Map<string, FixtureContent>()
  const contentsByMovie = new Map<string, FixtureContent>()
  const projectsByViewer = new Map<string, Map<string, FixtureProject>>()
  const contentsByProject = new Map<string, Map<string, FixtureContent>>()
  const index = {
    accountsById,
    apiKeysByKey,
    keyLabels,
    projectsById,
    contentsById,
    contentsByMovie,
    projectsByViewer,
    contentsByProject,
    version: 0,
  }

  function addProject(project: FixtureProject): void {
    projectsById.set(project.project_unique, project)
    for (const viewer of viewersOf(project)) {
      getOrCreate(projectsByViewer, viewer).set(project.project_unique, project)
    }
  }

  function removeProject(project: FixtureProject): void {
    projectsById.delete(project.project_unique)
    for (const viewer of viewersOf(project)) {
      projectsByViewer.get(viewer)?.delete(project.project_unique)
    }
  }

  function addContent(content: FixtureContent): void {
    contentsById.set(content.variation_unique, content)
    const movie = movieOf(content)
    if (movie !== undefined) contentsByMovie.set(movie, content)
    getOrCreate(contentsByProject, content.project_unique).set(
      content.variation_unique,
      content,
    )
  }

  function removeContent(content: FixtureContent): void {
    contentsById.delete(content.variation_unique)
    const movie = movieOf(content)
    if (
      movie !== undefined &&
      contentsByMovie.get(movie)?.variation_unique === content.variation_unique
    ) {
      contentsByMovie.delete(movie)
    }
    contentsByProject
      .get(content.project_unique)
      ?.delete(content.variation_unique)
  }

  // `update` fires once per changed path, with a frozen copy of the previous
  // record: removing the previous and adding the next is idempotent.
  function follow<Value>(
    collection: DatasetCollection<any>,
    add: (record: Value) => void,
    remove: (record: Value) => void,
    forget: () => void,
  ): void {
    collection.hooks.on('create', ({ data }) => {
      // Frozen, so that changing a record in place (which its cached JSON
      // would not see) fails loudly; records change with `update()`.
      add(deepFreeze(data.record))
      index.version++
    })
    collection.hooks.on('update', ({ data }) => {
      remove(data.prevRecord)
      add(data.nextRecord)
      index.version++
    })
    collection.hooks.on('delete', ({ data }) => {
      remove(data.deletedRecord)
      index.version++
    })
    collection.onClear(() => {
      forget()
      index.version++
    })
  }

  function addAccount(account: FixtureAccount): void {
    accountsById.set(account.id, account)
  }

  function addApiKey(apiKey: FixtureApiKey): void {
    apiKeysByKey.set(apiKey.key, apiKey)
    if (!keyLabels.has(apiKey.key)) {
      const count = (keysPerAccount.get(apiKey.account) ?? 0) + 1
      keysPerAccount.set(apiKey.account, count)
      keyLabels.set(apiKey.key, `${apiKey.account}#${count}`)
    }
  }

  follow<FixtureAccount>(
    collections.accounts,
    addAccount,
    (account) => accountsById.delete(account.id),
    () => accountsById.clear(),
  )
  follow<FixtureApiKey>(
    collections.apiKeys,
    addApiKey,
    (apiKey) => apiKeysByKey.delete(apiKey.key),
    () => apiKeysByKey.clear(),
  )
  follow<FixtureProject>(
    collections.projects,
    addProject,
    removeProject,
    () => {
      projectsById.clear()
      projectsByViewer.clear()
    },
  )
  follow<FixtureContent>(
    collections.contents,
    addContent,
    removeContent,
    () => {
      contentsById.clear()
      contentsByMovie.clear()
      contentsByProject.clear()
    },
  )

  const frozen =
    <Value>(add: (record: Value) => void) =>
    (record: Value) =>
      add(deepFreeze(record))
  return {
    index,
    add: {
      accounts: frozen(addAccount),
      apiKeys: frozen(addApiKey),
      projects: frozen(addProject),
      contents: frozen(addContent),
    },
    changed() {
      index.version++
    },
  }
}

function movieOf(content: FixtureContent): string | undefined {
  const movie = content.content.movie_unique
  return typeof movie === 'string' ? movie : undefined
}

function getOrCreate<Key, Value>(
  map: Map<Key, Map<string, Value>>,
  key: Key,
): Map<string, Value> {
  let inner = map.get(key)
  if (inner === undefined) {
    inner = new Map()
    map.set(key, inner)
  }
  return inner
}
