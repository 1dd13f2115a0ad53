/**
 * How many steps a content's generation has: `step_process` runs 1 to 5 and
 * `is_complete` holds at the last. The seed's contents and the live stream's
 * timelines both have this many; the page keeps a copy, tied to this one by
 * `test/data/generation-steps.test.ts`.
 */
export const GENERATION_STEPS = 5
