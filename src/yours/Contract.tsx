// UI: the contract a policy is written to, on screen beside the editor, with the sandbox's
// limits as the core's catalogue declares them.

import { limit } from '../core/catalog';

const millions = (n: number) => `${(n / 1e6).toLocaleString('en-US')} million`;

export function Contract() {
  return (
    <section className="contract" aria-label="The contract">
      <h3>The contract</h3>
      <p>
        A policy is a class, the source&apos;s <code>export default</code>. It only chooses the page that leaves; the core keeps residency,
        dirty bits, hits and misses, and checks every decision.
      </p>
      <ul>
        <li>
          <code>constructor(frames, params)</code>
        </li>
        <li>
          <code>hit(page, write)</code>: the page is resident.
        </li>
        <li>
          <code>evict()</code> → a resident page: a miss with every frame full. Forget the page you return.
        </li>
        <li>
          <code>insert(page, write)</code>: the missed page enters (after <code>evict()</code> when the cache was full).
        </li>
        <li>
          optional <code>view()</code> → <code>{'{ lists, rings, bits, status, gauges }'}</code>: what Explore draws (without it, the
          resident pages in insertion order).
        </li>
        <li>
          optional <code>{'static params = [{ name, default, min, max, doc }]'}</code>.
        </li>
      </ul>
      <p className="hint">
        Pages are the trace&apos;s page numbers. The code sees the language only: no page, network, storage or clock; Math.random is seeded.
        Each instance may hold {limit('user_memory') / 2 ** 20} MiB; a call may take {millions(limit('user_ops_per_call'))} operations plus{' '}
        {limit('user_ops_per_request').toLocaleString('en-US')} per request it delivers (constructor and view():{' '}
        {millions(limit('user_ops_setup'))}); a source may have {limit('user_source') / 1024} KiB.
      </p>
    </section>
  );
}
