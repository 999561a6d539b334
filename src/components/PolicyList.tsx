import { useApp } from '../state/store';
import { selectPolicies, selectPolicyInfo } from '../state/selectors';
import { specLabels } from '../state/experimentSlice';
import type { ParamValue } from '../state/shared';
import { NumberField } from './NumberField';

/** The chosen policies, each with its own parameters (defaults from the core). */
export function PolicyList() {
  const specs = useApp(selectPolicies);
  const info = useApp(selectPolicyInfo);
  const { addVariant, removePolicy, setParam } = useApp.getState();
  if (specs.length === 0) return <p className="hint">No policy chosen.</p>;
  const labels = specLabels(specs);
  return (
    <ul className="policy-list" aria-label="Chosen policies">
      {specs.map((spec, i) => {
        const known = info.find((p) => p.id === spec.id);
        const defaults = (known?.defaults ?? {}) as Record<string, unknown>;
        const keys = [...new Set([...Object.keys(defaults), ...Object.keys(spec.params)])];
        const label = labels[i];
        return (
          <li key={i}>
            <div className="policy-head">
              <strong>{label}</strong>
              <button type="button" className="small" aria-label={`Add a variant of ${label}`} onClick={() => addVariant(i)}>
                + variant
              </button>
              <button type="button" className="small" aria-label={`Remove ${label}`} onClick={() => removePolicy(i)}>
                ✕
              </button>
            </div>
            {info.length > 0 && !known && <p className="hint warn">Not in this build of the core: it will be skipped when running.</p>}
            {keys.map((k) => (
              <ParamField
                key={k}
                label={`${label} ${k}`}
                name={k}
                value={spec.params[k] ?? (defaults[k] as ParamValue)}
                onChange={(v) => setParam(i, k, v)}
              />
            ))}
          </li>
        );
      })}
    </ul>
  );
}

function ParamField({ label, name, value, onChange }: { label: string; name: string; value: ParamValue; onChange(v: ParamValue): void }) {
  if (typeof value === 'boolean')
    return (
      <label className="inline" aria-label={label}>
        <input type="checkbox" checked={value} onChange={(e) => onChange(e.target.checked)} />
        {name}
      </label>
    );
  if (typeof value === 'number')
    return <NumberField label={name} ariaLabel={label} value={value} step={Number.isInteger(value) ? 1 : 'any'} onChange={onChange} />;
  return (
    <label aria-label={label}>
      {name}
      <input type="text" value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
