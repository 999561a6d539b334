// UI: the one editor of parameters, drawn from the catalogue’s declarations.

import type { Field } from '../core/params';
import type { ParamValue } from '../core/params';
import { NumberField } from './NumberField';

interface Props {
  fields: Field[];
  /** Prefix of each field's accessible name (`CLOCK-Pro cold_fraction`); empty: the field's label. */
  owner: string;
  onChange(key: string, value: ParamValue): void;
}

/** The one parameter editor: every field drawn from the catalogue's declaration of its type, range and unit. */
export function ParamEditor({ fields, owner, onChange }: Props) {
  return (
    <>
      {fields.map((f) => {
        const name = owner ? `${owner} ${f.key}` : f.label;
        const text = f.unit ? `${f.label} (${f.unit})` : f.label;
        if (f.kind === 'bool')
          return (
            <label key={f.key} className="inline" title={f.doc}>
              <input type="checkbox" aria-label={name} checked={Boolean(f.value)} onChange={(e) => onChange(f.key, e.target.checked)} />
              {f.label}
            </label>
          );
        if (f.kind === 'choice')
          return (
            <label key={f.key} title={f.doc}>
              {f.label}
              <select aria-label={name} value={String(f.value)} onChange={(e) => onChange(f.key, e.target.value)}>
                {f.choices.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.label}
                  </option>
                ))}
              </select>
            </label>
          );
        return (
          <NumberField
            key={f.key}
            label={text}
            ariaLabel={name}
            title={f.doc}
            value={typeof f.value === 'number' ? f.value : Number(f.value)}
            min={f.min}
            max={f.max}
            step={f.step}
            onChange={(v) => onChange(f.key, v)}
          />
        );
      })}
    </>
  );
}
