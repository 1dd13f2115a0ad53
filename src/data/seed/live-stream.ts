import type { FixtureContent } from '../../schema/fixture.js'

/** And the span `[from, until)` (epoch ms) in which that set, the same map object, stays the same. */
export interface LiveWindow {
  key: object
  items: ReadonlyMap<string, FixtureContent>
  from: number
  until: number
}

/**
 * A pure function of the seed and the clock: in every project, a new content starts every few minutes, generates,
 * is published, and leaves the list three hours after it started; its detail stays readable by ID.
 */
export interface LiveStream {
  /** The stream's contents of a project alive at `now`; none for other projects. */
  windowAt(projectUnique: string, now: number): LiveWindow | undefined
  /** Every project's stream contents alive at `now`, oldest first per project. */
  allAt(now: number): FixtureContent[]
  /** Listed, or computed again from its ID after it left the list. */
  contentById(
    projectUnique: string,
    variationUnique: string,
    now: number,
  ): FixtureContent | undefined
  /** The stream's content started by `now` with this ID, in any project. */
  contentOf(variationUnique: string, now: number): FixtureContent | undefined
  /** The stream's content started by `now` whose video is `movieUnique`, if any. */
  contentOfMovie(movieUnique: string, now: number): FixtureContent | undefined
}
