import { useApp } from '../state/store';
import { selectFlash } from '../state/selectors';
import { flashLabel } from '../state/runSlice';
import { NumberField } from './NumberField';

// The core's FlashConfig defaults, shown until a field is changed (only changes travel in the link).
const DEFAULTS = { blocks: 1024, pages_per_block: 64, overprovision: 0.1, regions: 1 };
const FTLS = [
  { id: 'page', label: 'Page mapping' },
  { id: 'block', label: 'Block mapping' },
  { id: 'fast', label: 'FAST (hybrid log blocks)' },
];
const GCS = [
  { id: 'greedy', label: 'Greedy' },
  { id: 'cost-benefit', label: 'Cost-benefit' },
  { id: 'cat', label: 'CAT' },
  { id: 'fifo', label: 'FIFO' },
];

/** Flash configurations the cache's after-stream (miss reads, write-backs) runs on. */
export function FlashList() {
  const flash = useApp(selectFlash);
  const { addFlash, removeFlash, setFlashField } = useApp.getState();
  return (
    <fieldset className="policy-group flash-list">
      <legend>Flash behind the cache</legend>
      {flash.map((f, i) => {
        const name = `Flash ${i + 1}`;
        const num = (k: keyof typeof DEFAULTS) => (typeof f[k] === 'number' ? (f[k] as number) : DEFAULTS[k]);
        return (
          <div key={i} className="flash-config" role="group" aria-label={name}>
            <div className="policy-head">
              <strong>
                {name}: {flashLabel(f, i, flash)}
              </strong>
              <button type="button" className="small" aria-label={`Remove ${name}`} onClick={() => removeFlash(i)}>
                ✕
              </button>
            </div>
            <label>
              FTL
              <select aria-label={`${name} FTL`} value={String(f.ftl ?? 'page')} onChange={(e) => setFlashField(i, 'ftl', e.target.value)}>
                {FTLS.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Cleaning victim
              <select
                aria-label={`${name} cleaning victim`}
                value={String(f.gc ?? 'greedy')}
                onChange={(e) => setFlashField(i, 'gc', e.target.value)}
              >
                {GCS.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
            <NumberField
              label="Blocks"
              ariaLabel={`${name} blocks`}
              value={num('blocks')}
              min={1}
              step={1}
              onChange={(v) => setFlashField(i, 'blocks', v)}
            />
            <NumberField
              label="Block size (pages)"
              ariaLabel={`${name} block size`}
              value={num('pages_per_block')}
              min={1}
              step={1}
              onChange={(v) => setFlashField(i, 'pages_per_block', v)}
            />
            <NumberField
              label="Over-provisioning"
              ariaLabel={`${name} over-provisioning`}
              value={num('overprovision')}
              min={0}
              max={0.9}
              step="any"
              onChange={(v) => setFlashField(i, 'overprovision', v)}
            />
            <NumberField
              label="DAC regions"
              ariaLabel={`${name} DAC regions`}
              value={num('regions')}
              min={1}
              max={16}
              step={1}
              onChange={(v) => setFlashField(i, 'regions', v)}
            />
          </div>
        );
      })}
      <button type="button" className="small" onClick={addFlash}>
        + flash configuration
      </button>
    </fieldset>
  );
}
