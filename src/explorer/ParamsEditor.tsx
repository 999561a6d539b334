import type { PolicyInfo } from '../core/types';

type Params = Record<string, unknown>;

/** The chosen policy's parameters, from the defaults the core reports: numbers, switches and words. */
export function ParamsEditor({ info, params, onChange }: { info: PolicyInfo | undefined; params: Params; onChange(p: Params): void }) {
  if (!info) return null;
  const keys = Object.keys(info.defaults).filter((k) => ['number', 'boolean', 'string'].includes(typeof info.defaults[k]));
  if (keys.length === 0) return null;
  return (
    <fieldset className="params">
      <legend>{info.name} parameters</legend>
      {keys.map((k) => {
        const d = info.defaults[k];
        const v = k in params ? params[k] : d;
        const label = `${info.name} ${k}`;
        if (typeof d === 'boolean')
          return (
            <label key={k}>
              <input
                type="checkbox"
                aria-label={label}
                checked={Boolean(v)}
                onChange={(e) => onChange({ ...params, [k]: e.target.checked })}
              />{' '}
              {k}
            </label>
          );
        if (typeof d === 'number')
          return (
            <label key={k}>
              {k}{' '}
              <input
                type="number"
                step="any"
                aria-label={label}
                value={typeof v === 'number' && Number.isFinite(v) ? v : ''}
                onChange={(e) => onChange({ ...params, [k]: e.target.valueAsNumber })}
              />
            </label>
          );
        return (
          <label key={k}>
            {k} <input type="text" aria-label={label} value={String(v)} onChange={(e) => onChange({ ...params, [k]: e.target.value })} />
          </label>
        );
      })}
    </fieldset>
  );
}

/** Only the parameters that differ from the defaults, or the first one that is not a number. */
export function paramsToSend(info: PolicyInfo | undefined, params: Params): { params: Params } | { error: string } {
  const out: Params = {};
  for (const [k, v] of Object.entries(params)) {
    if (info && !(k in info.defaults)) continue;
    if (typeof v === 'number' && !Number.isFinite(v)) return { error: `${info?.name ?? 'policy'} ${k} must be a number.` };
    if (info && v === info.defaults[k]) continue;
    out[k] = v;
  }
  return { params: out };
}
