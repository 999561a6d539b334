// UI: a picker of one cache size among the experiment’s sizes.

import { sizeName } from '../charts/derive';

interface Props {
  /** Names the picker for assistive technology (and tests): “Cache size of …”. */
  label: string;
  sizes: number[];
  value: number;
  onChange(size: number): void;
}

/** “At [size]”: the cache size a chart shows when it cannot show every size at once. */
export function SizePicker({ label, sizes, value, onChange }: Props) {
  return (
    <label className="inline">
      At
      <select aria-label={label} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {sizes.map((f) => (
          <option key={f} value={f}>
            {sizeName(f)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The size picked, while it is among `sizes`; otherwise the largest. */
export const pickedSize = (picked: number | null, sizes: number[]): number =>
  picked !== null && sizes.includes(picked) ? picked : (sizes[sizes.length - 1] ?? 0);
