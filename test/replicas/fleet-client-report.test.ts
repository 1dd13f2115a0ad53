import { expect } from 'vitest'
import { useRedisSuite } from '../support/redis-server.js'
import { control, startReplicas } from '../support/replicas.js'

// The client report of a fleet: whichever replica is asked, it reads the
// fleet's journal, as GET /__mock/requests does.

const { itWithRedis, redis } = useRedisSuite()

itWithRedis(
  'reports what a client did across the fleet on every replica, and nothing once the journal is cleared',
  async () => {
    await using replicas = await startReplicas(redis().url, 3, { seed: 7 })
    // Without a key through each replica: one finding of three requests.
    await Promise.all(
      replicas.map((replica) =>
        fetch(`${replica.apiUrl}/projects`).then((response) => response.text()),
      ),
    )
    for (const replica of replicas) {
      const report = (await control(replica.url, '/client-report')).body.data
      expect(report.requests).toBe(3)
      expect(
        report.findings.map(
          ({ rule, count }: { rule: string; count: number }) =>
            `${rule} ×${count}`,
        ),
      ).toEqual(['missing-authorization ×3'])
    }
    expect(
      (await control(replicas[0]!.url, '/requests', 'DELETE')).status,
    ).toBe(204)
    for (const replica of replicas) {
      expect((await control(replica.url, '/client-report')).body.data).toEqual({
        findings: [],
        requests: 0,
      })
    }
  },
)
